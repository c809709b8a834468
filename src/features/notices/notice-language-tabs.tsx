import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@contract/common.contract';
import { requiredNoticeLanguages } from '@contract/notice.contract';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { EditorForm } from './notice-editor-values';
import { LanguageFields } from './notice-form-fields';

type RequiredLanguage = (typeof requiredNoticeLanguages)[number];

export function MissingLanguages({ missing }: { missing: readonly RequiredLanguage[] }) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  return (
    <p
      className="flex items-center gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-sm"
      role="status"
      data-testid="notice-missing"
    >
      <CircleAlert className="size-4 shrink-0 text-amber-600" aria-hidden />
      {t('notices.missingLanguages', { languages: missing.map((code) => t(`language.${code}`)).join(', ') })}
    </p>
  );
}

/** One tab per language with its title and content; a required language still empty is marked on its tab. */
export function NoticeLanguageTabs({
  form,
  language,
  onLanguageChange,
  missing,
}: {
  form: EditorForm;
  language: Language;
  onLanguageChange(language: Language): void;
  missing: readonly RequiredLanguage[];
}) {
  const { t } = useTranslation();
  return (
    <Tabs value={language} onValueChange={(next) => onLanguageChange(next as Language)}>
      <TabsList aria-label={t('notices.languages')}>
        {languages.map((code) => (
          <TabsTrigger key={code} value={code} data-testid={`notice-tab-${code}`}>
            {t(`language.${code}`)}
            {(requiredNoticeLanguages as readonly string[]).includes(code) ? (
              missing.includes(code as RequiredLanguage) ? (
                <CircleAlert className="size-3.5 text-amber-600" aria-label={t('notices.languageMissing')} />
              ) : (
                <span aria-hidden>*</span>
              )
            ) : null}
          </TabsTrigger>
        ))}
      </TabsList>
      {languages.map((code) => (
        <TabsContent key={code} value={code} className="grid gap-3" forceMount hidden={code !== language}>
          <LanguageFields form={form} language={code} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
