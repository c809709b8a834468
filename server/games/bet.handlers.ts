import { ErrorCode } from '../../contract/errors.contract';
import { defineHandlers } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { financeHiddenFor } from '../kernel/session.store';
import { betScope } from './bet-scope';
import { betLine, betRevisions, betRound, betSession, findLineBet } from './bet-detail.repository';
import { betOf, betPage, betTotals, onsiteBets } from './bet.repository';

export const betHandlers = defineHandlers({
  'gw.credit.bet.query': async (ctx, params) => {
    const { pageIndex, pageSize, ...filters } = params;
    const scope = await betScope(ctx, filters.userId);
    const totals = await betTotals(ctx.db, scope, filters);
    return { ...totals, list: await betPage(ctx.db, scope, filters, { pageIndex, pageSize }) };
  },
  'gw.credit.bet.detail': async (ctx, params) => {
    const session = ctx.session!;
    const bet = await findLineBet(ctx.db, await betScope(ctx, undefined), params.orderId, params.betTime);
    if (!bet) throw new RpcError(ErrorCode.recordNotFound, { field: 'orderId' });
    const sessionHidden = financeHiddenFor(session, ctx.site);
    return {
      bet: betOf(bet),
      round: await betRound(ctx.db, ctx.site.id, bet),
      line: await betLine(ctx.db, bet, session.level),
      session: sessionHidden ? null : await betSession(ctx.db, ctx.site.id, bet),
      sessionHidden,
      revisions: await betRevisions(ctx.db, bet),
    };
  },
  'gw.credit.bet.onsite.query': async (ctx, params) => {
    const { pageIndex, pageSize, ...filters } = params;
    return onsiteBets(ctx.db, await betScope(ctx, filters.userId), filters, { pageIndex, pageSize });
  },
});
