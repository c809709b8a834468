import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkActionsFor, runBulkAction, type BulkAccountAction } from '@commands/account-actions.commands';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCommands } from '@/hooks/use-command-context';
import { useJob } from '@/hooks/use-job';
import { JobProgress } from './job-progress';

export function BulkActions({ userIds, onStarted }: { userIds: readonly string[]; onStarted(): void }) {
  const { t } = useTranslation();
  const commands = useCommands();
  const [jobId, setJobId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const { job } = useJob(jobId);
  const finished = job?.status === 'done' || job?.status === 'failed';
  const actions = bulkActionsFor(commands.rights);

  async function start(action: BulkAccountAction) {
    const started = await runBulkAction(commands, userIds, action);
    if (!started) return;
    setTitle(t('bulk.progressTitle', { action: t(action.titleKey), count: userIds.length }));
    setJobId(started);
    onStarted();
  }

  return (
    <>
      {userIds.length > 0 && actions.length > 0 ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/50 px-2 py-1"
          role="group"
          aria-label={t('bulk.selected', { count: userIds.length })}
          data-testid="bulk-bar"
          data-count={userIds.length}
        >
          <span className="text-sm">{t('bulk.selected', { count: userIds.length })}</span>
          {actions.map((action) => (
            <Button
              key={action.id}
              type="button"
              size="sm"
              variant="outline"
              onClick={() => void start(action)}
              data-testid={`bulk-${action.id}`}
            >
              {t(action.titleKey)}
            </Button>
          ))}
        </div>
      ) : null}
      <Dialog open={jobId !== null} onOpenChange={(open) => !open && finished && setJobId(null)}>
        <DialogContent data-testid="bulk-dialog">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{t('bulk.explain')}</DialogDescription>
          </DialogHeader>
          <JobProgress job={job} />
          <DialogFooter>
            <Button type="button" disabled={!finished} onClick={() => setJobId(null)} data-testid="bulk-close">
              {t('bulk.close')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
