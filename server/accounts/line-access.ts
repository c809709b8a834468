import { ErrorCode } from '../../contract/errors.contract';
import type { ActingContext, CallContext } from '../rpc/dispatcher';
import { RpcError } from '../rpc/rpc-error';
import { AccountStatus, findAccount, findInLine, lineStatus, type LineAccount } from './account.repository';

/** An account of the caller's line (the caller or below it), or 20002, never saying which. */
export async function accountInLine(ctx: ActingContext, accountId: string): Promise<LineAccount> {
  const row = await findInLine(ctx.db, { siteId: ctx.site.id, callerId: ctx.session!.accountId, accountId });
  if (!row) throw new RpcError(ErrorCode.accountNotFound);
  return row;
}

/** The caller's own account, or (with a userId) the whole row of any account of the caller's line; else 20002. */
export async function accountOfLine(ctx: CallContext, userId?: string) {
  const session = ctx.session;
  if (!session) throw new RpcError(ErrorCode.authFailed);
  if (userId !== undefined && userId !== session.accountId) await accountInLine(ctx, userId);
  const account = await findAccount(ctx.db, ctx.site.id, userId ?? session.accountId);
  if (!account) throw new RpcError(userId === undefined ? ErrorCode.authFailed : ErrorCode.accountNotFound);
  return account;
}

/** A frozen caller, or one in a frozen line, changes nothing below it (20012 / 2243). */
export async function callerMayChangeDownline(ctx: ActingContext): Promise<void> {
  if (ctx.session!.status === AccountStatus.frozen) throw new RpcError(ErrorCode.cannotOperate);
  if ((await lineStatus(ctx.db, ctx.session!.accountId)) === AccountStatus.frozen) throw new RpcError(ErrorCode.agentLineFrozen);
}
