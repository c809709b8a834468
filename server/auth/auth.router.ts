import { exclusionInForce, toExclusion } from '../tree/member-exclusion.repository';
import { authMethods } from '../../contract/auth.contract';
import { sql } from '../kernel/db/sql';
import { ErrorCode } from '../../contract/errors.contract';
import { findAccount, lineStatus, toFullProfile, toProfile } from '../tree/account.repository';
import { sessionFactsOf } from '../accounts/account-facts';
import { accountOfLine } from '../tree/line-access';
import { raiseLiveEvent } from '../events/live-events.service';
import type { CallContext } from '../kernel/call-context';
import { defineRouter } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { endSessionsOf, endSubAccountSessions, revokeSession, type Session } from '../kernel/session.store';
import { findSubAccountById } from '../sub-accounts/sub-account.repository';
import { checkCaptcha, createCaptcha } from './captcha.service';
import { login } from './login.service';
import { hashSecret, verifySecret } from '../kernel/password';
import { checkOwnSecret } from '../credentials/secret-check';
import { wireId } from '../kernel/db/ids';

function sessionOf(ctx: CallContext): Session {
  if (!ctx.session) throw new RpcError(ErrorCode.authFailed);
  return ctx.session;
}

/**
 * The login whose own password and safe code a call changes, and how to end its sessions: a
 * sub-account acts on itself (docs/product.md#sub-accounts), a main account on its account.
 */
async function ownLogin(ctx: CallContext) {
  const session = sessionOf(ctx);
  if (session.subAccountId !== null) {
    const sub = await findSubAccountById(ctx.db, session.subAccountId);
    if (!sub) throw new RpcError(ErrorCode.authFailed);
    return { row: sub, table: sql`sub_accounts`, endSessions: () => endSubAccountSessions(ctx.db, sub.id, ctx.now) };
  }
  const account = await accountOfLine(ctx);
  return {
    row: account,
    table: sql`accounts`,
    endSessions: () => endSessionsOf(ctx.db, sql`${account.id}`, ctx.now, ctx.site.idleTimeoutSeconds),
  };
}

export const authRouter = defineRouter(authMethods, {
  'gw.credit.captcha.check': async (ctx, params) => {
    if (params.captchaId === undefined && params.captchaCode === undefined) {
      return createCaptcha(ctx.db, { siteId: ctx.site.id, ip: ctx.ip, now: ctx.now, issueLimit: ctx.settings.captchaIssueLimit });
    }
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
    const session = sessionOf(ctx);
    const own =
      session.subAccountId !== null
        ? await findSubAccountById(ctx.db, session.subAccountId)
        : await findAccount(ctx.db, ctx.site.id, session.accountId);
    if (!own || own.login_id.toLowerCase() !== params.loginId.trim().toLowerCase()) throw new RpcError(ErrorCode.accountNotFound);
    return { firstLogin: own.first_login ? '1' : '0' };
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
    const { row, table, endSessions } = await ownLogin(ctx);
    await ctx.db.run(sql`UPDATE ${table} SET password_hash = ${await hashSecret(params.newPassword)} WHERE id = ${row.id}`);
    await endSessions();
    ctx.audit.targetId = wireId(row.id);
    ctx.audit.summary = 'password changed';
    ctx.audit.changes = [{ field: 'password', before: null, after: null }];
    return {};
  },

  // Both current secrets were checked by the dispatcher before this transaction (stepUp).
  'gw.credit.user.safe.code.update': async (ctx, params) => {
    const { row, table, endSessions } = await ownLogin(ctx);
    if (await verifySecret(row.safe_code_hash, params.newSafeCode)) {
      throw new RpcError(ErrorCode.illegalOperation, { field: 'newSafeCode', rule: 'safe-code-unchanged' });
    }
    await ctx.db.run(sql`UPDATE ${table} SET safe_code_hash = ${await hashSecret(params.newSafeCode)} WHERE id = ${row.id}`);
    await endSessions();
    ctx.audit.targetId = wireId(row.id);
    ctx.audit.summary = 'safe code changed';
    ctx.audit.changes = [{ field: 'safeCode', before: null, after: null }];
    return {};
  },

  'gw.credit.user.password.force.update': async (ctx, params) => {
    const { row, table, endSessions } = await ownLogin(ctx);
    if (!row.force_pwd_update && !row.first_login) throw new RpcError(ErrorCode.illegalOperation);
    if (row.first_login && params.safeCode === undefined) {
      throw new RpcError(ErrorCode.missingParams, { field: 'safeCode', rule: 'required' });
    }
    // The pair someone else set (a one-time password, the safe code 0000) is not kept: the new one must differ from it.
    if (await verifySecret(row.password_hash, params.newPassword)) {
      throw new RpcError(ErrorCode.illegalOperation, { field: 'newPassword', rule: 'same-as-before' });
    }
    if (params.safeCode !== undefined && (await verifySecret(row.safe_code_hash, params.safeCode))) {
      throw new RpcError(ErrorCode.illegalOperation, { field: 'safeCode', rule: 'same-as-before' });
    }
    const passwordHash = await hashSecret(params.newPassword);
    const safeCodeHash = params.safeCode === undefined ? row.safe_code_hash : await hashSecret(params.safeCode);
    await ctx.db.run(sql`UPDATE ${table} SET password_hash = ${passwordHash}, safe_code_hash = ${safeCodeHash},
      force_pwd_update = false, first_login = false WHERE id = ${row.id}`);
    await endSessions();
    ctx.audit.targetId = wireId(row.id);
    ctx.audit.summary = row.first_login ? 'first password and safe code set' : 'forced password change done';
    return {};
  },

  'gw.credit.agent.logout': async (ctx) => {
    const session = sessionOf(ctx);
    await revokeSession(ctx.db, session.tokenHash, ctx.now);
    // Heard at the commit: the session's live streams end then, in every process.
    await raiseLiveEvent(ctx.db, ctx.site.id, { kind: 'session-ended', tokenHash: session.tokenHash.toString('hex') });
    ctx.audit.summary = 'logged out';
    return {};
  },

  'gw.credit.agent.level': async (ctx) => ({ level: sessionOf(ctx).level }),

  'gw.credit.user.profile': async (ctx, params) => {
    const row = await accountOfLine(ctx, params.userId);
    return {
      ...(await toFullProfile(ctx.db, row)),
      ...(await sessionFactsOf(ctx, row.id)),
      lineStatus: await lineStatus(ctx.db, wireId(row.id)),
      exclusion: await exclusionInForce(ctx.db, ctx.site.id, wireId(row.id), ctx.now).then((found) => (found ? toExclusion(found) : null)),
    };
  },

  'gw.credit.user.balance.get': async (ctx, params) => ({ balance: toProfile(await accountOfLine(ctx, params.userId)).balance }),
});
