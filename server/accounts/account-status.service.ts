import { sql } from '../kernel/db/sql';
import type { FieldChange } from '../../contract/audit.contract';
import type { SessionEndReason } from '../../contract/auth.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { applyAccountAction, type AccountAction, type AccountFacts } from '../../machines/account-status.machine';
import { clearNameCounters } from '../credentials/attempt-counters';
import { loginKeyOf } from '../credentials/secret-check';
import type { ActingContext } from '../kernel/call-context';
import { RpcError } from '../kernel/rpc-error';
import { endSessionsOf, lineAccountIds } from '../kernel/session.store';
import { AccountStatus } from '../tree/account.repository';
import { callerMayChangeDownline, directChild, type Child } from '../tree/line-access';
import { wireId } from '../kernel/db/ids';

// Status actions on a direct child, for the status methods and for the bulk job's items alike.

function endSessions(ctx: ActingContext, child: Child, wholeLine: boolean, reason: SessionEndReason) {
  return endSessionsOf(ctx.db, wholeLine ? lineAccountIds(ctx.site.id, child.path) : sql`${child.id}`, ctx.now, 0, reason);
}

/** The actions that end sessions, and the reason the login screen then gives. */
const endingActions: Partial<Record<AccountAction, { reason: SessionEndReason; wholeLine: boolean }>> = {
  DISABLE: { reason: 'disabled', wholeLine: false },
  FREEZE: { reason: 'frozen', wholeLine: false },
  KICK_OUT: { reason: 'kicked', wholeLine: false },
  LINE_DISABLE: { reason: 'line-locked', wholeLine: true },
  LINE_FREEZE: { reason: 'line-frozen', wholeLine: true },
};

/** The account-status machine's view of a child. */
export const factsOf = (child: Child): AccountFacts => ({
  status: child.status,
  teamStatus: child.team_status,
  level: child.level,
  winBlocked: child.win_blocked,
  betPaused: child.bet_paused,
});

/** The facts an action changed, as the operation record keeps them (statuses as numbers, flags as booleans). */
function changesOf(was: AccountFacts, next: Pick<AccountFacts, 'status' | 'teamStatus' | 'winBlocked' | 'betPaused'>): FieldChange[] {
  return (['status', 'teamStatus', 'winBlocked', 'betPaused'] as const)
    .filter((field) => was[field] !== next[field])
    .map((field) => ({ field, before: was[field], after: next[field] }));
}

/**
 * Applies one action of the account-status machine to a direct child, or refuses it (20011).
 * The machine decides everything about the child (its statuses, level, max-win block and
 * betting), the same guards the web app asks before it offers the action.
 */
export async function act(ctx: ActingContext, userId: string, action: AccountAction) {
  await callerMayChangeDownline(ctx);
  const child = await directChild(ctx, userId, true);
  const next = applyAccountAction(factsOf(child), action);
  if (!next) throw new RpcError(ErrorCode.illegalOperation, { field: 'userId', rule: `not-allowed:${action}` });
  // Removing the limit starts the count of net winnings afresh (platform-rules.ts).
  const counted = action === 'REMOVE_LIMIT' ? sql`, win_counted_from = ${ctx.now}` : sql``;
  await ctx.db.run(sql`UPDATE accounts SET status = ${next.status}, team_status = ${next.teamStatus}, win_blocked = ${next.winBlocked},
      bet_paused = ${next.betPaused}${counted} WHERE id = ${child.id}`);
  const ending = endingActions[action];
  if (ending) await endSessions(ctx, child, ending.wholeLine, ending.reason);
  if (action === 'UNLOCK') await clearNameCounters(ctx.db, ctx.site.id, loginKeyOf(child.login_id), ctx.now);
  ctx.audit.targetId = wireId(child.id);
  ctx.audit.summary = `${action} ${child.login_id}`;
  ctx.audit.changes = changesOf(factsOf(child), next);
  return { userId: wireId(child.id), ...next };
}

/** A status action's answer: the child's statuses after it. */
export async function changeStatus(ctx: ActingContext, userId: string, action: AccountAction) {
  const { userId: id, status, teamStatus } = await act(ctx, userId, action);
  return { userId: id, status, teamStatus };
}

/** user.enable: a disabled child becomes normal, a frozen one unfrozen. */
export async function enableChild(ctx: ActingContext, userId: string) {
  const child = await directChild(ctx, userId, false);
  return changeStatus(ctx, userId, child.status === AccountStatus.frozen ? 'UNFREEZE' : 'ENABLE');
}

/** user.disable: "lock" disables the child, "freeze" makes it read only; its sessions end. */
export function disableChild(ctx: ActingContext, userId: string, mode: 'lock' | 'freeze') {
  return changeStatus(ctx, userId, mode === 'freeze' ? 'FREEZE' : 'DISABLE');
}
