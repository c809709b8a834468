import { sql, type SQL } from '../kernel/db/sql';

/**
 * Bets and wins of watched members at or above the site's thresholds (0: none), each raised once
 * whatever is read twice (sign-ins, score movements and status changes are raised by triggers,
 * migration 0035). An INSERT for the statement that stores a batch of bets (storeBets), so the
 * ingest pays nothing more than the rows it raises: `bets` is a FROM item named `i` with the
 * bets' member_id, order_id, status, bet and win_loss, and `watched` (its member is monitored or
 * exception-marked, as the snapshot read it): only those rows look anything up.
 */
export const raiseWatchedBets = (siteId: string, bets: SQL, now: Date) => sql`
    INSERT INTO monitor_events (site_id, account_id, level, kind, amount, detail, ref, created_at)
    SELECT ${siteId}, a.id, a.level, k.kind, k.amount, i.order_id, k.kind || ':' || i.order_id, ${now.toISOString()}::timestamptz
      FROM ${bets}
      JOIN accounts a ON a.id = i.member_id AND a.site_id = ${siteId}
      JOIN sites st ON st.id = ${siteId}
      CROSS JOIN LATERAL (VALUES ('bet', i.bet, st.monitor_bet_cents), ('win', i.win_loss, st.monitor_win_cents)) AS k (kind, amount, threshold)
     WHERE i.watched AND k.threshold > 0 AND k.amount >= k.threshold AND (k.kind = 'bet' OR i.status IN ('settled', 'resettled'))
    ON CONFLICT DO NOTHING`;
