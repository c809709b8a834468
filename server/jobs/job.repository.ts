import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import type { jobKinds, jobStatuses } from '../../contract/job.contract';
import type { Queryable } from '../kernel/db/database';
import { withJobEvents } from '../events/live-events.service';

export type JobKind = (typeof jobKinds)[number];
export type JobStatus = (typeof jobStatuses)[number];

/** One finished item as stored; the message is added in the reader's language at read time. */
export interface StoredItemResult {
  loginId: string;
  userId?: string;
  error?: { code: number; rule?: string };
}

export interface JobRow {
  id: string;
  siteId: string;
  ownerId: string;
  subAccountId: string | null;
  ip: string;
  kind: JobKind;
  status: JobStatus;
  total: number;
  done: number;
  params: unknown;
  results: StoredItemResult[];
  stalls: number;
  /** A task's file once it is done. */
  fileId: string | null;
  /** The id of the HTTP request that started it (its log lines carry it). */
  requestId: string | null;
}

interface RawJob {
  id: bigint;
  site_id: string;
  owner_id: bigint;
  sub_account_id: bigint | null;
  ip: string;
  kind: JobKind;
  status: JobStatus;
  total: number;
  done: number;
  params: unknown;
  results: StoredItemResult[];
  stalls: number;
  file_id: bigint | null;
  request_id: string | null;
}

const COLUMNS = sql`id, site_id, owner_id, sub_account_id, ip, kind, status, total, done, params, results, stalls, file_id, request_id`;

function toJob(row: RawJob): JobRow {
  return {
    id: wireId(row.id),
    siteId: row.site_id,
    ownerId: wireId(row.owner_id),
    subAccountId: wireId(row.sub_account_id),
    ip: row.ip,
    kind: row.kind,
    status: row.status,
    total: Number(row.total),
    done: Number(row.done),
    params: row.params,
    results: row.results,
    stalls: Number(row.stalls),
    fileId: wireId(row.file_id),
    requestId: row.request_id,
  };
}

export async function insertJob(
  db: Queryable,
  input: {
    siteId: string;
    ownerId: string;
    subAccountId: string | null;
    ip: string;
    kind: JobKind;
    total: number;
    params: unknown;
    requestId: string | null;
    now: Date;
  },
): Promise<string> {
  const row = await db.one<{ id: bigint }>(sql`INSERT INTO jobs
      (site_id, owner_id, sub_account_id, ip, kind, total, params, request_id, created_at, updated_at)
    VALUES (${input.siteId}, ${input.ownerId}, ${input.subAccountId}, ${input.ip}, ${input.kind}, ${input.total},
            ${JSON.stringify(input.params)}::jsonb, ${input.requestId}, ${input.now}, ${input.now})
    RETURNING id`);
  return String(row!.id);
}

/**
 * A job of the caller's: a main account's own and its sub-accounts'; a sub-account's own only
 * (another clerk's job and its file are not its to read).
 */
export async function findOwnJob(
  db: Queryable,
  input: { siteId: string; ownerId: string; subAccountId: string | null; jobId: string },
): Promise<JobRow | undefined> {
  const row = await db.one<RawJob>(sql`SELECT ${COLUMNS} FROM jobs
    WHERE id = ${input.jobId} AND site_id = ${input.siteId} AND owner_id = ${input.ownerId}
      ${input.subAccountId === null ? sql`` : sql`AND sub_account_id = ${input.subAccountId}`}`);
  return row && toJob(row);
}

/**
 * Takes the oldest job nobody is working on: queued, or running with a heartbeat older than
 * the lease (its process died). SKIP LOCKED lets several processes claim side by side, each
 * getting another job; the claim itself renews the heartbeat, so the job stays this worker's.
 */
export async function claimJob(db: Queryable, input: { worker: string; leaseMs: number; now: Date }): Promise<JobRow | undefined> {
  const row = await db.one<RawJob>(sql`UPDATE jobs
      SET status = 'running', worker = ${input.worker}, heartbeat_at = now(), stalls = stalls + 1, updated_at = ${input.now}
    WHERE id = (
      SELECT id FROM jobs
       WHERE status = 'queued'
          OR (status = 'running' AND heartbeat_at < now() - ${input.leaseMs}::int * interval '1 millisecond')
       ORDER BY id LIMIT 1
       FOR UPDATE SKIP LOCKED)
    RETURNING ${COLUMNS}`);
  return row && toJob(row);
}

/**
 * Locks a job for one item, if it is still this worker's: another process that took it over
 * after a lost lease makes this worker stop, never do an item twice.
 */
export async function lockOwnJob(tx: Queryable, input: { jobId: string; worker: string }): Promise<{ done: number } | undefined> {
  const row = await tx.one<{ done: number }>(sql`SELECT done FROM jobs
    WHERE id = ${input.jobId} AND status = 'running' AND worker = ${input.worker} FOR UPDATE`);
  return row && { done: Number(row.done) };
}

/** One more item finished, in the item's own transaction; the last one ends the job. */
export async function advanceJob(tx: Queryable, input: { jobId: string; result: StoredItemResult; now: Date }): Promise<void> {
  await tx.run(
    withJobEvents(sql`UPDATE jobs
      SET done = done + 1,
          results = results || jsonb_build_array(${JSON.stringify(input.result)}::jsonb),
          status = CASE WHEN done + 1 = total THEN 'done' ELSE status END,
          worker = CASE WHEN done + 1 = total THEN NULL ELSE worker END,
          heartbeat_at = now(), stalls = 0, updated_at = ${input.now}
    WHERE id = ${input.jobId}`),
  );
}

/** Ends a job that cannot be finished, with the reason, so that it is never left running. */
export async function failJob(db: Queryable, input: { jobId: string; worker: string; reason: string; now: Date }): Promise<void> {
  await db.run(
    withJobEvents(sql`UPDATE jobs SET status = 'failed', failure = ${input.reason}, worker = NULL, updated_at = ${input.now}
    WHERE id = ${input.jobId} AND status = 'running' AND worker = ${input.worker}`),
  );
}

/** Hands an unfinished job back (this process is stopping), for any process to claim at once. */
export async function releaseJob(db: Queryable, input: { jobId: string; worker: string; now: Date }): Promise<void> {
  await db.run(sql`UPDATE jobs SET status = 'queued', worker = NULL, heartbeat_at = NULL, stalls = greatest(stalls - 1, 0), updated_at = ${input.now}
    WHERE id = ${input.jobId} AND status = 'running' AND worker = ${input.worker}`);
}

/**
 * A task's progress (rows written so far), which also renews its lease; false when the job is
 * no longer this worker's (taken over after a lost lease), so the task stops.
 */
export async function reportTaskProgress(
  db: Queryable,
  input: { jobId: string; worker: string; done: number; now: Date },
): Promise<boolean> {
  const changed = await db.run(
    withJobEvents(sql`UPDATE jobs SET done = least(${input.done}::int, total), heartbeat_at = now(), updated_at = ${input.now}
    WHERE id = ${input.jobId} AND status = 'running' AND worker = ${input.worker}`),
  );
  return changed > 0;
}

/** Ends a task with its file, in the transaction that stores the file; its row count becomes the total. */
export async function finishTask(tx: Queryable, input: { jobId: string; done: number; fileId: string; now: Date }): Promise<void> {
  await tx.run(
    withJobEvents(sql`UPDATE jobs SET done = ${input.done}::int, total = ${input.done}::int, status = 'done', worker = NULL, file_id = ${input.fileId},
      heartbeat_at = now(), stalls = 0, updated_at = ${input.now}
    WHERE id = ${input.jobId}`),
  );
}
