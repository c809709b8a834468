import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import { hashSecret } from '../auth/password';
import type { CallContext } from '../rpc/dispatcher';
import { defineHandlers } from '../rpc/handler';
import { RpcError } from '../rpc/rpc-error';
import { findAccount } from './account.repository';
import { callerMayChangeDownline } from './line-access';

type NewAccount = ParamsOut<'gw.credit.user.add'> & { agentCommisionRate?: number };

/**
 * Adds a direct child of the caller. The child's point limit, share and wash-code ratio never
 * exceed the parent's (100, naming the field), a frozen parent or line changes no downline.
 */
async function addChild(ctx: CallContext, input: NewAccount, level: number) {
  const session = ctx.session!;
  // Locked so that two adds cannot both pass the checks against a parent being changed.
  const parent = await ctx.db.one<{ id: string | number; point_limit: string | number; agent_commision_rate: number; valid_amount_rate: number }>(
    sql`SELECT id, point_limit, agent_commision_rate, valid_amount_rate FROM accounts WHERE id = ${session.accountId} FOR UPDATE`,
  );
  if (!parent) throw new RpcError(ErrorCode.authFailed);
  await callerMayChangeDownline(ctx);
  const share = input.agentCommisionRate ?? 0;
  const aboveParent = (field: string) => new RpcError(ErrorCode.invalidParams, { field, rule: 'above-parent' });
  if (input.pointLimit > Number(parent.point_limit)) throw aboveParent('pointLimit');
  if (share > parent.agent_commision_rate) throw aboveParent('agentCommisionRate');
  if (input.validAmountRate > parent.valid_amount_rate) throw aboveParent('validAmountRate');

  const taken = await ctx.db.one(sql`SELECT 1 FROM accounts WHERE site_id = ${ctx.site.id} AND lower(login_id) = lower(${input.loginId})`);
  if (taken) throw new RpcError(ErrorCode.invalidParams, { field: 'loginId', rule: 'login-id-taken' });

  const [passwordHash, safeCodeHash] = await Promise.all([hashSecret(input.password), hashSecret(input.safeCode)]);
  const created = await ctx.db.one<{ id: string | number }>(sql`INSERT INTO accounts
      (site_id, parent_id, level, login_id, nickname, name, phone, tel, wechat, password_hash, safe_code_hash,
       point_limit, agent_commision_rate, valid_amount_rate, first_login, created_at)
    VALUES (${ctx.site.id}, ${parent.id}, ${level}, ${input.loginId}, ${input.nickname}, ${input.name ?? ''}, ${input.phone ?? ''},
       ${input.tel ?? ''}, ${input.wechat ?? ''}, ${passwordHash}, ${safeCodeHash},
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

export const accountAddHandlers = defineHandlers({
  'gw.credit.agent.add': async (ctx, params) => {
    const parent = await findAccount(ctx.db, ctx.site.id, ctx.session!.accountId);
    return addChild(ctx, params, (parent?.level ?? 0) + 1);
  },
  'gw.credit.user.add': (ctx, params) => addChild(ctx, params, 5),
});
