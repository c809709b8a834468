import { sql, type SQL } from '../kernel/db/sql';
import { centsOfBasisPoints, divideRounded, formatCents } from '../../contract/amount.contract';
import { beijingDayOf } from '../../contract/beijing-time.contract';
import type { ReportNumbers } from '../../contract/report.contract';
import type { Queryable } from '../kernel/db/database';
import { beijingDay } from '../rollups/rollup.sql';
import { idArray, wireId } from '../kernel/db/ids';

/** A report's filter: whole Beijing days [from, to) as dates, and optionally a game type or a game. */
export interface ReportRange {
  startTime: string;
  endTime: string;
  gameType?: string;
  gameCode?: string;
}

/** The Beijing date a day boundary opens ("2026-11-20" for 2026-11-19T16:00:00Z). */
const beijingDate = (time: string) => beijingDayOf(new Date(time)).date;

const inRange = (range: ReportRange) =>
  sql.join(
    [
      sql`r.day >= ${beijingDate(range.startTime)}::date`,
      sql`r.day < ${beijingDate(range.endTime)}::date`,
      ...(range.gameType === undefined ? [] : [sql`r.game_type = ${range.gameType}`]),
      ...(range.gameCode === undefined ? [] : [sql`r.game_code = ${range.gameCode}`]),
    ],
    sql` AND `,
  );

/** The measures of rollup rows, summed (migration 0028). */
interface Sums {
  bets: bigint;
  bet_amount: bigint;
  valid_bet: bigint;
  win_loss: bigint;
  rebate: bigint;
  line_keeps: bigint;
  company: bigint;
  share_valid: bigint;
  to_company_bets: bigint;
}
const MEASURES = [
  'bets',
  'bet_amount',
  'valid_bet',
  'win_loss',
  'rebate',
  'line_keeps',
  'company',
  'share_valid',
  'to_company_bets',
] as const satisfies readonly (keyof Sums)[];

const edgeSums = sql.raw(MEASURES.map((m) => `COALESCE(sum(r.${m}), 0) AS ${m}`).join(', '));
// Below a member nobody keeps anything and its share is 0: every bet goes to the company's side.
const memberMeasures = sql.raw(
  MEASURES.map((m) =>
    m === 'line_keeps' || m === 'share_valid'
      ? `0::bigint AS ${m}`
      : m === 'to_company_bets'
        ? `COALESCE(sum(r.bets), 0) AS ${m}`
        : `COALESCE(sum(r.${m}), 0) AS ${m}`,
  ).join(', '),
);

const zero: Sums = Object.fromEntries(MEASURES.map((m) => [m, 0n])) as unknown as Sums;
const addSums = (a: Sums, b: Sums): Sums => Object.fromEntries(MEASURES.map((m) => [m, a[m] + b[m]])) as unknown as Sums;

const percent = (numerator: bigint, denominator: bigint) =>
  denominator === 0n ? 0 : Number(divideRounded(numerator * 10_000n, denominator)) / 100;

/** A row's numbers from its sums (docs/product.md#report-rows). */
export function reportNumbers(sums: Sums): ReportNumbers {
  const valid = sums.valid_bet;
  const winLoss = sums.win_loss;
  const rebate = sums.rebate;
  const shareValid = sums.share_valid;
  return {
    bets: Number(sums.bets),
    betAmount: formatCents(sums.bet_amount),
    validAmount: formatCents(valid),
    valueWonLose: formatCents(winLoss),
    betRebate: formatCents(rebate),
    // share_valid is V*p with p in hundredths of a percent.
    agentRate: percent(shareValid, valid * 10_000n),
    agentToCompany: formatCents(-(winLoss + rebate + sums.line_keeps)),
    toCompanyBetValue: formatCents(centsOfBasisPoints(valid * 10_000n - shareValid)),
    toCompanyBets: Number(sums.to_company_bets),
    companyProfitRate: percent(sums.company, valid),
  };
}

export interface AccountSums {
  id: bigint;
  login_id: string;
  level: number;
  sums: Sums;
}

/** A row's measures, apart from whatever else the query answered. */
const sumsOf = (row: Sums): Sums => Object.fromEntries(MEASURES.map((m) => [m, row[m]])) as unknown as Sums;

/** The two rollups, each with the account a row belongs to and how its measures are summed. */
const ROLLUPS = {
  edges: { table: sql`report_edge_days`, account: sql`r.child_id`, measures: edgeSums },
  members: { table: sql`report_member_days`, account: sql`r.member_id`, measures: memberMeasures },
};
type Rollup = (typeof ROLLUPS)[keyof typeof ROLLUPS];

/** Per account of a rollup's rows below an agent, with bets settled in the range, by login name. */
async function sumsPerAccount(db: Queryable, rollup: Rollup, siteId: string, agentId: string, range: ReportRange): Promise<AccountSums[]> {
  const rows = await db.rows<Sums & { id: bigint; login_id: string; level: number }>(sql`
    SELECT ${rollup.account} AS id, a.login_id, a.level, ${rollup.measures}
      FROM ${rollup.table} r JOIN accounts a ON a.id = ${rollup.account}
     WHERE r.site_id = ${siteId} AND r.agent_id = ${agentId} AND ${inRange(range)}
     GROUP BY ${rollup.account}, a.login_id, a.level
    HAVING sum(r.bets) <> 0
     ORDER BY a.login_id`);
  return rows.map((row) => ({ id: row.id, login_id: row.login_id, level: Number(row.level), sums: sumsOf(row) }));
}

/** The direct children of an agent (levels 0-3) with bets settled in the range, by login name. */
export const childSums = (db: Queryable, siteId: string, agentId: string, range: ReportRange) =>
  sumsPerAccount(db, ROLLUPS.edges, siteId, agentId, range);

/** The members of a level-4 agent with bets settled in the range, by login name. */
export const memberSums = (db: Queryable, siteId: string, agentId: string, range: ReportRange) =>
  sumsPerAccount(db, ROLLUPS.members, siteId, agentId, range);

export const totalOf = (rows: readonly AccountSums[]) => rows.reduce((total, row) => addSums(total, row.sums), zero);

/**
 * What an account keeps itself of the bets under it over the range: the company its part; an
 * agent what its line keeps (its row in its parent's report) less what its children's lines keep.
 */
export async function ownResult(
  db: Queryable,
  siteId: string,
  account: { id: string; level: number },
  children: readonly AccountSums[],
  range: ReportRange,
): Promise<bigint> {
  const total = totalOf(children);
  if (account.level === 0) return total.company;
  const row = await db.one<{ line_keeps: bigint }>(sql`
    SELECT COALESCE(sum(r.line_keeps), 0) AS line_keeps FROM report_edge_days r
     WHERE r.site_id = ${siteId} AND r.child_id = ${account.id} AND ${inRange(range)}`);
  return row!.line_keeps - total.line_keeps;
}

/** Per Beijing day: the totals below an agent (its children's edges, or a level-4 agent's members), or a member's own. */
export async function dailySums(
  db: Queryable,
  siteId: string,
  account: { id: string; level: number },
  range: ReportRange,
): Promise<{ day: string; sums: Sums }[]> {
  const rollup = account.level >= 4 ? ROLLUPS.members : ROLLUPS.edges;
  const whose = account.level === 5 ? sql`r.member_id` : sql`r.agent_id`;
  const rows = await db.rows<Sums & { day: string }>(sql`
    SELECT to_char(r.day, 'YYYY-MM-DD') AS day, ${rollup.measures} FROM ${rollup.table} r
     WHERE r.site_id = ${siteId} AND ${whose} = ${account.id} AND ${inRange(range)}
     GROUP BY r.day HAVING sum(r.bets) <> 0 ORDER BY r.day`);
  return rows.map((row) => ({ day: row.day, sums: sumsOf(row) }));
}

/** One member's sums over the range. */
export async function memberOwnSums(db: Queryable, siteId: string, memberId: string, range: ReportRange): Promise<Sums> {
  return (await db.one<Sums>(sql`SELECT ${memberMeasures} FROM report_member_days r
    WHERE r.site_id = ${siteId} AND r.member_id = ${memberId} AND ${inRange(range)}`))!;
}

const leaderboardOrder: Record<'win' | 'loss' | 'validBet' | 'bets', SQL> = {
  win: sql`sum(r.win_loss) DESC`,
  loss: sql`sum(r.win_loss) ASC`,
  validBet: sql`sum(r.valid_bet) DESC`,
  bets: sql`sum(r.bets) DESC`,
};

/** Who may be ranked: the biggest winners are members who won, the biggest losers members who lost. */
const leaderboardRanked: Record<keyof typeof leaderboardOrder, SQL> = {
  win: sql` AND sum(r.win_loss) > 0`,
  loss: sql` AND sum(r.win_loss) < 0`,
  validBet: sql``,
  bets: sql``,
};

/**
 * The members of a line (its path) ranked over the range from the member rollups; ties by login
 * name. A member with no settled bet in the range is not ranked, nor a loser among the winners
 * (or a winner among the losers).
 */
export async function leaderboard(
  db: Queryable,
  siteId: string,
  linePath: string,
  range: ReportRange,
  by: keyof typeof leaderboardOrder,
  limit: number,
) {
  return db.rows<{
    id: bigint;
    login_id: string;
    agent_login_id: string;
    bets: bigint;
    bet_amount: bigint;
    valid_bet: bigint;
    win_loss: bigint;
  }>(sql`
    SELECT r.member_id AS id, m.login_id, g.login_id AS agent_login_id, sum(r.bets) AS bets, sum(r.bet_amount) AS bet_amount,
           sum(r.valid_bet) AS valid_bet, sum(r.win_loss) AS win_loss
      FROM report_member_days r
      JOIN accounts m ON m.id = r.member_id
      JOIN accounts g ON g.id = r.agent_id
     WHERE r.site_id = ${siteId} AND m.path LIKE ${`${linePath}%`} AND ${inRange(range)}
     GROUP BY r.member_id, m.login_id, g.login_id
    HAVING sum(r.bets) <> 0${leaderboardRanked[by]}
     ORDER BY ${leaderboardOrder[by]}, m.login_id
     LIMIT ${limit}`);
}

export interface TradingSums {
  id: bigint;
  login_id: string;
  level: number;
  up: bigint;
  up_count: number;
  down: bigint;
  down_count: number;
  transfer_in: bigint;
  in_count: number;
  transfer_out: bigint;
  out_count: number;
}

/**
 * The point movements of each direct child's line of an account over [start, end): read from the
 * score log by time (its site-time index), each movement put on the child whose line holds its
 * account (the path's element below the parent). Transfers count once done; the out that returns
 * a reversed in counts in neither.
 */
export async function tradingSums(
  db: Queryable,
  siteId: string,
  parent: { path: string; level: number },
  range: { startTime: string; endTime: string },
): Promise<TradingSums[]> {
  const childAt = parent.level + 2;
  const sum = (type: string) => sql.raw(`COALESCE(sum(l.amount) FILTER (WHERE l.type = '${type}'), 0)`);
  const count = (type: string) => sql.raw(`(count(*) FILTER (WHERE l.type = '${type}'))::int`);
  return db.rows<TradingSums>(sql`
    SELECT c.id, c.login_id, c.level, m.up, m.up_count, m.down, m.down_count, m.transfer_in, m.in_count, m.transfer_out, m.out_count
      FROM (SELECT split_part(trim(BOTH '/' FROM t.path), '/', ${childAt}::int)::bigint AS child_id,
                   ${sum('up')} AS up, ${count('up')} AS up_count, ${sum('down')} AS down, ${count('down')} AS down_count,
                   ${sum('in')} AS transfer_in, ${count('in')} AS in_count, ${sum('out')} AS transfer_out, ${count('out')} AS out_count
              FROM score_log l JOIN accounts t ON t.id = l.target_account_id
             WHERE l.site_id = ${siteId} AND l.created_at >= ${range.startTime}::timestamptz AND l.created_at < ${range.endTime}::timestamptz
               AND l.type <> 'issue' AND l.state = 'done' AND l.reversal_of IS NULL
               AND t.path LIKE ${`${parent.path}%`} AND t.path <> ${parent.path}
             GROUP BY 1) m
      JOIN accounts c ON c.id = m.child_id
     ORDER BY c.login_id`);
}

/** What a direct child's line did, summed: its bets, valid bet, members' win/loss and what it handed up. */
export interface BillSums {
  bets: bigint;
  validBet: bigint;
  winLoss: bigint;
  agentToCompany: bigint;
}
type BillRow = { child_id: bigint; bets: bigint; valid_bet: bigint; win_loss: bigint; agent_to_company: bigint };
const billSums = (row: BillRow): BillSums => ({
  bets: row.bets,
  validBet: row.valid_bet,
  winLoss: row.win_loss,
  agentToCompany: row.agent_to_company,
});
export const minusBill = (a: BillSums, b: BillSums): BillSums => ({
  bets: a.bets - b.bets,
  validBet: a.validBet - b.validBet,
  winLoss: a.winLoss - b.winLoss,
  agentToCompany: a.agentToCompany - b.agentToCompany,
});
export const NO_BILL: BillSums = { bets: 0n, validBet: 0n, winLoss: 0n, agentToCompany: 0n };

/**
 * Everything the rollups hold for an agent's direct children (all of them, or one), on the days
 * before `beforeDay` ("YYYY-MM-DD") or all days: per child.
 */
export async function billSumsOfChildren(
  db: Queryable,
  siteId: string,
  agentId: string,
  options: { childId?: string; beforeDay?: string } = {},
): Promise<Map<string, BillSums>> {
  const rows = await db.rows<BillRow>(sql`
    SELECT r.child_id, sum(r.bets) AS bets, sum(r.valid_bet) AS valid_bet, sum(r.win_loss) AS win_loss,
           -sum(r.win_loss + r.rebate + r.line_keeps) AS agent_to_company
      FROM report_edge_days r
     WHERE r.site_id = ${siteId} AND r.agent_id = ${agentId}
       ${options.childId === undefined ? sql`` : sql`AND r.child_id = ${options.childId}`}
       ${options.beforeDay === undefined ? sql`` : sql`AND r.day < ${options.beforeDay}::date`}
     GROUP BY r.child_id`);
  return new Map(rows.map((row) => [wireId(row.child_id), billSums(row)]));
}

/** The first and last Beijing day ('YYYY-MM-DD') of the rollups a bill period sums; null when none. */
export interface BillDays {
  firstDay: string | null;
  lastDay: string | null;
}
export const NO_DAYS: BillDays = { firstDay: null, lastDay: null };

/**
 * The days each period of an agent's direct children holds: a close keeps the rollup days before
 * its own Beijing day less every earlier period, so a closed period holds the days from the day
 * the period before it closed (or the first) up to the day before its close, and the open period
 * the days from its last close on. Per closed settlement id, and per child id for the open period.
 */
export async function billDaysOfChildren(
  db: Queryable,
  siteId: string,
  agentId: string,
  childIds: readonly string[],
): Promise<{ closed: Map<string, BillDays>; open: Map<string, BillDays> }> {
  if (childIds.length === 0) return { closed: new Map(), open: new Map() };
  const rows = await db.rows<{ child_id: bigint; settlement_id: bigint | null; first_day: string; last_day: string }>(sql`
    WITH closes AS (
      SELECT s.account_id, s.id, ${beijingDay(sql`s.period_end`)} AS end_day,
             lag(${beijingDay(sql`s.period_end`)}) OVER (PARTITION BY s.account_id ORDER BY s.period_end, s.id) AS from_day
        FROM settlements s WHERE s.account_id = ANY (${idArray(childIds)})),
    periods AS (
      SELECT account_id, id, from_day, end_day FROM closes
      UNION ALL
      SELECT account_id, NULL, max(end_day), NULL FROM closes GROUP BY account_id)
    SELECT r.child_id, p.id AS settlement_id, to_char(min(r.day), 'YYYY-MM-DD') AS first_day,
           to_char(max(r.day), 'YYYY-MM-DD') AS last_day
      FROM report_edge_days r
      LEFT JOIN periods p ON p.account_id = r.child_id
       AND (p.from_day IS NULL OR r.day >= p.from_day) AND (p.end_day IS NULL OR r.day < p.end_day)
     WHERE r.site_id = ${siteId} AND r.agent_id = ${agentId} AND r.child_id = ANY (${idArray(childIds)})
     GROUP BY r.child_id, p.id`);
  const closed = new Map<string, BillDays>();
  const open = new Map<string, BillDays>();
  for (const row of rows) {
    const days = { firstDay: row.first_day, lastDay: row.last_day };
    if (row.settlement_id === null) open.set(wireId(row.child_id), days);
    else closed.set(wireId(row.settlement_id), days);
  }
  return { closed, open };
}

/** What the closed periods of accounts kept, summed per account. */
export async function closedBillSums(db: Queryable, accountIds: readonly string[]): Promise<Map<string, BillSums>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.rows<BillRow>(sql`
    SELECT account_id AS child_id, sum(bets) AS bets, sum(valid_bet) AS valid_bet, sum(win_loss) AS win_loss,
           sum(agent_to_company) AS agent_to_company
      FROM settlements WHERE account_id = ANY (${idArray(accountIds)}) GROUP BY account_id`);
  return new Map(rows.map((row) => [wireId(row.child_id), billSums(row)]));
}
