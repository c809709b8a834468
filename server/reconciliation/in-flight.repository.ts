import { sql } from '../kernel/db/sql';
import { formatCents } from '../../contract/amount.contract';
import { IN_FLIGHT_LISTED_MAX, inFlightBuckets, type InFlight, type InFlightBucket } from '../../contract/reconciliation.contract';
import { TRANSFER_ALERT_MINUTES } from '../../contract/system-setting-limits.contract';
import type { Queryable } from '../kernel/db/database';
import { wireId } from '../kernel/db/ids';
import { iso } from '../kernel/db/timestamps';
import { pendingTransfers } from '../points/game-transfers';

type Direction = 'in' | 'out';

interface GroupRow {
  type: Direction;
  bucket: InFlightBucket;
  n: bigint | number;
  amount: bigint | string;
  oldest: Date | string;
}

interface OverdueRow {
  transfer_id: string;
  type: Direction;
  member_id: bigint;
  login_id: string | null;
  amount: bigint;
  at: Date | string;
  total: bigint | number;
}

/** Whole seconds from `since` to `now`, never below 0 (as the platform health counts them). */
const ageSeconds = (now: Date, since: Date | string) => Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 1000));

/** The site's transfer alert in minutes (its system setting). */
export async function transferAlertMinutes(db: Queryable, siteId: string): Promise<number> {
  const row = await db.one<{ minutes: number }>(sql`SELECT transfer_alert_minutes AS minutes FROM sites WHERE id = ${siteId}`);
  return row?.minutes ?? TRANSFER_ALERT_MINUTES.default;
}

function directionOf(groups: GroupRow[], type: Direction): InFlight['in'] {
  const mine = groups.filter((group) => group.type === type);
  const buckets = inFlightBuckets.map(({ bucket }) => {
    const found = mine.find((group) => group.bucket === bucket);
    return { bucket, count: Number(found?.n ?? 0), cents: BigInt(found?.amount ?? 0) };
  });
  const cents = buckets.reduce((sum, bucket) => sum + bucket.cents, 0n);
  return {
    count: buckets.reduce((sum, bucket) => sum + bucket.count, 0),
    amount: formatCents(cents),
    buckets: buckets.map((bucket) => ({ bucket: bucket.bucket, count: bucket.count, amount: formatCents(bucket.cents) })),
  };
}

/**
 * The site's transfers with the platform not settled yet (docs/operations.md, "In-flight
 * transfers"), read through the pending indexes (score_log_pending, transfer_outs_pending): per
 * direction and age bucket, and the overdue ones (older than the site's alert, counted in whole
 * seconds as the platform health's red dot counts them), oldest first.
 */
export async function inFlight(db: Queryable, siteId: string, now: Date): Promise<InFlight> {
  const alertMinutes = await transferAlertMinutes(db, siteId);
  const agedAt = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  // Oldest bucket first: a transfer falls in the first whose start its age reached.
  const bucket = sql`CASE ${sql.join(
    [...inFlightBuckets].reverse().map((entry) => sql`WHEN p.at <= ${agedAt(entry.from)} THEN ${entry.bucket}`),
    sql` `,
  )} ELSE ${inFlightBuckets[0].bucket} END`;
  const groups = await db.rows<GroupRow>(sql`
    SELECT p.type, ${bucket} AS bucket, count(*) AS n, sum(p.amount)::bigint AS amount, min(p.at) AS oldest
      FROM (${pendingTransfers(siteId)}) p GROUP BY 1, 2`);
  const overdue = await db.rows<OverdueRow>(sql`
    SELECT p.transfer_id, p.type, p.member_id, a.login_id, p.amount, p.at, count(*) OVER () AS total
      FROM (${pendingTransfers(siteId)}) p LEFT JOIN accounts a ON a.id = p.member_id AND a.site_id = p.site_id
     WHERE p.at <= ${agedAt(alertMinutes * 60 + 1)}
     ORDER BY p.at, p.transfer_id LIMIT ${IN_FLIGHT_LISTED_MAX}`);
  const oldest = groups.reduce<number | null>((max, group) => Math.max(max ?? 0, ageSeconds(now, group.oldest)), null);
  return {
    siteId,
    alertMinutes,
    oldestSeconds: oldest,
    in: directionOf(groups, 'in'),
    out: directionOf(groups, 'out'),
    overdueCount: Number(overdue[0]?.total ?? 0),
    overdue: overdue.map((row) => ({
      transferId: row.transfer_id,
      direction: row.type,
      memberId: wireId(row.member_id),
      memberLogin: row.login_id ?? '',
      amount: formatCents(row.amount),
      since: iso(row.at),
      ageSeconds: ageSeconds(now, row.at),
    })),
  };
}
