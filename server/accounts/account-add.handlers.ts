import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import { hashSecret } from '../auth/password';
import type { ActingContext, CallContext } from '../rpc/dispatcher';
import { defineHandlers } from '../rpc/handler';
import { RpcError } from '../rpc/rpc-error';
import { findAccount } from './account.repository';
import { callerMayChangeDownline } from './line-access';

/** A new direct child as stored: its secrets come hashed (a batch job hashes them once for all its members). */
export interface NewChild {
  loginId: string;
  nickname: string;
  name?: string | undefined;
  phone?: string | undefined;
  tel?: string | undefined;
  wechat?: string | undefined;
  passwordHash: string;
  safeCodeHash: string;
  /** Cents. */
  pointLimit: number;
  /** Hundredths of a percent, like the share. */
  validAmountRate: number;
  agentCommisionRate?: number | undefined;
}

type ChildLimits = Pick<NewChild, 'pointLimit' | 'validAmountRate' | 'agentCommisionRate'>;

/**
 * Locks the caller's row and checks what a new child may get: never more point limit, share or
 * wash-code ratio than the parent (100, naming the field); a frozen parent or line changes no downline.
 */
export async function checkChildLimits(ctx: ActingContext, limits: ChildLimits) {
  const session = ctx.session!;
  // Locked so that two adds cannot both pass the checks against a parent being changed.
  const parent = await ctx.db.one<{ id: string | number; point_limit: string | number; agent_commision_rate: number; valid_amount_rate: number }>(
    sql`SELECT id, point_limit, agent_commision_rate, valid_amount_rate FROM accounts WHERE id = ${session.accountId} FOR UPDATE`,
  );
  if (!parent) throw new RpcError(ErrorCode.authFailed);
  await callerMayChangeDownline(ctx);
  const aboveParent = (field: string) => new RpcError(ErrorCode.invalidParams, { field, rule: 'above-parent' });
  if (limits.pointLimit > Number(parent.point_limit)) throw aboveParent('pointLimit');
  if ((limits.agentCommisionRate ?? 0) > parent.agent_commision_rate) throw aboveParent('agentCommisionRate');
  if (limits.validAmountRate > parent.valid_amount_rate) throw aboveParent('validAmountRate');
  return parent;
}

/** Adds a direct child of the caller (one call of agent.add / user.add, or one item of a batch). */
export async function addChild(ctx: ActingContext, input: NewChild, level: number) {
  const parent = await checkChildLimits(ctx, input);
  const share = input.agentCommisionRate ?? 0;
  const taken = await ctx.db.one(sql`SELECT 1 FROM accounts WHERE site_id = ${ctx.site.id} AND lower(login_id) = lower(${input.loginId})`);
  if (taken) throw new RpcError(ErrorCode.invalidParams, { field: 'loginId', rule: 'login-id-taken' });

  const created = await ctx.db.one<{ id: string | number }>(sql`INSERT INTO accounts
      (site_id, parent_id, level, login_id, nickname, name, phone, tel, wechat, password_hash, safe_code_hash,
       point_limit, agent_commision_rate, valid_amount_rate, first_login, created_at)
    VALUES (${ctx.site.id}, ${parent.id}, ${level}, ${input.loginId}, ${input.nickname}, ${input.name ?? ''}, ${input.phone ?? ''},
       ${input.tel ?? ''}, ${input.wechat ?? ''}, ${input.passwordHash}, ${input.safeCodeHash},
       ${input.pointLimit}, ${share}, ${input.validAmountRate}, true, ${ctx.now})
    RETURNING id`);
  const userId = String(created!.id);
  // Game settings start from the parent's, with the child's own share and wash-code ratio.
  await ctx.db.run(sql`INSERT INTO game_settings (account_id, game_type, betting_ratio, agent_rate, agent_to_company_limit, spread, red_limit)
    SELECT ${userId}, g.game_type, ${input.validAmountRate}, ${share}, g.agent_to_company_limit, g.spread, g.red_limit
      FROM game_settings g WHERE g.account_id = ${parent.id}`);
  ctx.audit.targetId = userId;
  ctx.audit.summary = `added ${level === 5 ? 'member' : 'agent'} ${input.loginId}`;
  return { userId };
}

async function addFromCall(ctx: CallContext, params: ParamsOut<'gw.credit.user.add'> & { agentCommisionRate?: number }, level: number) {
  const { password, safeCode, ...rest } = params;
  const [passwordHash, safeCodeHash] = await Promise.all([hashSecret(password), hashSecret(safeCode)]);
  return addChild(ctx, { ...rest, passwordHash, safeCodeHash }, level);
}

export const accountAddHandlers = defineHandlers({
  'gw.credit.agent.add': async (ctx, params) => {
    const parent = await findAccount(ctx.db, ctx.site.id, ctx.session!.accountId);
    return addFromCall(ctx, params, (parent?.level ?? 0) + 1);
  },
  'gw.credit.user.add': (ctx, params) => addFromCall(ctx, params, 5),
});
