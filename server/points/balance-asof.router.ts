import { balanceAsOfMethods } from '../../contract/balance-asof.contract';
import { companyLevel } from '../../contract/account-fields.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { sql } from '../kernel/db/sql';
import { idArray } from '../kernel/db/ids';
import { iso } from '../kernel/db/timestamps';
import type { CallContext } from '../kernel/call-context';
import { defineRouter } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { accountInLine } from '../tree/line-access';
import {
  balanceAsOf,
  balancesOfAccounts,
  balancesOfChildren,
  isChildOf,
  toBalanceAsOf,
  walletBalanceAsOf,
  type BalanceAsOfRow,
} from './balance-asof.repository';

/** Every one of these ids is an account of the caller's line (the caller or below it); else 20002, never saying which. */
async function allInLine(ctx: CallContext, ids: readonly string[]) {
  const distinct = [...new Set(ids)];
  const found = await ctx.db.one<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM accounts t JOIN accounts me ON me.id = ${ctx.session!.accountId}
     WHERE t.id = ANY (${idArray(distinct)}) AND t.site_id = ${ctx.site.id} AND t.kind = 'tree' AND t.path LIKE me.path || '%'`);
  if (Number(found?.n ?? 0) !== distinct.length) throw new RpcError(ErrorCode.accountNotFound);
}

/** The one account a call asks about, at `at`: the site's game wallet is the company's to read, outside every line. */
async function oneAccount(ctx: CallContext, params: { userId?: string; gameWallet: boolean }, at: Date): Promise<BalanceAsOfRow> {
  const session = ctx.session!;
  if (params.gameWallet) {
    if (session.level !== companyLevel) throw new RpcError(ErrorCode.accountNotFound);
    const wallet = await walletBalanceAsOf(ctx.db, ctx.site.id, at);
    if (!wallet) throw new Error(`site ${ctx.site.id} has no game wallet`);
    return wallet;
  }
  const userId = params.userId ?? session.accountId;
  const row = await balanceAsOf(ctx.db, { siteId: ctx.site.id, callerId: session.accountId, accountId: userId }, at);
  if (!row) throw new RpcError(ErrorCode.accountNotFound);
  return row;
}

/** Balances as of an instant (docs/product.md#balances-as-of): reads of the score log through its time indexes; the children's pages by cursor. */
export const balanceAsOfRouter = defineRouter(balanceAsOfMethods, {
  'gw.credit.balance.asof': async (ctx, params) => {
    const at = new Date(params.at);
    return { at: iso(at), ...toBalanceAsOf(await oneAccount(ctx, params, at)) };
  },

  'gw.credit.balance.asof.page': async (ctx, params) => {
    const at = new Date(params.at);
    const session = ctx.session!;
    if (params.userIds !== undefined) {
      await allInLine(ctx, params.userIds);
      const rows = await balancesOfAccounts(ctx.db, ctx.site.id, params.userIds, at);
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      const list = params.userIds.map((id) => toBalanceAsOf(byId.get(id)!));
      return { at: iso(at), total: list.length, list, next: null };
    }
    const parentId = params.parentId ?? session.accountId;
    const parent = parentId === session.accountId ? undefined : await accountInLine(ctx, parentId);
    const total =
      parent?.child_count ??
      (await ctx.db.one<{ child_count: number }>(sql`SELECT child_count FROM accounts WHERE id = ${parentId}::bigint`))?.child_count ??
      0;
    const rows = await balancesOfChildren(ctx.db, { siteId: ctx.site.id, parentId, after: params.after, pageSize: params.pageSize }, at);
    // No row after a cursor: the end of the list, or a cursor that is no child of this parent (refused as an account outside the line is).
    if (
      rows.length === 0 &&
      params.after !== undefined &&
      !(await isChildOf(ctx.db, { siteId: ctx.site.id, parentId, childId: params.after }))
    ) {
      throw new RpcError(ErrorCode.accountNotFound);
    }
    const page = rows.slice(0, params.pageSize);
    const next = rows.length > params.pageSize ? toBalanceAsOf(page[page.length - 1]!).userId : null;
    return { at: iso(at), total: Number(total), list: page.map(toBalanceAsOf), next };
  },
});
