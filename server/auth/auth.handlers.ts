import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors.contract';
import { findAccountByLogin, toFullProfile, toProfile } from '../accounts/account.repository';
import { accountOfLine } from '../accounts/line-access';
import type { CallContext } from '../rpc/dispatcher';
import { defineHandlers } from '../rpc/handler';
import { RpcError } from '../rpc/rpc-error';
import { endSessionsOf, endSubAccountSessions, revokeSession, type Session } from '../sessions/session.store';
import { findSubAccountById, findSubAccountByLogin } from '../subaccounts/sub-account.repository';
import { checkCaptcha, createCaptcha } from './captcha.service';
import { login } from './login.service';
import { hashSecret } from './password';
import { checkOwnSecret } from './secret-check';

function sessionOf(ctx: CallContext): Session {
  if (!ctx.session) throw new RpcError(ErrorCode.authFailed);
  return ctx.session;
}

/** The session's own sub-account row when a sub-account acts (its password calls act on itself, GATEWAY.md). */
async function ownSubAccount(ctx: CallContext) {
  const session = sessionOf(ctx);
  if (session.subAccountId === null) return undefined;
  const sub = await findSubAccountById(ctx.db, session.subAccountId);
  if (!sub) throw new RpcError(ErrorCode.authFailed);
  return sub;
}

export const authHandlers = defineHandlers({
  'gw.credit.captcha.check': async (ctx, params) => {
    if (params.captchaId === undefined && params.captchaCode === undefined) return createCaptcha(ctx.db, ctx.site.id, ctx.now);
    if (params.captchaId === undefined) throw new RpcError(ErrorCode.missingParams, { field: 'captchaId', rule: 'required' });
    if (params.captchaCode === undefined) throw new RpcError(ErrorCode.missingParams, { field: 'captchaCode', rule: 'required' });
    return {
      valid: await checkCaptcha(ctx.db, {
        siteId: ctx.site.id,
        ip: ctx.ip,
        captchaId: params.captchaId,
        code: params.captchaCode,
        now: ctx.now,
      }),
    };
  },

  'gw.credit.user.first.login.check': async (ctx, params) => {
    const name = params.loginId.trim();
    const login = (await findAccountByLogin(ctx.db, ctx.site.id, name)) ?? (await findSubAccountByLogin(ctx.db, ctx.site.id, name));
    return { firstLogin: login?.first_login ? '1' : '0' };
  },

  'gw.credit.agent.login': (ctx, params) => login(ctx, params),

  'gw.credit.safe.code.check': async (ctx, params) => {
    const session = sessionOf(ctx);
    const origin = {
      siteId: ctx.site.id,
      ip: ctx.ip,
      now: ctx.now,
      ipLimit: ctx.settings.loginIpLimit,
      method: 'gw.credit.safe.code.check',
    };
    return {
      valid: await checkOwnSecret(ctx.db, origin, {
        accountId: session.accountId,
        subAccountId: session.subAccountId,
        secret: 'safeCode',
        value: params.safeCode,
      }),
    };
  },

  // The old password was checked by the dispatcher before this transaction (stepUp), with the
  // account's attempt counters.
  'gw.credit.user.password.update': async (ctx, params) => {
    const sub = await ownSubAccount(ctx);
    if (sub) {
      await ctx.db.run(sql`UPDATE sub_accounts SET password_hash = ${await hashSecret(params.newPassword)} WHERE id = ${sub.id}`);
      await endSubAccountSessions(ctx.db, sql`${sub.id}`, ctx.now);
      ctx.audit.targetId = String(sub.id);
      ctx.audit.changes = [{ field: 'password', before: null, after: null }];
      return {};
    }
    const account = await accountOfLine(ctx);
    await ctx.db.run(sql`UPDATE accounts SET password_hash = ${await hashSecret(params.newPassword)} WHERE id = ${account.id}`);
    await endSessionsOf(ctx.db, sql`${account.id}`, ctx.now, ctx.site.idleTimeoutSeconds);
    ctx.audit.targetId = String(account.id);
    ctx.audit.summary = 'password changed';
    return {};
  },

  'gw.credit.user.password.force.update': async (ctx, params) => {
    const sub = await ownSubAccount(ctx);
    if (sub) {
      if (!sub.force_pwd_update && !sub.first_login) throw new RpcError(ErrorCode.illegalOperation);
      if (sub.first_login && params.safeCode === undefined)
        throw new RpcError(ErrorCode.missingParams, { field: 'safeCode', rule: 'required' });
      const safeCodeHash = params.safeCode === undefined ? sub.safe_code_hash : await hashSecret(params.safeCode);
      await ctx.db
        .run(sql`UPDATE sub_accounts SET password_hash = ${await hashSecret(params.newPassword)}, safe_code_hash = ${safeCodeHash},
        force_pwd_update = false, first_login = false WHERE id = ${sub.id}`);
      await endSubAccountSessions(ctx.db, sql`${sub.id}`, ctx.now);
      ctx.audit.targetId = String(sub.id);
      ctx.audit.summary = sub.first_login ? 'first password and safe code set' : 'forced password change done';
      return {};
    }
    const account = await accountOfLine(ctx);
    if (!account.force_pwd_update && !account.first_login) throw new RpcError(ErrorCode.illegalOperation);
    if (account.first_login && params.safeCode === undefined) {
      throw new RpcError(ErrorCode.missingParams, { field: 'safeCode', rule: 'required' });
    }
    const passwordHash = await hashSecret(params.newPassword);
    const safeCodeHash = params.safeCode === undefined ? account.safe_code_hash : await hashSecret(params.safeCode);
    await ctx.db.run(sql`UPDATE accounts SET password_hash = ${passwordHash}, safe_code_hash = ${safeCodeHash},
      force_pwd_update = false, first_login = false WHERE id = ${account.id}`);
    await endSessionsOf(ctx.db, sql`${account.id}`, ctx.now, ctx.site.idleTimeoutSeconds);
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
