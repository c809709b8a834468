import { useEffect, useState } from 'react';
import type { ResultOf } from '../../contract/methods.contract';
import { GatewayError, call } from '@/api/gateway-client';
import { announceAccountsChanged } from '@/lib/confirm';

export type Job = ResultOf<'gw.credit.job.get'>;
const POLL_MS = 400;

/** Follows a background job until it ends; then the account lists reload (PRODUCT.md "Bulk actions"). */
export function useJob(jobId: string | null): { job: Job | null; error: number | null } {
  const [state, setState] = useState<{ job: Job | null; error: number | null }>({ job: null, error: null });
  useEffect(() => {
    setState({ job: null, error: null });
    if (!jobId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const job = await call('gw.credit.job.get', { jobId });
        if (!live) return;
        setState({ job, error: null });
        if (job.status === 'done' || job.status === 'failed') announceAccountsChanged();
        else timer = setTimeout(() => void poll(), POLL_MS);
      } catch (error) {
        if (!live) return;
        setState((current) => ({ ...current, error: error instanceof GatewayError ? error.code : 1 }));
        // A lost answer is retried; a refusal (the job is not ours) ends the watch.
        if (!(error instanceof GatewayError) || error.code === 1) timer = setTimeout(() => void poll(), POLL_MS * 3);
      }
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [jobId]);
  return state;
}
