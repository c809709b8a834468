import { isMemberLevel } from '../../contract/account-fields.contract';
import { sql } from '../kernel/db/sql';
import { allAccessCodes, SESSION_TYPE_MAIN, SESSION_TYPE_SUB } from '../../contract/auth.contract';
import { ErrorCode, type ErrorCodeValue, type ErrorData } from '../../contract/errors.contract';
import { AccountStatus, findAccount, findAccountByLogin, lineStatus } from '../tree/account.repository';
import { findSubAccountByLogin } from '../sub-accounts/sub-account.repository';
import type { Queryable } from '../kernel/db/database';
import { regionOf } from '../geo/ip-region';
import type { CallContext } from '../kernel/call-context';
import { RpcError } from '../kernel/rpc-error';
import { inMaintenance } from '../kernel/site.repository';
import { createSession } from '../kernel/session.store';
import {
  attemptsLeftAfter,
  captchaCounter,
  credentialCounters,
  LOCK_MS,
  settleAttempt,
  type CounterScope,
} from '../credentials/attempt-counters';
import { useCaptcha } from './captcha.service';
import { hashSecret, verifySecret } from '../kernel/password';
import { loginKeyOf, settleCredentialAttempt, takeCredentialSlots, type AttemptOrigin } from '../credentials/secret-check';

let dummyHash: Promise<string> | undefined;
/** Unknown names still cost one hash check, so timing does not tell whether a name exists. */
export const hashForUnknownName = () => (dummyHash ??= hashSecret('no-such-account-Aa1'));

/** What the login log says of an attempt the counters refused (the back office's sign-in and the platform lobby's). */
export const refusalOf: Record<CounterScope, string> = {
  ip: 'ip-limit',
  captcha: 'captcha-limit',
  pair: 'locked',
  name: 'name-delay',
  issue: 'captcha-issue-limit',
};

/** Whose attempt a login-log row is: an account, or a sub-account (with its main account as account_id). */
interface LogTarget {
  accountId?: string | bigint | null | undefined;
  subAccountId?: string | bigint | undefined;
}

/** One sign-in attempt in the login log, wherever it was made (the back office, the platform's lobby). */
export async function writeLoginLog(
  db: Queryable,
  entry: LogTarget & {
    siteId: string;
    loginId: string;
    result: string;
    code: ErrorCodeValue | null;
    ip: string;
    region: string;
    terminal: string;
    device: string;
    now: Date;
  },
) {
  await db.run(sql`INSERT INTO login_log (site_id, account_id, sub_account_id, login_id, result, code, ip, region, terminal, device, created_at)
    VALUES (${entry.siteId}, ${entry.accountId ?? null}, ${entry.subAccountId ?? null}, ${entry.loginId.slice(0, 64)}, ${entry.result}, ${entry.code},
            ${entry.ip}, ${entry.region}, ${entry.terminal.slice(0, 16)}, ${entry.device.slice(0, 512)}, ${entry.now})`);
}

/** The login-log fields of a back office sign-in call: its site, visitor and time. */
const callOrigin = (ctx: CallContext) => ({
  siteId: ctx.site.id,
  ip: ctx.ip,
  region: regionOf(ctx.country, ctx.ip),
  terminal: ctx.terminal,
  device: ctx.device,
  now: ctx.now,
});

export interface LoginInput {
  loginId: string;
  password: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
  safeCode: string;
}

/**
 * Sign-in. Every counter the attempt falls under (the name from this IP, the name, the IP and,
 * with the captcha on, the IP's captcha guesses) gives its slot in one step before anything is
 * checked, so parallel attempts never check more secrets than the limits allow. Every attempt
 * leaves a login-log row; nothing here runs in a transaction of the call's, so a refusal keeps
 * what it wrote.
 */
export async function login(ctx: CallContext, input: LoginInput) {
  const { db, site, now } = ctx;
  const loginKey = loginKeyOf(input.loginId);
  const origin: AttemptOrigin = { siteId: site.id, ip: ctx.ip, now, ipLimit: ctx.settings.loginIpLimit, method: 'gw.credit.agent.login' };
  const refuseEarly = async (result: string, code: ErrorCodeValue, data?: ErrorData) => {
    await writeLoginLog(db, { ...callOrigin(ctx), loginId: input.loginId, result, code });
    return new RpcError(code, data);
  };

  const captchaOn = ctx.settings.captcha && site.captchaRequired;
  const counters = credentialCounters(loginKey, ctx.ip);
  const taken = await takeCredentialSlots(db, origin, loginKey, captchaOn ? [...counters, captchaCounter(ctx.ip)] : counters);
  if (!taken.ok) {
    // A name locked by its failures from this address says so and for how long: its parent can lift it.
    const locked =
      taken.refusedBy === 'pair' && taken.until
        ? { rule: 'login-locked', retryAfter: Math.max(Math.ceil((taken.until.getTime() - now.getTime()) / 1000), 1) }
        : undefined;
    throw await refuseEarly(refusalOf[taken.refusedBy], ErrorCode.tooFrequentAccess, locked);
  }
  const { attempt } = taken;
  // Without the name's counter when a trusted IP was let past its ceiling.
  const credentials = { ...attempt, keys: attempt.keys.filter((key) => key.scope !== 'captcha') };

  if (captchaOn) {
    const captchaRight =
      input.captchaId && input.captchaCode
        ? await useCaptcha(db, { siteId: site.id, captchaId: input.captchaId, code: input.captchaCode, now })
        : false;
    const captcha = { ...attempt, keys: [captchaCounter(ctx.ip)] };
    if (!captchaRight) {
      // No secret was read: the credential slots go back, the wrong guess stays counted.
      await settleAttempt(db, credentials, 'release', now);
      throw await refuseEarly('captcha', ErrorCode.captchaWrong);
    }
    await settleAttempt(db, captcha, 'release', now);
  }

  const name = input.loginId.trim();
  const account = await findAccountByLogin(db, site.id, name);
  // Accounts and sub-accounts share one namespace per site: a name is one or the other.
  const sub = account ? undefined : await findSubAccountByLogin(db, site.id, name);
  const main = sub ? await findAccount(db, site.id, String(sub.main_account_id)) : undefined;
  const login = account ?? (sub && main ? sub : undefined);
  const who: LogTarget = sub && main ? { accountId: main.id, subAccountId: sub.id } : { accountId: account?.id };
  const locked = sub ? { id: sub.id, login_id: sub.login_id, main_account_id: sub.main_account_id } : account;
  const refuse = async (result: string, code: ErrorCodeValue, data?: ErrorData) => {
    await writeLoginLog(db, { ...callOrigin(ctx), loginId: input.loginId, ...who, result, code });
    return new RpcError(code, data);
  };
  // The same for a name that exists and one that does not: the count is the address's, not the account's.
  const failureData = (): ErrorData => {
    const attemptsLeft = attemptsLeftAfter(credentials);
    return attemptsLeft === 0 ? { attemptsLeft, retryAfter: LOCK_MS / 1000 } : { attemptsLeft };
  };
  const passwordOk = await verifySecret(login?.password_hash ?? (await hashForUnknownName()), input.password);
  // Members are managed here; they never sign in to the back office.
  if (!login || !passwordOk || (account && isMemberLevel(account.level))) {
    await settleCredentialAttempt(db, origin, credentials, false, locked);
    throw await refuse('wrong-password', ErrorCode.wrongCredentials, failureData());
  }
  if (!(await verifySecret(login.safe_code_hash, input.safeCode))) {
    await settleCredentialAttempt(db, origin, credentials, false, locked);
    throw await refuse('wrong-safe-code', ErrorCode.safeCodeWrong, failureData());
  }
  await settleCredentialAttempt(db, origin, credentials, true, locked);
  // A sub-account is stopped by its own status and by everything that stops its main account.
  const owner = (account ?? main)!;
  if (owner.status === AccountStatus.disabled || sub?.status === AccountStatus.disabled) {
    throw await refuse('disabled', ErrorCode.accountDisabled);
  }
  const line = await lineStatus(db, String(owner.id));
  if (line === AccountStatus.disabled) throw await refuse('line-locked', ErrorCode.agentLineLocked);
  // In a maintenance window only the company's main accounts come in (they may end it early);
  // into a site the operator disabled, nobody.
  if (inMaintenance(site, now) && (site.disabled || !(owner.level === 0 && !sub))) {
    throw await refuse('maintenance', ErrorCode.siteMaintenance);
  }

  const userId = String(login.id);
  const mainUserId = String(owner.id);
  const token = await db.transaction(async (tx) => {
    await tx.run(sql`UPDATE ${sub ? sql`sub_accounts` : sql`accounts`} SET last_login_at = ${now} WHERE id = ${userId}`);
    await writeLoginLog(tx, { ...callOrigin(ctx), loginId: login.login_id, ...who, result: 'ok', code: null });
    // The epochs read with the password hash: a change of credentials committed since then
    // has moved the epoch on, and this session is over before its first use.
    return createSession(tx, {
      siteId: site.id,
      accountId: mainUserId,
      epoch: owner.credentials_epoch,
      ...(sub ? { subAccount: { id: userId, epoch: sub.credentials_epoch } } : {}),
      now,
      ip: ctx.ip,
      terminal: ctx.terminal,
      device: ctx.device,
    });
  });
  return {
    sessionId: token,
    loginId: login.login_id,
    userId,
    forcePwdUpdate: login.force_pwd_update ? ('1' as const) : ('0' as const),
    sn: site.id,
    status: owner.status,
    sessionType: sub ? SESSION_TYPE_SUB : SESSION_TYPE_MAIN,
    isMain: !sub,
    level: owner.level,
    firstLogin: login.first_login ? ('1' as const) : ('0' as const),
    teamStatus: line,
    mainUserId,
    accessCode: sub ? sub.access_codes.map(Number) : [...allAccessCodes],
  };
}
