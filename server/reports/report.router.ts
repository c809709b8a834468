import { billMethods, leaderboardMethods, reportMethods, tradingMethods } from '../../contract/report.contract';
import { isMemberLevel } from '../../contract/account-fields.contract';
import { formatCents } from '../../contract/amount.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { beijingDayOf } from '../../contract/beijing-time.contract';
import type { AccountRow } from '../tree/account.repository';
import { accountOfLine } from '../tree/line-access';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';
import type { CallContext } from '../kernel/call-context';
import { sql } from '../kernel/db/sql';
import { defineRouter } from '../kernel/handler';
import type { ParamsOut } from '../../contract/methods.contract';
import { RpcError } from '../kernel/rpc-error';
import type { SettlementRow } from './settlement.repository';
import { drainRollups } from './rollup-drain';
import { completeTo } from './complete-to.repository';
import {
  billDaysOfChildren,
  billSumsOfChildren,
  childSums,
  closedBillSums,
  dailySums,
  leaderboard,
  memberOwnSums,
  memberSums,
  minusBill,
  NO_BILL,
  NO_DAYS,
  ownResult,
  reportNumbers,
  totalOf,
  tradingSums,
  type AccountSums,
  type BillSums,
  type ReportRange,
} from './report.repository';
import { idArray, wireId } from '../kernel/db/ids';

const rowOf = (row: AccountSums) => ({ userId: wireId(row.id), loginId: row.login_id, level: row.level, ...reportNumbers(row.sums) });

/** The account a report is about: the caller, or one of its line (20002 otherwise); `rule` names what it must be. */
async function subject(ctx: CallContext, userId: string | undefined, field: string, accepts: (level: number) => boolean, rule: string) {
  const account = await accountOfLine(ctx, userId);
  if (!accepts(account.level)) throw new RpcError(ErrorCode.invalidParams, { field, rule });
  return { id: wireId(account.id), loginId: account.login_id, level: account.level };
}

async function listReport(
  ctx: CallContext,
  db: Queryable,
  account: { id: string; loginId: string; level: number },
  rows: AccountSums[],
  range: ReportRange,
) {
  const own = await ownResult(db, ctx.site.id, account, rows, range);
  return {
    list: rows.map(rowOf),
    total: reportNumbers(totalOf(rows)),
    own: { userId: account.id, loginId: account.loginId, level: account.level, result: formatCents(own) },
    completeTo: await completeTo(ctx.db, ctx.site.id),
  };
}

/** The database the rollups are read from, once the queued bets are drained into them. */
type Rollups = (ctx: CallContext) => Promise<Queryable>;

async function agentListTotalReport(
  ctx: CallContext,
  { parentId, ...range }: ParamsOut<'gw.credit.agent.list.total.report'>,
  rollups: Rollups,
) {
  const account = await subject(ctx, parentId, 'parentId', (level) => !isMemberLevel(level), 'not-an-agent');
  const db = await rollups(ctx);
  return listReport(ctx, db, account, await childSums(db, ctx.site.id, account.id, range), range);
}

async function playerListTotalReport(
  ctx: CallContext,
  { agentId, ...range }: ParamsOut<'gw.credit.player.list.total.report'>,
  rollups: Rollups,
) {
  const account = await subject(ctx, agentId, 'agentId', (level) => level === 4, 'not-a-level-4-agent');
  const db = await rollups(ctx);
  return listReport(ctx, db, account, await memberSums(db, ctx.site.id, account.id, range), range);
}

async function agentDailyReport(ctx: CallContext, { userId, ...range }: ParamsOut<'gw.credit.agent.daily.report'>, rollups: Rollups) {
  const account = await subject(ctx, userId, 'userId', (level) => !isMemberLevel(level), 'not-an-agent');
  const days = await dailySums(await rollups(ctx), ctx.site.id, account, range);
  return { list: days.map((day) => ({ day: day.day, ...reportNumbers(day.sums) })), completeTo: await completeTo(ctx.db, ctx.site.id) };
}

async function playerDailyReport(ctx: CallContext, { userId, ...range }: ParamsOut<'gw.credit.player.daily.report'>, rollups: Rollups) {
  const account = await subject(ctx, userId, 'userId', isMemberLevel, 'not-a-member');
  const days = await dailySums(await rollups(ctx), ctx.site.id, account, range);
  return { list: days.map((day) => ({ day: day.day, ...reportNumbers(day.sums) })), completeTo: await completeTo(ctx.db, ctx.site.id) };
}

async function leaderboardQuery(
  ctx: CallContext,
  { userId, by, limit, ...range }: ParamsOut<'gw.credit.leaderboard.query'>,
  rollups: Rollups,
) {
  const line = await accountOfLine(ctx, userId);
  const rows = await leaderboard(await rollups(ctx), ctx.site.id, line.path, range, by, limit);
  return {
    list: rows.map((row, index) => ({
      rank: index + 1,
      userId: wireId(row.id),
      loginId: row.login_id,
      agentLoginId: row.agent_login_id,
      bets: Number(row.bets),
      betAmount: formatCents(row.bet_amount),
      validAmount: formatCents(row.valid_bet),
      valueWonLose: formatCents(row.win_loss),
    })),
  };
}

async function tradingReport(ctx: CallContext, { parentId, ...range }: ParamsOut<'gw.credit.trading.report'>, rollups: Rollups) {
  const parent = await accountOfLine(ctx, parentId);
  if (isMemberLevel(parent.level)) throw new RpcError(ErrorCode.invalidParams, { field: 'parentId', rule: 'not-an-agent' });
  const rows = await tradingSums(await rollups(ctx), ctx.site.id, { path: parent.path, level: parent.level }, range);
  const sumOf = (key: 'up' | 'down' | 'transfer_in' | 'transfer_out') => formatCents(rows.reduce((sum, row) => sum + row[key], 0n));
  const countOf = (key: 'up_count' | 'down_count' | 'in_count' | 'out_count') => rows.reduce((sum, row) => sum + row[key], 0);
  return {
    list: rows.map((row) => ({
      userId: wireId(row.id),
      loginId: row.login_id,
      level: Number(row.level),
      up: formatCents(row.up),
      upCount: row.up_count,
      down: formatCents(row.down),
      downCount: row.down_count,
      transferIn: formatCents(row.transfer_in),
      inCount: row.in_count,
      transferOut: formatCents(row.transfer_out),
      outCount: row.out_count,
    })),
    total: {
      up: sumOf('up'),
      upCount: countOf('up_count'),
      down: sumOf('down'),
      downCount: countOf('down_count'),
      transferIn: sumOf('transfer_in'),
      inCount: countOf('in_count'),
      transferOut: sumOf('transfer_out'),
      outCount: countOf('out_count'),
    },
  };
}

type BillChild = Pick<AccountRow, 'id' | 'login_id' | 'level' | 'created_at'>;

type BillPeriod = Pick<
  SettlementRow,
  'account_id' | 'id' | 'period_start' | 'period_end' | 'bets' | 'valid_bet' | 'win_loss' | 'agent_to_company'
> & { newest: bigint };

/** What a bill reads of an account's direct children: the rows themselves, their sums (all, closed), their periods' days, their last 12 periods. */
async function billFacts(ctx: CallContext, accountId: string) {
  const children = await ctx.db.rows<BillChild>(
    sql`SELECT id, login_id, level, created_at FROM accounts WHERE site_id = ${ctx.site.id} AND parent_id = ${accountId} AND kind = 'tree'
        ORDER BY login_id`,
  );
  const ids = children.map((child) => wireId(child.id));
  await drainRollups(ctx.db);
  const all = await billSumsOfChildren(ctx.db, ctx.site.id, accountId);
  const closedSums = await closedBillSums(ctx.db, ids);
  // A period is labelled by the days it holds: its start and end instants are close times.
  const days = await billDaysOfChildren(ctx.db, ctx.site.id, accountId, ids);
  const periods = await ctx.db
    .rows<BillPeriod>(sql`SELECT * FROM (SELECT s.account_id, s.id, s.period_start, s.period_end, s.bets, s.valid_bet, s.win_loss, s.agent_to_company,
             row_number() OVER (PARTITION BY s.account_id ORDER BY s.period_end DESC, s.id DESC) AS newest
        FROM settlements s WHERE s.account_id = ANY (${idArray(ids)})) p WHERE p.newest <= 12
      ORDER BY p.account_id, p.newest`);
  return { children, all, closedSums, days, periods };
}

const billNumbers = (sums: BillSums) => ({
  bets: Number(sums.bets),
  validAmount: formatCents(sums.validBet),
  valueWonLose: formatCents(sums.winLoss),
  agentToCompany: formatCents(sums.agentToCompany),
});

/** One child's line of the bill: its open period and its closed ones, newest first. */
function billLineOf(ctx: CallContext, child: BillChild, facts: Awaited<ReturnType<typeof billFacts>>) {
  const { all, closedSums, days, periods } = facts;
  const id = wireId(child.id);
  const own = periods.filter((period) => wireId(period.account_id) === id);
  const open = minusBill(all.get(id) ?? NO_BILL, closedSums.get(id) ?? NO_BILL);
  const lastEnd = own[0] ? new Date(own[0].period_end).getTime() : null;
  return {
    userId: id,
    loginId: child.login_id,
    level: Number(child.level),
    open: {
      periodStart: iso(own[0]?.period_end ?? child.created_at),
      // The close's own rule (points.handlers.ts): a period already ends at today's start.
      closedToday: lastEnd !== null && lastEnd >= beijingDayOf(ctx.now).start,
      ...billNumbers(open),
      ...(days.open.get(id) ?? NO_DAYS),
    },
    closed: own.map((period) => ({
      settlementId: wireId(period.id),
      periodStart: iso(period.period_start),
      periodEnd: iso(period.period_end),
      bets: Number(period.bets),
      validAmount: formatCents(period.valid_bet),
      valueWonLose: formatCents(period.win_loss),
      agentToCompany: formatCents(period.agent_to_company),
      ...(days.closed.get(wireId(period.id)) ?? NO_DAYS),
    })),
  };
}

async function billQuery(ctx: CallContext, { userId }: ParamsOut<'gw.credit.bill.query'>) {
  // Settlements live on the main database: the bill reads it there, rollups included, so the two agree.
  const account = await subject(ctx, userId, 'userId', (level) => level <= 3, 'not-above-agents');
  const facts = await billFacts(ctx, account.id);
  return { list: facts.children.map((child) => billLineOf(ctx, child, facts)) };
}

async function playerSummaryReport(ctx: CallContext, { userId, ...range }: ParamsOut<'gw.credit.player.summary.report'>, rollups: Rollups) {
  const account = await subject(ctx, userId, 'userId', isMemberLevel, 'not-a-member');
  const sums = await memberOwnSums(await rollups(ctx), ctx.site.id, account.id, range);
  return { userId: account.id, loginId: account.loginId, level: account.level, ...reportNumbers(sums) };
}

/** The report namespace: the win/loss lists, the bill, the leaderboard and the trading report. */
const reportGroup = { ...reportMethods, ...billMethods, ...leaderboardMethods, ...tradingMethods };

/**
 * The report methods. They read the rollups from `reportDb` when given (its own connection,
 * a replica: nothing is written there), the call's database otherwise; the caller's line is
 * checked on the call's database. The bets queued for the rollups are drained first on the
 * call's database, so a report counts every bet stored before it was asked.
 */
export const reportRouter = (reportDb?: Queryable) => {
  const rollups: Rollups = async (ctx) => {
    await drainRollups(ctx.db);
    return reportDb ?? ctx.db;
  };
  return defineRouter(reportGroup, {
    'gw.credit.agent.list.total.report': (ctx, params) => agentListTotalReport(ctx, params, rollups),
    'gw.credit.player.list.total.report': (ctx, params) => playerListTotalReport(ctx, params, rollups),
    'gw.credit.agent.daily.report': (ctx, params) => agentDailyReport(ctx, params, rollups),
    'gw.credit.player.daily.report': (ctx, params) => playerDailyReport(ctx, params, rollups),
    'gw.credit.leaderboard.query': (ctx, params) => leaderboardQuery(ctx, params, rollups),
    'gw.credit.trading.report': (ctx, params) => tradingReport(ctx, params, rollups),
    'gw.credit.bill.query': billQuery,
    'gw.credit.player.summary.report': (ctx, params) => playerSummaryReport(ctx, params, rollups),
  });
};
