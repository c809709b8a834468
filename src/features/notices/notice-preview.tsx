import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@contract/common.contract';
import type { NoticeKind } from '@contract/notice.contract';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { usePreferences } from '@/lib/preferences';
import { safeNoticeHtml } from '@/lib/safe-html';
import { NO_LEVEL, type EditorValues } from './notice-editor-values';

/** How the notice will look to a reader of one level in one language: its language, else zh; or that the level will not see it. */
export function NoticePreview({
  values,
  language,
  interfaceLanguage,
  game,
}: {
  values: EditorValues;
  language: Language;
  interfaceLanguage: string;
  game: boolean;
}) {
  const { t } = useTranslation();
  const [level, setLevel] = useState('0');
  const { theme } = usePreferences();
  const pick = (texts: Record<string, string | undefined> | undefined) => texts?.[language]?.trim() || texts?.zh?.trim() || '';
  const sees = game || values.level === NO_LEVEL || values.level === level;
  const kind: NoticeKind = values.kind;
  return (
    <aside
      className="grid content-start gap-3 rounded-md border p-3"
      aria-label={t('notices.preview')}
      data-testid="notice-preview"
      lang={interfaceLanguage}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{t('notices.preview')}</h2>
        <Select value={level} onValueChange={setLevel} disabled={game}>
          <SelectTrigger className="w-44" aria-label={t('notices.previewAs')} data-testid="notice-preview-level">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {['0', '1', '2', '3', '4', '5'].map((code) => (
              <SelectItem key={code} value={code}>
                {t('notices.previewAsLevel', { level: t(`level.${code}`) })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <p className="text-xs text-muted-foreground">{t(game ? 'notices.kindHint.game' : `notices.kindHint.${kind}`)}</p>
      {sees ? (
        <article className="grid gap-2" data-testid="notice-preview-body">
          <h3 className="font-semibold">{pick(values.title) || t('notices.untitled')}</h3>
          {/* The server sanitises again when the notice is saved. */}
          <div className="notice-rich text-sm" dangerouslySetInnerHTML={{ __html: safeNoticeHtml(pick(values.content), theme) }} />
        </article>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="notice-preview-hidden">
          {t('notices.previewNotShown', { level: t(`level.${level}`) })}
        </p>
      )}
    </aside>
  );
}
