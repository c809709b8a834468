import type { CallContext } from '../rpc/call-context';
import { accountInLine, accountOfLine } from '../accounts/line-access';
import { defineHandlers } from '../rpc/handler';
import { betPage, betTotals, onsiteBets, type BetScope } from './bet.repository';

/** The line whose bets are asked for: the caller's, or (userId) an account's of the caller's line (else 20002). */
export async function betScope(ctx: CallContext, userId: string | undefined): Promise<BetScope> {
  const path = userId === undefined ? (await accountOfLine(ctx)).path : (await accountInLine(ctx, userId)).path;
  return { siteId: ctx.site.id, path };
}

export const betHandlers = defineHandlers({
  'gw.credit.bet.query': async (ctx, params) => {
    const { pageIndex, pageSize, ...filters } = params;
    const scope = await betScope(ctx, filters.userId);
    const totals = await betTotals(ctx.db, scope, filters);
    return { ...totals, list: await betPage(ctx.db, scope, filters, { pageIndex, pageSize }) };
  },
  'gw.credit.bet.onsite.query': async (ctx, params) => {
    const { pageIndex, pageSize, ...filters } = params;
    return onsiteBets(ctx.db, await betScope(ctx, filters.userId), filters, { pageIndex, pageSize });
  },
});
