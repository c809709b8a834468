import { sql, type SQL } from 'drizzle-orm';
import { formatCents } from '../../contract/amount.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import type { Queryable } from '../db/database';
import { iso } from '../db/timestamps';

type DbInt = string | number | bigint;

interface ScoreLogRow {
  serial_no: DbInt;
  type: 'up' | 'down' | 'in' | 'out' | 'issue';
  from_account_id: DbInt | null;
  from_login: string | null;
  to_account_id: DbInt;
  to_login: string;
  amount: DbInt;
  before: DbInt;
  after: DbInt;
  operator_before: DbInt | null;
  operator_after: DbInt | null;
  operator_login: string;
  operator_sub_account_id: DbInt | null;
  operator_ip: string;
  created_at: Date | string;
  comment: string;
}

const points = (value: DbInt) => formatCents(BigInt(value));

export interface ScoreLogScope {
  siteId: string;
  /** The caller: rows whose target is in its line (the caller or below it). */
  callerId: string;
  /** The whole site is the caller's line (the company): no line filter needed. */
  wholeSite: boolean;
}

/**
 * Score-log rows of the caller's line, or of one account of it (rows on either side of it).
 * The caller has already checked that `userId` is in its line. The operator's IP is shown only
 * for operations by the caller or its downline: a child never learns where its parent works.
 */
export async function queryScoreLog(db: Queryable, scope: ScoreLogScope, params: ParamsOut<'gw.credit.score.log.query'>) {
  const where: SQL[] = [sql`l.site_id = ${scope.siteId}`];
  if (params.userId !== undefined) {
    where.push(sql`(l.from_account_id = ${params.userId} OR l.to_account_id = ${params.userId})`);
  } else if (!scope.wholeSite) {
    where.push(sql`l.target_account_id IN (SELECT a.id FROM accounts a JOIN accounts me ON me.id = ${scope.callerId}
      WHERE a.site_id = ${scope.siteId} AND a.path LIKE me.path || '%')`);
  }
  if (params.type !== undefined) where.push(sql`l.type = ${params.type}`);
  if (params.startTime !== undefined) where.push(sql`l.created_at >= ${new Date(params.startTime)}`);
  if (params.endTime !== undefined) where.push(sql`l.created_at <= ${new Date(params.endTime)}`);
  const condition = sql.join(where, sql` AND `);

  const counted = await db.one<{ n: DbInt }>(sql`SELECT count(*) AS n FROM score_log l WHERE ${condition}`);
  const rows = await db.rows<ScoreLogRow>(sql`
    SELECT l.serial_no, l.type, l.from_account_id, f.login_id AS from_login, l.to_account_id, t.login_id AS to_login, l.amount,
           l.before, l.after, l.operator_before, l.operator_after, l.operator_login, l.operator_sub_account_id,
           CASE WHEN ${scope.wholeSite} OR o.path LIKE (SELECT path FROM accounts WHERE id = ${scope.callerId}) || '%'
                THEN l.operator_ip ELSE '' END AS operator_ip,
           l.created_at, l.comment
      FROM score_log l
      JOIN accounts o ON o.id = l.operator_account_id
      LEFT JOIN accounts f ON f.id = l.from_account_id
      JOIN accounts t ON t.id = l.to_account_id
     WHERE ${condition}
     ORDER BY l.serial_no ${params.order === 'asc' ? sql`ASC` : sql`DESC`}
     LIMIT ${params.pageSize} OFFSET ${(params.pageIndex - 1) * params.pageSize}`);
  return {
    total: Number(counted?.n ?? 0),
    list: rows.map((row) => ({
      serialNo: String(row.serial_no),
      fromUserId: row.from_account_id === null ? null : String(row.from_account_id),
      fromLoginId: row.from_login,
      toUserId: String(row.to_account_id),
      toLoginId: row.to_login,
      type: row.type,
      amount: points(row.amount),
      before: points(row.before),
      after: points(row.after),
      operatorBefore: row.operator_before === null ? null : points(row.operator_before),
      operatorAfter: row.operator_after === null ? null : points(row.operator_after),
      operator: row.operator_login,
      operatorSubAccountId: row.operator_sub_account_id === null ? null : String(row.operator_sub_account_id),
      operatorIp: row.operator_ip,
      time: iso(row.created_at),
      comment: row.comment,
    })),
  };
}
