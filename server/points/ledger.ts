import { companyLevel, isMemberLevel } from '../../contract/account-fields.contract';
import { sql } from '../kernel/db/sql';
import { ErrorCode } from '../../contract/errors.contract';
import { AccountStatus, type AccountRow } from '../tree/account.repository';
import { prepared, type Queryable } from '../kernel/db/database';
import { raiseLiveEvent } from '../events/live-events.service';
import { RpcError } from '../kernel/rpc-error';
import { wireId } from '../kernel/db/ids';

/**
 * The ledger: every movement of points is one call here, inside the caller's transaction.
 * Balances are integer cents; arithmetic on them happens in SQL or on bigints, never on floats.
 *
 * Order inside a movement, the same everywhere so that concurrent movements never deadlock:
 *   1. the account rows: a score's parent and child in ascending id order; a game transfer's
 *      member first, and the site's game wallet only by 2's statement (server/points/game-transfers.ts).
 *      Every transfer of the site goes through that one wallet row, so it is locked last and
 *      held only from its movement to the commit, never while a step checks or waits; no
 *      transaction locks the wallet and then a tree account;
 *   2. the site's serial number (its row lock is held to commit, so for each account the
 *      serial order of its rows is their commit order), both balances and the score-log row,
 *      in one statement;
 *   3. the checks (line, statuses, interval, balances, point limit) on the rows as 1 locked them, in code.
 * 1 and 2 leave in one round trip: the server runs 2 only once 1 holds the locks, and nothing of
 * 2 is kept unless 3 passes (the transaction is rolled back otherwise). So the hot parent's row is
 * held one round trip less. 2 also guards itself: it changes nothing at all unless the parent
 * and its direct child are of the site, no balance goes below 0 (which the database refuses
 * by constraint anyway) and a score up keeps the child within its point limit, so a refused
 * score leaves no error in the database's log either.
 */

/** Total issuance of a site stays below this, so no balance or sum can leave a bigint. */
export const MAX_ISSUED_CENTS = 9_000_000_000_000_000_000n;

/** An account's row as a movement locks it (lockAccounts), or as a preview reads it. */
export type LockedAccount = Pick<
  AccountRow,
  'id' | 'parent_id' | 'level' | 'status' | 'team_status' | 'balance' | 'point_limit' | 'in_game' | 'login_id' | 'path' | 'last_scored_at'
> & {
  /**
   * For the operator only (null for the target): the strongest team status of the accounts
   * above it, 4 disabled, 6 frozen, else 1.
   */
  line_above: number | null;
};

export interface Movement {
  serialNo: bigint;
  amount: bigint;
  before: bigint;
  after: bigint;
  operatorBefore: bigint;
  operatorAfter: bigint;
}

export interface TransferInput {
  siteId: string;
  direction: 'up' | 'down';
  /** The parent: the main account of the session that acts. */
  operatorId: string;
  /** A direct child of the operator. */
  targetId: string;
  /** Positive integer cents. */
  amount: number;
  operatorLogin: string;
  operatorSubAccountId: string | null;
  ip: string;
  comment: string;
  now: Date;
  /** The site's minimum interval between two score operations of one operator on one target. */
  minIntervalMs: number;
  requestKey: string | null;
  /**
   * Called on the rows as locked, once the target is known to be the operator's direct child and
   * before any rule: a confirmed preview's check (it throws 20060 when what it showed changed).
   */
  confirm?: (operator: LockedAccount, target: LockedAccount) => Promise<void>;
}

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('amount must be positive integer cents');
}

/**
 * The rows of the given accounts of a site, locked in ascending id order (the one lock order),
 * with the team status of the lines above the operator (read, not locked: read in the same
 * statement, so a movement costs one round trip fewer while its locks are held).
 */
function lockAccounts(tx: Queryable, siteId: string, operatorId: string, targetId: string | null): Promise<LockedAccount[]> {
  return tx.rows<LockedAccount>(prepared(sql`${scoreAccountsQuery(siteId, operatorId, targetId)} FOR NO KEY UPDATE OF a`));
}

/** The rows lockAccounts locks, read without a lock (a preview's read: it writes and holds nothing). */
export function readScoreAccounts(db: Queryable, siteId: string, operatorId: string, targetId: string): Promise<LockedAccount[]> {
  return db.rows<LockedAccount>(prepared(scoreAccountsQuery(siteId, operatorId, targetId)));
}

function scoreAccountsQuery(siteId: string, operatorId: string, targetId: string | null) {
  return sql`SELECT a.id, a.parent_id, a.level, a.status, a.team_status, a.balance, a.point_limit, a.in_game, a.login_id, a.path, a.last_scored_at,
        CASE WHEN a.id = ${operatorId}::bigint THEN COALESCE(
          (SELECT CASE WHEN bool_or(x.team_status = ${AccountStatus.disabled}) THEN ${AccountStatus.disabled}::int WHEN bool_or(x.team_status = ${AccountStatus.frozen}) THEN ${AccountStatus.frozen}::int END
             FROM accounts x WHERE x.id = ANY (string_to_array(trim(BOTH '/' FROM a.path), '/')::bigint[]) AND x.id <> a.id), 1)
        END AS line_above
    FROM accounts a WHERE a.site_id = ${siteId} AND a.id IN (${operatorId}::bigint, ${targetId ?? operatorId}::bigint)
    ORDER BY a.id`;
}

/** A frozen or disabled operator, or one in a frozen or disabled line, moves no points (20005). */
function operatorMayMovePoints(operator: LockedAccount): boolean {
  const normal = AccountStatus.normal;
  return operator.status === normal && operator.team_status === normal && Number(operator.line_above) === normal;
}

/** 37150 when the operator (the target's parent) moved points of this target less than the site's interval ago. */
function tooSoon(target: LockedAccount, input: Pick<TransferInput, 'now' | 'minIntervalMs'>): boolean {
  if (input.minIntervalMs <= 0 || target.last_scored_at === null) return false;
  return input.now.getTime() - new Date(target.last_scored_at).getTime() < input.minIntervalMs;
}

/** The operator and the target among the rows read: 20002 when the target is not in its line, 20040 when not its direct child. */
export function scorePair(rows: LockedAccount[], input: Pick<TransferInput, 'siteId' | 'operatorId' | 'targetId'>) {
  const operator = rows.find((row) => wireId(row.id) === input.operatorId);
  const target = rows.find((row) => wireId(row.id) === input.targetId);
  if (!operator) throw new Error(`operator ${input.operatorId} is not an account of site ${input.siteId}`);
  if (!target || !target.path.startsWith(operator.path)) throw new RpcError(ErrorCode.accountNotFound);
  if (target.parent_id === null || wireId(target.parent_id) !== input.operatorId) throw new RpcError(ErrorCode.notDirectRelation);
  return { operator, target };
}

/**
 * Every rule that refuses a score of a direct child, in the order a movement checks them (it
 * answers the first): the operator's status and line (20005), the target's (20003), a member in
 * a game scored down (20032), the interval (37150), the balances (37110, 37111) and the point
 * limit (20030, rule "above-point-limit"). A preview lists them all.
 */
export function scoreRefusals(
  operator: LockedAccount,
  target: LockedAccount,
  input: Pick<TransferInput, 'direction' | 'now' | 'minIntervalMs'>,
  amount: bigint,
): RpcError[] {
  const up = input.direction === 'up';
  const refusals: RpcError[] = [];
  const refuse = (code: ConstructorParameters<typeof RpcError>[0], data?: RpcError['data']) => refusals.push(new RpcError(code, data));
  if (!operatorMayMovePoints(operator)) refuse(ErrorCode.operatorStatusForbidsScore);
  // The target's own status and its own line; the lines above it are the operator's, checked above.
  if (target.status !== AccountStatus.normal || target.team_status !== AccountStatus.normal) refuse(ErrorCode.targetStatusForbidsScore);
  if (!up && isMemberLevel(target.level) && target.in_game) refuse(ErrorCode.onlinePlayerScoreDown);
  if (tooSoon(target, input)) refuse(ErrorCode.setPointsTooFrequent);
  if (up && operator.balance < amount) refuse(ErrorCode.operatorBalanceLow);
  if (!up && target.balance < amount) refuse(ErrorCode.targetBalanceLow);
  if (up && target.balance + amount > target.point_limit) refuse(ErrorCode.setScoreFailed, { field: 'amount', rule: 'above-point-limit' });
  return refusals;
}

/**
 * Score up (parent -> direct child) or down (direct child -> parent), checked under the row
 * locks: 20002 (the target is not in the operator's line or site, never saying which), 20040,
 * 20005, 20003, 20032, 37150, 37110 / 37111, and 20030 (rule "above-point-limit") for a score up
 * that would take the target above its point limit.
 */
export async function transferPoints(tx: Queryable, input: TransferInput): Promise<Movement> {
  assertAmount(input.amount);
  const amount = BigInt(input.amount);
  const locked = lockAccounts(tx, input.siteId, input.operatorId, input.targetId);
  const moved = moveBalances(tx, input, amount);
  // In the same round trip; heard only if the transaction commits (a refusal rolls it back).
  const raised = raiseLiveEvent(tx, input.siteId, { kind: 'points', accountIds: [input.operatorId, input.targetId] });
  // Observed now, awaited after the checks: when a check refuses, its failure is never "unhandled".
  moved.catch(() => undefined);
  raised.catch(() => undefined);

  const rows = await locked;
  const { operator, target } = scorePair(rows, input);
  if (input.confirm) await input.confirm(operator, target);
  const refusal = scoreRefusals(operator, target, input, amount)[0];
  if (refusal) throw refusal;

  const row = await moved;
  if (!row) throw new Error(`transfer ${input.operatorId} -> ${input.targetId} of site ${input.siteId} moved nothing`);
  await raised;
  return {
    serialNo: row.serial_no,
    amount,
    before: row.before,
    after: row.after,
    operatorBefore: row.operator_before,
    operatorAfter: row.operator_after,
  };
}

/**
 * The serial number, both balances and the score-log row in one statement, all or nothing: its
 * guards (the parent and its direct child, both of the site, balances at 0 or above, a score up
 * within the child's point limit) are read first, and when one fails nothing changes and no row
 * comes back. The rows are those the transaction locked (lockAccounts), so what the guards read
 * is what the updates change.
 */
export function moveBalances(tx: Queryable, input: TransferInput, amount: bigint) {
  const up = input.direction === 'up';
  const childDelta = String(up ? amount : -amount);
  const parentDelta = String(up ? -amount : amount);
  const from = up ? input.operatorId : input.targetId;
  const to = up ? input.targetId : input.operatorId;
  return tx.one<{ serial_no: bigint; before: bigint; after: bigint; operator_before: bigint; operator_after: bigint }>(
    prepared(sql`
    WITH ok AS (
      SELECT FROM accounts p JOIN accounts c ON c.parent_id = p.id AND c.site_id = p.site_id
       WHERE p.id = ${input.operatorId}::bigint AND p.site_id = ${input.siteId} AND c.id = ${input.targetId}::bigint
         AND p.balance + ${parentDelta}::bigint >= 0 AND c.balance + ${childDelta}::bigint >= 0
         AND (${childDelta}::bigint <= 0 OR c.balance + ${childDelta}::bigint <= c.point_limit)
    ), parent AS (
      UPDATE accounts SET balance = balance + ${parentDelta}::bigint
       WHERE id = ${input.operatorId}::bigint AND EXISTS (SELECT FROM ok) RETURNING balance
    ), child AS (
      UPDATE accounts SET balance = balance + ${childDelta}::bigint, last_scored_at = GREATEST(last_scored_at, ${input.now})
       WHERE id = ${input.targetId}::bigint AND EXISTS (SELECT FROM ok) RETURNING balance
    ), serial AS (
      UPDATE sites SET score_serial = score_serial + 1 WHERE id = ${input.siteId} AND EXISTS (SELECT FROM ok) RETURNING score_serial
    )
    INSERT INTO score_log (site_id, serial_no, type, from_account_id, to_account_id, target_account_id, amount, before, after,
        operator_before, operator_after, operator_account_id, operator_sub_account_id, operator_login, operator_ip, comment,
        request_key, created_at)
    SELECT ${input.siteId}, serial.score_serial, ${input.direction}, ${from}::bigint, ${to}::bigint, ${input.targetId}::bigint,
        ${String(amount)}::bigint, child.balance - ${childDelta}::bigint, child.balance,
        parent.balance - ${parentDelta}::bigint, parent.balance, ${input.operatorId}::bigint, ${input.operatorSubAccountId}::bigint,
        ${input.operatorLogin}, ${input.ip}, ${input.comment}, ${input.requestKey}, ${input.now}
      FROM serial, parent, child
    RETURNING serial_no, before, after, operator_before, operator_after`),
  );
}

/**
 * The company's audited issuance: the only way points come into existence. Amounts are
 * integer cents. Must run inside a transaction.
 */
export async function issuePoints(
  tx: Queryable,
  input: {
    siteId: string;
    companyId: string;
    amount: number;
    operatorLogin: string;
    operatorSubAccountId?: string | null;
    ip: string;
    comment: string;
    now: Date;
    requestKey?: string | null;
  },
): Promise<{ serialNo: bigint; before: bigint; after: bigint }> {
  assertAmount(input.amount);
  const [company] = await lockAccounts(tx, input.siteId, input.companyId, null);
  if (!company || company.level !== companyLevel) throw new Error('issuance goes to the company account of the site');
  if (company.status !== AccountStatus.normal || company.team_status !== AccountStatus.normal) {
    throw new RpcError(ErrorCode.operatorStatusForbidsScore);
  }
  const issued = await tx.one<{ total: bigint | null }>(sql`SELECT sum(amount) AS total FROM score_log
    WHERE site_id = ${input.siteId} AND type = 'issue'`);
  if ((issued?.total ?? 0n) + BigInt(input.amount) > MAX_ISSUED_CENTS) {
    throw new RpcError(ErrorCode.invalidParams, { field: 'amount', rule: 'issuance-too-large' });
  }
  const amount = String(input.amount);
  const row = await tx.one<{ serial_no: bigint; before: bigint; after: bigint }>(sql`
    WITH serial AS (
      UPDATE sites SET score_serial = score_serial + 1 WHERE id = ${input.siteId} RETURNING score_serial
    ), company AS (
      UPDATE accounts SET balance = balance + ${amount}::bigint WHERE id = ${input.companyId} RETURNING balance
    )
    INSERT INTO score_log (site_id, serial_no, type, from_account_id, to_account_id, target_account_id, amount, before, after,
        operator_account_id, operator_sub_account_id, operator_login, operator_ip, comment, request_key, created_at)
    SELECT ${input.siteId}, serial.score_serial, 'issue', NULL, ${input.companyId}::bigint, ${input.companyId}::bigint,
        ${amount}::bigint, company.balance - ${amount}::bigint, company.balance, ${input.companyId}::bigint,
        ${input.operatorSubAccountId ?? null}::bigint, ${input.operatorLogin}, ${input.ip}, ${input.comment}, ${input.requestKey ?? null},
        ${input.now}
      FROM serial, company
    RETURNING serial_no, before, after`);
  if (!row) throw new Error(`no site ${input.siteId}`);
  await raiseLiveEvent(tx, input.siteId, { kind: 'points', accountIds: [input.companyId] });
  return { serialNo: row.serial_no, before: row.before, after: row.after };
}
