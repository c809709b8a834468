import { wireId } from '../kernel/db/ids';
import { sql, type SQL } from '../kernel/db/sql';
import { AccountStatus, memberLevel } from '../../contract/account-levels.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { AccountRow } from '../tree/account.repository';
import { prepared, type Queryable } from '../kernel/db/database';
import { raiseLiveEvent } from '../events/live-events.service';
import { PlatformRefusal, type Holding, type PlatformFor } from '../platform/game-platform';
import { RpcError } from '../kernel/rpc-error';
import { platformPausedSql } from '../platform/site-platform.repository';
import type { TransferOutRow } from './transfer.repository';
import { excludedSql } from '../tree/member-exclusion.repository';

/**
 * Transfers between a member and the game platform (docs/product.md#wallet-and-transfers): `in` moves points
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
 * (lockOnly, lockMember), so such steps of one member never interleave (a confirmation or a
 * failed request only changes the state of its own row). All transfers of a site move points
 * through its one wallet row, so the wallet is locked as late and as briefly as possible: only
 * the wallet's side of a movement takes it, at the end of a step that moves points, sent with
 * the COMMIT; steps that move nothing never touch it. So, in every transaction that locks both,
 * the member comes before the wallet, and the wallet before the site's serial. Score ups and
 * downs lock two tree accounts, then the serial, and never the wallet, so no cycle can form.
 * (The play-history seed holds the site's serial and every account of a fresh site before
 * anything plays on it.)
 *
 * Round trips. The hot steps (beginIn, requestOut, creditOut) are one round trip each: BEGIN,
 * the member's lock, one statement that checks and writes, COMMIT. The lock is a statement of
 * its own so that the next one, with a snapshot taken once the lock is granted, sees what the
 * member's earlier transfers committed; that statement writes only when every check passes
 * and answers what it read, from which the step tells why it did nothing. In a step that moves
 * points it is the movement's member's side, and the wallet's side follows in the same round
 * trip (moveWithWallet). The hot statements are prepared once per connection.
 */

/** A transfer younger than this may still get its first answer: repairing it is refused (37165). */
export const REPAIR_AFTER_MS = 30_000;
/** The repair job leaves a pending transfer this long to a person before it settles it itself. */
export const REPAIR_JOB_AFTER_MS = 60_000;

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

/** What a transfer out reads of its member under the member's row lock, before it writes its request. */
export interface OutState {
  /** The member's credit balance at the back office. */
  balance: bigint;
  loginId: string;
  /** The open game session, null when none. */
  session: string | null;
  /** An earlier transfer of the member is unsettled (37165). */
  unsettled: boolean;
}

/** A transfer out asked by someone else than the member (an agent recalling its game wallet). */
export interface OutRequest extends TransferRequest {
  /** Who asked: the score-log row's operator (the member itself when absent). */
  operator?: TransferOperator;
  /**
   * A check of what the request reads under the member's row lock, before it is written (a
   * preview's token): throwing refuses the transfer and nothing is written.
   */
  confirm?: (state: OutState) => void | Promise<void>;
}

export interface TransferOutcome {
  transferId: string;
  type: 'in' | 'out';
  state: TransferState;
  /** The score-log row (the `in`; for an `out`, once credited). */
  serialNo: string | null;
  sessionId: string;
}

/** A member's row as a transfer locks it (lockMember), with the id of the site's wallet account. */
type LockedMember = Pick<AccountRow, 'id' | 'status' | 'balance' | 'login_id'> & {
  /** Read, not locked: only the movement locks the wallet (see the top of this file). */
  wallet_id: bigint | null;
};

/** The strongest team status of the member's line, its own included (read, not locked). */
const lineStatus = sql`COALESCE((SELECT max(x.team_status) FILTER (WHERE x.team_status <> ${AccountStatus.normal}) FROM accounts x
  WHERE x.id = ANY (string_to_array(trim(BOTH '/' FROM a.path), '/')::bigint[])), ${AccountStatus.normal})`;

/** The score-log columns a movement between a member and the wallet writes, in this order. */
const scoreLogColumns = sql`site_id, serial_no, type, from_account_id, to_account_id, target_account_id, amount, before, after,
        operator_before, operator_after, operator_account_id, operator_sub_account_id, operator_login, operator_ip, comment,
        state, reversal_of, transfer_id, game_session, created_at`;

/**
 * The member's row, locked, with the id of the site's wallet (not locked); undefined when it is
 * not a member of the site. The first statement of the rare steps (a reversal, the end of an
 * empty session): the others follow it, each reading (a statement of its own, with a snapshot
 * of its own) what the member's earlier transfers committed before this lock was granted.
 */
function lockMember(tx: Queryable, siteId: string, memberId: string): Promise<LockedMember | undefined> {
  return tx.one<LockedMember>(
    prepared(sql`
    SELECT a.id, a.status, a.balance, a.login_id,
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
 * What a new transfer of the member must know: its open game session, and whether an earlier
 * transfer of its is still unsettled (37165: one at a time). A transfer id used before is a bug
 * of the caller (ids are ours), refused before anything moves. Columns session, unsettled, used.
 */
const stateColumns = (siteId: string, memberId: string, transferId: string) => sql`
      (SELECT session_id FROM game_sessions WHERE site_id = ${siteId} AND member_id = ${memberId}::bigint AND ended_at IS NULL) AS session,
      EXISTS (SELECT FROM score_log WHERE site_id = ${siteId} AND target_account_id = ${memberId}::bigint AND state = 'pending')
        OR EXISTS (SELECT FROM transfer_outs WHERE site_id = ${siteId} AND member_id = ${memberId}::bigint AND state = 'pending') AS unsettled,
      EXISTS (SELECT FROM score_log WHERE site_id = ${siteId} AND transfer_id = ${transferId})
        OR EXISTS (SELECT FROM transfer_outs WHERE site_id = ${siteId} AND transfer_id = ${transferId}) AS used`;

/** stateColumns in a statement of its own, sent right after lockMember (same round trip); openSession reads its answer. */
function transferState(tx: Queryable, siteId: string, memberId: string, transferId: string) {
  return tx.one<{ session: string | null; unsettled: boolean; used: boolean }>(
    prepared(sql`SELECT ${stateColumns(siteId, memberId, transferId)}`),
  );
}

/**
 * The member's row lock alone, the first statement of a step sent in one round trip: each
 * statement after it has a snapshot of its own, taken once the lock is granted, and so reads
 * what the member's earlier transfers committed. The step's next statement decides everything
 * and answers why it moved nothing (a member not found answers no row there).
 */
function lockOnly(tx: Queryable, siteId: string, memberId: string) {
  return sentAhead(
    tx.one(
      prepared(sql`SELECT FROM accounts WHERE id = ${memberId}::bigint AND site_id = ${siteId} AND kind = 'tree' AND level = ${memberLevel}
        FOR NO KEY UPDATE`),
    ),
  );
}

/**
 * A movement between a member and its site's wallet, the end of a step (sent with its COMMIT):
 * the member's side, then the wallet's (walletSide).
 */
interface WalletMovement {
  /** CTEs that check and move the member's points, one named `member`: its row after, none when a check failed. */
  memberSide: SQL;
  /** What the step answers of the member's side, whether it moved or not: a SELECT list over `from`. */
  answer: SQL;
  from: SQL;
  /**
   * What the score-log row takes of the member's side (CTE `m`): read after it by a statement of
   * its own, or from its CTEs when both sides are one statement.
   */
  after: { read: SQL; joined: SQL };
  /** What the wallet's balance gains (negative: pays), an expression over `m`. */
  toWallet: SQL;
  /** The score-log row's values in scoreLogColumns' order, over `m`, `wallet` and `serial`. */
  log: SQL;
}

interface MovementLog {
  serial_no: bigint;
  game_session: string;
}

/**
 * The wallet's side of a movement, CTEs after `moving` (a row when the member's side moved) and
 * `m`: the wallet's balance, the site's serial and the score-log row (`moved`), each hanging on
 * the one before. One row for a movement, none without: a member, wallet or serial missing leaves
 * nulls the score log refuses (the statement fails, all is rolled back), never a member moved
 * without its row.
 */
const walletSide = (siteId: string, movement: WalletMovement, after: SQL) => sql`
    m AS (${after}),
    wallet AS (
      UPDATE accounts SET balance = balance + ${movement.toWallet}
       WHERE site_id = ${siteId} AND kind = 'wallet' AND EXISTS (SELECT FROM moving) RETURNING id, balance
    ), serial AS (
      UPDATE sites SET score_serial = score_serial + 1 WHERE id = ${siteId} AND EXISTS (SELECT FROM wallet) RETURNING score_serial
    ), moved AS (
      INSERT INTO score_log (${scoreLogColumns})
      SELECT ${movement.log} FROM moving LEFT JOIN m ON true LEFT JOIN wallet ON true LEFT JOIN serial ON true
      RETURNING serial_no, game_session
    )`;

/** The setting, local to a transaction, by which a movement's member side tells its wallet's side that it moved (moveWithWallet). */
const MOVING = 'credit.moving';

/**
 * Sends a movement, the end of its step, with the COMMIT; answers what the member's side read and
 * the score-log row (none: nothing moved). The caller must not await anything before calling it,
 * so it leaves in the step's one round trip.
 *
 * On a PostgreSQL server the two sides are two statements, the wallet's lock between them:
 * every transfer of a site queues for its wallet, and the member's side (the checks and the
 * member's own row) then runs before the wallet is asked for, and the wallet's side starts
 * once it is granted (a statement that waits for a row midway re-runs part of itself on the
 * row's new version, holding what it took meanwhile). The first marks the transaction with the
 * transfer id when it moved the member (a setting local to the transaction, gone at its end); the
 * wallet's lock and side act only for that mark, so a check that failed moves nothing on either
 * side. PGlite runs one statement at a time, with no queue to shorten: there both sides are one
 * statement, as fewer statements cost less.
 */
async function moveWithWallet<T extends object>(
  tx: Queryable,
  siteId: string,
  transferId: string,
  movement: WalletMovement,
): Promise<{ answer: T | undefined; log: MovementLog | undefined }> {
  if (tx.kind === 'pglite') {
    const row = await tx.oneAndCommit<T & { serial_no: bigint | null; game_session: string | null }>(
      prepared(sql`
    WITH ${movement.memberSide}, moving AS (SELECT FROM member), ${walletSide(siteId, movement, movement.after.joined)}
    SELECT ${movement.answer}, moved.serial_no, moved.game_session FROM ${movement.from} LEFT JOIN moved ON true`),
    );
    const moved = row && row.serial_no !== null && row.game_session !== null;
    return { answer: row, log: moved ? { serial_no: row.serial_no!, game_session: row.game_session! } : undefined };
  }
  const marking = sql`set_config(${MOVING}, ${transferId}, true)`;
  const marked = sql`current_setting(${MOVING}, true) = ${transferId}`;
  const answer = sentAhead(
    tx.one<T & { moving: string | null }>(
      prepared(sql`
    WITH ${movement.memberSide}
    SELECT ${movement.answer}, CASE WHEN EXISTS (SELECT FROM member) THEN ${marking} END AS moving FROM ${movement.from}`),
    ),
  );
  const walletLocked = sentAhead(
    tx.one(prepared(sql`SELECT FROM accounts WHERE site_id = ${siteId} AND kind = 'wallet' AND ${marked} FOR NO KEY UPDATE`)),
  );
  const log = sentAhead(
    tx.oneAndCommit<MovementLog>(
      prepared(sql`
    WITH moving AS (SELECT WHERE ${marked}), ${walletSide(siteId, movement, movement.after.read)}
    SELECT serial_no, game_session FROM moved`),
    ),
  );
  const row = await answer;
  await walletLocked;
  const written = await log;
  if (row?.moving != null && !written) throw new Error(`transfer ${transferId}: the member moved and the wallet's side wrote no row`);
  return { answer: row, log: written };
}

/** The member's open session (null: none), once transferState's answer allows a new transfer. */
async function openSession(state: ReturnType<typeof transferState>, siteId: string, transferId: string) {
  const row = (await state)!;
  if (row.used) throw new Error(`transfer id ${transferId} of site ${siteId} is already used`);
  if (row.unsettled) throw new RpcError(ErrorCode.repairTooEarly);
  return row.session;
}

/**
 * The wallet returns a reversed transfer in to the member, with its score-log row (an `out`
 * naming the reversed serial), in one statement; answers its serial. The member's row is
 * locked already (lockMember); the statement locks the wallet, then the site's serial (each
 * update needs the one before it), and so must be the last of its transaction: it is sent with
 * COMMIT, so the wallet is held to the commit only. A wallet or serial missing after the
 * member's update would leave nulls the score log refuses (the statement fails, all is rolled
 * back), never a step half done.
 */
async function returnToMember(
  tx: Queryable,
  input: {
    siteId: string;
    memberId: string;
    walletId: bigint;
    amount: bigint;
    reversalOf: bigint;
    session: string;
    operator: TransferOperator;
    now: Date;
  },
): Promise<string> {
  const { siteId, memberId, operator } = input;
  const amount = String(input.amount);
  const row = await tx.oneAndCommit<{ serial_no: bigint }>(
    prepared(sql`
    WITH member AS (
      UPDATE accounts SET balance = balance + ${amount}::bigint WHERE id = ${memberId}::bigint RETURNING balance
    ), wallet AS (
      UPDATE accounts SET balance = balance - ${amount}::bigint
       WHERE id = ${wireId(input.walletId)}::bigint AND EXISTS (SELECT FROM member) RETURNING id, balance
    ), serial AS (
      UPDATE sites SET score_serial = score_serial + 1 WHERE id = ${siteId} AND EXISTS (SELECT FROM wallet) RETURNING score_serial
    )
    INSERT INTO score_log (${scoreLogColumns})
    SELECT ${siteId}, serial.score_serial, 'out', wallet.id, ${memberId}::bigint, ${memberId}::bigint, ${amount}::bigint,
        member.balance - ${amount}::bigint, member.balance, wallet.balance + ${amount}::bigint, wallet.balance,
        ${operator.accountId}::bigint, ${operator.subAccountId}::bigint, ${operator.login}, ${operator.ip},
        ${`reversal of #${input.reversalOf}`}, 'done', ${String(input.reversalOf)}::bigint, NULL, ${input.session}, ${input.now}
      FROM member LEFT JOIN wallet ON true LEFT JOIN serial ON true
    RETURNING serial_no`),
  );
  if (!row) throw new Error(`the reversal of #${input.reversalOf} moved nothing`);
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
 * Step 1 of a transfer in, one round trip (BEGIN, the member's lock, the movement, COMMIT):
 * under the member's row lock it checks the member and its line are normal, its balance
 * suffices and no earlier transfer of its is unsettled, and only then moves the points out of
 * the member at once (the row says pending), opens the member's game session when none is open
 * (named after this transfer) and marks it in game; the wallet's side follows (moveWithWallet).
 * The member's side answers what it read either way, and beginIn tells why nothing moved from
 * that (20002, 20003, 37111, 37165).
 */
async function beginIn(tx: Queryable, input: TransferRequest, amount: bigint) {
  const { siteId, memberId, transferId, now } = input;
  const cents = sql`${String(amount)}::bigint`;
  const locked = lockOnly(tx, siteId, memberId);
  const movement = sentAhead(
    moveWithWallet<{
      status: number;
      line_status: number;
      balance: bigint;
      login_id: string;
      unsettled: boolean;
      used: boolean;
      excluded: boolean;
    }>(tx, siteId, transferId, {
      memberSide: sql`
    st AS (
      SELECT a.status, a.balance, a.login_id, ${lineStatus} AS line_status, ${stateColumns(siteId, memberId, transferId)},
             ${excludedSql(sql`a.id`, now)} AS excluded
        FROM accounts a WHERE a.id = ${memberId}::bigint AND a.site_id = ${siteId} AND a.kind = 'tree' AND a.level = ${memberLevel}
    ), ok AS (
      SELECT session FROM st
       WHERE status = ${AccountStatus.normal} AND line_status = ${AccountStatus.normal} AND balance >= ${cents}
         AND NOT unsettled AND NOT used AND NOT excluded
    ), member AS (
      UPDATE accounts SET balance = balance - ${cents}, in_game = true
       WHERE id = ${memberId}::bigint AND EXISTS (SELECT FROM ok) AND balance >= ${cents} RETURNING balance
    ), opened AS (
      INSERT INTO game_sessions (site_id, session_id, member_id, started_at)
      SELECT ${siteId}, ${transferId}, ${memberId}::bigint, ${now}::timestamptz FROM member, ok WHERE ok.session IS NULL
    )`,
      answer: sql`st.status, st.line_status, st.balance, st.login_id, st.unsettled, st.used, st.excluded`,
      from: sql`st`,
      after: {
        // The member's balance after its side, and the session it opened or found open.
        read: sql`SELECT a.balance, a.login_id, s.session_id FROM accounts a
                  LEFT JOIN game_sessions s ON s.member_id = a.id AND s.site_id = ${siteId} AND s.ended_at IS NULL
                 WHERE a.id = ${memberId}::bigint AND EXISTS (SELECT FROM moving)`,
        joined: sql`SELECT member.balance, st.login_id, COALESCE(ok.session, ${transferId}) AS session_id FROM member, st, ok`,
      },
      toWallet: cents,
      log: sql`${siteId}, serial.score_serial, 'in', ${memberId}::bigint, wallet.id, ${memberId}::bigint, ${cents},
            m.balance + ${cents}, m.balance, wallet.balance - ${cents}, wallet.balance,
            ${memberId}::bigint, NULL, m.login_id, ${input.ip ?? ''}, '', 'pending', NULL, ${transferId}, m.session_id, ${now}`,
    }),
  );
  await locked;
  const { answer: row, log } = await movement;
  if (!row) throw new RpcError(ErrorCode.accountNotFound);
  if (!log) {
    if (row.status !== AccountStatus.normal || Number(row.line_status) !== AccountStatus.normal) {
      throw new RpcError(ErrorCode.targetStatusForbidsScore);
    }
    // An exclusion set meanwhile (under the member's lock): nothing goes to the game.
    if (row.excluded) throw new RpcError(ErrorCode.memberExcluded);
    if (row.balance < amount) throw new RpcError(ErrorCode.targetBalanceLow);
    if (row.used) throw new Error(`transfer id ${transferId} of site ${siteId} is already used`);
    if (row.unsettled) throw new RpcError(ErrorCode.repairTooEarly);
    throw new Error(`transfer in ${transferId} of member ${memberId} moved nothing`);
  }
  return { serialNo: String(log.serial_no), session: log.game_session, login: row.login_id };
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
    serial_no: bigint;
    target_account_id: bigint;
    game_session: string;
  }>(sql`SELECT serial_no, target_account_id, game_session
    FROM score_log WHERE site_id = ${siteId} AND transfer_id = ${transferId} AND type = 'in'`);
  if (!row) throw new RpcError(ErrorCode.repairNothingPending);
  const memberId = wireId(row.target_account_id);
  const member = await memberWithWallet(lockMember(tx, siteId, memberId));
  if (!member) throw new Error(`transfer ${transferId}: member ${memberId} is gone`);
  const reversed = await tx.one<{ amount: bigint }>(sql`UPDATE score_log SET state = 'reversed'
    WHERE site_id = ${siteId} AND serial_no = ${String(row.serial_no)} AND state = 'pending' RETURNING amount`);
  if (!reversed) throw new RpcError(ErrorCode.repairNothingPending);
  // Before the movement, which must come last (it locks the wallet): the session's `in` rows are
  // what decides, and the `out` about to be written is none of them.
  await closeSessionIfEmpty(tx, siteId, memberId, row.game_session, now);
  return returnToMember(tx, {
    siteId,
    memberId,
    walletId: member.wallet_id,
    amount: reversed.amount,
    reversalOf: row.serial_no,
    session: row.game_session,
    operator,
    now,
  });
}

/**
 * Tells the member's line that its points moved (the live `points` event, as a score up raises
 * it). Raised after the step's COMMIT, which each movement sends with its statement: outside a
 * transaction it is heard at once, and only for what committed.
 */
const raisePointsMoved = (db: Queryable, siteId: string, memberId: string) =>
  raiseLiveEvent(db, siteId, { kind: 'points', accountIds: [memberId] });

/** Transfer in: member -> game wallet -> the platform. */
export async function transferIn(db: Queryable, platformFor: PlatformFor, input: TransferRequest): Promise<TransferOutcome> {
  const amount = BigInt(input.amount);
  if (!Number.isSafeInteger(input.amount) || amount <= 0n) throw new Error('amount must be positive integer cents');
  const { serialNo, session, login } = await db.transaction((tx) => beginIn(tx, input, amount));
  await raisePointsMoved(db, input.siteId, input.memberId);
  const outcome = { transferId: input.transferId, type: 'in' as const, serialNo, sessionId: session };
  try {
    await platformFor(db).transferIn({ ...input, amount });
  } catch (error) {
    if (!(error instanceof PlatformRefusal)) return { ...outcome, state: 'pending' };
    const member = { accountId: input.memberId, login, subAccountId: null, ip: input.ip ?? '' };
    await db.transaction((tx) => reverseIn(tx, input.siteId, input.transferId, member, input.now));
    await raisePointsMoved(db, input.siteId, input.memberId);
    throw new RpcError(error.code);
  }
  await confirmIn(db, input.siteId, input.transferId);
  return { ...outcome, state: 'done' };
}

/**
 * Credits a confirmed transfer out of `memberId`, one round trip (BEGIN, the member's lock, the
 * movement, COMMIT): the request becomes done and, only with it, the member is paid what the
 * request says, and the session ends with it when the platform holds nothing more of the member
 * (no balance, no bet in play); the wallet's side follows (moveWithWallet). Nothing moved: the request was not pending (37163). The request and
 * the member's update ask the same of the member's row, which the step holds locked, so neither
 * is ever done without the other.
 */
async function creditOut(
  tx: Queryable,
  input: { siteId: string; transferId: string; memberId: string; platform: Holding; operator: TransferOperator | null; now: Date },
) {
  const { siteId, transferId, memberId, now, operator } = input;
  // A bet still in play pays out later under this session: the session goes on until it is settled.
  const closes = input.platform.balance === 0n && input.platform.inPlay === 0n;
  const locked = lockOnly(tx, siteId, memberId);
  const isMember = sql`id = ${memberId}::bigint AND site_id = ${siteId} AND kind = 'tree'`;
  // Two texts, each prepared: the session and the in-game flag end only when the platform holds nothing more.
  const ends = closes
    ? sql`, closed AS (
      UPDATE game_sessions SET ended_at = ${now}::timestamptz
       WHERE site_id = ${siteId} AND session_id = (SELECT game_session FROM request) AND ended_at IS NULL AND EXISTS (SELECT FROM member)
    )`
    : sql``;
  const movement = sentAhead(
    moveWithWallet(tx, siteId, transferId, {
      memberSide: sql`
    request AS (
      UPDATE transfer_outs SET state = 'done', finished_at = ${now}
       WHERE site_id = ${siteId} AND transfer_id = ${transferId} AND member_id = ${memberId}::bigint AND state = 'pending'
         AND EXISTS (SELECT FROM accounts WHERE ${isMember})
      RETURNING amount, game_session
    ), member AS (
      UPDATE accounts SET balance = balance + (SELECT amount FROM request)${closes ? sql`, in_game = false` : sql``}
       WHERE ${isMember} AND EXISTS (SELECT FROM request) RETURNING balance, login_id
    )${ends}`,
      // Nothing to answer of this side: whether it moved is the score-log row.
      answer: sql`true AS asked`,
      from: sql`(SELECT) one`,
      after: {
        // The member's balance after its side, and what its request says.
        read: sql`SELECT a.balance, a.login_id, r.amount, r.game_session FROM accounts a
                  JOIN transfer_outs r ON r.site_id = ${siteId} AND r.transfer_id = ${transferId}
                 WHERE a.id = ${memberId}::bigint AND EXISTS (SELECT FROM moving)`,
        joined: sql`SELECT member.balance, member.login_id, request.amount, request.game_session FROM member, request`,
      },
      toWallet: sql`-(SELECT amount FROM m)`,
      log: sql`${siteId}, serial.score_serial, 'out', wallet.id, ${memberId}::bigint, ${memberId}::bigint, m.amount,
            m.balance - m.amount, m.balance, wallet.balance + m.amount, wallet.balance,
            COALESCE(${operator?.accountId ?? null}::bigint, ${memberId}::bigint), ${operator?.subAccountId ?? null}::bigint,
            COALESCE(${operator?.login ?? null}, m.login_id), ${operator?.ip ?? ''}, '', 'done', NULL, ${transferId}, m.game_session, ${now}`,
    }),
  );
  await locked;
  const { log } = await movement;
  if (!log) throw new RpcError(ErrorCode.repairNothingPending);
  return { serialNo: String(log.serial_no), session: log.game_session };
}

async function failOut(tx: Queryable, siteId: string, transferId: string, now: Date) {
  const failed = await tx.one(sql`UPDATE transfer_outs SET state = 'failed', finished_at = ${now}
    WHERE site_id = ${siteId} AND transfer_id = ${transferId} AND state = 'pending' RETURNING 1`);
  if (!failed) throw new RpcError(ErrorCode.repairNothingPending);
}

/**
 * What a transfer out of the member would read (OutState), undefined when it is not a member of
 * the site: under the member's row lock in a checked request, without a lock in a preview.
 */
export async function outStateOf(q: Queryable, siteId: string, memberId: string): Promise<OutState | undefined> {
  const row = await q.one<{ balance: bigint; login_id: string; session: string | null; unsettled: boolean }>(
    sql`SELECT a.balance, a.login_id, ${stateColumns(siteId, memberId, '')}
      FROM accounts a WHERE a.id = ${memberId}::bigint AND a.site_id = ${siteId} AND a.kind = 'tree' AND a.level = ${memberLevel}`,
  );
  return row && { balance: BigInt(row.balance), loginId: row.login_id, session: row.session, unsettled: row.unsettled };
}

/**
 * Step 1 of a transfer out, one round trip (BEGIN, the member's lock, this statement, COMMIT):
 * the request is written when the member has an open session (else 37112: nothing at the
 * platform) and no earlier transfer of its is unsettled (37165). It moves no points, so it
 * never touches the wallet. Answers the session the request names.
 */
async function requestOut(tx: Queryable, input: OutRequest, amount: bigint) {
  const { siteId, memberId, transferId } = input;
  const locked = lockOnly(tx, siteId, memberId);
  if (input.confirm) {
    // A round trip more, only for a checked request: what the lock lets it read, then the check.
    const read = await outStateOf(tx, siteId, memberId);
    await locked;
    if (!read) throw new RpcError(ErrorCode.accountNotFound);
    await input.confirm(read);
  }
  const row = await tx.oneAndCommit<{ session: string | null; unsettled: boolean; used: boolean }>(
    prepared(sql`
    WITH st AS (
      SELECT ${stateColumns(siteId, memberId, transferId)}
        FROM accounts a WHERE a.id = ${memberId}::bigint AND a.site_id = ${siteId} AND a.kind = 'tree' AND a.level = ${memberLevel}
    ), requested AS (
      INSERT INTO transfer_outs (site_id, transfer_id, member_id, game_session, amount, requested_at)
      SELECT ${siteId}, ${transferId}, ${memberId}::bigint, session, ${String(amount)}::bigint, ${input.now}
        FROM st WHERE session IS NOT NULL AND NOT unsettled AND NOT used
    )
    SELECT session, unsettled, used FROM st`),
  );
  await locked;
  if (!row) throw new RpcError(ErrorCode.accountNotFound);
  if (row.used) throw new Error(`transfer id ${transferId} of site ${siteId} is already used`);
  if (row.unsettled) throw new RpcError(ErrorCode.repairTooEarly);
  if (row.session === null) throw new RpcError(ErrorCode.platformBalanceLow);
  return row.session;
}

/**
 * Transfer out: the platform debits the member there, then (only then) the wallet pays the
 * member. 20002 not a member, 37112 nothing (or too little) at the platform, 37165 an earlier
 * transfer of the member is unsettled. The request locks only the member (it moves no points):
 * the lock with the state, then the request sent with the commit.
 */
export async function transferOut(db: Queryable, platformFor: PlatformFor, input: OutRequest): Promise<TransferOutcome> {
  const amount = BigInt(input.amount);
  if (!Number.isSafeInteger(input.amount) || amount <= 0n) throw new Error('amount must be positive integer cents');
  const session = await db.transaction((tx) => requestOut(tx, input, amount));
  const outcome = { transferId: input.transferId, type: 'out' as const, sessionId: session };
  let answer: Holding;
  try {
    const { siteId, transferId, memberId, now } = input;
    answer = await platformFor(db).transferOut({ siteId, transferId, memberId, amount, now });
  } catch (error) {
    if (!(error instanceof PlatformRefusal)) return { ...outcome, state: 'pending', serialNo: null };
    await db.transaction((tx) => failOut(tx, input.siteId, input.transferId, input.now));
    throw new RpcError(error.code);
  }
  const operator = input.operator ?? null;
  const { serialNo } = await db.transaction((tx) => creditOut(tx, { ...input, platform: answer, operator }));
  await raisePointsMoved(db, input.siteId, input.memberId);
  return { ...outcome, state: 'done', serialNo };
}

/**
 * A member who left the game with nothing at the platform (it lost all it brought): no transfer
 * out will end its session, so it ends here once the platform says it holds nothing of it (no
 * balance, no bet in play) and none of its transfers is unsettled. Answers whether a session ended.
 */
export async function endEmptySession(db: Queryable, platformFor: PlatformFor, input: { siteId: string; memberId: string; now: Date }) {
  const holding = await platformFor(db).holding({ siteId: input.siteId, memberId: input.memberId });
  if (holding.balance !== 0n || holding.inPlay !== 0n) return false;
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
/** A row of pendingTransfers: a transfer out's columns, a pending `in` score-log row's in their place. */
export type PendingTransferRow = Pick<TransferOutRow, 'site_id' | 'transfer_id' | 'member_id' | 'amount'> & {
  type: 'in' | 'out';
  at: Date | string;
};

export const pendingTransfers = (siteId?: string) => {
  const site = siteId === undefined ? sql`` : sql` AND site_id = ${siteId}`;
  return sql`
    SELECT site_id, transfer_id, 'in' AS type, target_account_id AS member_id, amount, created_at AS at
      FROM score_log WHERE state = 'pending'${site}
    UNION ALL
    SELECT site_id, transfer_id, 'out', member_id, amount, requested_at FROM transfer_outs WHERE state = 'pending'${site}`;
};

async function findPending(db: Queryable, siteId: string, transferId: string): Promise<PendingTransfer | null> {
  const row = await db.one<Pick<PendingTransferRow, 'type' | 'member_id' | 'amount' | 'at'>>(
    sql`SELECT type, member_id, amount, at FROM (${pendingTransfers(siteId)}) p WHERE transfer_id = ${transferId}`,
  );
  if (!row) return null;
  return { transferId, type: row.type, memberId: wireId(row.member_id), amount: row.amount, at: new Date(row.at) };
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
  let holding: Holding = { balance: 0n, inPlay: 0n };
  try {
    record = await platform.settleTransfer({ ...call, type: pending.type });
    if (record.state === 'applied' && pending.type === 'out') holding = await platform.holding(call);
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
      await creditOut(tx, { ...input, memberId: pending.memberId, platform: holding });
      return 'done';
    }
    await failOut(tx, input.siteId, input.transferId, input.now);
    return 'failed';
  });
  // Points came back to the member: a reversed in, a credited out.
  if (state === 'reversed' || (pending.type === 'out' && state === 'done')) await raisePointsMoved(db, input.siteId, pending.memberId);
  return { transferId: input.transferId, type: pending.type, state, memberId: pending.memberId };
}

/**
 * The repair job: every transfer pending longer than REPAIR_JOB_AFTER_MS, settled as the wallet
 * (the platform's account). Any gateway process may run it at the same time as another: a
 * transfer is settled once (the state changes only from pending), the others get 37163.
 * Answers how many it settled; those it could not settle stay pending for the next run. A site
 * whose platform is paused (after a restore) is left alone: its platform is not asked.
 */
export async function repairStaleTransfers(db: Queryable, platformFor: PlatformFor, now: Date, limit = 100) {
  const stale = await db.rows<{ site_id: string; transfer_id: string }>(sql`
    SELECT site_id, transfer_id FROM (${pendingTransfers()}) p
     WHERE at <= ${new Date(now.getTime() - REPAIR_JOB_AFTER_MS)} AND NOT ${platformPausedSql(sql.raw('p.site_id'))}
     ORDER BY at LIMIT ${limit}`);
  let settled = 0;
  for (const row of stale) {
    const wallet = await db.one<{ id: bigint }>(sql`SELECT id FROM accounts WHERE site_id = ${row.site_id} AND kind = 'wallet'`);
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
