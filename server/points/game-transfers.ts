import { sql } from 'drizzle-orm';
import { AccountStatus, memberLevel } from '../../contract/account-levels.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { prepared, type Queryable } from '../db/database';
import { PlatformRefusal, type PlatformFor } from '../games/game-platform';
import { RpcError } from '../rpc/rpc-error';

/**
 * Transfers between a member and the game platform (PRODUCT.md "Wallet"): `in` moves points
 * member -> the site's game wallet, `out` wallet -> member. Nothing is ever guessed:
 *   - an `in` is written at once as pending (the member's points leave first), then the
 *     platform is asked; its answer makes it done, a certain refusal reverses it, a lost answer
 *     leaves it pending for the repair, which asks the platform's own record;
 *   - an `out` is first only a request (transfer_outs); the member is credited in the same
 *     transaction that records the platform's confirmation, so a lost answer credits nothing.
 * Each step is one transaction; the platform is called between them, never inside one, except
 * by repairTransfer when its caller hands it a transaction (a repair call is rare and short).
 *
 * Locks. A step that checks or moves a member's points takes the member's row lock first
 * (lockMember), so such steps of one member never interleave (a confirmation or a failed
 * request only changes the state of its own row). All transfers of a site move points
 * through its one wallet row, so the wallet is locked as late and as briefly as possible: only
 * the movement itself updates it (moveWithWallet, the last statement of a step that moves
 * points), and steps that move nothing never touch it. So, in every transaction that locks
 * both, the member comes before the wallet, and the wallet before the site's serial (the
 * movement's statement takes them in that order). Score ups and downs lock two tree accounts,
 * then the serial, and never the wallet, so no cycle can form. (The play-history seed holds the
 * site's serial and every account of a fresh site before anything plays on it.) Statements that
 * do not depend on each other's answers are sent together (one round trip), and the hot ones
 * are prepared once per connection.
 */

/** A transfer younger than this may still get its first answer: repairing it is refused (37165). */
export const REPAIR_AFTER_MS = 30_000;
/** The repair job leaves a pending transfer this long to a person before it settles it itself. */
export const REPAIR_JOB_AFTER_MS = 60_000;

type DbInt = string | number | bigint;
type TransferState = 'pending' | 'done' | 'reversed' | 'failed';

/** Who acted: the member at the platform, an agent repairing, or the wallet (the repair job). */
export interface TransferOperator {
  accountId: string;
  login: string;
  subAccountId: string | null;
  ip: string;
}

export interface TransferRequest {
  siteId: string;
  memberId: string;
  /** Positive integer cents. */
  amount: number;
  /** Ours, unique per site; the platform keeps it. */
  transferId: string;
  now: Date;
  ip?: string;
}

export interface TransferOutcome {
  transferId: string;
  type: 'in' | 'out';
  state: TransferState;
  /** The score-log row (the `in`; for an `out`, once credited). */
  serialNo: string | null;
  sessionId: string;
}

interface LockedMember {
  id: DbInt;
  status: number;
  balance: DbInt;
  login_id: string;
  /** Asked for by a transfer in only (null otherwise). */
  line_status: number | null;
  /** Read, not locked: only the movement locks the wallet (see the top of this file). */
  wallet_id: DbInt | null;
}

/** The strongest team status of the member's line, its own included (read, not locked). */
const lineStatus = sql`COALESCE((SELECT max(x.team_status) FILTER (WHERE x.team_status <> ${AccountStatus.normal}) FROM accounts x
  WHERE x.id = ANY (string_to_array(trim(BOTH '/' FROM a.path), '/')::bigint[])), ${AccountStatus.normal})`;

/**
 * The member's row, locked, with the id of the site's wallet (not locked) and, for a transfer
 * in (`withLine`), the status of its line. Undefined when it is not a member of the site. The
 * transfer's first statement: the others of its step follow it in the same round trip, each
 * reading (a statement of its own, with a snapshot of its own) what the member's earlier
 * transfers committed before this lock was granted.
 */
function lockMember(tx: Queryable, siteId: string, memberId: string, withLine = false): Promise<LockedMember | undefined> {
  return tx.one<LockedMember>(
    prepared(sql`
    SELECT a.id, a.status, a.balance, a.login_id, ${withLine ? lineStatus : sql`NULL::smallint`} AS line_status,
           (SELECT w.id FROM accounts w WHERE w.site_id = a.site_id AND w.kind = 'wallet') AS wallet_id
      FROM accounts a
     WHERE a.id = ${memberId}::bigint AND a.site_id = ${siteId} AND a.kind = 'tree' AND a.level = ${memberLevel}
       FOR NO KEY UPDATE OF a`),
  );
}

/** Rejections of a statement sent ahead are seen when it is awaited, never "unhandled" if a check throws first. */
function sentAhead<T>(answer: Promise<T>): Promise<T> {
  answer.catch(() => undefined);
  return answer;
}

/**
 * What a new transfer of the member must know, in one statement: its open game session, and
 * whether an earlier transfer of its is still unsettled (37165: one at a time). A transfer id
 * used before is a bug of the caller (ids are ours), refused before anything moves. Sent right
 * after lockMember, in the same round trip; openSession reads its answer.
 */
function transferState(tx: Queryable, siteId: string, memberId: string, transferId: string) {
  return tx.one<{ session: string | null; unsettled: boolean; used: boolean }>(
    prepared(sql`SELECT
      (SELECT session_id FROM game_sessions WHERE site_id = ${siteId} AND member_id = ${memberId}::bigint AND ended_at IS NULL) AS session,
      EXISTS (SELECT FROM score_log WHERE site_id = ${siteId} AND target_account_id = ${memberId}::bigint AND state = 'pending')
        OR EXISTS (SELECT FROM transfer_outs WHERE site_id = ${siteId} AND member_id = ${memberId}::bigint AND state = 'pending') AS unsettled,
      EXISTS (SELECT FROM score_log WHERE site_id = ${siteId} AND transfer_id = ${transferId})
        OR EXISTS (SELECT FROM transfer_outs WHERE site_id = ${siteId} AND transfer_id = ${transferId}) AS used`),
  );
}

/** The member's open session (null: none), once transferState's answer allows a new transfer. */
async function openSession(state: ReturnType<typeof transferState>, siteId: string, transferId: string) {
  const row = (await state)!;
  if (row.used) throw new Error(`transfer id ${transferId} of site ${siteId} is already used`);
  if (row.unsettled) throw new RpcError(ErrorCode.repairTooEarly);
  return row.session;
}

/**
 * One movement between the member and the wallet with its score-log row, in one statement;
 * answers its serial. The member's row is locked already (lockMember); the statement locks the
 * wallet, then the site's serial (each update needs the one before it), and so must be the
 * last of its transaction: the wallet is held from here to the commit only. The member's game
 * session opens with it (`opens`: a transfer in with no session open; the session is named
 * `session`) or ends with it (`closes`: a transfer out that empties the member's balance at
 * the platform), the member's in-game flag with it. It is sent with COMMIT, so it moves all or
 * nothing of its step: everything hangs on the member's update (when that one changes nothing,
 * its balance going below 0, nothing changes and no row comes back), and a wallet or serial
 * missing after it would leave nulls the score log refuses (the statement fails, all is rolled
 * back), never a step half done.
 */
async function moveWithWallet(
  tx: Queryable,
  input: {
    siteId: string;
    type: 'in' | 'out';
    memberId: string;
    walletId: DbInt;
    amount: bigint;
    state: 'pending' | 'done';
    transferId: string | null;
    reversalOf: DbInt | null;
    session: string;
    opens: boolean;
    closes: boolean;
    operator: TransferOperator;
    comment: string;
    now: Date;
  },
): Promise<string> {
  const memberDelta = String(input.type === 'in' ? -input.amount : input.amount);
  const walletDelta = String(input.type === 'in' ? input.amount : -input.amount);
  const [from, to] = input.type === 'in' ? [input.memberId, String(input.walletId)] : [String(input.walletId), input.memberId];
  // Three texts, each prepared: the session and the in-game flag are written only by a movement that opens or ends the session.
  const inGame = input.opens ? sql`, in_game = true` : input.closes ? sql`, in_game = false` : sql``;
  const session = input.opens
    ? sql`, opened AS (
      INSERT INTO game_sessions (site_id, session_id, member_id, started_at)
      SELECT ${input.siteId}, ${input.session}, ${input.memberId}::bigint, ${input.now}::timestamptz FROM member
    )`
    : input.closes
      ? sql`, closed AS (
      UPDATE game_sessions SET ended_at = ${input.now}::timestamptz
       WHERE site_id = ${input.siteId} AND session_id = ${input.session} AND ended_at IS NULL AND EXISTS (SELECT FROM member)
    )`
      : sql``;
  const row = await tx.oneAndCommit<{ serial_no: DbInt }>(
    prepared(sql`
    WITH member AS (
      UPDATE accounts SET balance = balance + ${memberDelta}::bigint${inGame}
       WHERE id = ${input.memberId}::bigint AND balance + ${memberDelta}::bigint >= 0 RETURNING balance
    ), wallet AS (
      UPDATE accounts SET balance = balance + ${walletDelta}::bigint
       WHERE id = ${String(input.walletId)}::bigint AND EXISTS (SELECT FROM member) RETURNING balance
    ), serial AS (
      UPDATE sites SET score_serial = score_serial + 1 WHERE id = ${input.siteId} AND EXISTS (SELECT FROM wallet) RETURNING score_serial
    )${session}
    INSERT INTO score_log (site_id, serial_no, type, from_account_id, to_account_id, target_account_id, amount, before, after,
        operator_before, operator_after, operator_account_id, operator_sub_account_id, operator_login, operator_ip, comment,
        state, reversal_of, transfer_id, game_session, created_at)
    SELECT ${input.siteId}, serial.score_serial, ${input.type}, ${from}::bigint, ${to}::bigint, ${input.memberId}::bigint,
        ${String(input.amount)}::bigint, member.balance - ${memberDelta}::bigint, member.balance,
        wallet.balance - ${walletDelta}::bigint, wallet.balance, ${input.operator.accountId}::bigint, ${input.operator.subAccountId}::bigint,
        ${input.operator.login}, ${input.operator.ip}, ${input.comment}, ${input.state}, ${input.reversalOf === null ? null : String(input.reversalOf)}::bigint,
        ${input.transferId}, ${input.session}, ${input.now}
      FROM member LEFT JOIN wallet ON true LEFT JOIN serial ON true
    RETURNING serial_no`),
  );
  if (!row) throw new Error(`transfer ${input.type} of member ${input.memberId} moved nothing`);
  return String(row.serial_no);
}

/** Ends the session when no transfer in of it still counts (none pending or done). */
async function closeSessionIfEmpty(tx: Queryable, siteId: string, memberId: string, session: string, now: Date) {
  await tx.run(sql`WITH closed AS (
      UPDATE game_sessions SET ended_at = ${now}
       WHERE site_id = ${siteId} AND session_id = ${session} AND ended_at IS NULL
         AND NOT EXISTS (SELECT FROM score_log WHERE site_id = ${siteId} AND game_session = ${session} AND type = 'in' AND state <> 'reversed')
      RETURNING member_id)
    UPDATE accounts SET in_game = false WHERE id = ${memberId}::bigint AND EXISTS (SELECT FROM closed)`);
}

async function closeSession(tx: Queryable, siteId: string, memberId: string, session: string, now: Date) {
  await tx.run(sql`UPDATE game_sessions SET ended_at = ${now} WHERE site_id = ${siteId} AND session_id = ${session} AND ended_at IS NULL`);
  await tx.run(sql`UPDATE accounts SET in_game = false WHERE id = ${memberId}::bigint`);
}

/** The locked member with the site's wallet (lockMember's answer), or undefined when either is missing. */
async function memberWithWallet(locked: ReturnType<typeof lockMember>) {
  const member = await locked;
  if (!member || member.wallet_id === null) return undefined;
  return { ...member, wallet_id: member.wallet_id };
}

/**
 * Step 1 of a transfer in: checked under the member's row lock (20002 not a member of the
 * site, 20003 the member or its line is not normal, 37111 its balance is too low, 37165 an
 * earlier transfer of its is unsettled); the points leave the member at once, the row says
 * pending, the member is in game (its open session, or a new one named after this transfer).
 * Two round trips: the lock with the state, then the movement.
 */
async function beginIn(tx: Queryable, input: TransferRequest, amount: bigint) {
  const locked = lockMember(tx, input.siteId, input.memberId, true);
  const state = sentAhead(transferState(tx, input.siteId, input.memberId, input.transferId));
  const member = await memberWithWallet(locked);
  if (!member) throw new RpcError(ErrorCode.accountNotFound);
  if (member.status !== AccountStatus.normal || Number(member.line_status) !== AccountStatus.normal) {
    throw new RpcError(ErrorCode.targetStatusForbidsScore);
  }
  if (BigInt(member.balance) < amount) throw new RpcError(ErrorCode.targetBalanceLow);
  const open = await openSession(state, input.siteId, input.transferId);
  const session = open ?? input.transferId;
  const serialNo = await moveWithWallet(tx, {
    siteId: input.siteId,
    type: 'in',
    memberId: input.memberId,
    walletId: member.wallet_id,
    amount,
    state: 'pending',
    transferId: input.transferId,
    reversalOf: null,
    session,
    opens: open === null,
    closes: false,
    operator: { accountId: input.memberId, login: member.login_id, subAccountId: null, ip: input.ip ?? '' },
    comment: '',
    now: input.now,
  });
  return { serialNo, session, login: member.login_id };
}

/** The platform confirmed a pending transfer in (one statement: no transaction of its own needed). False when it was no longer pending. */
async function confirmIn(q: Queryable, siteId: string, transferId: string) {
  const done = await q.one(
    prepared(sql`UPDATE score_log SET state = 'done'
    WHERE site_id = ${siteId} AND transfer_id = ${transferId} AND type = 'in' AND state = 'pending' RETURNING 1`),
  );
  return done !== undefined;
}

/** The platform never applied a transfer in: an `out` naming its serial returns the points. */
async function reverseIn(tx: Queryable, siteId: string, transferId: string, operator: TransferOperator, now: Date) {
  const row = await tx.one<{
    serial_no: DbInt;
    target_account_id: DbInt;
    game_session: string;
  }>(sql`SELECT serial_no, target_account_id, game_session
    FROM score_log WHERE site_id = ${siteId} AND transfer_id = ${transferId} AND type = 'in'`);
  if (!row) throw new RpcError(ErrorCode.repairNothingPending);
  const memberId = String(row.target_account_id);
  const member = await memberWithWallet(lockMember(tx, siteId, memberId));
  if (!member) throw new Error(`transfer ${transferId}: member ${memberId} is gone`);
  const reversed = await tx.one<{ amount: DbInt }>(sql`UPDATE score_log SET state = 'reversed'
    WHERE site_id = ${siteId} AND serial_no = ${String(row.serial_no)} AND state = 'pending' RETURNING amount`);
  if (!reversed) throw new RpcError(ErrorCode.repairNothingPending);
  // Before the movement, which must come last (it locks the wallet): the session's `in` rows are
  // what decides, and the `out` about to be written is none of them.
  await closeSessionIfEmpty(tx, siteId, memberId, row.game_session, now);
  return moveWithWallet(tx, {
    siteId,
    type: 'out',
    memberId,
    walletId: member.wallet_id,
    amount: BigInt(reversed.amount),
    state: 'done',
    transferId: null,
    reversalOf: row.serial_no,
    session: row.game_session,
    opens: false,
    closes: false,
    operator,
    comment: `reversal of #${row.serial_no}`,
    now,
  });
}

/** Transfer in: member -> game wallet -> the platform. */
export async function transferIn(db: Queryable, platformFor: PlatformFor, input: TransferRequest): Promise<TransferOutcome> {
  const amount = BigInt(input.amount);
  if (!Number.isSafeInteger(input.amount) || amount <= 0n) throw new Error('amount must be positive integer cents');
  const { serialNo, session, login } = await db.transaction((tx) => beginIn(tx, input, amount));
  const outcome = { transferId: input.transferId, type: 'in' as const, serialNo, sessionId: session };
  try {
    await platformFor(db).transferIn({ ...input, amount });
  } catch (error) {
    if (!(error instanceof PlatformRefusal)) return { ...outcome, state: 'pending' };
    const member = { accountId: input.memberId, login, subAccountId: null, ip: input.ip ?? '' };
    await db.transaction((tx) => reverseIn(tx, input.siteId, input.transferId, member, input.now));
    throw new RpcError(error.code);
  }
  await confirmIn(db, input.siteId, input.transferId);
  return { ...outcome, state: 'done' };
}

/**
 * Credits a confirmed transfer out of `memberId`; ends the session when the platform balance
 * is 0. Two round trips: the member's lock with the request's state, then the movement.
 */
async function creditOut(
  tx: Queryable,
  input: { siteId: string; transferId: string; memberId: string; platformBalance: bigint; operator: TransferOperator | null; now: Date },
) {
  const { siteId, transferId, memberId, now } = input;
  const locked = lockMember(tx, siteId, memberId);
  const request = sentAhead(
    tx.one<{ amount: DbInt; game_session: string }>(
      prepared(sql`UPDATE transfer_outs SET state = 'done', finished_at = ${now}
      WHERE site_id = ${siteId} AND transfer_id = ${transferId} AND member_id = ${memberId}::bigint AND state = 'pending'
      RETURNING amount, game_session`),
    ),
  );
  const member = await memberWithWallet(locked);
  if (!member) throw new Error(`transfer ${transferId}: member ${memberId} is gone`);
  const done = await request;
  if (!done) throw new RpcError(ErrorCode.repairNothingPending);
  const serialNo = await moveWithWallet(tx, {
    siteId,
    type: 'out',
    memberId,
    walletId: member.wallet_id,
    amount: BigInt(done.amount),
    state: 'done',
    transferId,
    reversalOf: null,
    session: done.game_session,
    opens: false,
    closes: input.platformBalance === 0n,
    operator: input.operator ?? { accountId: memberId, login: member.login_id, subAccountId: null, ip: '' },
    comment: '',
    now,
  });
  return { serialNo, session: done.game_session };
}

async function failOut(tx: Queryable, siteId: string, transferId: string, now: Date) {
  const failed = await tx.one(sql`UPDATE transfer_outs SET state = 'failed', finished_at = ${now}
    WHERE site_id = ${siteId} AND transfer_id = ${transferId} AND state = 'pending' RETURNING 1`);
  if (!failed) throw new RpcError(ErrorCode.repairNothingPending);
}

/**
 * Transfer out: the platform debits the member there, then (only then) the wallet pays the
 * member. 20002 not a member, 37112 nothing (or too little) at the platform, 37165 an earlier
 * transfer of the member is unsettled. The request locks only the member (it moves no points):
 * the lock with the state, then the request sent with the commit.
 */
export async function transferOut(db: Queryable, platformFor: PlatformFor, input: TransferRequest): Promise<TransferOutcome> {
  const amount = BigInt(input.amount);
  if (!Number.isSafeInteger(input.amount) || amount <= 0n) throw new Error('amount must be positive integer cents');
  const session = await db.transaction(async (tx) => {
    const locked = lockMember(tx, input.siteId, input.memberId);
    const state = sentAhead(transferState(tx, input.siteId, input.memberId, input.transferId));
    if (!(await memberWithWallet(locked))) throw new RpcError(ErrorCode.accountNotFound);
    const open = await openSession(state, input.siteId, input.transferId);
    if (open === null) throw new RpcError(ErrorCode.platformBalanceLow);
    await tx.runAndCommit(
      prepared(sql`INSERT INTO transfer_outs (site_id, transfer_id, member_id, game_session, amount, requested_at)
      VALUES (${input.siteId}, ${input.transferId}, ${input.memberId}::bigint, ${open}, ${String(amount)}::bigint, ${input.now})`),
    );
    return open;
  });
  const outcome = { transferId: input.transferId, type: 'out' as const, sessionId: session };
  let answer: { balance: bigint };
  try {
    answer = await platformFor(db).transferOut({ ...input, amount });
  } catch (error) {
    if (!(error instanceof PlatformRefusal)) return { ...outcome, state: 'pending', serialNo: null };
    await db.transaction((tx) => failOut(tx, input.siteId, input.transferId, input.now));
    throw new RpcError(error.code);
  }
  const { serialNo } = await db.transaction((tx) => creditOut(tx, { ...input, platformBalance: answer.balance, operator: null }));
  return { ...outcome, state: 'done', serialNo };
}

/**
 * A member who left the game with nothing at the platform (it lost all it brought): no transfer
 * out will end its session, so it ends here once the platform says its balance is 0 and none of
 * its transfers is unsettled. Answers whether a session ended.
 */
export async function endEmptySession(db: Queryable, platformFor: PlatformFor, input: { siteId: string; memberId: string; now: Date }) {
  const balance = await platformFor(db).balance({ siteId: input.siteId, memberId: input.memberId });
  if (balance !== 0n) return false;
  return db.transaction(async (tx) => {
    const locked = lockMember(tx, input.siteId, input.memberId);
    const state = sentAhead(transferState(tx, input.siteId, input.memberId, ''));
    if (!(await memberWithWallet(locked))) throw new RpcError(ErrorCode.accountNotFound);
    const session = await openSession(state, input.siteId, '');
    if (session === null) return false;
    await closeSession(tx, input.siteId, input.memberId, session, input.now);
    return true;
  });
}

export interface PendingTransfer {
  transferId: string;
  type: 'in' | 'out';
  memberId: string;
  amount: bigint;
  at: Date;
}

/**
 * Every pending transfer (of one site, or all): an `in` whose score-log row waits for the
 * platform's answer, an `out` the platform has not confirmed (no row yet). Columns site_id,
 * transfer_id, type, member_id, amount, at.
 */
export const pendingTransfers = (siteId?: string) => {
  const site = siteId === undefined ? sql`` : sql` AND site_id = ${siteId}`;
  return sql`
    SELECT site_id, transfer_id, 'in' AS type, target_account_id AS member_id, amount, created_at AS at
      FROM score_log WHERE state = 'pending'${site}
    UNION ALL
    SELECT site_id, transfer_id, 'out', member_id, amount, requested_at FROM transfer_outs WHERE state = 'pending'${site}`;
};

async function findPending(db: Queryable, siteId: string, transferId: string): Promise<PendingTransfer | null> {
  const row = await db.one<{ type: 'in' | 'out'; member_id: DbInt; amount: DbInt; at: Date | string }>(
    sql`SELECT type, member_id, amount, at FROM (${pendingTransfers(siteId)}) p WHERE transfer_id = ${transferId}`,
  );
  if (!row) return null;
  return { transferId, type: row.type, memberId: String(row.member_id), amount: BigInt(row.amount), at: new Date(row.at) };
}

/**
 * Settles a pending transfer from the platform's own record of its id: an `in` it applied
 * becomes done, one it never applied is reversed; an `out` it applied is credited, one it
 * never applied fails (the points stay at the platform). 37163 nothing pending with this id,
 * 37165 too early (its first answer may still come), 37162 the platform did not answer, 37164
 * its record differs from ours (left pending for a person).
 */
export async function repairTransfer(
  db: Queryable,
  platformFor: PlatformFor,
  input: { siteId: string; transferId: string; operator: TransferOperator; now: Date },
): Promise<{ transferId: string; type: 'in' | 'out'; state: TransferState; memberId: string }> {
  const pending = await findPending(db, input.siteId, input.transferId);
  if (!pending) throw new RpcError(ErrorCode.repairNothingPending);
  if (input.now.getTime() - pending.at.getTime() < REPAIR_AFTER_MS) throw new RpcError(ErrorCode.repairTooEarly);
  const platform = platformFor(db);
  const call = { siteId: input.siteId, transferId: input.transferId, memberId: pending.memberId, amount: pending.amount, now: input.now };
  let record;
  let platformBalance = 0n;
  try {
    record = await platform.settleTransfer({ ...call, type: pending.type });
    if (record.state === 'applied' && pending.type === 'out') platformBalance = await platform.balance(call);
  } catch {
    throw new RpcError(ErrorCode.repairPlatformSilent);
  }
  if (record.memberId !== pending.memberId || record.type !== pending.type || record.amount !== pending.amount) {
    throw new RpcError(ErrorCode.repairRecordDiffers);
  }
  const applied = record.state === 'applied';
  const state = await db.transaction(async (tx): Promise<TransferState> => {
    if (pending.type === 'in') {
      if (applied) {
        if (!(await confirmIn(tx, input.siteId, input.transferId))) throw new RpcError(ErrorCode.repairNothingPending);
        return 'done';
      }
      await reverseIn(tx, input.siteId, input.transferId, input.operator, input.now);
      return 'reversed';
    }
    if (applied) {
      await creditOut(tx, { ...input, memberId: pending.memberId, platformBalance });
      return 'done';
    }
    await failOut(tx, input.siteId, input.transferId, input.now);
    return 'failed';
  });
  return { transferId: input.transferId, type: pending.type, state, memberId: pending.memberId };
}

/**
 * The repair job: every transfer pending longer than REPAIR_JOB_AFTER_MS, settled as the wallet
 * (the platform's account). Any gateway process may run it at the same time as another: a
 * transfer is settled once (the state changes only from pending), the others get 37163.
 * Answers how many it settled; those it could not settle stay pending for the next run.
 */
export async function repairStaleTransfers(db: Queryable, platformFor: PlatformFor, now: Date, limit = 100) {
  const stale = await db.rows<{ site_id: string; transfer_id: string }>(sql`
    SELECT site_id, transfer_id FROM (${pendingTransfers()}) p
     WHERE at <= ${new Date(now.getTime() - REPAIR_JOB_AFTER_MS)} ORDER BY at LIMIT ${limit}`);
  let settled = 0;
  for (const row of stale) {
    const wallet = await db.one<{ id: DbInt }>(sql`SELECT id FROM accounts WHERE site_id = ${row.site_id} AND kind = 'wallet'`);
    const operator = { accountId: String(wallet!.id), login: 'game-wallet', subAccountId: null, ip: '' };
    try {
      await repairTransfer(db, platformFor, { siteId: row.site_id, transferId: row.transfer_id, operator, now });
      settled += 1;
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
    }
  }
  return settled;
}
