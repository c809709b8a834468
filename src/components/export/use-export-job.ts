import { useEffect, useRef, useState } from 'react';
import type { MethodName, ParamsIn, ResultOf } from '@contract/methods.contract';
import { errorCode, reportError, useCall, useCallMutation } from '@/api/queries';
import { download } from '@/lib/table-export';
import { fetchExportFile } from './export-file';

/** Methods that start an export job: they answer `{jobId}`, followed by job.get until its file is ready. */
export type ExportMethod = {
  [M in MethodName]: M extends `${string}.export` ? (ResultOf<M> extends { jobId: string } ? M : never) : never;
}[MethodName];

export type ExportPhase = 'idle' | 'starting' | 'running' | 'downloading' | 'done' | 'failed';

export interface ExportJob<M extends ExportMethod = ExportMethod> {
  phase: ExportPhase;
  /** Rows written so far and rows in all (0 until the job reports). */
  done: number;
  total: number;
  /** Catalogue code of what went wrong (phase "failed"); 0 for a job the gateway could not finish. */
  error: number | null;
  /** Starts an export with the list's filters and the format (xlsx unless told). */
  start(params: ParamsIn<M>): void;
  /** Stops following the job and forgets it (the gateway keeps its file for 24 hours anyway). */
  reset(): void;
}

const POLL_MS = 400;

/**
 * An export run by the gateway as a job (docs/product.md#exports-and-files: exports longer than what is loaded): starts it,
 * follows its progress, then fetches the file and saves it as a download, once. Refusals are
 * told by the kit's one error handler; the state says what the progress view shows.
 *
 *   const exporter = useExportJob('gw.credit.score.log.export', { onDone: (rows) => toast(...) });
 *   exporter.start({ ...filters, format: 'xlsx' });
 *   <ExportJobProgress job={exporter} />
 */
export function useExportJob<M extends ExportMethod>(method: M, options: { onDone?: (rows: number) => void } = {}): ExportJob<M> {
  const [state, setState] = useState<{ phase: ExportPhase; jobId: string | null; error: number | null }>({
    phase: 'idle',
    jobId: null,
    error: null,
  });
  const { phase, jobId, error } = state;
  const fetched = useRef<string | null>(null);
  const onDone = useRef(options.onDone);
  useEffect(() => {
    onDone.current = options.onDone;
  });

  const starting = useCallMutation(method, { invalidates: [] });
  const watch = useCall(
    'gw.credit.job.get',
    { jobId: jobId ?? '' },
    {
      enabled: jobId !== null && phase === 'running',
      staleTime: 0,
      refetchInterval: (job) => (job?.status === 'done' || job?.status === 'failed' ? false : POLL_MS),
    },
  );
  const job = jobId !== null && watch.data?.jobId === jobId ? watch.data : undefined;

  useEffect(() => {
    if (phase !== 'running') return;
    const fail = (code: number) => setState((current) => ({ ...current, phase: 'failed', error: code }));
    if (watch.isError) fail(errorCode(watch.error));
    else if (job?.status === 'failed') fail(0);
    else if (job?.status === 'done' && job.fileId && fetched.current !== job.fileId) {
      const { fileId, done } = job;
      fetched.current = fileId;
      setState((current) => ({ ...current, phase: 'downloading' }));
      fetchExportFile(fileId).then(
        ({ blob, name }) => {
          // Cancelled meanwhile: nothing is saved.
          if (fetched.current !== fileId) return;
          download(name, blob, blob.type);
          setState((current) => ({ ...current, phase: 'done' }));
          onDone.current?.(done);
        },
        (failure: unknown) => {
          if (fetched.current !== fileId) return;
          reportError(failure);
          fail(errorCode(failure));
        },
      );
    }
  }, [phase, job, watch.isError, watch.error]);

  const { mutate, reset: forgetStart } = starting;
  return {
    phase,
    done: job?.done ?? 0,
    total: job?.total ?? 0,
    error,
    start: (params) => {
      fetched.current = null;
      setState({ phase: 'starting', jobId: null, error: null });
      // Per-call callbacks: only the latest start's answer counts, and none after a reset.
      mutate(params as never, {
        onSuccess: (result) => setState({ phase: 'running', jobId: (result as { jobId: string }).jobId, error: null }),
        onError: (failure) => setState({ phase: 'failed', jobId: null, error: errorCode(failure) }),
      });
    },
    reset: () => {
      fetched.current = null;
      forgetStart();
      setState({ phase: 'idle', jobId: null, error: null });
    },
  };
}
