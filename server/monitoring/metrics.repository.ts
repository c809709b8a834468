import { sql } from '../kernel/db/sql';
import type { Queryable } from '../kernel/db/database';

// The database facts /metrics answers, one cheap statement each, read when Prometheus scrapes:
// gateway processes keep no state, so every process answers the same numbers.

/** Jobs waiting and under way (the jobs_unfinished index), and those that failed in the last hour. */
export async function jobCounts(db: Queryable, now: Date): Promise<{ queued: number; running: number; failedLastHour: number }> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const row = await db.one<{ queued: number; running: number; failed: number }>(sql`
    SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued,
           count(*) FILTER (WHERE status = 'running')::int AS running,
           count(*) FILTER (WHERE status = 'failed')::int AS failed
      FROM jobs
     WHERE status IN ('queued', 'running') OR (status = 'failed' AND updated_at > ${hourAgo})`);
  return { queued: row?.queued ?? 0, running: row?.running ?? 0, failedLastHour: row?.failed ?? 0 };
}

/** How long a pending transfer has waited, as the metric's label says it. */
export const PENDING_AGES = ['under_1m', '1m_to_5m', 'over_5m'] as const;
export type PendingAge = (typeof PENDING_AGES)[number];

export interface PendingTransfers {
  siteId: string;
  age: PendingAge;
  count: number;
  oldestSeconds: number;
}

/**
 * Transfers into and out of the game platform still pending, per site and age, through the same
 * partial indexes as the platform health (score_log_pending, transfer_outs_pending).
 */
export async function pendingTransfers(db: Queryable, now: Date): Promise<PendingTransfers[]> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  const fiveMinutesAgo = new Date(now.getTime() - 300_000);
  const rows = await db.rows<{ site_id: string; age: PendingAge; n: number; oldest: Date | string }>(sql`
    SELECT site_id,
           CASE WHEN since > ${minuteAgo} THEN 'under_1m' WHEN since > ${fiveMinutesAgo} THEN '1m_to_5m' ELSE 'over_5m' END AS age,
           count(*)::int AS n, min(since) AS oldest
      FROM (SELECT l.site_id, l.created_at AS since FROM score_log l WHERE l.state = 'pending' AND l.type = 'in'
            UNION ALL
            SELECT o.site_id, o.requested_at FROM transfer_outs o WHERE o.state = 'pending') AS pending
     GROUP BY 1, 2`);
  return rows.map((row) => ({
    siteId: row.site_id,
    age: row.age,
    count: Number(row.n),
    oldestSeconds: Math.max(0, Math.floor((now.getTime() - new Date(row.oldest).getTime()) / 1000)),
  }));
}

/** Sign-in counters holding a lock or a delay now, per scope (pair: a name locked for an IP; name, ip, captcha). */
export async function signInLocks(db: Queryable, now: Date): Promise<{ scope: string; count: number }[]> {
  const rows = await db.rows<{ scope: string; n: number }>(sql`
    SELECT scope, count(*)::int AS n FROM attempt_counters
     WHERE locked_until > ${now} OR next_at > ${now}
     GROUP BY scope`);
  return rows.map((row) => ({ scope: row.scope, count: Number(row.n) }));
}

/** Sessions alive per site: not ended, and seen within the site's idle timeout (last_seen_at is written once a minute at most). */
export async function liveSessions(db: Queryable, now: Date): Promise<{ siteId: string; count: number }[]> {
  const rows = await db.rows<{ site_id: string; n: number }>(sql`
    SELECT s.site_id, count(*)::int AS n
      FROM sessions s JOIN sites t ON t.id = s.site_id
     WHERE s.revoked_at IS NULL AND s.last_seen_at > ${now}::timestamptz - t.idle_timeout_seconds * interval '1 second'
     GROUP BY s.site_id`);
  return rows.map((row) => ({ siteId: row.site_id, count: Number(row.n) }));
}

/** What the retention purge removed so far, per table (every process's runs: the purge adds them up in the database). */
export async function retentionPurged(db: Queryable): Promise<{ table: string; rows: number }[]> {
  const rows = await db.rows<{ table_name: string; rows: bigint | number | string }>(
    sql`SELECT table_name, rows FROM retention_purged ORDER BY table_name`,
  );
  return rows.map((row) => ({ table: row.table_name, rows: Number(row.rows) }));
}
