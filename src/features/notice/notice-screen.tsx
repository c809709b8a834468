import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useNotices } from '@/hooks/use-notices';
import { useFormat } from '@/hooks/use-format';

export default function NoticeScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const { notices, loading, failed } = useNotices();
  return (
    <section className="space-y-4" data-testid="notice-screen">
      <h1 className="text-xl font-semibold">{t('route.notice')}</h1>
      {loading ? <Skeleton className="h-24 w-full" /> : null}
      {failed ? <p role="alert">{t('notice.failed')}</p> : null}
      {!loading && !failed && notices.length === 0 ? <p className="text-muted-foreground">{t('notice.empty')}</p> : null}
      <ul className="grid gap-3">
        {notices.map((notice) => (
          <li key={notice.noticeId}>
            <Card data-testid="notice-item">
              <CardHeader>
                <CardTitle>{notice.title}</CardTitle>
                <CardDescription>
                  {t('notice.period', { start: format.dateTime(notice.startTime), end: format.dateTime(notice.endTime) })}
                </CardDescription>
              </CardHeader>
              {/* Sanitised on the server when saved, and again here before display. */}
              <CardContent
                className="prose prose-sm max-w-none"
                dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(notice.contentRich) }}
              />
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
