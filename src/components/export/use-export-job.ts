import { useEffect, useRef, useState } from 'react';
import type { MethodName, ParamsIn, ResultOf } from '../../../contract/methods.contract';
import { errorCode, reportError, useCall, useCallMutation } from '@/api/queries';
import { download } from '@/lib/table-export';
import { fetchExportFile } from './export-file';

/** Methods that start an export job: they answer `{jobId}`, followed by job.get until its file is ready. */
export type ExportMethod = {
  [M in MethodName]: M extends `${string}.export` ? (ResultOf<M> extends { jobId: string } ? M : never) : never;
}[MethodName];

export type ExportPhase = 'idle' | 'starting' | 'running' | 'downloading' | 'done' | 'failed';

export interface ExportJob {
  phase: ExportPhase;
  /** Rows written so far and rows in all (0 until the job reports). */
  done: number;
  total: number;
  /** Catalogue code of what went wrong (phase "failed"); 0 for a job the gateway could not finish. */
  error: number | null;
  /** Starts an export with the list's filters and the format (xlsx unless told). */
  start(params: ParamsIn<ExportMethod>): void;
  /** Stops following the job and forgets it (the gateway keeps its file for 24 hours anyway). */
  reset(): void;
}

const POLL_MS = 400;

/**
 * An export run by the gateway as a job (PRODUCT.md: exports larger than one page): starts it,
 * follows its progress, then fetches the file and saves it as a download, once. Refusals are
 * told by the kit's one error handler; the state says what the progress view shows.
 */
export function useExportJob(method: ExportMethod, options: { onDone?: (rows: number) => void } = {}): ExportJob {
  const [jobId, setJobId] = useState<string | null>(null);
  const [phase, setPhase] = useState<ExportPhase>('idle');
  const [error, setError] = useState<number | null>(null);
  const fetched = useRef<string | null>(null);
  const onDone = useRef(options.onDone);
  useEffect(() => {
    onDone.current = options.onDone;
  });

  const starting = useCallMutation(method, {
    invalidates: [],
    onSuccess: (result) => {
      setJobId((result as { jobId: string }).jobId);
      setPhase('running');
    },
  });
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
    if (watch.isError) {
      setError(errorCode(watch.error));
      setPhase('failed');
    } else if (job?.status === 'failed') {
      setError(0);
      setPhase('failed');
    } else if (job?.status === 'done' && job.fileId && fetched.current !== job.fileId) {
      const { fileId, done } = job;
      fetched.current = fileId;
      setPhase('downloading');
      fetchExportFile(fileId).then(
        ({ blob, name }) => {
          if (fetched.current !== fileId) return;
          download(name, blob, blob.type);
          setPhase('done');
          onDone.current?.(done);
        },
        (failure: unknown) => {
          if (fetched.current !== fileId) return;
          reportError(failure);
          setError(errorCode(failure));
          setPhase('failed');
        },
      );
    }
  }, [phase, job, watch.isError, watch.error]);

  const { mutate } = starting;
  return {
    phase,
    done: job?.done ?? 0,
    total: job?.total ?? 0,
    error,
    start: (params) => {
      fetched.current = null;
      setError(null);
      setJobId(null);
      setPhase('starting');
      mutate(params as never, {
        onError: (failure) => {
          setError(errorCode(failure));
          setPhase('failed');
        },
      });
    },
    reset: () => {
      fetched.current = null;
      setJobId(null);
      setError(null);
      setPhase('idle');
    },
  };
}
