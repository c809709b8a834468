import { companyLevel, isMemberLevel } from '../../contract/account-fields.contract';
import { sql } from '../kernel/db/sql';
import { formatCents } from '../../contract/amount.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { beijingDayOf } from '../../contract/beijing-time.contract';
import type { AccountRow } from '../tree/account.repository';
import { accountInLine, callerMayChangeDownline } from '../tree/line-access';
import { iso } from '../kernel/db/timestamps';
import { checkCompanyLimits } from '../tree/company-limit';
import type { CallContext } from '../kernel/call-context';
import { defineHandlers } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { billSumsOfChildren, closedBillSums, minusBill, NO_BILL } from '../reports/report.repository';
import { drainRollups } from '../reports/rollup-drain';
import { issuePoints, transferPoints, type Movement } from './ledger';
import { queryScoreLog } from './score-log.repository';
import { confirmScorePreview, scorePreview } from './points-preview.service';
import type { SettlementRow } from '../reports/settlement.repository';
import { wireId } from '../kernel/db/ids';
import { freezeStatement } from '../statements/statement-freeze';

type TransferParams = { userId: string; amount: number; comment: string; previewToken?: string | undefined };

async function transfer(ctx: CallContext, direction: 'up' | 'down', params: TransferParams) {
  const session = ctx.session!;
  const inputs = { direction, userId: params.userId, amount: params.amount, comment: params.comment };
  // A confirmed preview's check, its key asked for before the movement's own statements.
  const confirm = params.previewToken === undefined ? undefined : confirmScorePreview(ctx, inputs, params.previewToken);
  const moved: Movement = await transferPoints(ctx.db, {
    siteId: ctx.site.id,
    direction,
    operatorId: session.accountId,
    targetId: params.userId,
    amount: params.amount,
    operatorLogin: session.loginId,
    operatorSubAccountId: session.subAccountId,
    ip: ctx.ip,
    comment: params.comment,
    now: ctx.now,
    minIntervalMs: ctx.site.minScoreIntervalMs,
    requestKey: ctx.requestKey,
    ...(confirm ? { confirm } : {}),
  });
  ctx.audit.targetId = params.userId;
  ctx.audit.summary = `SCORE_${direction.toUpperCase()} ${formatCents(moved.amount)} #${moved.serialNo}`;
  ctx.audit.changes = [{ field: 'balance', before: String(moved.before), after: String(moved.after) }];
  return {
    serialNo: String(moved.serialNo),
    amount: formatCents(moved.amount),
    before: formatCents(moved.before),
    after: formatCents(moved.after),
    operatorBefore: formatCents(moved.operatorBefore),
    operatorAfter: formatCents(moved.operatorAfter),
  };
}

type SettledAccount = Pick<AccountRow, 'id' | 'parent_id' | 'level' | 'login_id' | 'balance' | 'created_at' | 'path'>;

/** Closes a direct child agent's settlement period with the company: one row, balances kept. */
async function closeSettlement(ctx: CallContext, userId: string) {
  const session = ctx.session!;
  await callerMayChangeDownline(ctx);
  await accountInLine(ctx, userId);
  // The agent's row lock keeps two closes of one agent from sharing a period start.
  const agent = await ctx.db.one<SettledAccount>(sql`SELECT id, parent_id, level, login_id, balance, created_at, path FROM accounts
    WHERE id = ${userId} AND site_id = ${ctx.site.id} FOR NO KEY UPDATE`);
  if (!agent || wireId(agent.parent_id) !== session.accountId) throw new RpcError(ErrorCode.notDirectRelation);
  if (isMemberLevel(agent.level)) throw new RpcError(ErrorCode.illegalOperation, { field: 'userId', rule: 'not-an-agent' });
  const last = await ctx.db.one<{
    period_end: SettlementRow['period_end'] | null;
  }>(sql`SELECT max(period_end) AS period_end FROM settlements
    WHERE account_id = ${agent.id}`);
  // A period ends where the Beijing day of the close begins: reports and bills count whole days.
  const day = beijingDayOf(ctx.now);
  const periodEnd = new Date(day.start);
  const opened = new Date(last?.period_end ?? agent.created_at);
  if (last?.period_end && opened.getTime() >= periodEnd.getTime())
    throw new RpcError(ErrorCode.periodClosedToday, { field: 'userId', rule: 'closed-today' });
  const periodStart = opened.getTime() < periodEnd.getTime() ? opened : periodEnd;
  // What the period keeps: the rollups of the agent's days before today (every queued bet drained
  // into them first), less every earlier period.
  await drainRollups(ctx.db);
  const upToNow = (
    await billSumsOfChildren(ctx.db, ctx.site.id, session.accountId, { childId: wireId(agent.id), beforeDay: day.date })
  ).get(wireId(agent.id));
  const before = (await closedBillSums(ctx.db, [wireId(agent.id)])).get(wireId(agent.id)) ?? NO_BILL;
  const kept = minusBill(upToNow ?? NO_BILL, before);
  const row = await ctx.db.one<{ id: bigint }>(sql`INSERT INTO settlements
      (site_id, account_id, period_start, period_end, balance, closed_by, closed_by_login, closed_by_sub_id, created_at,
       bets, valid_bet, win_loss, agent_to_company)
    VALUES (${ctx.site.id}, ${agent.id}, ${periodStart}, ${periodEnd}, ${String(agent.balance)}::bigint, ${session.accountId},
      ${session.loginId}, ${session.subAccountId}, ${ctx.now}, ${String(kept.bets)}::bigint, ${String(kept.validBet)}::bigint,
      ${String(kept.winLoss)}::bigint, ${String(kept.agentToCompany)}::bigint)
    RETURNING id`);
  // Its statement, frozen in the same transaction (docs/product.md#statements).
  await freezeStatement(ctx.db, { siteId: ctx.site.id, settlementId: row!.id, agent, periodStart, periodEnd, now: ctx.now });
  // The bill closed: the line's stop at its agent-to-company limit is judged again by the new
  // open period (today's rollups alone), so it lifts unless today already reached the limit.
  await checkCompanyLimits(ctx.db, ctx.site.id, [wireId(agent.id)]);
  ctx.audit.targetId = wireId(agent.id);
  ctx.audit.summary = `SETTLEMENT_CLOSE ${agent.login_id}`;
  return {
    settlementId: wireId(row!.id),
    userId: wireId(agent.id),
    periodStart: iso(periodStart),
    periodEnd: iso(periodEnd),
    balance: formatCents(BigInt(agent.balance)),
    bets: Number(kept.bets),
    validAmount: formatCents(kept.validBet),
    valueWonLose: formatCents(kept.winLoss),
    agentToCompany: formatCents(kept.agentToCompany),
  };
}

export const pointsHandlers = defineHandlers({
  'gw.credit.score.issue': async (ctx, params) => {
    const session = ctx.session!;
    const issued = await issuePoints(ctx.db, {
      siteId: ctx.site.id,
      companyId: session.accountId,
      amount: params.amount,
      operatorLogin: session.loginId,
      operatorSubAccountId: session.subAccountId,
      ip: ctx.ip,
      comment: params.comment,
      now: ctx.now,
      requestKey: ctx.requestKey,
    });
    ctx.audit.targetId = session.accountId;
    ctx.audit.summary = `SCORE_ISSUE ${formatCents(BigInt(params.amount))} #${issued.serialNo}`;
    ctx.audit.changes = [{ field: 'balance', before: String(issued.before), after: String(issued.after) }];
    return { serialNo: String(issued.serialNo), before: formatCents(issued.before), after: formatCents(issued.after) };
  },
  'gw.credit.user.score.up': (ctx, params) => transfer(ctx, 'up', params),
  'gw.credit.user.score.down': (ctx, params) => transfer(ctx, 'down', params),
  'gw.credit.user.score.preview': (ctx, params) => scorePreview(ctx, params),
  'gw.credit.score.log.query': async (ctx, params) => {
    const session = ctx.session!;
    if (params.userId !== undefined && params.userId !== session.accountId) await accountInLine(ctx, params.userId);
    return queryScoreLog(ctx.db, { siteId: ctx.site.id, callerId: session.accountId, wholeSite: session.level === companyLevel }, params);
  },
  'gw.credit.agent.to.company.acc.reset': (ctx, params) => closeSettlement(ctx, params.userId),
});
