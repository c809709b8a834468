import { sql } from 'drizzle-orm';
import { allAccessCodes, SESSION_TYPE_MAIN } from '../../contract/auth.contract';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import { AccountStatus, findAccountByLogin, lineStatus, type AccountRow } from '../accounts/account.repository';
import type { Queryable } from '../db/database';
import { isPrivateIp } from '../geo/ip-region';
import type { CallContext } from '../rpc/dispatcher';
import { RpcError } from '../rpc/rpc-error';
import { createSession } from '../sessions/session.store';
import { useCaptcha } from './captcha.service';
import { hashSecret, verifySecret } from './password';

/** Failures in a row that lock a name, and for how long (GATEWAY.md). */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;
/** Window of the per-IP limit of failed sign-ins (LOGIN_IP_LIMIT). */
export const IP_WINDOW_MS = 10 * 60 * 1000;

type FailureKind = 'password' | 'safe_code';

/** Codes of attempts that failed on a credential: they count toward the per-IP limit. */
const CREDENTIAL_FAILURES: ErrorCodeValue[] = [ErrorCode.wrongCredentials, ErrorCode.safeCodeWrong];

let dummyHash: Promise<string> | undefined;
/** Unknown names still cost one hash check, so timing does not tell whether a name exists. */
const hashForUnknownName = () => (dummyHash ??= hashSecret('no-such-account-Aa1'));

export const loginKeyOf = (loginId: string) => loginId.trim().toLowerCase();

/** A lock whose time is over is cleared here, so the count starts again. */
export async function isLocked(db: Queryable, siteId: string, loginKey: string, kind: FailureKind, now: Date): Promise<boolean> {
  const row = await db.one<{ locked_until: Date | string | null }>(sql`SELECT locked_until FROM login_failures
    WHERE site_id = ${siteId} AND login_key = ${loginKey} AND kind = ${kind}`);
  if (!row?.locked_until) return false;
  if (new Date(row.locked_until).getTime() > now.getTime()) return true;
  await db.run(sql`DELETE FROM login_failures WHERE site_id = ${siteId} AND login_key = ${loginKey} AND kind = ${kind}`);
  return false;
}

export async function recordFailure(db: Queryable, siteId: string, loginKey: string, kind: FailureKind, now: Date): Promise<void> {
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  await db.run(sql`INSERT INTO login_failures (site_id, login_key, kind, failures, locked_until, updated_at)
    VALUES (${siteId}, ${loginKey}, ${kind}, 1, NULL, ${now})
    ON CONFLICT (site_id, login_key, kind) DO UPDATE SET
      failures = login_failures.failures + 1,
      locked_until = CASE WHEN login_failures.failures + 1 >= ${LOCK_AFTER_FAILURES} THEN ${lockUntil}::timestamptz ELSE NULL END,
      updated_at = ${now}`);
}

export async function clearFailures(db: Queryable, siteId: string, loginKey: string, kind: FailureKind): Promise<void> {
  await db.run(sql`DELETE FROM login_failures WHERE site_id = ${siteId} AND login_key = ${loginKey} AND kind = ${kind}`);
}

/** Lifts every sign-in lock of a name (password and safe code): unlock and password reset. */
export async function clearAllFailures(db: Queryable, siteId: string, loginId: string): Promise<void> {
  await db.run(sql`DELETE FROM login_failures WHERE site_id = ${siteId} AND login_key = ${loginKeyOf(loginId)}`);
}

async function ipFailures(db: Queryable, ip: string, now: Date): Promise<number> {
  const row = await db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM login_log
    WHERE ip = ${ip} AND created_at > ${new Date(now.getTime() - IP_WINDOW_MS)}
      AND code IN (${sql.join(CREDENTIAL_FAILURES.map((code) => sql`${code}`), sql`, `)})`);
  return Number(row?.n ?? 0);
}

async function writeLoginLog(
  db: Queryable,
  ctx: CallContext,
  entry: { loginId: string; accountId?: string | number | undefined; result: string; code: ErrorCodeValue | null },
) {
  const region = ctx.country ?? (ctx.ip && isPrivateIp(ctx.ip) ? 'LAN' : '');
  await db.run(sql`INSERT INTO login_log (site_id, account_id, login_id, result, code, ip, region, terminal, device, created_at)
    VALUES (${ctx.site.id}, ${entry.accountId ?? null}, ${entry.loginId.slice(0, 64)}, ${entry.result}, ${entry.code},
            ${ctx.ip}, ${region}, ${ctx.terminal.slice(0, 16)}, ${ctx.device.slice(0, 512)}, ${ctx.now})`);
}

export interface LoginInput {
  loginId: string;
  password: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
  safeCode: string;
}

/**
 * Sign-in. Checks run from the cheapest refusal to the costliest; every attempt leaves a
 * login-log row, and failures are written outside any transaction so a refusal keeps them.
 */
export async function login(ctx: CallContext, input: LoginInput) {
  const { db, site, now } = ctx;
  const loginKey = loginKeyOf(input.loginId);
  const refuse = async (result: string, code: ErrorCodeValue, account?: AccountRow) => {
    await writeLoginLog(db, ctx, { loginId: input.loginId, accountId: account?.id, result, code });
    return new RpcError(code);
  };

  if (ctx.ip && (await ipFailures(db, ctx.ip, now)) >= ctx.settings.loginIpLimit) {
    throw await refuse('ip-limit', ErrorCode.tooFrequentAccess);
  }
  if (ctx.settings.captcha && site.captchaRequired) {
    const used =
      input.captchaId && input.captchaCode
        ? await useCaptcha(db, { siteId: site.id, captchaId: input.captchaId, code: input.captchaCode, now })
        : false;
    if (!used) throw await refuse('captcha', ErrorCode.captchaWrong);
  }
  if (await isLocked(db, site.id, loginKey, 'password', now)) throw await refuse('locked', ErrorCode.tooFrequentAccess);

  const account = await findAccountByLogin(db, site.id, input.loginId.trim());
  const passwordOk = await verifySecret(account?.password_hash ?? (await hashForUnknownName()), input.password);
  // Members (level 5) are managed here; they never sign in to the back office.
  if (!account || !passwordOk || account.level > 4) {
    await recordFailure(db, site.id, loginKey, 'password', now);
    throw await refuse('wrong-password', ErrorCode.wrongCredentials, account);
  }
  if (!(await verifySecret(account.safe_code_hash, input.safeCode))) {
    await recordFailure(db, site.id, loginKey, 'password', now);
    throw await refuse('wrong-safe-code', ErrorCode.safeCodeWrong, account);
  }
  if (account.status === AccountStatus.disabled) throw await refuse('disabled', ErrorCode.accountDisabled, account);
  const line = await lineStatus(db, String(account.id));
  if (line === AccountStatus.disabled) throw await refuse('line-locked', ErrorCode.agentLineLocked, account);

  const userId = String(account.id);
  const token = await db.transaction(async (tx) => {
    await clearFailures(tx, site.id, loginKey, 'password');
    await tx.run(sql`UPDATE accounts SET last_login_at = ${now} WHERE id = ${userId}`);
    await writeLoginLog(tx, ctx, { loginId: account.login_id, accountId: userId, result: 'ok', code: null });
    return createSession(tx, { siteId: site.id, accountId: userId, now, ip: ctx.ip, terminal: ctx.terminal, device: ctx.device });
  });
  return {
    sessionId: token,
    loginId: account.login_id,
    userId,
    forcePwdUpdate: account.force_pwd_update ? ('1' as const) : ('0' as const),
    sn: site.id,
    status: account.status,
    sessionType: SESSION_TYPE_MAIN,
    isMain: true,
    level: account.level,
    firstLogin: account.first_login ? ('1' as const) : ('0' as const),
    teamStatus: line,
    mainUserId: userId,
    accessCode: [...allAccessCodes],
  };
}
