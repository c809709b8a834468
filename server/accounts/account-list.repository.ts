import { sql, type SQL } from '../kernel/db/sql';
import { AccountStatus, agentLevel, memberLevel } from '../../contract/account-fields.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import type { Queryable } from '../kernel/db/database';
import type { CallContext } from '../kernel/call-context';
import { accountLoginLocked, accountOnline } from './account-facts';
import { accountDetails, type AccountRow, type LineAccount } from '../tree/account.repository';

// The account list's one SQL, read by the list method (account-query.handlers) and by the export
// job (jobs/account-export-sources), so the file always holds what the pages show.

type QueryParams = ParamsOut<'gw.credit.agent.query'>;

/** The columns an account list reads, and whether the account has a live session. */
export type AccountListRow = Pick<
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

/** The accounts columns of an AccountListRow (the table as `a`); online and login_locked are the query's own. */
export const ACCOUNT_LIST_COLUMNS = sql`a.id, a.login_id, a.nickname, a.level, a.parent_id, a.status, a.team_status, a.balance, a.point_limit,
  a.agent_commision_rate, a.valid_amount_rate, a.bet_paused, a.bet_stopped, a.win_blocked, a.exception_marked, a.created_at, a.last_login_at,
  a.child_count`;

const SORT_COLUMNS: Record<QueryParams['sort'], SQL> = {
  createdAt: sql`a.created_at`,
  loginId: sql`lower(a.login_id)`,
  balance: sql`a.balance`,
  lastLoginAt: sql`a.last_login_at`,
};

/** Text for LIKE that matches itself only (its % and _ are not wildcards). */
export const likeLiteral = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${likeLiteral(text)}%`;

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
  const loginLocked = accountLoginLocked(scope);
  if (params.locked !== undefined) {
    const locked = sql`(a.team_status = ${AccountStatus.disabled} OR ${loginLocked})`;
    filters.push(params.locked ? locked : sql`NOT ${locked}`);
  }
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
      SELECT ${ACCOUNT_LIST_COLUMNS}, ${online} AS online, ${loginLocked} AS login_locked
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

/** One page of the list (`limit` rows from `offset`), as the list method answers them. */
export async function readAccountListPage(db: Queryable, query: ReturnType<typeof accountListQuery>, limit: number, offset: number) {
  return (await db.rows<AccountListRow>(query.page(limit, offset))).map(accountListItem);
}

/** Every row of the list in its order, `pageSize` at a time, as the list method answers them. */
export async function* accountListPages(db: Queryable, query: ReturnType<typeof accountListQuery>, pageSize: number) {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await readAccountListPage(db, query, pageSize, offset);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
  }
}

/** A row of the list as the list methods answer it. */
export function accountListItem(row: AccountListRow) {
  return {
    ...accountDetails(row),
    online: row.online,
    betPaused: row.bet_paused,
    betStopped: row.bet_stopped,
    winBlocked: row.win_blocked,
    exceptionMarked: row.exception_marked,
    loginLocked: row.login_locked,
    childCount: Number(row.child_count),
  };
}
