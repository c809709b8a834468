import { RETENTION_DAYS, retentionKinds, type RetentionKind } from '../../contract/system-setting-limits.contract';
import type { Database } from '../kernel/db/database';
import { sql, type SQL } from '../kernel/db/sql';
import { NONCE_KEPT_MS } from '../platform/request-signature';

/**
 * Data that ages out (docs/operations.md#data-retention). Every record a site gathers while it
 * runs is kept for its site's days, then removed in small batches, each its own statement: a
 * purge never holds many row locks or a long transaction, and calls go on beside it. Bets, the
 * score log, settlements and accounts are never purged here.
 */

const DAY_MS = 86_400_000;

/** Rows one statement removes at most. */
export const PURGE_BATCH = 1_000;

/** A table the purge removes from: one batch of what is older than the cut-off (of one site, or of all). */
interface Purge {
  table: string;
  batch(cutoff: Date, limit: number, siteId: string): SQL;
}

/** The kinds a site sets the days of, oldest rows first by the index each has. */
const sitePurges: Record<RetentionKind, Purge> = {
  // The key outlives any retry by far; the same call sent again after that runs again.
  requestKeys: {
    table: 'request_keys',
    batch: (cutoff, limit, siteId) => sql`DELETE FROM request_keys WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM request_keys WHERE site_id = ${siteId} AND created_at < ${cutoff} ORDER BY created_at LIMIT ${limit}))`,
  },
  // Not seen since the cut-off: ended, or past any idle timeout a site may set (at most a day).
  sessions: {
    table: 'sessions',
    batch: (cutoff, limit, siteId) => sql`DELETE FROM sessions WHERE token_hash IN (
      SELECT token_hash FROM sessions WHERE site_id = ${siteId} AND last_seen_at < ${cutoff} LIMIT ${limit})`,
  },
  loginLog: {
    table: 'login_log',
    batch: (cutoff, limit, siteId) => sql`DELETE FROM login_log WHERE id IN (
      SELECT id FROM login_log WHERE site_id = ${siteId} AND created_at < ${cutoff} ORDER BY created_at LIMIT ${limit})`,
  },
  operationLog: {
    table: 'operation_log',
    batch: (cutoff, limit, siteId) => sql`DELETE FROM operation_log WHERE id IN (
      SELECT id FROM operation_log WHERE site_id = ${siteId} AND created_at < ${cutoff} ORDER BY created_at LIMIT ${limit})`,
  },
  // Finished jobs only. Their files are gone already: a file is kept a day (the fixed sweep below).
  jobs: {
    table: 'jobs',
    batch: (cutoff, limit, siteId) => sql`DELETE FROM jobs WHERE id IN (
      SELECT id FROM jobs WHERE site_id = ${siteId} AND status IN ('done', 'failed') AND updated_at < ${cutoff}
       ORDER BY updated_at LIMIT ${limit})`,
  },
  // Seen or not: an event older than this is no longer a reason for the red dot.
  monitorEvents: {
    table: 'monitor_events',
    batch: (cutoff, limit, siteId) => sql`DELETE FROM monitor_events WHERE id IN (
      SELECT id FROM monitor_events WHERE site_id = ${siteId} AND created_at < ${cutoff} ORDER BY created_at LIMIT ${limit})`,
  },
};

/**
 * Records whose life is a rule, not a setting: each is also swept when a new one is written
 * (so the table stays small while the site is busy); the purge sweeps what a quiet site left.
 */
const fixedPurges: { purge: Purge; keptMs: number }[] = [
  {
    purge: {
      table: 'captchas',
      batch: (cutoff, limit) => sql`DELETE FROM captchas WHERE id IN (SELECT id FROM captchas WHERE expires_at < ${cutoff} LIMIT ${limit})`,
    },
    keptMs: DAY_MS,
  },
  {
    purge: {
      table: 'files',
      batch: (cutoff, limit) => sql`DELETE FROM files WHERE id IN (SELECT id FROM files WHERE expires_at <= ${cutoff} LIMIT ${limit})`,
    },
    keptMs: 0,
  },
  {
    purge: {
      table: 'platform_api_nonces',
      batch: (cutoff, limit) => sql`DELETE FROM platform_api_nonces WHERE (key_id, nonce) IN (
        SELECT key_id, nonce FROM platform_api_nonces WHERE signed_at < ${cutoff} LIMIT ${limit})`,
    },
    keptMs: NONCE_KEPT_MS,
  },
];

/** The tables the purge removes from, in its order (the metric answers each). */
export const purgedTables = [...retentionKinds.map((kind) => sitePurges[kind].table), ...fixedPurges.map(({ purge }) => purge.table)];

/** A site's days per kind: what the company set, within each kind's range, else the default. */
export function retentionDaysOf(stored: unknown): Record<RetentionKind, number> {
  const set = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    retentionKinds.map((kind) => {
      const { default: fallback, min, max } = RETENTION_DAYS[kind];
      const value = set[kind];
      return [kind, Number.isInteger(value) ? Math.min(max, Math.max(min, value as number)) : fallback];
    }),
  ) as Record<RetentionKind, number>;
}

/** Batches until one comes back short; answers the rows removed. */
async function drain(db: Database, purge: Purge, cutoff: Date, limit: number, siteId: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await db.run(purge.batch(cutoff, limit, siteId));
    removed += rows;
    if (rows < limit) return removed;
  }
}

/** Adds a run's counts to what the metrics read, every table answered (0 included) so the series exist. */
async function recordPurge(db: Database, removed: Map<string, number>, now: Date): Promise<void> {
  const rows = purgedTables.map((table) => ({ table, rows: removed.get(table) ?? 0 }));
  await db.run(sql`INSERT INTO retention_purged (table_name, rows, last_run_at)
    SELECT r.table, r.rows, ${now} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r ("table" text, rows bigint)
    ON CONFLICT (table_name) DO UPDATE SET rows = retention_purged.rows + excluded.rows, last_run_at = excluded.last_run_at`);
}

/**
 * One purge run over every site: what each site keeps no longer, then the fixed sweeps.
 * Answers the rows removed per table. Several processes may run it at once: a row is removed
 * once, and each counts only what its own statements removed.
 */
export async function purgeExpiredRecords(db: Database, now: Date, limit = PURGE_BATCH): Promise<Map<string, number>> {
  const removed = new Map<string, number>();
  const add = (table: string, rows: number) => removed.set(table, (removed.get(table) ?? 0) + rows);
  const sites = await db.rows<{ id: string; retention_days: unknown }>(sql`SELECT id, retention_days FROM sites ORDER BY id`);
  for (const site of sites) {
    const days = retentionDaysOf(site.retention_days);
    for (const kind of retentionKinds) {
      const purge = sitePurges[kind];
      add(purge.table, await drain(db, purge, new Date(now.getTime() - days[kind] * DAY_MS), limit, site.id));
    }
  }
  for (const { purge, keptMs } of fixedPurges) add(purge.table, await drain(db, purge, new Date(now.getTime() - keptMs), limit, ''));
  await recordPurge(db, removed, now);
  return removed;
}
