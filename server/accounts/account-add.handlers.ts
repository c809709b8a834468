import { agentLevel, memberLevel } from '../../contract/account-levels.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import { hashSecret } from '../kernel/password';
import type { CallContext } from '../kernel/call-context';
import { defineHandlers } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { addChild } from './account-add.service';
import { findAccount } from '../tree/account.repository';

async function addFromCall(ctx: CallContext, params: ParamsOut<'gw.credit.user.add'> & { agentCommisionRate?: number }, level: number) {
  const { password, safeCode, ...rest } = params;
  const [passwordHash, safeCodeHash] = await Promise.all([hashSecret(password), hashSecret(safeCode)]);
  return addChild(ctx, { ...rest, passwordHash, safeCodeHash }, level);
}

export const accountAddHandlers = defineHandlers({
  'gw.credit.agent.add': async (ctx, params) => {
    const parent = await findAccount(ctx.db, ctx.site.id, ctx.session!.accountId);
    // Agents end at level 4: below it only members (user.add).
    if ((parent?.level ?? 0) >= agentLevel) throw new RpcError(ErrorCode.agentLevelMaximum);
    return addFromCall(ctx, params, (parent?.level ?? 0) + 1);
  },
  'gw.credit.user.add': (ctx, params) => addFromCall(ctx, params, memberLevel),
});
