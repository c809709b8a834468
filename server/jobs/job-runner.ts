import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors.contract';
import { rightsAllow, type Level, type MethodDefinition } from '../../contract/method.contract';
import { contract } from '../../contract/methods.contract';
import { AccountStatus, lineStatus } from '../accounts/account.repository';
import { callerMayChangeDownline } from '../accounts/line-access';
import type { Clock } from '../clock';
import { uniqueViolation, type Database } from '../db/database';
import type { ActingContext } from '../rpc/call-context';
import { recordOperation } from '../rpc/operation-log';
import { RpcError } from '../rpc/rpc-error';
import { insertFile } from '../files/file.repository';
import { jobItem, jobMethods, jobShapes, jobTasks, type ItemJobKind, type TaskJobKind } from './job-kinds';
import {
  advanceJob,
  claimJob,
  failJob,
  finishTask,
  lockOwnJob,
  releaseJob,
  reportTaskProgress,
  type JobRow,
  type StoredItemResult,
} from './job.repository';

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
  onError?: (error: unknown, jobId: string | null) => void;
}

export interface JobRunner {
  /** Polls from now on (real timers, which never keep the process alive). */
  start(): void;
  /** Looks for work at once: called after a job is committed. */
  kick(): void;
  /** Stops polling, lets the items under way finish and hands unfinished jobs back. */
  stop(): Promise<void>;
}

/** Claims in a row that finished no item: the job (or its process) keeps dying on it. */
const MAX_STALLS = 3;
/** Tries of one item that failed with something other than a refusal. */
const MAX_ITEM_ATTEMPTS = 3;

type ItemOutcome = 'advanced' | 'lost' | 'failed';

/** A task stops when its job is no longer this worker's, or when this process stops (the job is handed back). */
class TaskLost extends Error {}
class TaskReleased extends Error {}

/** A refusal with a catalogue code fails the item alone; a name taken by a concurrent add is one too. */
function refusalOf(error: unknown): RpcError | null {
  if (error instanceof RpcError) return error;
  const taken = uniqueViolation(error);
  if (taken && (taken.constraint === undefined || taken.constraint === 'accounts_site_login' || taken.constraint === 'login_names_pkey')) {
    return new RpcError(ErrorCode.invalidParams, { field: 'loginId', rule: 'login-id-taken' });
  }
  return null;
}

/** The owner's rights as of now: a disabled, frozen or locked-out owner acts no more. */
async function checkOwner(ctx: ActingContext): Promise<void> {
  if (ctx.session!.status === AccountStatus.disabled) throw new RpcError(ErrorCode.accountDisabled);
  await callerMayChangeDownline(ctx);
  if ((await lineStatus(ctx.db, ctx.session!.accountId)) === AccountStatus.disabled) throw new RpcError(ErrorCode.agentLineLocked);
}

/** A sub-account's item runs only while it is there, enabled and holds the rights of the job's method (the dispatcher's one rule). */
function checkSubAccount(owner: { level: number; sub_status: number | null; sub_codes: number[] | null }, method: string): void {
  if (owner.sub_status === null || owner.sub_status === AccountStatus.disabled) throw new RpcError(ErrorCode.accountDisabled);
  const caller = { level: owner.level as Level, accessCodes: (owner.sub_codes ?? []).map(Number), isSubAccount: true };
  if (!rightsAllow((contract as Record<string, MethodDefinition>)[method]?.rights, caller)) throw new RpcError(ErrorCode.notAuthorized);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const concurrency = options.concurrency ?? 2;
  const reportError = (error: unknown, jobId: string | null) => options.onError?.(error, jobId);
  const worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  const active = new Map<string, Promise<void>>();

  /** One item in one transaction: the effect, its operation record, `done` and the result commit together. */
  async function runItem(job: JobRow, index: number): Promise<ItemOutcome> {
    return db.transaction(async (tx) => {
      const locked = await lockOwnJob(tx, { jobId: job.id, worker });
      if (!locked || locked.done !== index) return 'lost';
      const now = clock.now();
      // A sub-account's job names it as the operator, and stops with it (deleted, disabled or no longer holding the code).
      const owner = await tx.one<{
        login_id: string;
        status: number;
        level: number;
        sub_login_id: string | null;
        sub_status: number | null;
        sub_codes: number[] | null;
      }>(
        sql`SELECT a.login_id, a.status, a.level, u.login_id AS sub_login_id, u.status AS sub_status, u.access_codes AS sub_codes
              FROM accounts a LEFT JOIN sub_accounts u ON u.id = ${job.subAccountId}::bigint AND u.main_account_id = a.id
             WHERE a.id = ${job.ownerId} AND a.site_id = ${job.siteId}`,
      );
      if (!owner) {
        await failJob(tx, { jobId: job.id, worker, reason: 'owner-gone: the account that started the job no longer exists', now });
        return 'failed';
      }
      const item = await jobItem(tx, job, index);
      const audit: ActingContext['audit'] = {};
      let result: StoredItemResult;
      let refusal: RpcError | null = null;
      try {
        // A savepoint: a refused item leaves nothing behind but its result.
        const applied = await tx.transaction(async (itemTx) => {
          const ctx: ActingContext = {
            db: itemTx,
            site: { id: job.siteId },
            session: { accountId: job.ownerId, status: owner.status },
            now,
            audit,
          };
          await checkOwner(ctx);
          if (job.subAccountId !== null) checkSubAccount(owner, jobMethods[job.kind as ItemJobKind]);
          return item.apply(ctx);
        });
        result = { loginId: item.loginId, userId: applied.userId };
      } catch (error) {
        refusal = refusalOf(error);
        if (!refusal) throw error;
        const rule = refusal.data?.rule;
        result = {
          loginId: item.loginId,
          ...(item.userId ? { userId: item.userId } : {}),
          error: { code: refusal.code, ...(rule ? { rule } : {}) },
        };
      }
      await recordOperation(tx, {
        siteId: job.siteId,
        accountId: job.ownerId,
        subAccountId: job.subAccountId,
        operatorLogin: owner.sub_login_id ?? owner.login_id,
        method: jobMethods[job.kind as ItemJobKind],
        targetId: refusal ? item.userId : (audit.targetId ?? result.userId),
        summary: `${(!refusal && audit.summary) || item.label} (job ${job.id})`,
        changes: refusal ? undefined : audit.changes,
        params: { jobId: job.id, item: index + 1, loginId: item.loginId, ...(item.userId ? { userId: item.userId } : {}) },
        ip: job.ip,
        level: refusal ? 'warn' : 'normal',
        code: refusal ? refusal.code : null,
        at: now,
      });
      await advanceJob(tx, { jobId: job.id, result, now });
      return 'advanced';
    });
  }

  /**
   * A task from its start (a task taken over starts again): it reports progress as it goes,
   * which renews the lease, and its file commits together with the job's end.
   */
  async function runTask(job: JobRow): Promise<void> {
    const owner = await db.one<{ level: number }>(sql`SELECT level FROM accounts WHERE id = ${job.ownerId} AND site_id = ${job.siteId}`);
    if (!owner) {
      await failJob(db, {
        jobId: job.id,
        worker,
        reason: 'owner-gone: the account that started the job no longer exists',
        now: clock.now(),
      });
      return;
    }
    const progress = async (done: number) => {
      if (stopping) throw new TaskReleased();
      if (!(await reportTaskProgress(db, { jobId: job.id, worker, done, now: clock.now() }))) throw new TaskLost();
      // PGlite answers without real I/O: let the progress bar's own reads in between pages.
      await new Promise((resolve) => setImmediate(resolve));
    };
    for (let attempts = 1; ; attempts++) {
      try {
        const now = clock.now();
        const made = await jobTasks[job.kind as TaskJobKind](
          db,
          job,
          { siteId: job.siteId, accountId: job.ownerId, level: Number(owner.level) },
          progress,
          now,
        );
        await db.transaction(async (tx) => {
          if (!(await lockOwnJob(tx, { jobId: job.id, worker }))) return;
          const fileId = await insertFile(tx, { siteId: job.siteId, ownerId: job.ownerId, ...made, now });
          await finishTask(tx, { jobId: job.id, done: made.done, fileId, now });
        });
        return;
      } catch (error) {
        if (error instanceof TaskLost) return;
        if (error instanceof TaskReleased) {
          await releaseJob(db, { jobId: job.id, worker, now: clock.now() });
          return;
        }
        reportError(error, job.id);
        if (attempts >= MAX_ITEM_ATTEMPTS) {
          await failJob(db, { jobId: job.id, worker, reason: `internal-error: the task failed ${attempts} times`, now: clock.now() });
          return;
        }
        await pause(100 * attempts);
      }
    }
  }

  async function runJob(job: JobRow): Promise<void> {
    if (job.stalls > MAX_STALLS) {
      await failJob(db, {
        jobId: job.id,
        worker,
        reason: `stalled: taken over ${MAX_STALLS} times without finishing ${jobShapes[job.kind] === 'task' ? 'its task' : 'an item'}`,
        now: clock.now(),
      });
      return;
    }
    if (jobShapes[job.kind] === 'task') return runTask(job);
    let index = job.done;
    let attempts = 0;
    while (index < job.total) {
      if (stopping) {
        await releaseJob(db, { jobId: job.id, worker, now: clock.now() });
        return;
      }
      let outcome: ItemOutcome;
      try {
        outcome = await runItem(job, index);
      } catch (error) {
        reportError(error, job.id);
        if (++attempts >= MAX_ITEM_ATTEMPTS) {
          await failJob(db, {
            jobId: job.id,
            worker,
            reason: `internal-error: item ${index + 1} failed ${attempts} times`,
            now: clock.now(),
          });
          return;
        }
        await pause(100 * attempts);
        continue;
      }
      if (outcome !== 'advanced') return;
      attempts = 0;
      index++;
      // PGlite answers without real I/O: without this, a job would hold the event loop and the
      // calls waiting for it (the progress bar's own reads) until its last item.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function pump(): Promise<void> {
    while (!stopping && active.size < concurrency) {
      let job: JobRow | undefined;
      try {
        job = await claimJob(db, { worker, leaseMs, now: clock.now() });
      } catch (error) {
        reportError(error, null);
        return;
      }
      if (!job) return;
      const { id } = job;
      const run = runJob(job)
        .catch((error: unknown) => reportError(error, id))
        .finally(() => {
          active.delete(id);
          kick();
        });
      active.set(id, run);
    }
  }

  function kick(): void {
    if (!started || stopping) return;
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = pump().finally(() => {
      pumping = null;
      if (pumpAgain) {
        pumpAgain = false;
        kick();
      }
    });
  }

  function poll(): void {
    timer = setTimeout(() => {
      kick();
      poll();
    }, pollMs);
    timer.unref();
  }

  return {
    start() {
      if (started) return;
      started = true;
      kick();
      poll();
    },
    kick,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await pumping;
      await Promise.all(active.values());
    },
  };
}

/** For handlers when no runner runs in this process: another process's poll picks the job up. */
export const noJobRunner: Pick<JobRunner, 'kick'> = { kick: () => undefined };
