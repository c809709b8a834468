import { sql } from '../kernel/db/sql';
import {
  PENDING_COUNTED_SECONDS,
  PLATFORM_FAILED_CALLS_ALERT,
  PLATFORM_LAG_ALERT_SECONDS,
  PLATFORM_SILENT_ALERT_SECONDS,
  type PlatformHealth,
} from '../../contract/monitoring.contract';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';

interface PlatformHealthRow {
  site_id: string;
  kind: 'embedded' | 'http' | null;
  url: string | null;
  connected_at: Date | string | null;
  last_call_at: Date | string | null;
  failures_in_row: number | null;
  last_failure_at: Date | string | null;
  last_failure: string | null;
  read_at: Date | string | null;
  read_to_end_at: Date | string | null;
  behind_items: number | null;
  pending: number;
  oldest_pending_at: Date | string | null;
  refusals: number;
  unsent_pushes: number;
  reconciliation_open: number;
  paused_at: Date | string | null;
  transfer_alert_minutes: number;
}

/** The platform's address as an operator may read it: never a user or password written into it. */
function shownUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return null;
  }
}

const seconds = (now: Date, since: Date | string) => Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 1000));
const later = (a: Date | string | null, b: Date | string | null) =>
  a === null ? b : b === null ? a : new Date(a).getTime() >= new Date(b).getTime() ? a : b;

function healthOf(row: PlatformHealthRow, now: Date): PlatformHealth {
  const http = row.kind === 'http';
  // Never read to its end since the platform was connected (or its connection last changed): the lag counts from then.
  const caughtUpAt = later(row.read_to_end_at, row.connected_at);
  const feed = http && caughtUpAt !== null ? { lagSeconds: seconds(now, caughtUpAt), lagItems: row.behind_items ?? 0 } : null;
  const oldestPendingSeconds = row.oldest_pending_at === null ? null : seconds(now, row.oldest_pending_at);
  const pendingAlertSeconds = row.transfer_alert_minutes * 60;
  const lastSuccess = http ? later(row.last_call_at, row.read_at) : null;
  const failedCalls = http ? Number(row.failures_in_row ?? 0) : 0;
  const answeredOrConnected = later(lastSuccess, row.connected_at);
  const silent =
    failedCalls >= PLATFORM_FAILED_CALLS_ALERT ||
    (failedCalls > 0 && answeredOrConnected !== null && seconds(now, answeredOrConnected) > PLATFORM_SILENT_ALERT_SECONDS);
  return {
    siteId: row.site_id,
    kind: http ? 'http' : 'embedded',
    url: http ? shownUrl(row.url) : null,
    lastSuccessAt: lastSuccess === null ? null : iso(lastSuccess),
    feed,
    pendingTransfers: Number(row.pending),
    oldestPendingSeconds,
    pendingAlertSeconds,
    signatureRefusals: Number(row.refusals),
    failedCalls,
    lastFailure: http && row.last_failure_at !== null ? { at: iso(row.last_failure_at), cause: row.last_failure ?? '' } : null,
    unsentPushes: Number(row.unsent_pushes),
    reconciliationDifferences: Number(row.reconciliation_open),
    pausedAt: http && row.paused_at !== null ? iso(row.paused_at) : null,
    alert:
      (http && row.paused_at !== null) ||
      silent ||
      (feed !== null && feed.lagSeconds > PLATFORM_LAG_ALERT_SECONDS) ||
      (oldestPendingSeconds ?? 0) > pendingAlertSeconds ||
      Number(row.unsent_pushes) > 0 ||
      Number(row.reconciliation_open) > 0,
  };
}

/**
 * Each site's platform health (docs/operations.md, "Platform health"), one statement: `siteId` for
 * one site, else every site. The pending transfers are read through their partial indexes
 * (score_log_pending, transfer_outs_pending), the refusals from the per-minute counters of the last
 * hour, the pushes the platform did not take from the outbox (a failed one keeps its attempts until
 * it goes). Only the URL of the platform's row is read, never its key or secret.
 */
export async function platformHealth(db: Queryable, now: Date, siteId?: string): Promise<PlatformHealth[]> {
  const counted = new Date(now.getTime() - PENDING_COUNTED_SECONDS * 1000);
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const rows = await db.rows<PlatformHealthRow>(sql`
    SELECT s.id AS site_id, s.transfer_alert_minutes, p.kind, p.url, p.updated_at AS connected_at, p.paused_at, c.last_success_at AS last_call_at,
           c.failures_in_row, c.last_failure_at, c.last_failure,
           f.read_at, f.read_to_end_at, f.behind_items,
           (SELECT count(*) FROM score_log l WHERE l.site_id = s.id AND l.state = 'pending' AND l.type = 'in' AND l.created_at < ${counted})
         + (SELECT count(*) FROM transfer_outs o WHERE o.site_id = s.id AND o.state = 'pending' AND o.requested_at < ${counted})
             AS pending,
           LEAST((SELECT min(l.created_at) FROM score_log l WHERE l.site_id = s.id AND l.state = 'pending' AND l.type = 'in'),
                 (SELECT min(o.requested_at) FROM transfer_outs o WHERE o.site_id = s.id AND o.state = 'pending')) AS oldest_pending_at,
           (SELECT COALESCE(sum(r.refusals), 0) FROM platform_signature_refusals r
             WHERE r.site_id = s.id AND r.minute > ${hourAgo}) AS refusals,
           (SELECT count(*) FROM platform_pushes q WHERE q.site_id = s.id AND q.attempts > 0) AS unsent_pushes,
           (SELECT count(*) FROM reconciliation_differences d WHERE d.resolved_at IS NULL
               AND d.run_id = (SELECT r.id FROM reconciliation_runs r WHERE r.site_id = s.id AND r.state <> 'failed'
                                ORDER BY r.started_at DESC, r.id DESC LIMIT 1)) AS reconciliation_open
      FROM sites s
      LEFT JOIN site_platforms p ON p.site_id = s.id
      LEFT JOIN site_platform_calls c ON c.site_id = s.id
      LEFT JOIN site_feed_cursors f ON f.site_id = s.id
     WHERE ${siteId === undefined ? sql`true` : sql`s.id = ${siteId}`}
     ORDER BY s.id`);
  return rows.map((row) => healthOf(row, now));
}
