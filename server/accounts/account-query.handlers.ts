import { sql } from '../kernel/db/sql';
import { agentLevel, memberLevel } from '../../contract/account-fields.contract';
import type { Level } from '../../contract/method.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import type { Queryable } from '../kernel/db/database';
import type { CallContext } from '../kernel/call-context';
import { defineHandlers } from '../kernel/handler';
import { accountLoginLocked, accountOnline } from './account-facts';
import {
  ACCOUNT_LIST_COLUMNS,
  accountListItem,
  accountListQuery,
  accountListScope,
  countAccountList,
  likeLiteral,
  readAccountListPage,
  type AccountListRow,
} from './account-list.repository';
import { accountSummary, type LineAccount } from '../tree/account.repository';
import { accountInLine, accountOfLine } from '../tree/line-access';
import { wireId } from '../kernel/db/ids';

type QueryParams = ParamsOut<'gw.credit.agent.query'>;

const startingWith = (text: string) => `${likeLiteral(text)}%`;

/** The steps from the caller down to an account of its line, for the breadcrumb. */
async function lineDownTo(db: Queryable, callerId: string, target: LineAccount) {
  const ids = target.path.split('/').filter(Boolean);
  const from = ids.indexOf(callerId);
  const steps = ids.slice(from);
  const rows = await db.rows<{ id: bigint; login_id: string; level: number }>(
    sql`SELECT id, login_id, level FROM accounts WHERE id IN (${sql.join(
      steps.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY level`,
  );
  return rows.map((row) => ({ userId: wireId(row.id), loginId: row.login_id, level: row.level as Level }));
}

async function listAccounts(ctx: CallContext, params: QueryParams, members: boolean) {
  const session = ctx.session!;
  const parent = await accountInLine(ctx, params.parentId ?? session.accountId);
  const query = accountListQuery(accountListScope(ctx), parent, params, members);
  const rows = await readAccountListPage(ctx.db, query, params.pageSize, (params.pageIndex - 1) * params.pageSize);
  // Unfiltered direct children are counted on the parent already; anything else is counted apart
  // from the page, so the page itself reads only its rows through an index.
  const directChildren = members ? parent.level === agentLevel : parent.level < agentLevel;
  const total =
    query.unfiltered && directChildren
      ? Number(parent.child_count)
      : query.unfiltered && !members && parent.level === agentLevel
        ? 0
        : await countAccountList(ctx.db, query);
  return {
    total,
    line: await lineDownTo(ctx.db, session.accountId, parent),
    list: rows,
  };
}

async function suggestions(ctx: CallContext, keyword: string, limit: number, agentsOnly: boolean) {
  const me = await accountInLine(ctx, ctx.session!.accountId);
  const rows = await ctx.db.rows<{ id: bigint; login_id: string; nickname: string; level: number }>(sql`
    SELECT id, login_id, nickname, level FROM accounts
     WHERE site_id = ${ctx.site.id} AND lower(login_id) LIKE ${startingWith(keyword)} AND path LIKE ${`${me.path}%`}
       ${agentsOnly ? sql`AND level <> ${memberLevel}` : sql``}
     ORDER BY lower(login_id)
     LIMIT ${limit}`);
  return {
    list: rows.map((row) => ({ userId: wireId(row.id), loginId: row.login_id, nickname: row.nickname, level: row.level as Level })),
  };
}

export const accountQueryHandlers = defineHandlers({
  'gw.credit.fuzzy.search.tips': (ctx, params) => suggestions(ctx, params.keyword, params.limit, false),
  'gw.credit.fuzzy.agent.search.tips': (ctx, params) => suggestions(ctx, params.keyword, params.limit, true),
  'gw.credit.user.simple.info.get': async (ctx, params) => {
    return accountSummary(await accountOfLine(ctx, params.userId));
  },
  'gw.credit.account.search': async (ctx, params) => {
    const me = await accountInLine(ctx, ctx.session!.accountId);
    const rows = await ctx.db.rows<AccountListRow & { path: string }>(sql`
      SELECT ${ACCOUNT_LIST_COLUMNS}, a.path,
             ${accountOnline(accountListScope(ctx))} AS online, ${accountLoginLocked(accountListScope(ctx))} AS login_locked
        FROM accounts a
       WHERE a.site_id = ${ctx.site.id} AND lower(a.login_id) = lower(${params.loginId}) AND a.path LIKE ${`${me.path}%`}`);
    const list = [];
    for (const row of rows) {
      list.push({
        ...accountListItem(row),
        line: await lineDownTo(ctx.db, ctx.session!.accountId, {
          id: row.id,
          path: row.path,
          level: row.level,
          login_id: row.login_id,
          child_count: row.child_count,
        }),
      });
    }
    return { list };
  },
  'gw.credit.agent.query': (ctx, params) => listAccounts(ctx, params, false),
  'gw.credit.user.query': (ctx, params) => listAccounts(ctx, params, true),
});
