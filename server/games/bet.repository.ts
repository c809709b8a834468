import { pageQuery } from '../kernel/db/page-query';
import { wireId } from '../kernel/db/ids';
import { sql, type SQL } from '../kernel/db/sql';
import { formatCents } from '../../contract/amount.contract';
import type { BetStatus } from '../../contract/game.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';

/** A bets row as the database answers it (bet.store.ts writes them; points in cents). */
export interface BetRow {
  site_id: string;
  order_id: string;
  bet_time: Date | string;
  settle_time: Date | string | null;
  member_id: bigint;
  /** The member's path when the bet was stored: the lines above it find it by prefix. */
  line_path: string;
  game_code: string;
  game_type: 'live' | 'electronic';
  play_type: string;
  bet_code: string;
  game_id: string;
  game_name: string;
  round_no: string;
  transaction_id: string;
  status: BetStatus;
  bet: bigint;
  valid_bet: bigint;
  settle: bigint;
  win_loss: bigint;
  jackpot: bigint;
  jackpot_won: bigint;
  jackpot_rake: bigint;
  red_packet: bigint;
  /** Shares (p1-p4) and wash-code rates (a1-a4, m) of the line in hundredths of a percent, taken when the bet settles. */
  p1: number | null;
  p2: number | null;
  p3: number | null;
  p4: number | null;
  a1: number | null;
  a2: number | null;
  a3: number | null;
  a4: number | null;
  m: number | null;
  stored_at: Date | string;
}

/** A bet as the lists show it: the row and its member's login. */
type BetListRow = BetRow & { login_id: string };

const cents = (value: bigint | null) => formatCents(value ?? 0n);

export type BetFilters = Omit<ParamsOut<'gw.credit.bet.query'>, 'pageIndex' | 'pageSize'>;

/** Whose bets: a site and the path of the line (the caller's, or an account's of it). */
export interface BetScope {
  siteId: string;
  path: string;
}

function betFilter(scope: BetScope, params: BetFilters): SQL {
  const conditions = [
    sql`b.site_id = ${scope.siteId}`,
    sql`b.line_path LIKE ${`${scope.path}%`}`,
    sql`COALESCE(b.settle_time, b.bet_time) >= ${params.startTime}::timestamptz`,
    sql`COALESCE(b.settle_time, b.bet_time) < ${params.endTime}::timestamptz`,
  ];
  if (params.orderId !== undefined) conditions.push(sql`b.order_id = ${params.orderId}`);
  if (params.gameType !== undefined) conditions.push(sql`b.game_type = ${params.gameType}`);
  if (params.gameCode !== undefined) conditions.push(sql`b.game_code = ${params.gameCode}`);
  if (params.status !== undefined) conditions.push(sql`b.status = ${params.status}`);
  return sql.join(conditions, sql` AND `);
}

export const betOf = (row: BetListRow) => ({
  orderId: row.order_id,
  userId: wireId(row.member_id),
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

/** Count and sums of the bets a filter matches; a cancelled bet counts in no sum (its stake went back). */
export async function betTotals(db: Queryable, scope: BetScope, filters: BetFilters) {
  const totals = await db.one<{ total: number; bet: bigint | null; valid_bet: bigint | null; win_loss: bigint | null }>(sql`
    SELECT count(*)::int AS total,
           sum(b.bet) FILTER (WHERE b.status <> 'cancelled') AS bet,
           sum(b.valid_bet) FILTER (WHERE b.status <> 'cancelled') AS valid_bet,
           sum(b.win_loss) FILTER (WHERE b.status <> 'cancelled') AS win_loss
      FROM bets b WHERE ${betFilter(scope, filters)}`);
  return {
    total: totals!.total,
    sum: { bet: cents(totals!.bet), validBet: cents(totals!.valid_bet), winLoss: cents(totals!.win_loss) },
  };
}

const listed = (scope: BetScope, filters: BetFilters, after: SQL, limit: number) => sql`
  SELECT b.*, a.login_id, COALESCE(b.settle_time, b.bet_time) AS listed_at FROM bets b JOIN accounts a ON a.id = b.member_id
   WHERE ${betFilter(scope, filters)} ${after}
   ORDER BY COALESCE(b.settle_time, b.bet_time) DESC, b.order_id DESC
   LIMIT ${limit}`;

/** One page of the list, newest first (settlement time, or bet time while unsettled; then order number). */
export async function betPage(db: Queryable, scope: BetScope, filters: BetFilters, page: { pageIndex: number; pageSize: number }) {
  const rows = await db.rows<BetListRow>(
    sql`${listed(scope, filters, sql``, page.pageSize)} OFFSET ${(page.pageIndex - 1) * page.pageSize}`,
  );
  return rows.map(betOf);
}

/** Every bet of the list, a page at a time, each page after the last one's final row (exports). */
export async function* betPages(db: Queryable, scope: BetScope, filters: BetFilters, size: number) {
  let last: { listed_at: Date | string; order_id: string } | undefined;
  for (;;) {
    const after = last
      ? sql`AND (COALESCE(b.settle_time, b.bet_time), b.order_id) < (${iso(last.listed_at)}::timestamptz, ${last.order_id})`
      : sql``;
    const rows = await db.rows<BetListRow & { listed_at: Date | string }>(listed(scope, filters, after, size));
    if (rows.length === 0) return;
    yield rows.map(betOf);
    if (rows.length < size) return;
    last = rows.at(-1);
  }
}

export type OnsiteFilters = Omit<ParamsOut<'gw.credit.bet.onsite.query'>, 'pageIndex' | 'pageSize'>;

function onsiteFilter(scope: BetScope, filters: OnsiteFilters): SQL {
  const conditions = [sql`b.site_id = ${scope.siteId}`, sql`b.status = 'unsettled'`, sql`b.line_path LIKE ${`${scope.path}%`}`];
  if (filters.gameType !== undefined) conditions.push(sql`b.game_type = ${filters.gameType}`);
  if (filters.gameCode !== undefined) conditions.push(sql`b.game_code = ${filters.gameCode}`);
  return sql.join(conditions, sql` AND `);
}

/** The unsettled bets of a line: a page, newest first, the count and stakes in all and per game. */
export async function onsiteBets(db: Queryable, scope: BetScope, filters: OnsiteFilters, page: { pageIndex: number; pageSize: number }) {
  const where = onsiteFilter(scope, filters);
  const byGame = await db.rows<{ game_code: string; game_type: 'live' | 'electronic'; game_name: string; count: number; bet: bigint }>(sql`
    SELECT b.game_code, min(b.game_type) AS game_type, min(b.game_name) AS game_name, count(*)::int AS count, sum(b.bet) AS bet
      FROM bets b WHERE ${where} GROUP BY b.game_code ORDER BY sum(b.bet) DESC, b.game_code`);
  const rows = await db.rows<BetListRow>(sql`
    SELECT b.*, a.login_id FROM bets b JOIN accounts a ON a.id = b.member_id WHERE ${where}
     ORDER BY b.bet_time DESC, b.order_id DESC
     ${pageQuery(page)}`);
  return {
    total: byGame.reduce((sum, game) => sum + game.count, 0),
    sum: { bet: cents(byGame.reduce((sum, game) => sum + game.bet, 0n)) },
    byGame: byGame.map((game) => ({
      gameCode: game.game_code,
      gameType: game.game_type,
      gameName: game.game_name,
      count: game.count,
      bet: cents(game.bet),
    })),
    list: rows.map(betOf),
  };
}
