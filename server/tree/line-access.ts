import { isMemberLevel } from '../../contract/account-fields.contract';
import { sql } from '../kernel/db/sql';
import { ErrorCode } from '../../contract/errors.contract';
import type { ActingContext, CallContext } from '../kernel/call-context';
import { RpcError } from '../kernel/rpc-error';
import { AccountStatus, findAccount, findInLine, lineStatus, type LineAccount } from './account.repository';
import { wireId } from '../kernel/db/ids';

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

/** Whether the caller, or its line, is frozen: it may read, but change nothing below it. */
export async function callerFrozen(ctx: ActingContext): Promise<boolean> {
  return ctx.session!.status === AccountStatus.frozen || (await lineStatus(ctx.db, ctx.session!.accountId)) === AccountStatus.frozen;
}

/** A frozen caller, or one in a frozen line, changes nothing below it (20012 / 2243). */
export async function callerMayChangeDownline(ctx: ActingContext): Promise<void> {
  if (ctx.session!.status === AccountStatus.frozen) throw new RpcError(ErrorCode.cannotOperate);
  if ((await lineStatus(ctx.db, ctx.session!.accountId)) === AccountStatus.frozen) throw new RpcError(ErrorCode.agentLineFrozen);
}

export interface Child {
  id: bigint;
  parent_id: bigint | null;
  path: string;
  level: number;
  login_id: string;
  status: number;
  team_status: number;
  bet_paused: boolean;
  bet_stopped: boolean;
  exception_marked: boolean;
  win_blocked: boolean;
}

/**
 * A direct child of the caller: 20002 outside the caller's line (never saying more), 20040
 * for an account of the line that is not a direct child (docs/product.md#direct-parent-and-child). Writes lock its row.
 */
export async function directChild(ctx: ActingContext, userId: string, lock: boolean): Promise<Child> {
  await accountInLine(ctx, userId);
  const child = await ctx.db.one<Child>(
    sql`SELECT id, parent_id, path, level, login_id, status, team_status, bet_paused, bet_stopped, exception_marked, win_blocked
          FROM accounts WHERE id = ${userId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!child || wireId(child.parent_id) !== ctx.session!.accountId) throw new RpcError(ErrorCode.notDirectRelation);
  return child;
}

/** A direct child of the kind the method is for (agent.* / user.*), locked, for a caller that may change its downline; else 20011. */
export async function childOfKind(ctx: CallContext, userId: string, kind: 'agent' | 'member'): Promise<Child> {
  await callerMayChangeDownline(ctx);
  const child = await directChild(ctx, userId, true);
  if (kind === 'agent' && isMemberLevel(child.level))
    throw new RpcError(ErrorCode.illegalOperation, { field: 'userId', rule: 'not-an-agent' });
  if (kind === 'member' && !isMemberLevel(child.level))
    throw new RpcError(ErrorCode.illegalOperation, { field: 'userId', rule: 'not-a-member' });
  return child;
}
