import { defineHandlers } from '../rpc/handler';
import { betScope } from './bet-scope';
import { betPage, betTotals, onsiteBets } from './bet.repository';

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
