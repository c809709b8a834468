import { sql, type SQL } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import { auditMethods, OPERATION_RECORD_LIMIT, pointsActions, type SharedIp } from '../../contract/audit.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import { findInLine, type AccountRow } from '../tree/account.repository';
import { iso } from '../kernel/db/timestamps';
import type { CallContext } from '../kernel/call-context';
import { defineRouter } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { financeHiddenFor, type Session } from '../kernel/session.store';
import { toLoginRecord, type LoginListRow, type LoginLogRow } from './login-log.repository';
import { toOperationRecord, type OperationListRow } from './operation-log.repository';
import { wireId } from '../kernel/db/ids';

function sessionOf(ctx: CallContext): Session {
  if (!ctx.session) throw new RpcError(ErrorCode.authFailed);
  return ctx.session;
}

/** The main account's line as a LIKE prefix: "my line" is every path that starts with it. */
const linePrefix = (session: Session) => sql`(SELECT path FROM accounts WHERE id = ${session.accountId}) || '%'`;

function operationCondition(ctx: CallContext, path: string, params: ParamsOut<'gw.credit.operation.record.query'>): SQL {
  // The line's path as a value (ids and slashes: no LIKE wildcard in it), so the planner sees
  // how much of the site it holds: a big line walks (site_id, created_at) newest first and
  // keeps its rows, a small one reads (site_id, line_path, created_at) and sorts.
  const where: SQL[] = [
    sql`o.site_id = ${ctx.site.id}`,
    sql`o.created_at >= ${new Date(params.startTime)}`,
    sql`o.created_at < ${new Date(params.endTime)}`,
    sql`o.line_path LIKE ${`${path}%`}`,
  ];
  if (params.operatorId !== undefined) {
    // A sub-account acted as itself; a main account only when no sub-account acted for it.
    where.push(sql`(o.sub_account_id = ${params.operatorId} OR (o.sub_account_id IS NULL AND o.account_id = ${params.operatorId}))`);
  }
  if (params.targetId !== undefined) where.push(sql`o.target_id = ${params.targetId}`);
  if (params.action !== undefined) where.push(sql`o.method = ${params.action}`);
  if (params.level !== undefined) where.push(sql`o.level = ${params.level}`);
  // The method's financeRows: the calls that moved points are finance, hidden from agents as the score log is.
  if (financeHiddenFor(sessionOf(ctx), ctx.site)) {
    where.push(
      sql`o.method NOT IN (${sql.join(
        pointsActions.map((action) => sql`${action}`),
        sql`, `,
      )})`,
    );
  }
  return sql.join(where, sql` AND `);
}

/**
 * The newest 1000 rows of the range count, and no more (docs/product.md#operation-record): total is at most 1000 and a
 * page past them is empty. Both statements stop early: the count after 1000 rows, the page
 * after its last row.
 */
async function queryOperations(ctx: CallContext, params: ParamsOut<'gw.credit.operation.record.query'>) {
  const session = sessionOf(ctx);
  const me = await ctx.db.one<{ path: string }>(sql`SELECT path FROM accounts WHERE id = ${session.accountId}`);
  if (!me) throw new RpcError(ErrorCode.authFailed);
  const condition = operationCondition(ctx, me.path, params);
  const offset = (params.pageIndex - 1) * params.pageSize;
  const limit = Math.min(params.pageSize, OPERATION_RECORD_LIMIT - offset);
  const counted = await ctx.db.one<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM operation_log o WHERE ${condition} LIMIT ${OPERATION_RECORD_LIMIT}) AS newest`,
  );
  const total = counted?.n ?? 0;
  if (limit <= 0 || offset >= total) return { total, list: [] };
  const rows = await ctx.db.rows<OperationListRow>(sql`
    SELECT o.id, o.created_at, o.account_id, o.sub_account_id, o.operator_login, m.login_id AS main_login, o.target_id,
           COALESCE(t.login_id, st.login_id) AS target_login, o.method, o.changes, o.level, o.code, o.ip, o.region, o.terminal
      FROM (SELECT * FROM operation_log o WHERE ${condition} ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}) AS o
      LEFT JOIN accounts m ON m.id = o.account_id
      LEFT JOIN accounts t ON t.id = o.target_id AND t.site_id = o.site_id
      LEFT JOIN sub_accounts st ON st.id = o.target_id AND st.site_id = o.site_id
     ORDER BY o.created_at DESC, o.id DESC`);
  return {
    total,
    list: rows.map(toOperationRecord),
  };
}

/**
 * Whose sign-ins a call may read (the method's rights, levels 0-2 with code 8, already held):
 * the whole line, one account of the line (its own attempts, not its sub-accounts'), or one
 * sub-account of the caller's main account (the main session, or that sub-account itself).
 */
async function loginScope(ctx: CallContext, session: Session, userId: string | undefined): Promise<SQL> {
  if (userId === undefined) {
    return sql`l.account_id IN (SELECT a.id FROM accounts a WHERE a.site_id = ${ctx.site.id} AND a.path LIKE ${linePrefix(session)})`;
  }
  const account = await findInLine(ctx.db, { siteId: ctx.site.id, callerId: session.accountId, accountId: userId });
  if (account) return sql`l.account_id = ${account.id} AND l.sub_account_id IS NULL`;
  const sub = await ctx.db.one<{ id: bigint }>(sql`SELECT id FROM sub_accounts
    WHERE id = ${userId} AND site_id = ${ctx.site.id} AND main_account_id = ${session.accountId}`);
  if (!sub) throw new RpcError(ErrorCode.accountNotFound);
  if (session.subAccountId !== null && session.subAccountId !== wireId(sub.id)) throw new RpcError(ErrorCode.notAuthorized);
  return sql`l.sub_account_id = ${sub.id}`;
}

/** Not a table's row: sign-ins grouped by address and account (an aggregate of login_log). */
type SharedIpRow = Pick<LoginLogRow, 'ip' | 'region' | 'account_id'> &
  Pick<AccountRow, 'login_id' | 'level'> & { account_id: bigint; sign_ins: bigint; last_at: Date | string };

/** The addresses two or more accounts of the caller's line signed in from over the range (successful sign-ins). */
async function checkSharedIps(ctx: CallContext, params: ParamsOut<'gw.credit.ip.check'>) {
  const session = sessionOf(ctx);
  const rows = await ctx.db.rows<SharedIpRow>(sql`
    WITH hits AS (
      SELECT l.ip, l.account_id, count(*) AS sign_ins, max(l.created_at) AS last_at, max(l.region) AS region
        FROM login_log l JOIN accounts a ON a.id = l.account_id
       WHERE l.site_id = ${ctx.site.id} AND l.result = 'ok' AND a.path LIKE ${linePrefix(session)}
         AND l.created_at >= ${new Date(params.startTime)} AND l.created_at < ${new Date(params.endTime)}
       GROUP BY l.ip, l.account_id),
    shared AS (SELECT ip FROM hits GROUP BY ip HAVING count(*) >= 2)
    SELECT h.ip, h.region, h.account_id, a.login_id, a.level, h.sign_ins, h.last_at
      FROM hits h JOIN shared s ON s.ip = h.ip JOIN accounts a ON a.id = h.account_id
     ORDER BY h.ip, a.login_id`);
  const byIp = new Map<string, SharedIp>();
  for (const row of rows) {
    const lastAt = iso(row.last_at);
    const entry = byIp.get(row.ip) ?? { ip: row.ip, region: row.region, accounts: [], signIns: 0, lastAt };
    entry.accounts.push({ userId: wireId(row.account_id), loginId: row.login_id, level: row.level, signIns: Number(row.sign_ins), lastAt });
    entry.signIns += Number(row.sign_ins);
    if (lastAt > entry.lastAt) entry.lastAt = lastAt;
    byIp.set(row.ip, entry);
  }
  // Most accounts first, then the busiest address: the likeliest shared device or farm on top.
  const list = [...byIp.values()].sort(
    (a, b) => b.accounts.length - a.accounts.length || b.signIns - a.signIns || a.ip.localeCompare(b.ip),
  );
  const first = (params.pageIndex - 1) * params.pageSize;
  return { total: list.length, list: list.slice(first, first + params.pageSize) };
}

async function queryLogins(ctx: CallContext, params: ParamsOut<'gw.credit.login.log.query'>) {
  const session = sessionOf(ctx);
  const scope = await loginScope(ctx, session, params.userId);
  const where: SQL[] = [
    sql`l.site_id = ${ctx.site.id}`,
    sql`l.created_at >= ${new Date(params.startTime)}`,
    sql`l.created_at < ${new Date(params.endTime)}`,
    scope,
  ];
  if (params.loginId !== undefined) where.push(sql`lower(l.login_id) = ${params.loginId.toLowerCase()}`);
  if (params.ip !== undefined) where.push(sql`l.ip = ${params.ip.toLowerCase()}`);
  if (params.result !== undefined) where.push(params.result === 'ok' ? sql`l.result = 'ok'` : sql`l.result <> 'ok'`);
  const condition = sql.join(where, sql` AND `);
  const counted = await ctx.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM login_log l WHERE ${condition}`);
  const rows = await ctx.db.rows<LoginListRow>(sql`
    SELECT l.id, l.created_at, l.login_id, l.account_id, l.sub_account_id, l.ip, l.region, l.terminal, l.device, l.code
      FROM login_log l WHERE ${condition}
     ORDER BY l.created_at DESC, l.id DESC ${pageQuery(params)}`);
  return {
    total: counted?.n ?? 0,
    list: rows.map(toLoginRecord),
  };
}

export const auditRouter = defineRouter(auditMethods, {
  'gw.credit.operation.record.query': queryOperations,
  'gw.credit.login.log.query': queryLogins,
  'gw.credit.ip.check': checkSharedIps,
});
