import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import type { ExportJob } from './use-export-job';

/**
 * The progress of an export job: rows written of all, a bar, and one button — cancel (stop
 * following; the gateway finishes and keeps the file for 24 hours) while it runs, close after.
 * Nothing is shown while no export is under way.
 */
export function ExportJobProgress({ job, className }: { job: ExportJob; className?: string }) {
  const { t } = useTranslation();
  if (job.phase === 'idle') return null;
  const running = job.phase === 'starting' || job.phase === 'running' || job.phase === 'downloading';
  const percent = job.phase === 'done' ? 100 : job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  const label =
    job.phase === 'starting'
      ? t('export.starting')
      : job.phase === 'downloading'
        ? t('export.downloading')
        : job.phase === 'done'
          ? t('export.done', { count: job.total })
          : job.phase === 'failed'
            ? t('export.failed')
            : t('export.progress', { done: job.done, total: job.total });

  return (
    <div
      className={cn('flex min-w-64 flex-col gap-2 rounded-md border bg-card p-3 text-sm', className)}
      data-testid="export-job-progress"
      data-phase={job.phase}
    >
      <div className="flex items-center justify-between gap-3">
        <span role="status" aria-live="polite" data-testid="export-job-status">
          {label}
        </span>
        <Button variant="outline" size="sm" onClick={job.reset} data-testid={running ? 'export-job-cancel' : 'export-job-close'}>
          {running ? t('export.cancel') : t('export.close')}
        </Button>
      </div>
      <Progress value={percent} label={t('export.title')} failed={job.phase === 'failed'} />
      {running ? <p className="text-xs text-muted-foreground">{t('export.kept')}</p> : null}
    </div>
  );
}
