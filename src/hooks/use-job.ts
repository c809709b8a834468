import { useEffect } from 'react';
import type { ResultOf } from '@contract/methods.contract';
import { errorCode, useCall, useInvalidate } from '@/api/queries';

export type Job = ResultOf<'gw.credit.job.get'>;
const POLL_MS = 400;
const ended = (job: Job | undefined) => job?.status === 'done' || job?.status === 'failed';

/** Follows a background job until it ends; then the account lists reload (docs/product.md#bulk-actions). */
export function useJob(jobId: string | null): { job: Job | null; error: number | null } {
  const invalidate = useInvalidate();
  const watch = useCall(
    'gw.credit.job.get',
    { jobId: jobId ?? '' },
    {
      enabled: Boolean(jobId),
      staleTime: 0,
      silent: true,
      refetchInterval: (job) => (ended(job) ? false : POLL_MS),
    },
  );
  const done = ended(watch.data);
  useEffect(() => {
    if (done) void invalidate();
  }, [done, invalidate]);
  if (!jobId) return { job: null, error: null };
  return { job: watch.data ?? null, error: watch.isError ? errorCode(watch.error) : null };
}
