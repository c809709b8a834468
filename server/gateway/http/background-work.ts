import type { Clock } from '../../kernel/clock';
import type { Database } from '../../kernel/db/database';
import { PlatformSilent, type PlatformFor } from '../../platform/game-platform';
import { ingestHttpSiteFeeds } from '../../games/feed-ingest';
import { sendPlatformPushes } from '../../games/platform-pushes';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from '../../jobs/job-runner';
import { repairStaleTransfers } from '../../points/game-transfers';
import { drainRollupsJob } from '../../reports/rollup-drain';
import { purgeExpiredRecords } from '../../retention/retention-purge.service';
import { reconcileDueSites } from '../../reconciliation/reconciliation-job';

/** How often the repair job looks for transfers left pending (each older than REPAIR_JOB_AFTER_MS). */
const TRANSFER_REPAIR_EVERY_MS = 15_000;
/** How often queued pushes to the game platform are sent: a closed game is closed there within about a second. */
const PLATFORM_PUSH_EVERY_MS = 1_000;
/** How often the bets queued for the report rollups are drained into them (reports drain first anyway). */
const ROLLUP_DRAIN_EVERY_MS = 1_000;
/** How often each HTTP site's feed is read from its cursor: its bets reach the back office within a few seconds. */
const SITE_FEED_EVERY_MS = 3_000;
/** How often records past their site's retention are purged (in batches, docs/operations.md#data-retention). */
const RETENTION_PURGE_EVERY_MS = 600_000;
/** How often the reconciliation job looks for the runs due (each site's intraday run comes every RECONCILE_EVERY_MS). */
const RECONCILE_LOOK_EVERY_MS = 60_000;

/**
 * Background work: by default the gateway's process runs it too (started with the app, stopped
 * on close). `run: false` leaves it to other processes.
 */
export type BackgroundWorkOptions = {
  run?: boolean;
  /** How often the transfer repair job looks (TRANSFER_REPAIR_EVERY_MS unless a test hurries it). */
  repairEveryMs?: number;
  /** How often queued platform pushes are sent (PLATFORM_PUSH_EVERY_MS). */
  pushEveryMs?: number;
  /** How often the report rollups' queue is drained (ROLLUP_DRAIN_EVERY_MS). */
  drainEveryMs?: number;
  /** How often the HTTP sites' feeds are read (SITE_FEED_EVERY_MS). */
  feedEveryMs?: number;
  /** How often the retention purge runs (RETENTION_PURGE_EVERY_MS). */
  purgeEveryMs?: number;
} & Pick<JobRunnerOptions, 'pollMs' | 'leaseMs' | 'concurrency'>;

export interface BackgroundWork {
  /** The job runner handlers kick after committing a job; null when this process runs no background work. */
  jobs: JobRunner | null;
  /** Starts the job runner's polling and every periodic task. */
  start(): void;
  /** Stops them all, waiting for the job items and the periodic runs under way. */
  stop(): Promise<void>;
}

/** Where background work reports what went wrong: the app's log. */
export interface BackgroundLog {
  error(fields: object, message: string): void;
  /** What a job did, one line each (the app's log has it; a test's may not). */
  info?(fields: object, message: string): void;
}

interface PeriodicTask {
  label: string;
  everyMs: number;
  work: () => Promise<unknown>;
}

/**
 * One periodic task: a slow run is let finish rather than joined by the next. Real timers that
 * never keep the process alive. Returns its stop, which waits for a run under way.
 */
function startPeriodic(task: PeriodicTask, log: BackgroundLog): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task
      .work()
      .catch((error: unknown) => log.error({ err: error }, `internal error in ${task.label}`))
      .finally(() => {
        running = null;
      });
  }, task.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * The transfer repair job, the platform pushes, the rollups' drain, the HTTP sites' feeds and the retention purge run
 * where background jobs do; several processes may run them at once.
 */
function periodicTasks(
  db: Database,
  clock: Clock,
  platformFor: PlatformFor,
  every: Pick<BackgroundWorkOptions, 'repairEveryMs' | 'pushEveryMs' | 'drainEveryMs' | 'feedEveryMs' | 'purgeEveryMs'>,
  log: BackgroundLog,
): PeriodicTask[] {
  return [
    {
      label: 'the transfer repair job',
      everyMs: every.repairEveryMs ?? TRANSFER_REPAIR_EVERY_MS,
      work: () => repairStaleTransfers(db, platformFor, clock.now()),
    },
    {
      label: 'the platform pushes',
      everyMs: every.pushEveryMs ?? PLATFORM_PUSH_EVERY_MS,
      work: () => sendPlatformPushes(db, platformFor, clock.now()),
    },
    {
      label: 'the report rollups drain',
      everyMs: every.drainEveryMs ?? ROLLUP_DRAIN_EVERY_MS,
      work: () => drainRollupsJob(db),
    },
    {
      // Each site's page under a row lock of its cursor: two processes never store one page twice.
      // A site whose platform fails is logged and tried next run; the other sites go on.
      label: 'the HTTP sites feed ingest',
      everyMs: every.feedEveryMs ?? SITE_FEED_EVERY_MS,
      work: () =>
        ingestHttpSiteFeeds(db, platformFor, clock.now(), {
          // A platform that does not answer is the platform watch's line (site-platforms.ts), not an error of ours every run.
          onFailure: (siteId, error) => {
            if (!(error instanceof PlatformSilent)) log.error({ err: error, siteId }, "internal error reading an HTTP site's feed");
          },
        }),
    },
    {
      label: 'the retention purge',
      everyMs: every.purgeEveryMs ?? RETENTION_PURGE_EVERY_MS,
      work: async () => {
        const removed = await purgeExpiredRecords(db, clock.now());
        const total = [...removed.values()].reduce((sum, rows) => sum + rows, 0);
        if (total > 0) log.info?.({ removed: Object.fromEntries(removed) }, 'retention purge');
      },
    },
    {
      label: 'the reconciliation job',
      everyMs: RECONCILE_LOOK_EVERY_MS,
      work: () => reconcileDueSites(db, platformFor, clock.now()),
    },
  ];
}

const noBackgroundWork: BackgroundWork = { jobs: null, start: () => undefined, stop: async () => undefined };

/** Every timer the gateway's process runs besides answering calls, with one start and one stop. */
export function createBackgroundWork(
  db: Database,
  clock: Clock,
  platformFor: PlatformFor,
  options: BackgroundWorkOptions,
  log: BackgroundLog,
): BackgroundWork {
  const { run = true, repairEveryMs, pushEveryMs, drainEveryMs, feedEveryMs, purgeEveryMs, ...runnerOptions } = options;
  if (!run) return noBackgroundWork;
  const jobs = createJobRunner({
    ...runnerOptions,
    db,
    clock,
    // reqId: the same field as the starting call's lines, so one search finds the call and its job.
    onError: (error, jobId, reqId) => log.error({ err: error, jobId, reqId }, 'internal error in a background job'),
    onJobRan: (job, ms) => log.info?.({ reqId: job.requestId, jobId: job.id, kind: job.kind, ms }, 'job ran'),
  });
  const tasks = periodicTasks(db, clock, platformFor, { repairEveryMs, pushEveryMs, drainEveryMs, feedEveryMs, purgeEveryMs }, log);
  let stops: (() => Promise<void>)[] = [];
  return {
    jobs,
    start() {
      jobs.start();
      stops = tasks.map((task) => startPeriodic(task, log));
    },
    async stop() {
      // The runner first: close() waits for an item under way; then each task, in order.
      await jobs.stop();
      for (const stop of stops) await stop();
      stops = [];
    },
  };
}
