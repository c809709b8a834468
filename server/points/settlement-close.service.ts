import { isMemberLevel } from '../../contract/account-fields.contract';
import { AccountStatus } from '../../contract/account-levels.contract';
import { formatCents } from '../../contract/amount.contract';
import { beijingDayOf } from '../../contract/beijing-time.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { PREVIEW_TTL_MS, type ClosePreview } from '../../contract/points.contract';
import type { CallContext } from '../kernel/call-context';
import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { iso } from '../kernel/db/timestamps';
import { checkPreviewToken, previewKey, previewRefusals, signPreview, type PreviewClaim } from '../kernel/preview-token';
import { RpcError } from '../kernel/rpc-error';
import { billSumsOfChildren, closedBillSums, minusBill, NO_BILL, type BillSums } from '../reports/report.repository';
import { drainRollups } from '../reports/rollup-drain';
import { freezeStatement } from '../statements/statement-freeze';
import type { AccountRow } from '../tree/account.repository';
import { checkCompanyLimits, companyLimitUses } from '../tree/company-limit';
import { accountInLine, callerMayChangeDownline } from '../tree/line-access';
import { lineStatus } from '../tree/account.repository';

const CLOSE = 'gw.credit.agent.to.company.acc.reset' as const;

type SettledAccount = Pick<AccountRow, 'id' | 'parent_id' | 'level' | 'login_id' | 'balance' | 'created_at' | 'path'>;

/** What a close reads, under the agent's row lock (the close) or without (its preview): all it writes and shows derives from it. */
interface CloseRead {
  agent: SettledAccount;
  /** The last closed period's settlement, null when none. */
  lastId: bigint | null;
  periodStart: Date;
  periodEnd: Date;
  kept: BillSums;
  /** Every rule that refuses the close now, in the order the close checks them (it answers the first). */
  refusals: RpcError[];
}

/**
 * Reads a close of a direct child agent's period: 20002 outside the caller's line, 20040 not a
 * direct child (both thrown: nothing is shown of such an account); the caller frozen (20012,
 * 2243), a member (20011, rule "not-an-agent") and a period closed today (20052, rule
 * "closed-today") are refusals. A period ends where the Beijing day of the close begins: reports
 * and bills count whole days.
 */
async function readClose(ctx: CallContext, userId: string, lock: boolean): Promise<CloseRead> {
  const session = ctx.session!;
  await accountInLine(ctx, userId);
  // The agent's row lock keeps two closes of one agent from sharing a period start.
  const agent = await ctx.db.one<SettledAccount>(sql`SELECT id, parent_id, level, login_id, balance, created_at, path FROM accounts
    WHERE id = ${userId} AND site_id = ${ctx.site.id} ${lock ? sql`FOR NO KEY UPDATE` : sql``}`);
  if (!agent || wireId(agent.parent_id) !== session.accountId) throw new RpcError(ErrorCode.notDirectRelation);
  const last = await ctx.db.one<{ id: bigint; period_end: Date | string }>(sql`SELECT id, period_end FROM settlements
    WHERE account_id = ${agent.id} ORDER BY period_end DESC, id DESC LIMIT 1`);
  const day = beijingDayOf(ctx.now);
  const periodEnd = new Date(day.start);
  const opened = new Date(last?.period_end ?? agent.created_at);
  const periodStart = opened.getTime() < periodEnd.getTime() ? opened : periodEnd;

  const refusals: RpcError[] = [];
  if (session.status === AccountStatus.frozen) refusals.push(new RpcError(ErrorCode.cannotOperate));
  else if ((await lineStatus(ctx.db, session.accountId)) === AccountStatus.frozen) refusals.push(new RpcError(ErrorCode.agentLineFrozen));
  if (isMemberLevel(agent.level)) refusals.push(new RpcError(ErrorCode.illegalOperation, { field: 'userId', rule: 'not-an-agent' }));
  if (last && opened.getTime() >= periodEnd.getTime()) {
    refusals.push(new RpcError(ErrorCode.periodClosedToday, { field: 'userId', rule: 'closed-today' }));
  }
  // What the period keeps: the rollups of the agent's days before today (every queued bet drained
  // into them first), less every earlier period.
  await drainRollups(ctx.db);
  const upToNow = (
    await billSumsOfChildren(ctx.db, ctx.site.id, session.accountId, { childId: wireId(agent.id), beforeDay: day.date })
  ).get(wireId(agent.id));
  const before = (await closedBillSums(ctx.db, [wireId(agent.id)])).get(wireId(agent.id)) ?? NO_BILL;
  const kept = minusBill(upToNow ?? NO_BILL, before);
  return { agent, lastId: last?.id ?? null, periodStart, periodEnd, kept, refusals };
}

/** What a close preview signs: the agent, its last settlement, the period and every number the close would freeze. */
function closeClaim(userId: string, read: CloseRead): PreviewClaim {
  return {
    method: CLOSE,
    inputs: { userId },
    read: {
      lastSettlement: read.lastId === null ? '' : String(read.lastId),
      periodStart: String(read.periodStart.getTime()),
      periodEnd: String(read.periodEnd.getTime()),
      balance: String(read.agent.balance),
      bets: String(read.kept.bets),
      validBet: String(read.kept.validBet),
      winLoss: String(read.kept.winLoss),
      agentToCompany: String(read.kept.agentToCompany),
    },
  };
}

/** The numbers a close freezes, as its answer and its preview show them. */
const closedNumbers = (read: CloseRead) => ({
  balance: formatCents(BigInt(read.agent.balance)),
  bets: Number(read.kept.bets),
  validAmount: formatCents(read.kept.validBet),
  valueWonLose: formatCents(read.kept.winLoss),
  agentToCompany: formatCents(read.kept.agentToCompany),
});

async function closePreviewOf(ctx: CallContext, key: Buffer, userId: string, read: CloseRead): Promise<ClosePreview> {
  const expiresAt = ctx.now.getTime() + PREVIEW_TTL_MS;
  const limits = isMemberLevel(read.agent.level) ? [] : await companyLimitUses(ctx.db, ctx.site.id, read.agent.id);
  return {
    method: CLOSE,
    userId,
    loginId: read.agent.login_id,
    periodStart: iso(read.periodStart),
    periodEnd: iso(read.periodEnd),
    lastSettlementId: read.lastId === null ? null : wireId(read.lastId),
    ...closedNumbers(read),
    companyLimits: limits.map((use) => ({
      gameType: use.game_type,
      limit: formatCents(BigInt(use.agent_to_company_limit)),
      used: formatCents(BigInt(use.used)),
      left: BigInt(use.agent_to_company_limit) > 0n ? formatCents(BigInt(use.agent_to_company_limit) - BigInt(use.used)) : null,
    })),
    refusals: previewRefusals(read.refusals, ctx.language),
    token: signPreview(key, ctx.session!, closeClaim(userId, read), expiresAt),
    expiresAt: iso(new Date(expiresAt)),
  };
}

/** gw.credit.agent.to.company.acc.reset.preview: the agent's row and its bill read (never locked), nothing written. */
export async function closePreview(ctx: CallContext, userId: string): Promise<ClosePreview> {
  const [read, key] = await Promise.all([readClose(ctx, userId, false), previewKey(ctx.db)]);
  return closePreviewOf(ctx, key, userId, read);
}

/**
 * Closes a direct child agent's settlement period with the company: one row, balances kept. With
 * a preview's token, the close applies only while what that preview read still holds under the
 * agent's row lock (the last settlement, the period, the balance and the bill's numbers), else
 * 20060 with the fresh preview.
 */
export async function closeSettlement(ctx: CallContext, userId: string, previewToken?: string) {
  const session = ctx.session!;
  await callerMayChangeDownline(ctx);
  const read = await readClose(ctx, userId, true);
  if (previewToken !== undefined) {
    const key = await previewKey(ctx.db);
    await checkPreviewToken(key, session, closeClaim(userId, read), previewToken, ctx.now, () => closePreviewOf(ctx, key, userId, read));
  }
  const refusal = read.refusals[0];
  if (refusal) throw refusal;
  const { agent, periodStart, periodEnd, kept } = read;
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
    ...closedNumbers(read),
  };
}
