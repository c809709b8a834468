import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors.contract';
import { findAccountByLogin, toFullProfile, toProfile } from '../accounts/account.repository';
import { accountOfLine } from '../accounts/line-access';
import type { CallContext } from '../rpc/dispatcher';
import { defineHandlers } from '../rpc/handler';
import { RpcError } from '../rpc/rpc-error';
import { revokeAccountSessions, revokeSession, type Session } from '../sessions/session.store';
import { captchaMatches, createCaptcha } from './captcha.service';
import { clearFailures, isLocked, login, loginKeyOf, recordFailure } from './login.service';
import { hashSecret, verifySecret } from './password';

function sessionOf(ctx: CallContext): Session {
  if (!ctx.session) throw new RpcError(ErrorCode.authFailed);
  return ctx.session;
}

function checkConfirmation(newPassword: string, confirmPassword: string) {
  if (newPassword !== confirmPassword) throw new RpcError(ErrorCode.invalidParams, { field: 'confirmPassword', rule: 'password-mismatch' });
}

export const authHandlers = defineHandlers({
  'gw.credit.captcha.check': async (ctx, params) => {
    if (params.captchaId === undefined && params.captchaCode === undefined) return createCaptcha(ctx.db, ctx.site.id, ctx.now);
    if (params.captchaId === undefined) throw new RpcError(ErrorCode.missingParams, { field: 'captchaId', rule: 'required' });
    if (params.captchaCode === undefined) throw new RpcError(ErrorCode.missingParams, { field: 'captchaCode', rule: 'required' });
    return { valid: await captchaMatches(ctx.db, { siteId: ctx.site.id, captchaId: params.captchaId, code: params.captchaCode, now: ctx.now }) };
  },

  'gw.credit.user.first.login.check': async (ctx, params) => {
    const account = await findAccountByLogin(ctx.db, ctx.site.id, params.loginId.trim());
    return { firstLogin: account?.first_login ? '1' : '0' };
  },

  'gw.credit.agent.login': (ctx, params) => login(ctx, params),

  'gw.credit.safe.code.check': async (ctx, params) => {
    const account = await accountOfLine(ctx);
    const key = loginKeyOf(account.login_id);
    // The safe code has 10,000 values: five wrong in a row lock the check like a sign-in.
    if (await isLocked(ctx.db, ctx.site.id, key, 'safe_code', ctx.now)) throw new RpcError(ErrorCode.tooFrequentAccess);
    const valid = await verifySecret(account.safe_code_hash, params.safeCode);
    if (valid) await clearFailures(ctx.db, ctx.site.id, key, 'safe_code');
    else await recordFailure(ctx.db, ctx.site.id, key, 'safe_code', ctx.now);
    return { valid };
  },

  'gw.credit.user.password.update': async (ctx, params) => {
    const account = await accountOfLine(ctx);
    checkConfirmation(params.newPassword, params.confirmPassword);
    if (!(await verifySecret(account.password_hash, params.oldPassword))) throw new RpcError(ErrorCode.oldPasswordWrong);
    await ctx.db.run(sql`UPDATE accounts SET password_hash = ${await hashSecret(params.newPassword)} WHERE id = ${account.id}`);
    await revokeAccountSessions(ctx.db, String(account.id), ctx.now);
    ctx.audit.targetId = String(account.id);
    ctx.audit.summary = 'password changed';
    return {};
  },

  'gw.credit.user.password.force.update': async (ctx, params) => {
    const account = await accountOfLine(ctx);
    if (!account.force_pwd_update && !account.first_login) throw new RpcError(ErrorCode.illegalOperation);
    checkConfirmation(params.newPassword, params.confirmPassword);
    if (account.first_login && params.safeCode === undefined) {
      throw new RpcError(ErrorCode.missingParams, { field: 'safeCode', rule: 'required' });
    }
    const passwordHash = await hashSecret(params.newPassword);
    const safeCodeHash = params.safeCode === undefined ? account.safe_code_hash : await hashSecret(params.safeCode);
    await ctx.db.run(sql`UPDATE accounts SET password_hash = ${passwordHash}, safe_code_hash = ${safeCodeHash},
      force_pwd_update = false, first_login = false WHERE id = ${account.id}`);
    await revokeAccountSessions(ctx.db, String(account.id), ctx.now);
    ctx.audit.targetId = String(account.id);
    ctx.audit.summary = account.first_login ? 'first password and safe code set' : 'forced password change done';
    return {};
  },

  'gw.credit.agent.logout': async (ctx) => {
    const session = sessionOf(ctx);
    await revokeSession(ctx.db, session.tokenHash, ctx.now);
    ctx.audit.summary = 'logged out';
    return {};
  },

  'gw.credit.agent.level': async (ctx) => ({ level: sessionOf(ctx).level }),

  'gw.credit.user.profile': async (ctx, params) => toFullProfile(ctx.db, await accountOfLine(ctx, params.userId)),

  'gw.credit.user.balance.get': async (ctx, params) => ({ balance: toProfile(await accountOfLine(ctx, params.userId)).balance }),
});
