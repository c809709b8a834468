import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../kernel/clock';
import type { Database } from '../kernel/db/database';
import { claimJob, type JobRow } from './job.repository';
import { runJob, type JobWorker } from './job-work';

export interface JobRunnerOptions {
  db: Database;
  /** Timestamps of what the items do; leases use the database's own clock. */
  clock: Clock;
  /** How often to look for queued jobs and jobs of a process that died. */
  pollMs?: number;
  /** A running job whose heartbeat is older than this is taken over. */
  leaseMs?: number;
  /** Jobs one process works on at the same time. */
  concurrency?: number;
  /** An internal error, with the job's id and the id of the request that started it (its log lines carry it). */
  onError?: (error: unknown, jobId: string | null, requestId: string | null) => void;
  /** A claimed job's run ended here (finished, failed, released or lost): one log line, with the starting request's id. */
  onJobRan?: (job: Pick<JobRow, 'id' | 'kind' | 'requestId'>, ms: number) => void;
}

export interface JobRunner {
  /** Polls from now on (real timers, which never keep the process alive). */
  start(): void;
  /** Looks for work at once: called after a job is committed. */
  kick(): void;
  /** Stops polling, lets the items under way finish and hands unfinished jobs back. */
  stop(): Promise<void>;
}

/** The runner's own state: what it works on and whether it is looking for more. */
interface RunnerState {
  worker: JobWorker;
  pollMs: number;
  leaseMs: number;
  concurrency: number;
  started: boolean;
  stopping: boolean;
  timer: NodeJS.Timeout | undefined;
  /** The claiming loop under way, and whether a kick came while it ran. */
  pumping: Promise<void> | null;
  pumpAgain: boolean;
  /** The jobs under way, by id, and the request that started each. */
  active: Map<string, Promise<void>>;
  requestIds: Map<string, string | null>;
  onJobRan: JobRunnerOptions['onJobRan'];
}

/** Claims jobs while there is room and work; each runs on its own and, once done, makes room for the next. */
async function pump(state: RunnerState): Promise<void> {
  const { worker } = state;
  while (!state.stopping && state.active.size < state.concurrency) {
    let job: JobRow | undefined;
    try {
      job = await claimJob(worker.db, { worker: worker.name, leaseMs: state.leaseMs, now: worker.clock.now() });
    } catch (error) {
      worker.reportError(error, null);
      return;
    }
    if (!job) return;
    const { id } = job;
    const started = performance.now();
    state.requestIds.set(id, job.requestId);
    const run = runJob(worker, job)
      .catch((error: unknown) => worker.reportError(error, id))
      .finally(() => {
        state.onJobRan?.(job, Math.round(performance.now() - started));
        state.active.delete(id);
        state.requestIds.delete(id);
        kick(state);
      });
    state.active.set(id, run);
  }
}

/** One claiming loop at a time; a kick during it runs the loop once more after it. */
function kick(state: RunnerState): void {
  if (!state.started || state.stopping) return;
  if (state.pumping) {
    state.pumpAgain = true;
    return;
  }
  state.pumping = pump(state).finally(() => {
    state.pumping = null;
    if (state.pumpAgain) {
      state.pumpAgain = false;
      kick(state);
    }
  });
}

function poll(state: RunnerState): void {
  state.timer = setTimeout(() => {
    kick(state);
    poll(state);
  }, state.pollMs);
  state.timer.unref();
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const state: RunnerState = {
    worker: {
      db: options.db,
      clock: options.clock,
      name: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      reportError: (error, jobId) => options.onError?.(error, jobId, jobId === null ? null : (state.requestIds.get(jobId) ?? null)),
      stopping: () => state.stopping,
    },
    pollMs: options.pollMs ?? 1000,
    leaseMs: options.leaseMs ?? 30_000,
    concurrency: options.concurrency ?? 2,
    started: false,
    stopping: false,
    timer: undefined,
    pumping: null,
    pumpAgain: false,
    active: new Map(),
    requestIds: new Map(),
    onJobRan: options.onJobRan,
  };
  return {
    start() {
      if (state.started) return;
      state.started = true;
      kick(state);
      poll(state);
    },
    kick: () => kick(state),
    async stop() {
      state.stopping = true;
      clearTimeout(state.timer);
      await state.pumping;
      await Promise.all(state.active.values());
    },
  };
}

/** For handlers when no runner runs in this process: another process's poll picks the job up. */
export const noJobRunner: Pick<JobRunner, 'kick'> = { kick: () => undefined };
