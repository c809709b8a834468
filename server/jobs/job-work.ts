import { sql } from '../kernel/db/sql';
import { ErrorCode } from '../../contract/errors.contract';
import { rightsAllow, type Level, type MethodDefinition } from '../../contract/method.contract';
import { contract } from '../../contract/methods.contract';
import { AccountStatus, lineStatus, type AccountRow } from '../tree/account.repository';
import { callerMayChangeDownline } from '../tree/line-access';
import type { Clock } from '../kernel/clock';
import { uniqueViolation, type Database, type Queryable } from '../kernel/db/database';
import { insertFile } from '../files/file.repository';
import type { ActingContext } from '../kernel/call-context';
import { recordOperation } from '../kernel/operation-log';
import { RpcError } from '../kernel/rpc-error';
import type { SubAccountRow } from '../sub-accounts/sub-account.repository';
import { jobItem, jobMethods, jobShapes, jobTasks, type ItemJobKind, type JobItem, type TaskJobKind } from './job-kinds';
import {
  advanceJob,
  failJob,
  finishTask,
  lockOwnJob,
  releaseJob,
  reportTaskProgress,
  type JobRow,
  type StoredItemResult,
} from './job.repository';

/** What the steps of a job need from the runner that works on it. */
export interface JobWorker {
  db: Database;
  /** Timestamps of what the items do; leases use the database's own clock. */
  clock: Clock;
  /** This process's name in the jobs' lease. */
  name: string;
  reportError: (error: unknown, jobId: string | null) => void;
  /** True once the runner stops: a job under way hands itself back. */
  stopping(): boolean;
}

/** Claims in a row that finished no item: the job (or its process) keeps dying on it. */
const MAX_STALLS = 3;
/** Tries of one item that failed with something other than a refusal. */
const MAX_ITEM_ATTEMPTS = 3;

const OWNER_GONE = 'owner-gone: the account that started the job no longer exists';

type ItemOutcome = 'advanced' | 'lost' | 'failed';

/** A task stops when its job is no longer this worker's, or when this process stops (the job is handed back). */
class TaskLost extends Error {}
class TaskReleased extends Error {}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** PGlite answers without real I/O: let the calls waiting for it (the progress bar's own reads) in between. */
const yieldToCalls = () => new Promise((resolve) => setImmediate(resolve));

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
function checkSubAccount(owner: ItemOwner, method: string): void {
  if (owner.sub_status === null || owner.sub_status === AccountStatus.disabled) throw new RpcError(ErrorCode.accountDisabled);
  const caller = { level: owner.level as Level, accessCodes: (owner.sub_codes ?? []).map(Number), isSubAccount: true };
  if (!rightsAllow((contract as Record<string, MethodDefinition>)[method]?.rights, caller)) throw new RpcError(ErrorCode.notAuthorized);
}

/** The owner's account and, when a sub-account started the job, that sub-account's (a LEFT JOIN: nulls when none). */
type ItemOwner = Pick<AccountRow, 'login_id' | 'status' | 'level'> & {
  sub_login_id: SubAccountRow['login_id'] | null;
  sub_status: SubAccountRow['status'] | null;
  sub_codes: SubAccountRow['access_codes'] | null;
};

/** The job's owner, and its sub-account when one started it: a sub-account's job names it as the operator, and stops with it. */
function itemOwner(tx: Queryable, job: JobRow): Promise<ItemOwner | undefined> {
  return tx.one<ItemOwner>(
    sql`SELECT a.login_id, a.status, a.level, u.login_id AS sub_login_id, u.status AS sub_status, u.access_codes AS sub_codes
          FROM accounts a LEFT JOIN sub_accounts u ON u.id = ${job.subAccountId}::bigint AND u.main_account_id = a.id
         WHERE a.id = ${job.ownerId} AND a.site_id = ${job.siteId}`,
  );
}

interface AppliedItem {
  result: StoredItemResult;
  refusal: RpcError | null;
  audit: ActingContext['audit'];
}

/** The item's effect in a savepoint, as its owner: a refused item leaves nothing behind but its result. */
async function applyItem(tx: Queryable, job: JobRow, owner: ItemOwner, item: JobItem, now: Date): Promise<AppliedItem> {
  const audit: ActingContext['audit'] = {};
  try {
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
    return { result: { loginId: item.loginId, userId: applied.userId }, refusal: null, audit };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const rule = refusal.data?.rule;
    const result = {
      loginId: item.loginId,
      ...(item.userId ? { userId: item.userId } : {}),
      error: { code: refusal.code, ...(rule ? { rule } : {}) },
    };
    return { result, refusal, audit };
  }
}

/** The item's operation record: what it did, or the refusal (a warning) when it did nothing. */
function recordItem(tx: Queryable, job: JobRow, owner: ItemOwner, item: JobItem, index: number, applied: AppliedItem, now: Date) {
  const { result, refusal, audit } = applied;
  return recordOperation(tx, {
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
}

/** One item in one transaction: the effect, its operation record, `done` and the result commit together. */
function runItem(worker: JobWorker, job: JobRow, index: number): Promise<ItemOutcome> {
  return worker.db.transaction(async (tx) => {
    const locked = await lockOwnJob(tx, { jobId: job.id, worker: worker.name });
    if (!locked || locked.done !== index) return 'lost';
    const now = worker.clock.now();
    const owner = await itemOwner(tx, job);
    if (!owner) {
      await failJob(tx, { jobId: job.id, worker: worker.name, reason: OWNER_GONE, now });
      return 'failed';
    }
    const item = await jobItem(tx, job, index);
    const applied = await applyItem(tx, job, owner, item, now);
    await recordItem(tx, job, owner, item, index, applied, now);
    await advanceJob(tx, { jobId: job.id, result: applied.result, now });
    return 'advanced';
  });
}

/** An items job from where it stands: each item in turn, a failing one tried again a few times. */
async function runItems(worker: JobWorker, job: JobRow): Promise<void> {
  const { db, clock, name } = worker;
  let index = job.done;
  let attempts = 0;
  while (index < job.total) {
    if (worker.stopping()) {
      await releaseJob(db, { jobId: job.id, worker: name, now: clock.now() });
      return;
    }
    let outcome: ItemOutcome;
    try {
      outcome = await runItem(worker, job, index);
    } catch (error) {
      worker.reportError(error, job.id);
      if (++attempts >= MAX_ITEM_ATTEMPTS) {
        await failJob(db, {
          jobId: job.id,
          worker: name,
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
    // Without this, a job would hold the event loop until its last item.
    await yieldToCalls();
  }
}

/** A task's progress report, which renews the lease; it throws when the task must stop. */
function taskProgress(worker: JobWorker, job: JobRow) {
  return async (done: number) => {
    if (worker.stopping()) throw new TaskReleased();
    const kept = await reportTaskProgress(worker.db, { jobId: job.id, worker: worker.name, done, now: worker.clock.now() });
    if (!kept) throw new TaskLost();
    await yieldToCalls();
  };
}

/** One try at a task: its work, then its file and the job's end in one transaction. */
async function tryTask(worker: JobWorker, job: JobRow, level: number): Promise<void> {
  const now = worker.clock.now();
  const owner = { siteId: job.siteId, accountId: job.ownerId, level };
  const made = await jobTasks[job.kind as TaskJobKind](worker.db, job, owner, taskProgress(worker, job), now);
  await worker.db.transaction(async (tx) => {
    if (!(await lockOwnJob(tx, { jobId: job.id, worker: worker.name }))) return;
    const fileId = await insertFile(tx, { siteId: job.siteId, ownerId: job.ownerId, ...made, now });
    await finishTask(tx, { jobId: job.id, done: made.done, fileId, now });
  });
}

/** A task from its start (a task taken over starts again), tried again a few times when it fails. */
async function runTask(worker: JobWorker, job: JobRow): Promise<void> {
  const { db, clock, name } = worker;
  const owner = await db.one<{ level: number }>(sql`SELECT level FROM accounts WHERE id = ${job.ownerId} AND site_id = ${job.siteId}`);
  if (!owner) {
    await failJob(db, { jobId: job.id, worker: name, reason: OWNER_GONE, now: clock.now() });
    return;
  }
  for (let attempts = 1; ; attempts++) {
    try {
      await tryTask(worker, job, Number(owner.level));
      return;
    } catch (error) {
      if (error instanceof TaskLost) return;
      if (error instanceof TaskReleased) {
        await releaseJob(db, { jobId: job.id, worker: name, now: clock.now() });
        return;
      }
      worker.reportError(error, job.id);
      if (attempts >= MAX_ITEM_ATTEMPTS) {
        await failJob(db, { jobId: job.id, worker: name, reason: `internal-error: the task failed ${attempts} times`, now: clock.now() });
        return;
      }
      await pause(100 * attempts);
    }
  }
}

/** A claimed job: failed when it stalled too often, else its items or its task. */
export async function runJob(worker: JobWorker, job: JobRow): Promise<void> {
  if (job.stalls > MAX_STALLS) {
    const what = jobShapes[job.kind] === 'task' ? 'its task' : 'an item';
    const reason = `stalled: taken over ${MAX_STALLS} times without finishing ${what}`;
    await failJob(worker.db, { jobId: job.id, worker: worker.name, reason, now: worker.clock.now() });
    return;
  }
  if (jobShapes[job.kind] === 'task') return runTask(worker, job);
  return runItems(worker, job);
}
