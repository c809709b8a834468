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
  type Attempt,
  type CounterScope,
} from '../credentials/attempt-counters';
import { useCaptcha } from './captcha.service';
import { hashSecret, verifySecret } from '../kernel/password';
import { loginKeyOf, settleCredentialAttempt, takeCredentialSlots, type AttemptOrigin } from '../credentials/secret-check';
import { wireId } from '../kernel/db/ids';

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

/** A refused attempt: its login-log row (whose, once known), then the error to throw. */
async function refusal(ctx: CallContext, input: LoginInput, who: LogTarget, result: string, code: ErrorCodeValue, data?: ErrorData) {
  await writeLoginLog(ctx.db, { ...callOrigin(ctx), loginId: input.loginId, ...who, result, code });
  return new RpcError(code, data);
}

/** Every counter the attempt falls under gives its slot, in one step; refused, a name locked from this address says for how long. */
async function takeLoginAttempt(ctx: CallContext, input: LoginInput, origin: AttemptOrigin, captchaOn: boolean): Promise<Attempt> {
  const loginKey = loginKeyOf(input.loginId);
  const counters = credentialCounters(loginKey, ctx.ip);
  const taken = await takeCredentialSlots(ctx.db, origin, loginKey, captchaOn ? [...counters, captchaCounter(ctx.ip)] : counters);
  if (!taken.ok) {
    // A name locked by its failures from this address says so and for how long: its parent can lift it.
    const locked =
      taken.refusedBy === 'pair' && taken.until
        ? { rule: 'login-locked', retryAfter: Math.max(Math.ceil((taken.until.getTime() - ctx.now.getTime()) / 1000), 1) }
        : undefined;
    throw await refusal(ctx, input, {}, refusalOf[taken.refusedBy], ErrorCode.tooFrequentAccess, locked);
  }
  return taken.attempt;
}

/** The captcha's guess: a wrong one gives the credential slots back (no secret was read) and stays counted. */
async function checkCaptcha(ctx: CallContext, input: LoginInput, attempt: Attempt, credentials: Attempt) {
  const { db, site, now } = ctx;
  const captchaRight =
    input.captchaId && input.captchaCode
      ? await useCaptcha(db, { siteId: site.id, captchaId: input.captchaId, code: input.captchaCode, now })
      : false;
  const captcha = { ...attempt, keys: [captchaCounter(ctx.ip)] };
  if (!captchaRight) {
    await settleAttempt(db, credentials, 'release', now);
    throw await refusal(ctx, input, {}, 'captcha', ErrorCode.captchaWrong);
  }
  await settleAttempt(db, captcha, 'release', now);
}

/** Whom the name signs in: an account, or a sub-account with its main account; who the log row is about; what a lock is on. */
async function findLogin(db: Queryable, siteId: string, loginId: string) {
  const name = loginId.trim();
  const account = await findAccountByLogin(db, siteId, name);
  // Accounts and sub-accounts share one namespace per site: a name is one or the other.
  const sub = account ? undefined : await findSubAccountByLogin(db, siteId, name);
  const main = sub ? await findAccount(db, siteId, wireId(sub.main_account_id)) : undefined;
  const login = account ?? (sub && main ? sub : undefined);
  const who: LogTarget = sub && main ? { accountId: main.id, subAccountId: sub.id } : { accountId: account?.id };
  const locked = sub ? { id: sub.id, login_id: sub.login_id, main_account_id: sub.main_account_id } : account;
  return { account, sub, main, login, who, locked };
}

type FoundLogin = Awaited<ReturnType<typeof findLogin>>;

/** The password, then the safe code, each outcome counted; answers the login they open. */
async function checkSecrets(ctx: CallContext, input: LoginInput, origin: AttemptOrigin, credentials: Attempt, found: FoundLogin) {
  const { db } = ctx;
  const { account, login, who, locked } = found;
  // The same for a name that exists and one that does not: the count is the address's, not the account's.
  const failureData = (): ErrorData => {
    const attemptsLeft = attemptsLeftAfter(credentials);
    return attemptsLeft === 0 ? { attemptsLeft, retryAfter: LOCK_MS / 1000 } : { attemptsLeft };
  };
  const passwordOk = await verifySecret(login?.password_hash ?? (await hashForUnknownName()), input.password);
  // Members are managed here; they never sign in to the back office.
  if (!login || !passwordOk || (account && isMemberLevel(account.level))) {
    await settleCredentialAttempt(db, origin, credentials, false, locked);
    throw await refusal(ctx, input, who, 'wrong-password', ErrorCode.wrongCredentials, failureData());
  }
  if (!(await verifySecret(login.safe_code_hash, input.safeCode))) {
    await settleCredentialAttempt(db, origin, credentials, false, locked);
    throw await refusal(ctx, input, who, 'wrong-safe-code', ErrorCode.safeCodeWrong, failureData());
  }
  await settleCredentialAttempt(db, origin, credentials, true, locked);
  return login;
}

/** Right secrets still stop at a disabled account or line, a maintenance window, a disabled site; answers the line's status. */
async function refuseStopped(ctx: CallContext, input: LoginInput, found: FoundLogin, owner: NonNullable<FoundLogin['main']>) {
  const { sub, who } = found;
  // A sub-account is stopped by its own status and by everything that stops its main account.
  if (owner.status === AccountStatus.disabled || sub?.status === AccountStatus.disabled) {
    throw await refusal(ctx, input, who, 'disabled', ErrorCode.accountDisabled);
  }
  const line = await lineStatus(ctx.db, wireId(owner.id));
  if (line === AccountStatus.disabled) throw await refusal(ctx, input, who, 'line-locked', ErrorCode.agentLineLocked);
  // In a maintenance window only the company's main accounts come in (they may end it early);
  // into a site the operator disabled, nobody.
  if (inMaintenance(ctx.site, ctx.now) && (ctx.site.disabled || !(owner.level === 0 && !sub))) {
    throw await refusal(ctx, input, who, 'maintenance', ErrorCode.siteMaintenance);
  }
  return line;
}

/** The sign-in's writes, in one transaction: the last login time, the log row and the session; answers its token. */
function openSession(ctx: CallContext, found: FoundLogin, login: NonNullable<FoundLogin['login']>, owner: NonNullable<FoundLogin['main']>) {
  const { sub, who } = found;
  const { site, now } = ctx;
  return ctx.db.transaction(async (tx) => {
    await tx.run(sql`UPDATE ${sub ? sql`sub_accounts` : sql`accounts`} SET last_login_at = ${now} WHERE id = ${wireId(login.id)}`);
    await writeLoginLog(tx, { ...callOrigin(ctx), loginId: login.login_id, ...who, result: 'ok', code: null });
    // The epochs read with the password hash: a change of credentials committed since then
    // has moved the epoch on, and this session is over before its first use.
    return createSession(tx, {
      siteId: site.id,
      accountId: wireId(owner.id),
      epoch: owner.credentials_epoch,
      ...(sub ? { subAccount: { id: wireId(login.id), epoch: sub.credentials_epoch } } : {}),
      now,
      ip: ctx.ip,
      terminal: ctx.terminal,
      device: ctx.device,
    });
  });
}

/**
 * Sign-in. Every counter the attempt falls under (the name from this IP, the name, the IP and,
 * with the captcha on, the IP's captcha guesses) gives its slot in one step before anything is
 * checked, so parallel attempts never check more secrets than the limits allow. Every attempt
 * leaves a login-log row; nothing here runs in a transaction of the call's, so a refusal keeps
 * what it wrote.
 */
export async function login(ctx: CallContext, input: LoginInput) {
  const { site, now } = ctx;
  const origin: AttemptOrigin = { siteId: site.id, ip: ctx.ip, now, ipLimit: ctx.settings.loginIpLimit, method: 'gw.credit.agent.login' };
  const captchaOn = ctx.settings.captcha && site.captchaRequired;
  const attempt = await takeLoginAttempt(ctx, input, origin, captchaOn);
  // Without the name's counter when a trusted IP was let past its ceiling.
  const credentials = { ...attempt, keys: attempt.keys.filter((key) => key.scope !== 'captcha') };
  if (captchaOn) await checkCaptcha(ctx, input, attempt, credentials);

  const found = await findLogin(ctx.db, site.id, input.loginId);
  const login = await checkSecrets(ctx, input, origin, credentials, found);
  const { account, main, sub } = found;
  const owner = (account ?? main)!;
  const line = await refuseStopped(ctx, input, found, owner);

  const userId = wireId(login.id);
  const mainUserId = wireId(owner.id);
  const token = await openSession(ctx, found, login, owner);
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
