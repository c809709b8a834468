import { sql, type SQL } from 'drizzle-orm';
import { formatCents } from '../../contract/amount.contract';
import type { BetStatus } from '../../contract/game.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import { accountInLine, accountOfLine } from '../accounts/line-access';
import { iso } from '../db/timestamps';
import type { CallContext } from '../rpc/dispatcher';
import { defineHandlers } from '../rpc/handler';

type DbInt = string | number | bigint;

interface BetRow {
  order_id: string;
  member_id: DbInt;
  login_id: string;
  bet_time: Date | string;
  settle_time: Date | string | null;
  game_code: string;
  game_type: 'live' | 'electronic';
  play_type: string;
  bet_code: string;
  game_id: string;
  game_name: string;
  round_no: string;
  transaction_id: string;
  status: BetStatus;
  bet: DbInt;
  valid_bet: DbInt;
  settle: DbInt;
  win_loss: DbInt;
  jackpot: DbInt;
  jackpot_won: DbInt;
  jackpot_rake: DbInt;
  red_packet: DbInt;
}

const cents = (value: DbInt | null) => formatCents(BigInt(value ?? 0));

/** The line whose bets are asked for: the caller's, or (userId) an account's of the caller's line. */
async function linePath(ctx: CallContext, userId: string | undefined): Promise<string> {
  return userId === undefined ? (await accountOfLine(ctx)).path : (await accountInLine(ctx, userId)).path;
}

function betFilter(ctx: CallContext, path: string, params: ParamsOut<'gw.credit.bet.query'>): SQL {
  const conditions = [
    sql`b.site_id = ${ctx.site.id}`,
    sql`b.line_path LIKE ${`${path}%`}`,
    sql`COALESCE(b.settle_time, b.bet_time) >= ${params.startTime}::timestamptz`,
    sql`COALESCE(b.settle_time, b.bet_time) < ${params.endTime}::timestamptz`,
  ];
  if (params.orderId !== undefined) conditions.push(sql`b.order_id = ${params.orderId}`);
  if (params.gameType !== undefined) conditions.push(sql`b.game_type = ${params.gameType}`);
  if (params.gameCode !== undefined) conditions.push(sql`b.game_code = ${params.gameCode}`);
  if (params.status !== undefined) conditions.push(sql`b.status = ${params.status}`);
  return sql.join(conditions, sql` AND `);
}

const betOf = (row: BetRow) => ({
  orderId: row.order_id,
  userId: String(row.member_id),
  loginId: row.login_id,
  betTime: iso(row.bet_time),
  settleTime: row.settle_time === null ? null : iso(row.settle_time),
  gameCode: row.game_code,
  gameType: row.game_type,
  playType: row.play_type,
  bet: cents(row.bet),
  validBet: cents(row.valid_bet),
  settle: cents(row.settle),
  winLoss: cents(row.win_loss),
  status: row.status,
  betCode: row.bet_code,
  transactionId: row.transaction_id,
  gameId: row.game_id,
  gameName: row.game_name,
  round: row.round_no,
  jackpot: cents(row.jackpot),
  jackpotWon: cents(row.jackpot_won),
  jackpotRake: cents(row.jackpot_rake),
  redPacket: cents(row.red_packet),
});

export const betHandlers = defineHandlers({
  'gw.credit.bet.query': async (ctx, params) => {
    const where = betFilter(ctx, await linePath(ctx, params.userId), params);
    // A cancelled bet counts in no sum: its stake went back.
    const totals = await ctx.db.one<{ total: DbInt; bet: DbInt | null; valid_bet: DbInt | null; win_loss: DbInt | null }>(sql`
      SELECT count(*) AS total,
             sum(b.bet) FILTER (WHERE b.status <> 'cancelled') AS bet,
             sum(b.valid_bet) FILTER (WHERE b.status <> 'cancelled') AS valid_bet,
             sum(b.win_loss) FILTER (WHERE b.status <> 'cancelled') AS win_loss
        FROM bets b WHERE ${where}`);
    const rows = await ctx.db.rows<BetRow>(sql`
      SELECT b.*, a.login_id FROM bets b JOIN accounts a ON a.id = b.member_id
       WHERE ${where}
       ORDER BY COALESCE(b.settle_time, b.bet_time) DESC, b.order_id DESC
       LIMIT ${params.pageSize} OFFSET ${(params.pageIndex - 1) * params.pageSize}`);
    return {
      total: Number(totals!.total),
      sum: { bet: cents(totals!.bet), validBet: cents(totals!.valid_bet), winLoss: cents(totals!.win_loss) },
      list: rows.map(betOf),
    };
  },
});
