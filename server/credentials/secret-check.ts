import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { ErrorCode } from '../../contract/errors.contract';
import type { Queryable } from '../kernel/db/database';
import { recordOperation } from '../kernel/operation-log';
import { RpcError } from '../kernel/rpc-error';
import {
  credentialCounters,
  lockedByThisFailure,
  settleAttempt,
  takeAttempt,
  type Attempt,
  type CounterKey,
  type TakeResult,
} from './attempt-counters';
import { verifySecret } from '../kernel/password';

export const loginKeyOf = (loginId: string) => loginId.trim().toLowerCase();

/** Where an attempt comes from, as the operation record names it. */
export interface AttemptOrigin {
  siteId: string;
  ip: string;
  now: Date;
  ipLimit: number;
  /** The method the attempt came through (sign-in, password change, safe-code check). */
  method: string;
}

/** The login whose name an attempt locked: an account, or a sub-account with its main account. */
export interface LockedLogin {
  id: bigint;
  login_id: string;
  main_account_id?: bigint;
}

/**
 * A lock is a security event: it goes in the operation record of the account whose name was
 * locked (level warn), written as the attempt's own statement, outside any transaction. A name
 * that belongs to no account has no record to go in; the login log still holds every attempt.
 */
export async function recordLock(db: Queryable, origin: AttemptOrigin, account: LockedLogin | undefined) {
  if (!account) return;
  await recordOperation(db, {
    siteId: origin.siteId,
    // A sub-account's lock goes in its main account's record, naming the sub-account.
    accountId: String(account.main_account_id ?? account.id),
    subAccountId: account.main_account_id === undefined ? null : wireId(account.id),
    operatorLogin: account.login_id,
    method: origin.method,
    targetId: wireId(account.id),
    summary: `LOGIN_LOCKED ${account.login_id} from ${origin.ip}`,
    params: {},
    ip: origin.ip,
    level: 'warn',
    code: ErrorCode.tooFrequentAccess,
    at: origin.now,
  });
}

/** How long a successful sign-in of a name from an IP keeps that IP out of the name's ceiling. */
export const TRUSTED_IP_MS = 30 * 24 * 60 * 60 * 1000;

/** Whether the login log has a successful sign-in of this name from this IP in the last 30 days. */
async function signedInFrom(db: Queryable, origin: AttemptOrigin, loginKey: string): Promise<boolean> {
  const since = new Date(origin.now.getTime() - TRUSTED_IP_MS);
  const row = await db.one(sql`SELECT 1 AS found FROM login_log
    WHERE ip = ${origin.ip} AND created_at > ${since} AND site_id = ${origin.siteId} AND result = 'ok' AND lower(login_id) = ${loginKey}
    LIMIT 1`);
  return row !== undefined;
}

/**
 * Takes the counters of an attempt on a name (takeAttempt). The name's ceiling does not hold an
 * IP that signed that name in successfully in the last 30 days: failures spread over other IPs
 * must not hold the owner out (README "Signing in"). Such an IP's attempt takes every other
 * counter (the pair's own lock, the IP's limit), and a wrong secret stays counted in them.
 */
export async function takeCredentialSlots(db: Queryable, origin: AttemptOrigin, loginKey: string, keys: CounterKey[]): Promise<TakeResult> {
  const input = { siteId: origin.siteId, keys, now: origin.now, ipLimit: origin.ipLimit };
  const taken = await takeAttempt(db, input);
  if (taken.ok || taken.refusedBy !== 'name' || !(await signedInFrom(db, origin, loginKey))) return taken;
  return takeAttempt(db, { ...input, keys: keys.filter((key) => key.scope !== 'name') });
}

/** Takes the credential counters of a name from an IP, or refuses the attempt (2632) before any secret is read. */
export async function takeCredentialAttempt(db: Queryable, origin: AttemptOrigin, loginKey: string): Promise<Attempt> {
  const taken = await takeCredentialSlots(db, origin, loginKey, credentialCounters(loginKey, origin.ip));
  if (!taken.ok) throw new RpcError(ErrorCode.tooFrequentAccess);
  return taken.attempt;
}

/** Settles a credential attempt once its secrets are checked, recording the lock it made. */
export async function settleCredentialAttempt(
  db: Queryable,
  origin: AttemptOrigin,
  attempt: Attempt,
  ok: boolean,
  account: LockedLogin | undefined,
) {
  await settleAttempt(db, attempt, ok ? 'success' : 'failure', origin.now);
  if (!ok && lockedByThisFailure(attempt)) await recordLock(db, origin, account);
}

/**
 * A step-up check of a signed-in account's own password or safe code: counted with its
 * sign-in failures (one counter per account and IP, docs/product.md#sign-in-limits), so five wrong in a row lock
 * the name for that IP like five wrong sign-ins. `db` is the database, never a transaction.
 */
export async function checkOwnSecret(
  db: Queryable,
  origin: AttemptOrigin,
  input: {
    accountId: string;
    subAccountId?: string | null;
    secret: 'password' | 'safeCode';
    value: string;
    /**
     * The value is the one a replayed call carried the first time, when it was checked right (a
     * password change has replaced it since): right without reading the hash, but counted all the same.
     */
    checkedBefore?: boolean;
  },
): Promise<boolean> {
  // A sub-account's own secrets are its own (docs/product.md#sub-accounts), never its main account's.
  const account = await db.one<LockedLogin & { password_hash: string; safe_code_hash: string }>(
    input.subAccountId
      ? sql`SELECT id, login_id, password_hash, safe_code_hash, main_account_id FROM sub_accounts WHERE id = ${input.subAccountId}`
      : sql`SELECT id, login_id, password_hash, safe_code_hash FROM accounts WHERE id = ${input.accountId}`,
  );
  if (!account) throw new RpcError(ErrorCode.authFailed);
  const attempt = await takeCredentialAttempt(db, origin, loginKeyOf(account.login_id));
  const ok =
    input.checkedBefore === true ||
    (await verifySecret(input.secret === 'password' ? account.password_hash : account.safe_code_hash, input.value));
  await settleCredentialAttempt(db, origin, attempt, ok, account);
  return ok;
}
