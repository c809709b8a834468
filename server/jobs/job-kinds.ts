import { sql } from '../kernel/db/sql';
import { addChild } from '../accounts/account-add.service';
import { disableChild, enableChild } from '../accounts/account-status.service';
import type { Queryable } from '../kernel/db/database';
import type { ActingContext } from '../kernel/call-context';
import type { ExportOwner } from './export-source';
import { runExportTask, type TaskOutput } from './export-task';
import type { JobKind, JobRow } from './job.repository';

/** What an add.batch job keeps: the secrets hashed once when the job was created, never in plain. */
export interface AddBatchParams {
  prefix: string;
  start: number;
  count: number;
  passwordHash: string;
  safeCodeHash: string;
  /** Cents. */
  pointLimit: number;
  /** Hundredths of a percent. */
  validAmountRate: number;
}

export interface BulkStatusParams {
  userIds: string[];
  mode?: 'lock' | 'freeze';
}

/** The name of a batch's member number n: the prefix and n with at least 3 digits (vip001). */
export function batchLoginId(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(3, '0')}`;
}

/** One item of a job: whom it is about, and what doing it means (the single call's own code). */
export interface JobItem {
  loginId: string;
  userId?: string;
  /** For the operation record when the item is refused (a done item records what it did). */
  label: string;
  apply(ctx: ActingContext): Promise<{ userId: string }>;
}

/**
 * How the runner works on a kind: "items" are done one by one, each in its own transaction with
 * its operation record and result (bulk actions); a "task" is one long piece of work that
 * reports its progress as it goes and ends with a file (exports).
 */
export const jobShapes = {
  'user.add.batch': 'items',
  'user.all.enable': 'items',
  'user.all.disable': 'items',
  export: 'task',
} as const satisfies Record<JobKind, 'items' | 'task'>;

export type ItemJobKind = { [K in JobKind]: (typeof jobShapes)[K] extends 'items' ? K : never }[JobKind];

export type TaskJobKind = Exclude<JobKind, ItemJobKind>;

/** A task's work: reads for the owner, reports progress (rows) as it goes, answers the file to keep. */
export type JobTask = (
  db: Queryable,
  job: JobRow,
  owner: ExportOwner,
  progress: (done: number) => Promise<void>,
  now: Date,
) => Promise<TaskOutput>;

export const jobTasks: Record<TaskJobKind, JobTask> = { export: runExportTask };

export const jobMethods: Record<ItemJobKind, string> = {
  'user.add.batch': 'gw.credit.user.add.batch',
  'user.all.enable': 'gw.credit.user.all.enable',
  'user.all.disable': 'gw.credit.user.all.disable',
};

/** Item `index` of a job, read from the job's params. */
export async function jobItem(db: Queryable, job: JobRow, index: number): Promise<JobItem> {
  if (job.kind === 'user.add.batch') {
    const params = job.params as AddBatchParams;
    const loginId = batchLoginId(params.prefix, params.start + index);
    return {
      loginId,
      label: `added member ${loginId}`,
      apply: (ctx) =>
        addChild(
          ctx,
          {
            loginId,
            nickname: loginId,
            passwordHash: params.passwordHash,
            safeCodeHash: params.safeCodeHash,
            pointLimit: params.pointLimit,
            validAmountRate: params.validAmountRate,
          },
          5,
        ),
    };
  }
  const params = job.params as BulkStatusParams;
  const userId = params.userIds[index]!;
  const account = await db.one<{ login_id: string }>(sql`SELECT login_id FROM accounts WHERE id = ${userId} AND site_id = ${job.siteId}`);
  const loginId = account?.login_id ?? '';
  if (job.kind === 'user.all.enable') {
    return { loginId, userId, label: `ENABLE ${loginId}`, apply: (ctx) => enableChild(ctx, userId) };
  }
  const mode = params.mode ?? 'lock';
  return {
    loginId,
    userId,
    label: `${mode === 'freeze' ? 'FREEZE' : 'DISABLE'} ${loginId}`,
    apply: (ctx) => disableChild(ctx, userId, mode),
  };
}
