import { companyLevel } from '../../contract/account-fields.contract';
import { formatCents } from '../../contract/amount.contract';
import { accountInLine } from '../tree/line-access';
import { exclusionInForce } from '../tree/member-exclusion.repository';
import { ErrorCode } from '../../contract/errors.contract';
import { RpcError } from '../kernel/rpc-error';
import type { CallContext } from '../kernel/call-context';
import { defineHandlers } from '../kernel/handler';
import { issuePoints, transferPoints, type Movement } from './ledger';
import { queryScoreLog } from './score-log.repository';
import { confirmScorePreview, scorePreview } from './points-preview.service';
import { closePreview, closeSettlement } from './settlement-close.service';

type TransferParams = { userId: string; amount: number; comment: string; previewToken?: string | undefined };

async function transfer(ctx: CallContext, direction: 'up' | 'down', params: TransferParams) {
  const session = ctx.session!;
  // A member in a time-out or self-exclusion gets no points (docs/product.md#time-outs-and-self-exclusion).
  if (direction === 'up' && (await exclusionInForce(ctx.db, ctx.site.id, params.userId, ctx.now))) {
    throw new RpcError(ErrorCode.memberExcluded);
  }
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
  'gw.credit.agent.to.company.acc.reset': (ctx, params) => closeSettlement(ctx, params.userId, params.previewToken),
  'gw.credit.agent.to.company.acc.reset.preview': (ctx, params) => closePreview(ctx, params.userId),
});
