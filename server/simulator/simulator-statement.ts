import { sql } from '../kernel/db/sql';
import { wireId } from '../kernel/db/ids';
import type { Queryable } from '../kernel/db/database';
import type { PlatformStatement, StatementWindow } from '../platform/game-platform';

/**
 * The simulator's statement of a site (docs/platform-api.md, "The statement"), from its books:
 * the bets are the feed's bet rows in their latest state (a `copy` a fault put on the feed is not
 * in the books; a row withheld from the feed is), the transfers its applied ids (one withheld by
 * a fault left out, one doubled listed twice), and each member's balance at the window's start
 * and cut-off: its wallet now less what moved since (a bet's stake at its bet time, what it paid
 * back at its settle time, a transfer at its time). Only what was published or applied since a
 * day before the window is read: the simulator publishes a bet at its bet time and settles it
 * within minutes.
 */

const LOOK_BACK = sql`interval '1 day'`;

/** The books' bets: each order id in the state of its latest row. */
const truthOf = (window: StatementWindow) => sql`
  SELECT DISTINCT ON (body->>'orderId') body->>'memberId' AS member_id, body->>'gameCode' AS game_code,
         (body->>'betTime')::timestamptz AS bet_time, (body->>'settleTime')::timestamptz AS settle_time,
         body->>'status' AS status, (body->>'bet')::bigint AS bet, (body->>'validBet')::bigint AS valid_bet,
         (body->>'winLoss')::bigint AS win_loss
    FROM platform_feed
   WHERE site_id = ${window.siteId} AND kind = 'bet' AND fault IS DISTINCT FROM 'copy'
     AND created_at >= ${window.from}::timestamptz - ${LOOK_BACK}
   ORDER BY body->>'orderId', seq DESC`;

/** The books' transfers: applied ones, a doubled one twice. */
const transfersOf = (window: StatementWindow) => sql`
  SELECT t.transfer_id, t.member_id, t.type, t.amount, t.created_at
    FROM platform_transfers t CROSS JOIN LATERAL generate_series(1, CASE t.fault WHEN 'doubled' THEN 2 ELSE 1 END) AS copies (n)
   WHERE t.site_id = ${window.siteId} AND t.state = 'applied' AND t.fault IS DISTINCT FROM 'withheld'
     AND t.created_at >= ${window.from}::timestamptz - ${LOOK_BACK}`;

interface BetGroupRow {
  member_id: string;
  game_code: string;
  count: bigint;
  bet: bigint;
  valid_bet: bigint;
  win_loss: bigint;
}
interface TransferRow {
  transfer_id: string;
  member_id: bigint;
  type: 'in' | 'out';
  amount: bigint;
  created_at: Date;
}
interface WalletRow {
  member_id: bigint;
  opening: bigint;
  closing: bigint;
}

async function walletsOf(db: Queryable, window: StatementWindow): Promise<WalletRow[]> {
  return db.rows<WalletRow>(sql`
    WITH truth AS (${truthOf(window)}), moved AS (
      SELECT member_id::bigint AS member_id, -bet AS delta, bet_time AS at FROM truth
      UNION ALL
      SELECT member_id::bigint, bet + win_loss, settle_time FROM truth WHERE status <> 'unsettled' AND settle_time IS NOT NULL
      UNION ALL
      SELECT member_id, CASE type WHEN 'in' THEN amount ELSE -amount END, created_at FROM (${transfersOf(window)}) t
    ), sums AS (
      SELECT member_id,
             COALESCE(sum(delta) FILTER (WHERE at >= ${window.to}), 0) AS after_to,
             COALESCE(sum(delta) FILTER (WHERE at >= ${window.from} AND at < ${window.to}), 0) AS within,
             count(*) FILTER (WHERE at >= ${window.from} AND at < ${window.to}) AS moves
        FROM moved GROUP BY member_id
    ), balances AS (
      SELECT COALESCE(w.member_id, s.member_id) AS member_id,
             COALESCE(w.balance, 0) - COALESCE(s.after_to, 0) AS closing, COALESCE(s.within, 0) AS within, COALESCE(s.moves, 0) AS moves
        FROM (SELECT member_id, balance FROM platform_wallets WHERE site_id = ${window.siteId}) w
        FULL JOIN sums s ON s.member_id = w.member_id
    )
    SELECT member_id, closing - within AS opening, closing FROM balances
     WHERE moves > 0 OR closing <> 0 OR closing - within <> 0
     ORDER BY member_id`);
}

export async function simulatorStatement(db: Queryable, window: StatementWindow): Promise<PlatformStatement> {
  const bets = await db.rows<BetGroupRow>(sql`
    WITH truth AS (${truthOf(window)})
    SELECT member_id, game_code, count(*) AS count, sum(bet) AS bet, sum(valid_bet) AS valid_bet, sum(win_loss) AS win_loss
      FROM truth WHERE bet_time >= ${window.from} AND bet_time < ${window.to}
     GROUP BY member_id, game_code ORDER BY member_id, game_code`);
  const transfers = await db.rows<TransferRow>(sql`
    SELECT * FROM (${transfersOf(window)}) t WHERE created_at >= ${window.from} AND created_at < ${window.to}
     ORDER BY created_at, transfer_id`);
  const wallets = await walletsOf(db, window);
  return {
    siteId: window.siteId,
    from: window.from,
    to: window.to,
    bets: bets.map((row) => ({
      memberId: row.member_id,
      gameCode: row.game_code,
      count: Number(row.count),
      bet: BigInt(row.bet),
      validBet: BigInt(row.valid_bet),
      winLoss: BigInt(row.win_loss),
    })),
    transfers: transfers.map((row) => ({
      transferId: row.transfer_id,
      memberId: wireId(row.member_id),
      type: row.type,
      amount: BigInt(row.amount),
      at: new Date(row.created_at),
    })),
    wallets: wallets.map((row) => ({ memberId: wireId(row.member_id), opening: BigInt(row.opening), closing: BigInt(row.closing) })),
  };
}
