import { sql } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import type { FieldChange } from '../../contract/audit.contract';
import { AccountStatus } from '../../contract/account-levels.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { formatAccessCodes, subAccountMethods } from '../../contract/sub-account.contract';
import { hashSecret } from '../kernel/password';
import { uniqueViolation } from '../kernel/db/database';
import type { CallContext } from '../kernel/call-context';
import { defineRouter } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { endSubAccountSessions } from '../kernel/session.store';
import { subAccountListQuery, toSubAccount, type SubAccountRow } from './sub-account.repository';
import { wireId } from '../kernel/db/ids';

/** The caller's own sub-account, locked for the change, or 20048 (another's is "not found" too). */
async function ownSubAccount(ctx: CallContext, subAccountId: string): Promise<SubAccountRow> {
  const row = await ctx.db.one<SubAccountRow>(sql`SELECT * FROM sub_accounts
    WHERE id = ${subAccountId} AND site_id = ${ctx.site.id} AND main_account_id = ${ctx.session!.accountId} FOR UPDATE`);
  if (!row) throw new RpcError(ErrorCode.subAccountNotFound);
  return row;
}

async function listed(ctx: CallContext, subAccountId: string) {
  const row = await ctx.db.one<SubAccountRow & { online: boolean }>(
    subAccountListQuery(sql`u.id = ${subAccountId} AND u.site_id = ${ctx.site.id}`, {
      now: ctx.now,
      idleTimeoutSeconds: ctx.site.idleTimeoutSeconds,
    }),
  );
  if (!row) throw new RpcError(ErrorCode.subAccountNotFound);
  return toSubAccount(row);
}

function noted(ctx: CallContext, row: SubAccountRow, summary: string, changes: FieldChange[] = []) {
  ctx.audit.targetId = wireId(row.id);
  ctx.audit.summary = `${summary} ${row.login_id}`;
  ctx.audit.changes = changes;
  return { subAccountId: wireId(row.id) };
}

const codesOf = (row: SubAccountRow) => formatAccessCodes(row.access_codes.map(Number));

async function setStatus(ctx: CallContext, subAccountId: string, status: number) {
  const row = await ownSubAccount(ctx, subAccountId);
  if (row.status !== status) {
    await ctx.db.run(sql`UPDATE sub_accounts SET status = ${status} WHERE id = ${row.id}`);
    if (status === AccountStatus.disabled) await endSubAccountSessions(ctx.db, row.id, ctx.now);
  }
  return noted(ctx, row, status === AccountStatus.disabled ? 'disabled sub-account' : 'enabled sub-account', [
    { field: 'status', before: row.status, after: status },
  ]);
}

export const subAccountRouter = defineRouter(subAccountMethods, {
  'gw.credit.subaccount.add': async (ctx, params) => {
    const session = ctx.session!;
    // The main account's row is the lock that makes the limit hold when two adds race.
    const main = await ctx.db.one<{ id: bigint; limit: number }>(sql`SELECT a.id, s.sub_account_limit AS limit
      FROM accounts a JOIN sites s ON s.id = a.site_id WHERE a.id = ${session.accountId} FOR UPDATE OF a`);
    if (!main) throw new RpcError(ErrorCode.authFailed);
    const count = await ctx.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sub_accounts WHERE main_account_id = ${session.accountId}`,
    );
    if ((count?.n ?? 0) >= main.limit) throw new RpcError(ErrorCode.subAccountLimit);
    const taken = await ctx.db.one(sql`SELECT 1 FROM login_names WHERE site_id = ${ctx.site.id} AND login_key = lower(${params.loginId})`);
    if (taken) throw new RpcError(ErrorCode.invalidParams, { field: 'loginId', rule: 'login-id-taken' });
    const [passwordHash, safeCodeHash] = await Promise.all([hashSecret(params.password), hashSecret(params.subSafeCode)]);
    const created = await ctx.db
      .one<SubAccountRow>(
        sql`INSERT INTO sub_accounts (site_id, main_account_id, login_id, nickname, password_hash, safe_code_hash, access_codes, created_at)
        VALUES (${ctx.site.id}, ${session.accountId}, ${params.loginId}, ${params.nickname}, ${passwordHash}, ${safeCodeHash},
                ${`{${params.accessCode.join(',')}}`}::smallint[], ${ctx.now})
        RETURNING *`,
      )
      .catch((error: unknown) => {
        // A name a concurrent add took meanwhile (the login_names primary key): as a name taken before.
        if (uniqueViolation(error)) throw new RpcError(ErrorCode.invalidParams, { field: 'loginId', rule: 'login-id-taken' });
        throw error;
      });
    return noted(ctx, created!, 'added sub-account', [
      { field: 'loginId', before: null, after: created!.login_id },
      { field: 'accessCode', before: null, after: codesOf(created!) },
    ]);
  },

  'gw.credit.subaccount.query': async (ctx, params) => {
    const mine = sql`u.main_account_id = ${ctx.session!.accountId} AND u.site_id = ${ctx.site.id}`;
    const total = await ctx.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sub_accounts u WHERE ${mine}`);
    const rows = await ctx.db.rows<SubAccountRow & { online: boolean }>(
      sql`${subAccountListQuery(mine, { now: ctx.now, idleTimeoutSeconds: ctx.site.idleTimeoutSeconds })}
        ORDER BY u.id ${pageQuery(params)}`,
    );
    return { total: total?.n ?? 0, list: rows.map(toSubAccount) };
  },

  'gw.credit.subaccount.get': async (ctx, params) => {
    const session = ctx.session!;
    if (session.subAccountId !== null) {
      // A sub-account reads its own record (its codes), nothing else.
      if (params.subAccountId !== undefined && params.subAccountId !== session.subAccountId) throw new RpcError(ErrorCode.notAuthorized);
      return listed(ctx, session.subAccountId);
    }
    if (params.subAccountId === undefined) throw new RpcError(ErrorCode.missingParams, { field: 'subAccountId', rule: 'required' });
    const item = await listed(ctx, params.subAccountId);
    if (item.agentId !== session.accountId) throw new RpcError(ErrorCode.subAccountNotFound);
    return item;
  },

  'gw.credit.subaccount.update': async (ctx, params) => {
    const row = await ownSubAccount(ctx, params.subAccountId);
    const { nickname, password, subSafeCode } = params;
    if (nickname === undefined && password === undefined && subSafeCode === undefined) {
      throw new RpcError(ErrorCode.missingParams, { field: 'nickname', rule: 'required' });
    }
    const changes: FieldChange[] = [];
    if (nickname !== undefined && nickname !== row.nickname) changes.push({ field: 'nickname', before: row.nickname, after: nickname });
    // A reset password is the owner's: the sub-account must change it at its next sign-in.
    if (password !== undefined) changes.push({ field: 'password', before: null, after: null });
    if (subSafeCode !== undefined) changes.push({ field: 'safeCode', before: null, after: null });
    await ctx.db.run(sql`UPDATE sub_accounts SET
        nickname = ${nickname ?? row.nickname},
        password_hash = ${password === undefined ? row.password_hash : await hashSecret(password)},
        force_pwd_update = ${password === undefined ? row.force_pwd_update : true},
        safe_code_hash = ${subSafeCode === undefined ? row.safe_code_hash : await hashSecret(subSafeCode)}
      WHERE id = ${row.id}`);
    if (password !== undefined || subSafeCode !== undefined) await endSubAccountSessions(ctx.db, row.id, ctx.now);
    return noted(ctx, row, 'updated sub-account', changes);
  },

  'gw.credit.subaccount.access.code.update': async (ctx, params) => {
    const row = await ownSubAccount(ctx, params.subAccountId);
    const after = formatAccessCodes(params.accessCode);
    // Its sessions read the codes at every call: the new ones count from the next call on.
    await ctx.db.run(sql`UPDATE sub_accounts SET access_codes = ${`{${params.accessCode.join(',')}}`}::smallint[] WHERE id = ${row.id}`);
    return noted(ctx, row, 'changed access codes of', [{ field: 'accessCode', before: codesOf(row), after }]);
  },

  'gw.credit.subaccount.disable': (ctx, params) => setStatus(ctx, params.subAccountId, AccountStatus.disabled),
  'gw.credit.subaccount.enable': (ctx, params) => setStatus(ctx, params.subAccountId, AccountStatus.normal),

  'gw.credit.subaccount.delete': async (ctx, params) => {
    const row = await ownSubAccount(ctx, params.subAccountId);
    await endSubAccountSessions(ctx.db, row.id, ctx.now);
    // Sessions, the score log and the operation record keep its id and login as plain values.
    await ctx.db.run(sql`DELETE FROM sub_accounts WHERE id = ${row.id}`);
    return noted(ctx, row, 'deleted sub-account', [{ field: 'loginId', before: row.login_id, after: null }]);
  },

  'gw.credit.subaccount.logout': async (ctx, params) => {
    const row = await ownSubAccount(ctx, params.subAccountId);
    await endSubAccountSessions(ctx.db, row.id, ctx.now);
    return noted(ctx, row, 'kicked out sub-account');
  },
});
