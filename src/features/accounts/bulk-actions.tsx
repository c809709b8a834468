import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GatewayError, call } from '@/api/gateway-client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCommands } from '@/hooks/use-command-context';
import { useJob } from '@/hooks/use-job';
import { showError } from '@/lib/error-toast';
import { JobProgress } from './job-progress';

type Bulk = 'enable' | 'disable' | 'freeze';

/** Enable, disable or freeze the checked direct children as one background job, with its progress. */
export function BulkActions({ userIds, onStarted }: { userIds: readonly string[]; onStarted(): void }) {
  const { t } = useTranslation();
  const commands = useCommands();
  const [jobId, setJobId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const { job } = useJob(jobId);
  const finished = job?.status === 'done' || job?.status === 'failed';
  const canAct = commands.rights.accessCodes.includes(4);

  async function start(kind: Bulk) {
    const action = t(`bulk.${kind}`);
    const ok = await commands.confirm({
      title: t('bulk.confirmTitle', { action, count: userIds.length }),
      description: t('bulk.confirmMessage'),
      action,
    });
    if (!ok) return;
    try {
      const answer =
        kind === 'enable'
          ? await call('gw.credit.user.all.enable', { userIds: [...userIds], requestKey: crypto.randomUUID() })
          : await call('gw.credit.user.all.disable', {
              userIds: [...userIds],
              mode: kind === 'freeze' ? 'freeze' : 'lock',
              requestKey: crypto.randomUUID(),
            });
      setTitle(t('bulk.progressTitle', { action, count: userIds.length }));
      setJobId(answer.jobId);
      onStarted();
    } catch (error) {
      showError(error instanceof GatewayError ? error.code : 1, t);
    }
  }

  return (
    <>
      {userIds.length > 0 && canAct ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/50 px-2 py-1"
          role="group"
          aria-label={t('bulk.selected', { count: userIds.length })}
          data-testid="bulk-bar"
        >
          <span className="text-sm">{t('bulk.selected', { count: userIds.length })}</span>
          <Button type="button" size="sm" variant="outline" onClick={() => void start('enable')} data-testid="bulk-enable">
            {t('bulk.enable')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => void start('disable')} data-testid="bulk-disable">
            {t('bulk.disable')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => void start('freeze')} data-testid="bulk-freeze">
            {t('bulk.freeze')}
          </Button>
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
