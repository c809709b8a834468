import { useVirtualizer } from '@tanstack/react-virtual';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job } from '@/hooks/use-job';
import { ruleMessageKey } from '@/lib/number-rules';
import { Progress } from '@/components/ui/progress';

const ROW_HEIGHT = 32;

/** A background job's progress bar and its per-account outcome, failures first. */
export function JobProgress({ job }: { job: Job | null }) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const results = job ? [...job.results].sort((a, b) => Number(Boolean(b.error)) - Number(Boolean(a.error))) : [];
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const failed = job?.results.filter((result) => result.error).length ?? 0;
  const percent = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  const finished = job?.status === 'done' || job?.status === 'failed';

  return (
    <div className="space-y-3" data-testid="job-progress" data-status={job?.status ?? 'queued'}>
      <div className="flex items-center justify-between text-sm">
        <span role="status" data-testid="job-status">
          {job ? t(`job.status.${job.status}`) : t('job.status.queued')}
        </span>
        <span className="font-mono tabular-nums" data-testid="job-count">
          {job ? `${job.done} / ${job.total}` : '…'}
        </span>
      </div>
      <Progress value={percent} label={t('job.progress')} failed={job?.status === 'failed'} />
      {finished ? (
        <p className="text-sm" data-testid="job-summary">
          {t('job.summary', { ok: (job?.results.length ?? 0) - failed, failed })}
        </p>
      ) : null}
      {results.length > 0 ? (
        <div ref={listRef} className="max-h-64 overflow-auto rounded-md border" role="list" aria-label={t('job.outcomes')}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const result = results[item.index]!;
              return (
                <div
                  key={item.key}
                  role="listitem"
                  data-testid="job-result"
                  data-outcome={result.error ? 'failed' : 'ok'}
                  data-login-id={result.loginId}
                  className="absolute right-0 left-0 flex items-center gap-2 border-b px-2 text-sm"
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  {result.error ? (
                    <XCircle className="size-4 text-destructive" aria-hidden />
                  ) : (
                    <CheckCircle2 className="size-4 text-primary" aria-hidden />
                  )}
                  <span className="font-medium">{result.loginId}</span>
                  <span className="truncate text-muted-foreground">
                    {result.error
                      ? result.error.rule
                        ? t(ruleMessageKey(result.error.rule), { max: '' })
                        : result.error.message
                      : t('job.ok')}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}
