import { sql } from 'drizzle-orm';
import { prepared, type Queryable } from '../db/database';

/** What recordWatchedBets reads of a bet. */
export interface WatchedBetFacts {
  orderId: string;
  memberId: string;
  status: string;
  bet: number;
  winLoss: number;
}

/**
 * Bets and wins of watched members at or above the site's thresholds (0: none), each raised once
 * whatever is read twice (sign-ins, score movements and status changes are raised by triggers,
 * migration 0035; bets here, in one statement per batch, so the ingest pays one round trip).
 */
export async function recordWatchedBets(db: Queryable, siteId: string, bets: readonly WatchedBetFacts[], now: Date): Promise<void> {
  if (bets.length === 0) return;
  const rows = JSON.stringify(bets.map((bet) => ({ m: bet.memberId, o: bet.orderId, b: bet.bet, w: bet.winLoss, s: bet.status })));
  await db.run(
    prepared(sql`
    INSERT INTO monitor_events (site_id, account_id, level, kind, amount, detail, ref, created_at)
    SELECT ${siteId}, a.id, a.level, k.kind, k.amount, i.o, k.kind || ':' || i.o, ${now.toISOString()}::timestamptz
      FROM json_to_recordset(${rows}::json) AS i (m bigint, o text, b bigint, w bigint, s text)
      JOIN accounts a ON a.id = i.m AND a.site_id = ${siteId} AND (a.monitored OR a.exception_marked)
      JOIN sites st ON st.id = ${siteId}
      CROSS JOIN LATERAL (VALUES ('bet', i.b, st.monitor_bet_cents), ('win', i.w, st.monitor_win_cents)) AS k (kind, amount, threshold)
     WHERE k.threshold > 0 AND k.amount >= k.threshold AND (k.kind = 'bet' OR i.s IN ('settled', 'resettled'))
    ON CONFLICT DO NOTHING`),
  );
}
