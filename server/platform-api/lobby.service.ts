import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { AccountStatus, isMemberLevel } from '../../contract/account-levels.contract';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import type { BackOfficeAnswer, BackOfficeRequest } from '../../contract/platform-api.contract';
import { findAccountByLogin, lineStatus } from '../tree/account.repository';
import { credentialCounters } from '../credentials/attempt-counters';
import { hashForUnknownName, refusalOf, writeLoginLog } from '../auth/login.service';
import { verifySecret } from '../kernel/password';
import { loginKeyOf, settleCredentialAttempt, takeCredentialSlots, type AttemptOrigin } from '../credentials/secret-check';
import type { Queryable } from '../kernel/db/database';
import type { PlatformFor } from '../platform/game-platform';
import { accountsNow } from '../games/platform-pushes';
import { countryOf, regionOf } from '../geo/ip-region';
import { transferIn, transferOut } from '../points/game-transfers';
import { RpcError } from '../kernel/rpc-error';

/**
 * The platform's calls about a member at its lobby (docs/platform-api.md "Platform -> back
 * office"): the sign-in check and the member's transfers. The signature and the site are checked
 * by the route (server/gateway/http/platform-routes.ts) before these run.
 */

/** What the login log says of a lobby sign-in: the terminal column names where it came from. */
const LOBBY_TERMINAL = 'lobby';
/** The operation record's name of an attempt that locked a name at the lobby. */
const LOBBY_METHOD = 'platform.lobby.signIn';

/**
 * A member's sign-in at the platform's lobby. The same counters as the back office's sign-in
 * (the name from the member's address, the name, the address) take their slot before any secret
 * is read, and the same failures count: a name locked here is locked at the back office's
 * sign-in and the other way round, and `unlock` lifts both. Only members play: an agent's name
 * with its right password is refused with 20004 and counted as a failure, so the lobby never
 * clears an agent's run of failures. Every attempt leaves a login-log row (terminal `lobby`).
 */
export async function lobbySignIn(
  db: Queryable,
  input: BackOfficeRequest<'lobbySignIn'> & { now: Date; ipLimit: number },
): Promise<BackOfficeAnswer<'lobbySignIn'>> {
  const { siteId, ip, now } = input;
  const device = input.device ?? '';
  const loginKey = loginKeyOf(input.loginId);
  const origin: AttemptOrigin = { siteId, ip, now, ipLimit: input.ipLimit, method: LOBBY_METHOD };
  const log = (accountId: bigint | null, result: string, code: ErrorCodeValue | null) =>
    writeLoginLog(db, {
      siteId,
      accountId,
      loginId: input.loginId,
      result,
      code,
      ip,
      region: regionOf(countryOf(ip), ip),
      terminal: LOBBY_TERMINAL,
      device,
      now,
    });

  const taken = await takeCredentialSlots(db, origin, loginKey, credentialCounters(loginKey, ip));
  if (!taken.ok) {
    await log(null, refusalOf[taken.refusedBy], ErrorCode.tooFrequentAccess);
    throw new RpcError(ErrorCode.tooFrequentAccess);
  }
  const account = await findAccountByLogin(db, siteId, input.loginId.trim());
  const passwordOk = await verifySecret(account?.password_hash ?? (await hashForUnknownName()), input.password);
  const refuse = async (result: string, code: ErrorCodeValue) => {
    await log(account?.id ?? null, result, code);
    return new RpcError(code);
  };
  if (!account || !passwordOk) {
    await settleCredentialAttempt(db, origin, taken.attempt, false, account);
    throw await refuse('wrong-password', ErrorCode.wrongCredentials);
  }
  if (!isMemberLevel(account.level)) {
    await settleCredentialAttempt(db, origin, taken.attempt, false, account);
    throw await refuse('not-member', ErrorCode.memberNotFound);
  }
  await settleCredentialAttempt(db, origin, taken.attempt, true, account);
  if (account.status === AccountStatus.disabled) throw await refuse('disabled', ErrorCode.accountDisabled);
  // Frozen: it may read at the back office, but neither move points nor bet, so nothing to play with.
  if (account.status === AccountStatus.frozen) throw await refuse('frozen', ErrorCode.targetStatusForbidsScore);
  const line = await lineStatus(db, wireId(account.id));
  if (line === AccountStatus.disabled) throw await refuse('line-locked', ErrorCode.agentLineLocked);
  if (line === AccountStatus.frozen) throw await refuse('line-frozen', ErrorCode.agentLineFrozen);

  await db.run(sql`UPDATE accounts SET last_login_at = ${now} WHERE id = ${account.id}`);
  await log(account.id, 'ok', null);
  const [member] = await accountsNow(db, siteId, [account.id]);
  return {
    member: member!,
    loginId: account.login_id,
    nickname: account.nickname,
    balance: await memberBalance(db, siteId, wireId(account.id)),
  };
}

/** The back office's transfer id of a lobby request: the platform's request id, in a namespace of its own. */
export const lobbyTransferId = (requestId: string) => `LB-${requestId}`;

interface KnownTransfer {
  type: 'in' | 'out';
  member_id: bigint;
  amount: bigint;
  state: 'pending' | 'done' | 'reversed' | 'failed';
}

/** A transfer id's transfer as it stands: an `in` (its score-log row) or an `out` (its request), else undefined. */
function knownTransfer(db: Queryable, siteId: string, transferId: string) {
  return db.one<KnownTransfer>(sql`
    SELECT 'in' AS type, target_account_id AS member_id, amount, state FROM score_log
     WHERE site_id = ${siteId} AND transfer_id = ${transferId} AND type = 'in'
    UNION ALL
    SELECT 'out', member_id, amount, state FROM transfer_outs WHERE site_id = ${siteId} AND transfer_id = ${transferId}`);
}

async function memberBalance(db: Queryable, siteId: string, memberId: string): Promise<bigint> {
  const row = await db.one<{ balance: bigint }>(sql`SELECT balance FROM accounts WHERE id = ${memberId}::bigint AND site_id = ${siteId}`);
  return BigInt(row?.balance ?? 0);
}

/**
 * A member's transfer asked for at the lobby, through the back office's own transfer path
 * (server/points/game-transfers.ts: its checks, its pending and repair rules). The platform's
 * request id names the transfer, so the same request again answers the transfer as it stands now
 * (a pending one may have been settled by the repair since) and moves nothing more; the same id
 * with another member, type or amount is refused (37101). An outcome unknown is answered as
 * pending, never guessed. Refusals of the transfer path come back as their codes.
 */
export async function lobbyTransfer(
  db: Queryable,
  platformFor: PlatformFor,
  input: BackOfficeRequest<'lobbyTransfer'> & { now: Date },
): Promise<BackOfficeAnswer<'lobbyTransfer'>> {
  const { siteId, memberId, type, amount } = input;
  const transferId = lobbyTransferId(input.requestId);
  const answerOf = async (known: KnownTransfer) => {
    if (wireId(known.member_id) !== memberId || known.type !== type || BigInt(known.amount) !== amount) {
      throw new RpcError(ErrorCode.thirdPartyEmptyResult);
    }
    return { transferId, type, state: known.state, balance: await memberBalance(db, siteId, memberId) };
  };
  const known = await knownTransfer(db, siteId, transferId);
  if (known) return answerOf(known);

  const request = { siteId, memberId, amount: Number(amount), transferId, now: input.now, ...(input.ip ? { ip: input.ip } : {}) };
  try {
    const outcome = type === 'in' ? await transferIn(db, platformFor, request) : await transferOut(db, platformFor, request);
    return { transferId, type, state: outcome.state, balance: await memberBalance(db, siteId, memberId) };
  } catch (error) {
    // The same request delivered twice at once: the other delivery wrote the id first (this one
    // then failed on the id, or on the points the other moved), so this answers that transfer.
    // A transfer the platform refused was this delivery's own: its refusal is the answer.
    const now = await knownTransfer(db, siteId, transferId);
    const refusedHere = error instanceof RpcError && (now?.state === 'reversed' || now?.state === 'failed');
    if (now && !refusedHere) return answerOf(now);
    throw error;
  }
}
