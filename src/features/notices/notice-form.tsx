import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { languages, type Language } from '@contract/common.contract';
import { noticeKinds, requiredNoticeLanguages } from '@contract/notice.contract';
import { useSchemaForm } from '@/components/form/use-contract-form';
import { Button } from '@/components/ui/button';
import { defaults, editorSchema, levelChoices, NO_LEVEL, type EditorForm, type Editing, type EditorValues } from './notice-editor-values';
import { ChoiceField, GameChoice, TimeField } from './notice-form-fields';
import { MissingLanguages, NoticeLanguageTabs } from './notice-language-tabs';
import { NoticePreview } from './notice-preview';
import { useNoticeSave } from './use-notice-save';

export function NoticeForm({ editing, title }: { editing: Editing; title: string }) {
  const { mode } = editing;
  const { t, i18n } = useTranslation();
  const form = useSchemaForm<EditorValues>(editorSchema, defaults(editing));
  const { save, pending, listPath } = useNoticeSave(form, editing);
  const [language, setLanguage] = useState<Language>('zh');
  const values = useWatch({ control: form.control }) as EditorValues;
  const missing = requiredNoticeLanguages.filter((code) => !values.title?.[code]?.trim() || !values.content?.[code]?.trim());

  // A refusal that names a language's field opens that language's tab.
  const { errors } = form.formState;
  useEffect(() => {
    const first = languages.find((code) => errors.title?.[code] || errors.content?.[code]);
    if (first) setLanguage(first);
  }, [errors]);

  return (
    <section className="space-y-4" data-testid="notice-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{title}</h1>
        <Link href={listPath} className="text-sm text-primary underline">
          {t('notices.backToList')}
        </Link>
      </div>
      <form className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)]" onSubmit={(event) => event.preventDefault()} noValidate>
        <div className="grid content-start gap-4">
          <NoticeReachFields form={form} game={mode === 'game'} />
          <MissingLanguages missing={missing} />
          <NoticeLanguageTabs form={form} language={language} onLanguageChange={setLanguage} missing={missing} />
          <NoticeSaveButtons game={mode === 'game'} pending={pending} onSave={(andPublish) => void save(andPublish)} />
        </div>
        <NoticePreview values={values} language={language} interfaceLanguage={i18n.language} game={mode === 'game'} />
      </form>
    </section>
  );
}

/** Who sees the notice (its kind and level, or its games) and when. */
function NoticeReachFields({ form, game }: { form: EditorForm; game: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {game ? (
        <GameChoice form={form} />
      ) : (
        <>
          <ChoiceField
            form={form}
            name="kind"
            label={t('notices.field.kind')}
            options={noticeKinds.map((kind) => ({ value: kind, label: t(`notices.kind.${kind}`) }))}
          />
          <ChoiceField
            form={form}
            name="level"
            label={t('notices.field.level')}
            options={levelChoices.map((level) => ({
              value: level,
              label: level === NO_LEVEL ? t('notices.anyLevel') : t(`level.${level}`),
            }))}
          />
        </>
      )}
      <TimeField form={form} name="start" label={t('notices.field.start')} />
      <TimeField form={form} name="end" label={t('notices.field.end')} />
    </div>
  );
}

function NoticeSaveButtons({ game, pending, onSave }: { game: boolean; pending: boolean; onSave(andPublish: boolean): void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      {game ? (
        <Button type="button" disabled={pending} onClick={() => onSave(false)} data-testid="notice-save-game">
          {t('notices.saveGame')}
        </Button>
      ) : (
        <>
          <Button type="button" variant="outline" disabled={pending} onClick={() => onSave(false)} data-testid="notice-save">
            {t('notices.saveDraft')}
          </Button>
          <Button type="button" disabled={pending} onClick={() => onSave(true)} data-testid="notice-save-publish">
            {t('notices.saveAndPublish')}
          </Button>
        </>
      )}
    </div>
  );
}
