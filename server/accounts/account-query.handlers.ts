import { agentLevel, memberLevel } from '../../contract/account-fields.contract';
import { sql, type SQL } from 'drizzle-orm';
import { basisPointsToPercent, formatCents } from '../../contract/amount.contract';
import type { Level } from '../../contract/method.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import type { Queryable } from '../db/database';
import type { CallContext } from '../rpc/dispatcher';
import { defineHandlers } from '../rpc/handler';
import type { AccountRow, LineAccount } from './account.repository';
import { accountInLine, accountOfLine } from './line-access';
import { iso } from '../db/timestamps';
import { accountLoginLocked, accountOnline } from './account-facts';

type QueryParams = ParamsOut<'gw.credit.agent.query'>;

/** The columns an account list reads, and whether the account has a live session. */
type AccountListRow = Pick<
  AccountRow,
  | 'id'
  | 'login_id'
  | 'nickname'
  | 'level'
  | 'parent_id'
  | 'status'
  | 'team_status'
  | 'balance'
  | 'point_limit'
  | 'agent_commision_rate'
  | 'valid_amount_rate'
  | 'bet_paused'
  | 'bet_stopped'
  | 'win_blocked'
  | 'exception_marked'
  | 'created_at'
  | 'last_login_at'
  | 'child_count'
> & { online: boolean; login_locked: boolean };

const SORT_COLUMNS: Record<QueryParams['sort'], SQL> = {
  createdAt: sql`a.created_at`,
  loginId: sql`lower(a.login_id)`,
  balance: sql`a.balance`,
  lastLoginAt: sql`a.last_login_at`,
};

/** Text for LIKE that matches itself only (its % and _ are not wildcards). */
const likeLiteral = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${likeLiteral(text)}%`;
const startingWith = (text: string) => `${likeLiteral(text)}%`;

/**
 * Where and when an account list is read: the caller's site, and the instant (with the site's
 * idle timeout) at which "online" and "sign-in locked" are judged.
 */
export interface AccountListScope {
  siteId: string;
  now: Date;
  idleTimeoutSeconds: number;
}

/** The list's filters and sort, without paging: what the list method and its export share. */
export type AccountListFilters = Omit<QueryParams, 'pageIndex' | 'pageSize'>;

/** The parent whose list is read (an account of the caller's line, checked by the caller). */
export type AccountListParent = Pick<LineAccount, 'id' | 'path' | 'level'>;

export const accountListScope = (ctx: CallContext): AccountListScope => ({
  siteId: ctx.site.id,
  now: ctx.now,
  idleTimeoutSeconds: ctx.site.idleTimeoutSeconds,
});

/**
 * The one SQL of an account list (agents, or members with `members`) below a parent: its
 * conditions, and its rows in the list's order a page at a time. The list method and the
 * export job both read through it, so the file always holds what the pages show.
 */
export function accountListQuery(scope: AccountListScope, parent: AccountListParent, params: AccountListFilters, members: boolean) {
  // An agent's members are its children; above agents, "members" means every member of the line.
  const inScope = members
    ? parent.level === agentLevel
      ? sql`a.parent_id = ${parent.id} AND a.level = ${memberLevel}`
      : sql`a.site_id = ${scope.siteId} AND a.path LIKE ${`${parent.path}%`} AND a.level = ${memberLevel}`
    : params.level !== undefined
      ? // A level filter looks through the whole line below the parent (all general agents of a shareholder's line, …).
        sql`a.site_id = ${scope.siteId} AND a.path LIKE ${`${parent.path}%`} AND a.id <> ${parent.id} AND a.level <> ${memberLevel}`
      : sql`a.parent_id = ${parent.id} AND a.level <> ${memberLevel}`;
  const filters: SQL[] = [inScope];
  if (params.loginId) filters.push(sql`lower(a.login_id) LIKE ${containing(params.loginId)}`);
  if (params.status !== undefined) filters.push(sql`a.status = ${params.status}`);
  if (params.level !== undefined) filters.push(sql`a.level = ${params.level}`);
  if (params.betPaused !== undefined) filters.push(sql`a.bet_paused = ${params.betPaused}`);
  const online = accountOnline(scope);
  if (params.online !== undefined) filters.push(params.online ? online : sql`NOT ${online}`);
  const where = sql.join(filters, sql` AND `);
  const direction = params.order === 'asc' ? sql`ASC` : sql`DESC`;
  // Never signed in counts as the oldest sign-in: last when newest first, first when oldest first
  // (the order its index keeps, read forwards or backwards).
  const nullsOrder = params.sort !== 'lastLoginAt' ? sql`` : params.order === 'asc' ? sql` NULLS FIRST` : sql` NULLS LAST`;
  return {
    where,
    /** Only the parent's scope, no filter: its direct children are counted on the parent already. */
    unfiltered: filters.length === 1,
    page: (limit: number, offset: number) => sql`
      SELECT a.id, a.login_id, a.nickname, a.level, a.parent_id, a.status, a.team_status, a.balance, a.point_limit,
             a.agent_commision_rate, a.valid_amount_rate, a.bet_paused, a.bet_stopped, a.win_blocked, a.exception_marked, a.created_at, a.last_login_at,
             ${online} AS online, ${accountLoginLocked(scope)} AS login_locked,
             a.child_count
        FROM accounts a
       WHERE ${where}
       ORDER BY ${SORT_COLUMNS[params.sort]} ${direction}${nullsOrder}, a.id ${direction}
       LIMIT ${limit} OFFSET ${offset}`,
  };
}

/** How many accounts the list holds for these filters. */
export async function countAccountList(db: Queryable, query: ReturnType<typeof accountListQuery>): Promise<number> {
  return (await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM accounts a WHERE ${query.where}`))?.n ?? 0;
}

/** Every row of the list in its order, `pageSize` at a time, as the list method answers them. */
export async function* accountListPages(db: Queryable, query: ReturnType<typeof accountListQuery>, pageSize: number) {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await db.rows<AccountListRow>(query.page(pageSize, offset));
    if (rows.length > 0) yield rows.map(toRow);
    if (rows.length < pageSize) return;
  }
}

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
  return rows.map((row) => ({ userId: String(row.id), loginId: row.login_id, level: row.level as Level }));
}

async function listAccounts(ctx: CallContext, params: QueryParams, members: boolean) {
  const session = ctx.session!;
  const parent = await accountInLine(ctx, params.parentId ?? session.accountId);
  const query = accountListQuery(accountListScope(ctx), parent, params, members);
  const rows = await ctx.db.rows<AccountListRow>(query.page(params.pageSize, (params.pageIndex - 1) * params.pageSize));
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
    list: rows.map(toRow),
  };
}

function toRow(row: AccountListRow) {
  return {
    userId: String(row.id),
    loginId: row.login_id,
    nickname: row.nickname,
    level: row.level as Level,
    parentId: row.parent_id === null ? null : String(row.parent_id),
    status: row.status,
    teamStatus: row.team_status,
    balance: formatCents(BigInt(row.balance)),
    pointLimit: formatCents(BigInt(row.point_limit)),
    agentCommisionRate: basisPointsToPercent(row.agent_commision_rate),
    validAmountRate: basisPointsToPercent(row.valid_amount_rate),
    online: row.online,
    betPaused: row.bet_paused,
    betStopped: row.bet_stopped,
    winBlocked: row.win_blocked,
    exceptionMarked: row.exception_marked,
    loginLocked: row.login_locked,
    childCount: Number(row.child_count),
    createdAt: iso(row.created_at),
    lastLoginAt: row.last_login_at === null ? null : iso(row.last_login_at),
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
    list: rows.map((row) => ({ userId: String(row.id), loginId: row.login_id, nickname: row.nickname, level: row.level as Level })),
  };
}

export const accountQueryHandlers = defineHandlers({
  'gw.credit.fuzzy.search.tips': (ctx, params) => suggestions(ctx, params.keyword, params.limit, false),
  'gw.credit.fuzzy.agent.search.tips': (ctx, params) => suggestions(ctx, params.keyword, params.limit, true),
  'gw.credit.user.simple.info.get': async (ctx, params) => {
    const account = await accountOfLine(ctx, params.userId);
    return {
      userId: String(account.id),
      loginId: account.login_id,
      nickname: account.nickname,
      level: account.level as Level,
      parentId: account.parent_id === null ? null : String(account.parent_id),
      status: account.status,
      teamStatus: account.team_status,
      balance: formatCents(BigInt(account.balance)),
      pointLimit: formatCents(BigInt(account.point_limit)),
    };
  },
  'gw.credit.account.search': async (ctx, params) => {
    const me = await accountInLine(ctx, ctx.session!.accountId);
    const rows = await ctx.db.rows<AccountListRow & { path: string }>(sql`
      SELECT a.id, a.login_id, a.nickname, a.level, a.parent_id, a.status, a.team_status, a.balance, a.point_limit,
             a.agent_commision_rate, a.valid_amount_rate, a.bet_paused, a.bet_stopped, a.win_blocked, a.exception_marked, a.created_at, a.last_login_at,
             a.child_count, a.path,
             ${accountOnline(accountListScope(ctx))} AS online, ${accountLoginLocked(accountListScope(ctx))} AS login_locked
        FROM accounts a
       WHERE a.site_id = ${ctx.site.id} AND lower(a.login_id) = lower(${params.loginId}) AND a.path LIKE ${`${me.path}%`}`);
    const list = [];
    for (const row of rows) {
      list.push({
        ...toRow(row),
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
