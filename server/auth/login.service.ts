import { isMemberLevel } from '../../contract/account-fields.contract';
import { sql } from 'drizzle-orm';
import { allAccessCodes, SESSION_TYPE_MAIN } from '../../contract/auth.contract';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import { AccountStatus, findAccountByLogin, lineStatus, type AccountRow } from '../accounts/account.repository';
import type { Queryable } from '../db/database';
import { isPrivateIp } from '../geo/ip-region';
import type { CallContext } from '../rpc/dispatcher';
import { RpcError } from '../rpc/rpc-error';
import { createSession } from '../sessions/session.store';
import { captchaCounter, credentialCounters, settleAttempt, takeAttempt, type CounterScope } from './attempt-counters';
import { useCaptcha } from './captcha.service';
import { hashSecret, verifySecret } from './password';
import { loginKeyOf, settleCredentialAttempt, type AttemptOrigin } from './secret-check';

let dummyHash: Promise<string> | undefined;
/** Unknown names still cost one hash check, so timing does not tell whether a name exists. */
const hashForUnknownName = () => (dummyHash ??= hashSecret('no-such-account-Aa1'));

/** What the login log says of an attempt the counters refused. */
const refusalOf: Record<CounterScope, string> = { ip: 'ip-limit', captcha: 'captcha-limit', pair: 'locked', name: 'name-delay' };

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
  const refuse = async (result: string, code: ErrorCodeValue, account?: AccountRow) => {
    await writeLoginLog(db, ctx, { loginId: input.loginId, accountId: account?.id, result, code });
    return new RpcError(code);
  };

  const captchaOn = ctx.settings.captcha && site.captchaRequired;
  const counters = credentialCounters(loginKey, ctx.ip);
  const taken = await takeAttempt(db, {
    siteId: site.id,
    keys: captchaOn ? [...counters, captchaCounter(ctx.ip)] : counters,
    now,
    ipLimit: origin.ipLimit,
  });
  if (!taken.ok) throw await refuse(refusalOf[taken.refusedBy], ErrorCode.tooFrequentAccess);
  const { attempt } = taken;
  const credentials = { ...attempt, keys: counters };

  if (captchaOn) {
    const captchaRight =
      input.captchaId && input.captchaCode
        ? await useCaptcha(db, { siteId: site.id, captchaId: input.captchaId, code: input.captchaCode, now })
        : false;
    const captcha = { ...attempt, keys: [captchaCounter(ctx.ip)] };
    if (!captchaRight) {
      // No secret was read: the credential slots go back, the wrong guess stays counted.
      await settleAttempt(db, credentials, 'release', now);
      throw await refuse('captcha', ErrorCode.captchaWrong);
    }
    await settleAttempt(db, captcha, 'release', now);
  }

  const account = await findAccountByLogin(db, site.id, input.loginId.trim());
  const passwordOk = await verifySecret(account?.password_hash ?? (await hashForUnknownName()), input.password);
  // Members are managed here; they never sign in to the back office.
  if (!account || !passwordOk || isMemberLevel(account.level)) {
    await settleCredentialAttempt(db, origin, credentials, false, account);
    throw await refuse('wrong-password', ErrorCode.wrongCredentials, account);
  }
  if (!(await verifySecret(account.safe_code_hash, input.safeCode))) {
    await settleCredentialAttempt(db, origin, credentials, false, account);
    throw await refuse('wrong-safe-code', ErrorCode.safeCodeWrong, account);
  }
  await settleCredentialAttempt(db, origin, credentials, true, account);
  if (account.status === AccountStatus.disabled) throw await refuse('disabled', ErrorCode.accountDisabled, account);
  const line = await lineStatus(db, String(account.id));
  if (line === AccountStatus.disabled) throw await refuse('line-locked', ErrorCode.agentLineLocked, account);

  const userId = String(account.id);
  const token = await db.transaction(async (tx) => {
    await tx.run(sql`UPDATE accounts SET last_login_at = ${now} WHERE id = ${userId}`);
    await writeLoginLog(tx, ctx, { loginId: account.login_id, accountId: userId, result: 'ok', code: null });
    // The epoch read with the password hash: a change of credentials committed since then
    // has moved the account's epoch on, and this session is over before its first use.
    return createSession(tx, {
      siteId: site.id,
      accountId: userId,
      epoch: account.credentials_epoch,
      now,
      ip: ctx.ip,
      terminal: ctx.terminal,
      device: ctx.device,
    });
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
