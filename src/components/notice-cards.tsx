import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/hooks/use-format';
import type { NoticesState } from '@/hooks/use-notices';
import { usePreferences } from '@/lib/preferences';
import { safeNoticeHtml } from '@/lib/safe-html';

/** Current notices as their readers see them (title, window, rich content), with loading, failure and empty states. */
export function NoticeCards({ notices, loading, failed }: NoticesState) {
  const { t } = useTranslation();
  const format = useFormat();
  const { theme } = usePreferences();
  return (
    <>
      {loading ? <Skeleton className="h-24 w-full" /> : null}
      {failed ? <p role="alert">{t('notice.failed')}</p> : null}
      {!loading && !failed && notices.length === 0 ? <p className="text-muted-foreground">{t('notice.empty')}</p> : null}
      <ul className="grid gap-3">
        {notices.map((notice) => (
          <li key={notice.noticeId}>
            <Card data-testid="notice-item" data-notice-id={notice.noticeId}>
              <CardHeader>
                <CardTitle>{notice.title}</CardTitle>
                <CardDescription>
                  {t('notice.period', { start: format.dateTime(notice.startTime), end: format.dateTime(notice.endTime) })}
                </CardDescription>
              </CardHeader>
              {/* Sanitised on the server when saved, and again here before display, with its colours made to read in the theme. */}
              <CardContent
                className="notice-rich text-sm"
                dangerouslySetInnerHTML={{ __html: safeNoticeHtml(notice.contentRich, theme) }}
              />
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
