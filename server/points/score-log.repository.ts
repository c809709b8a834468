import { sql, type SQL } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import { formatCents } from '../../contract/amount.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';
import { wireId } from '../kernel/db/ids';

/** A score_log row as the database answers it: one movement of points, the ledger's log (server/points/ledger.ts writes it). */
export interface ScoreLogRow {
  id: bigint;
  site_id: string;
  /** The site's serial of the movement (the id people quote). */
  serial_no: bigint;
  type: 'up' | 'down' | 'in' | 'out' | 'issue';
  from_account_id: bigint | null;
  to_account_id: bigint;
  amount: bigint;
  /** The target's balance around the movement. */
  before: bigint;
  after: bigint;
  /** The other account's (the operator side of an up or down). */
  operator_before: bigint | null;
  operator_after: bigint | null;
  operator_account_id: bigint;
  operator_login: string;
  operator_ip: string;
  comment: string;
  created_at: Date | string;
  target_account_id: bigint;
  operator_sub_account_id: bigint | null;
  request_key: string | null;
  state: 'pending' | 'done' | 'reversed';
  reversal_of: bigint | null;
  transfer_id: string | null;
  game_session: string | null;
}

/** A movement as the score log lists it (selectRows): with the logins of both sides, the operator's IP blanked outside the caller's line. */
type ScoreLogListRow = Pick<
  ScoreLogRow,
  | 'serial_no'
  | 'type'
  | 'from_account_id'
  | 'to_account_id'
  | 'target_account_id'
  | 'amount'
  | 'before'
  | 'after'
  | 'operator_before'
  | 'operator_after'
  | 'operator_login'
  | 'operator_sub_account_id'
  | 'operator_account_id'
  | 'operator_ip'
  | 'created_at'
  | 'comment'
  | 'state'
  | 'reversal_of'
  | 'transfer_id'
> & { from_login: string | null; to_login: string };

const points = (value: bigint) => formatCents(BigInt(value));

export interface ScoreLogScope {
  siteId: string;
  /** The caller: rows whose target is in its line (the caller or below it). */
  callerId: string;
  /** The whole site is the caller's line (the company): no line filter needed. */
  wholeSite: boolean;
}

/** The filters score.log.query and its export share. */
export type ScoreLogFilters = Omit<ParamsOut<'gw.credit.score.log.query'>, 'pageIndex' | 'pageSize'>;

function scoreLogCondition(scope: ScoreLogScope, params: ScoreLogFilters): SQL {
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
  // Whole points in, cents stored.
  if (params.minAmount !== undefined) where.push(sql`l.amount >= ${params.minAmount * 100}`);
  if (params.maxAmount !== undefined) where.push(sql`l.amount <= ${params.maxAmount * 100}`);
  return sql.join(where, sql` AND `);
}

function selectRows(scope: ScoreLogScope, condition: SQL): SQL {
  return sql`
    SELECT l.serial_no, l.type, l.from_account_id, f.login_id AS from_login, l.to_account_id, t.login_id AS to_login, l.target_account_id, l.amount,
           l.before, l.after, l.operator_before, l.operator_after, l.operator_login, l.operator_sub_account_id, l.operator_account_id,
           CASE WHEN ${scope.wholeSite} OR o.path LIKE (SELECT path FROM accounts WHERE id = ${scope.callerId}) || '%'
                THEN l.operator_ip ELSE '' END AS operator_ip,
           l.created_at, l.comment, l.state, l.reversal_of, l.transfer_id
      FROM score_log l
      JOIN accounts o ON o.id = l.operator_account_id
      LEFT JOIN accounts f ON f.id = l.from_account_id
      JOIN accounts t ON t.id = l.to_account_id
     WHERE ${condition}`;
}

function toScoreLogRow(row: ScoreLogListRow) {
  // before/after are the target's, the operator side is the other account of the row.
  const target = { before: points(row.before), after: points(row.after) };
  const other = {
    before: row.operator_before === null ? null : points(row.operator_before),
    after: row.operator_after === null ? null : points(row.operator_after),
  };
  const [from, to] = wireId(row.target_account_id) === wireId(row.to_account_id) ? [other, target] : [target, other];
  return {
    serialNo: String(row.serial_no),
    fromUserId: wireId(row.from_account_id),
    fromLoginId: row.from_login,
    toUserId: wireId(row.to_account_id),
    toLoginId: row.to_login,
    type: row.type,
    amount: points(row.amount),
    before: target.before,
    after: target.after,
    operatorBefore: other.before,
    operatorAfter: other.after,
    fromBefore: from.before,
    fromAfter: from.after,
    toBefore: to.before!,
    toAfter: to.after!,
    operator: row.operator_login,
    operatorSubAccountId: wireId(row.operator_sub_account_id),
    mainUserId: wireId(row.operator_account_id),
    operatorIp: row.operator_ip,
    time: iso(row.created_at),
    comment: row.comment,
    state: row.state,
    reversalOf: row.reversal_of === null ? null : String(row.reversal_of),
    transferId: row.transfer_id,
  };
}

export type ScoreLogEntry = ReturnType<typeof toScoreLogRow>;

/**
 * Score-log rows of the caller's line, or of one account of it (rows on either side of it).
 * The caller has already checked that `userId` is in its line. The operator's IP is shown only
 * for operations by the caller or its downline: a child never learns where its parent works.
 */
export async function queryScoreLog(db: Queryable, scope: ScoreLogScope, params: ParamsOut<'gw.credit.score.log.query'>) {
  const condition = scoreLogCondition(scope, params);
  const counted = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM score_log l WHERE ${condition}`);
  const rows = await db.rows<ScoreLogListRow>(sql`${selectRows(scope, condition)}
     ORDER BY ${timeOrder(params.order === 'asc')}
     ${pageQuery(params)}`);
  return { total: counted?.n ?? 0, list: rows.map(toScoreLogRow) };
}

/** The log reads in time order, as its header says; rows of one moment in serial order. */
const timeOrder = (asc: boolean) => (asc ? sql`l.created_at ASC, l.serial_no ASC` : sql`l.created_at DESC, l.serial_no DESC`);

/**
 * Where an export of the log stops: the site's last serial number when it starts. The log only
 * grows, so the rows up to it stay the same while the export reads them page by page.
 */
export async function scoreLogSnapshot(db: Queryable, scope: ScoreLogScope, params: ScoreLogFilters) {
  const last = await db.one<{ serial_no: bigint | null }>(
    sql`SELECT max(serial_no) AS serial_no FROM score_log WHERE site_id = ${scope.siteId}`,
  );
  const untilSerial = String(last?.serial_no ?? 0);
  const counted = await db.one<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM score_log l WHERE ${scoreLogCondition(scope, params)} AND l.serial_no <= ${untilSerial}`,
  );
  return { untilSerial, total: counted?.n ?? 0 };
}

/**
 * The rows queryScoreLog answers for the same filters and scope, every page, in its order, up
 * to a snapshot's last serial number. Each page starts after the last row of the one before (no
 * OFFSET), so the last page costs what the first does.
 */
export async function* scoreLogPages(
  db: Queryable,
  scope: ScoreLogScope,
  params: ScoreLogFilters & { untilSerial: string },
  pageSize = 500,
): AsyncGenerator<ScoreLogEntry[]> {
  const condition = scoreLogCondition(scope, params);
  const asc = params.order === 'asc';
  let after: string | null = null;
  for (;;) {
    const last = sql`(SELECT p.created_at, p.serial_no FROM score_log p WHERE p.site_id = ${scope.siteId} AND p.serial_no = ${after})`;
    const from: SQL =
      after === null ? sql`` : asc ? sql` AND (l.created_at, l.serial_no) > ${last}` : sql` AND (l.created_at, l.serial_no) < ${last}`;
    const rows: ScoreLogListRow[] =
      await db.rows<ScoreLogListRow>(sql`${selectRows(scope, condition)} AND l.serial_no <= ${params.untilSerial}${from}
       ORDER BY ${timeOrder(asc)} LIMIT ${pageSize}`);
    if (rows.length > 0) yield rows.map(toScoreLogRow);
    if (rows.length < pageSize) return;
    after = String(rows.at(-1)!.serial_no);
  }
}
