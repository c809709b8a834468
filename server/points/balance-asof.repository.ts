import { sql, type SQL } from '../kernel/db/sql';
import { formatCents } from '../../contract/amount.contract';
import { prepared, type Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';
import { idArray, wireId } from '../kernel/db/ids';
import type { AccountRow } from '../tree/account.repository';
import type { ScoreLogRow } from './score-log.repository';

/**
 * Balances as of an instant, from the score log (docs/product.md#balances-as-of). An account's
 * balance at `at` is what its last row at or before `at` left it (0 before its first row): rows
 * in time order, the serial breaking ties. A row holds two balances, the target's (before/after)
 * and the other side's (operator_before/operator_after): the account's side is the target's when
 * it is the row's target, the other's otherwise. Its rows are those it is the from or the to
 * account of, each side read by one backward descent of its index (score_log_from_asof,
 * score_log_to_asof: the account, then time and serial, carrying the row's target and both
 * balances), an index-only probe that stops at the first entry: one account costs two probes,
 * O(log n) in the log, however long its history.
 */

/** An account's balance at an instant, and the row it comes from (none: no row at or before it). */
export type BalanceAsOfRow = Pick<AccountRow, 'id' | 'login_id' | 'kind'> & {
  balance: bigint | null;
  serial_no: ScoreLogRow['serial_no'] | null;
  created_at: ScoreLogRow['created_at'] | null;
};

/** The last row of one side (`column` is from_account_id or to_account_id) of the account `a.id` at or before `at`. */
const lastOfSide = (column: 'from_account_id' | 'to_account_id', at: Date) => sql`
  (SELECT l.serial_no, l.created_at,
          CASE WHEN l.target_account_id = a.id THEN l.after ELSE l.operator_after END AS balance
     FROM score_log l
    WHERE l.${sql.identifier(column)} = a.id AND l.created_at <= ${at}
    ORDER BY l.created_at DESC, l.serial_no DESC
    LIMIT 1)`;

/** The lateral subquery answering the balance of the account `a` at `at`. */
const balanceAt = (at: Date) => sql`
  LEFT JOIN LATERAL (
    SELECT s.serial_no, s.created_at, s.balance
      FROM (${lastOfSide('from_account_id', at)} UNION ALL ${lastOfSide('to_account_id', at)}) s
     ORDER BY s.created_at DESC, s.serial_no DESC
     LIMIT 1
  ) b ON true`;

/**
 * The balances at `at` of the accounts the condition (over `a`) picks, in the order given (over
 * `a`, then a LIMIT). Prepared: each caller's text is fixed (the children's has two, with and
 * without a cursor), and planning it cost more than running it.
 */
function balancesWhere(q: Queryable, at: Date, where: SQL, order: SQL, page: SQL = sql``) {
  return q.rows<BalanceAsOfRow>(
    prepared(sql`
    SELECT a.id, a.login_id, a.kind, b.balance, b.serial_no, b.created_at
      FROM (SELECT a.id, a.login_id, a.kind, a.created_at FROM accounts a WHERE ${where} ORDER BY ${order} ${page}) a
      ${balanceAt(at)}
     ORDER BY ${order}`),
  );
}

/**
 * One account's balance at `at`, when it is of the caller's line (the caller or below it; the
 * check and the read in one statement). Undefined: no such account of the site, or not of that line.
 */
export async function balanceAsOf(
  q: Queryable,
  input: { siteId: string; callerId: string; accountId: string },
  at: Date,
): Promise<BalanceAsOfRow | undefined> {
  const [row] = await balancesWhere(
    q,
    at,
    sql`a.site_id = ${input.siteId} AND a.id = ${input.accountId}::bigint
        AND a.path LIKE (SELECT me.path FROM accounts me WHERE me.id = ${input.callerId}::bigint) || '%'`,
    sql`a.id`,
  );
  return row;
}

/** The site's game wallet's balance at `at`. */
export async function walletBalanceAsOf(q: Queryable, siteId: string, at: Date): Promise<BalanceAsOfRow | undefined> {
  const [row] = await balancesWhere(q, at, sql`a.site_id = ${siteId} AND a.kind = 'wallet'`, sql`a.id`);
  return row;
}

/** The balances at `at` of these accounts of the site, in the order of `ids` (an id of no account of the site is left out). */
export function balancesOfAccounts(q: Queryable, siteId: string, ids: readonly string[], at: Date): Promise<BalanceAsOfRow[]> {
  return balancesWhere(q, at, sql`a.site_id = ${siteId} AND a.id = ANY (${idArray(ids)})`, sql`array_position(${idArray(ids)}, a.id)`);
}

/** Whether `childId` is a direct child of the parent (of the site): a cursor the children's pages may start after. */
export async function isChildOf(q: Queryable, input: { siteId: string; parentId: string; childId: string }): Promise<boolean> {
  const row = await q.one<{ id: bigint }>(sql`
    SELECT id FROM accounts WHERE id = ${input.childId}::bigint AND parent_id = ${input.parentId}::bigint AND site_id = ${input.siteId}`);
  return row !== undefined;
}

/**
 * The balances at `at` of a page of the parent's direct children, in the order they were added
 * (created_at, then id: the list's default), after the child `after` when given (keyset paging:
 * one descent of accounts_parent_created to the cursor, whatever the page's depth; an account
 * added meanwhile is never counted twice nor makes another skipped). Answers up to pageSize + 1
 * rows: one more than the page says that a page follows. A cursor that is not a child of the
 * parent matches nothing (no rows: isChildOf tells that from the end of the list).
 */
export function balancesOfChildren(
  q: Queryable,
  input: { siteId: string; parentId: string; after?: string; pageSize: number },
  at: Date,
): Promise<BalanceAsOfRow[]> {
  const after =
    input.after === undefined
      ? sql``
      : sql`AND (a.created_at, a.id) > (SELECT c.created_at, c.id FROM accounts c
                                         WHERE c.id = ${input.after}::bigint AND c.parent_id = ${input.parentId}::bigint)`;
  return balancesWhere(
    q,
    at,
    sql`a.site_id = ${input.siteId} AND a.parent_id = ${input.parentId}::bigint ${after}`,
    sql`a.created_at, a.id`,
    sql`LIMIT ${input.pageSize + 1}`,
  );
}

/** A balance at an instant as the methods answer it. */
export function toBalanceAsOf(row: BalanceAsOfRow) {
  return {
    userId: wireId(row.id),
    loginId: row.login_id,
    gameWallet: row.kind === 'wallet',
    balance: formatCents(BigInt(row.balance ?? 0)),
    serialNo: row.serial_no === null ? null : String(row.serial_no),
    movedAt: row.created_at === null ? null : iso(row.created_at),
  };
}
