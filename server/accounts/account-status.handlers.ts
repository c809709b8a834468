import { sql } from 'drizzle-orm';
import type { FieldChange } from '../../contract/audit.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { accountActions, companyLevel } from '../../contract/account-fields.contract';
import { allowedAccountActions, applyAccountAction, type AccountAction, type AccountFacts } from '../../machines/account-status.machine';
import type { ActingContext, CallContext } from '../rpc/dispatcher';
import { defineHandlers } from '../rpc/handler';
import { RpcError } from '../rpc/rpc-error';
import { AccountStatus } from './account.repository';
import { clearNameCounters } from '../auth/attempt-counters';
import { loginKeyOf } from '../auth/secret-check';
import { endSessionsOf, lineAccountIds } from '../sessions/session.store';
import { callerFrozen, callerMayChangeDownline, directChild, type Child } from './line-access';
import { sessionFactsOf } from './account-facts';

function endSessions(ctx: ActingContext, child: Child, wholeLine: boolean) {
  return endSessionsOf(ctx.db, wholeLine ? lineAccountIds(ctx.site.id, child.path) : sql`${child.id}`, ctx.now);
}

const factsOf = (child: Child): AccountFacts => ({
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
async function act(ctx: ActingContext, userId: string, action: AccountAction) {
  await callerMayChangeDownline(ctx);
  const child = await directChild(ctx, userId, true);
  const next = applyAccountAction(factsOf(child), action);
  if (!next) throw new RpcError(ErrorCode.illegalOperation, { field: 'userId', rule: `not-allowed:${action}` });
  // Removing the limit starts the count of net winnings afresh (platform-rules.ts).
  const counted = action === 'REMOVE_LIMIT' ? sql`, win_counted_from = ${ctx.now}` : sql``;
  await ctx.db.run(sql`UPDATE accounts SET status = ${next.status}, team_status = ${next.teamStatus}, win_blocked = ${next.winBlocked},
      bet_paused = ${next.betPaused}${counted} WHERE id = ${child.id}`);
  if (action === 'DISABLE' || action === 'FREEZE' || action === 'KICK_OUT') await endSessions(ctx, child, false);
  if (action === 'LINE_DISABLE' || action === 'LINE_FREEZE') await endSessions(ctx, child, true);
  if (action === 'UNLOCK') await clearNameCounters(ctx.db, ctx.site.id, loginKeyOf(child.login_id), ctx.now);
  ctx.audit.targetId = String(child.id);
  ctx.audit.summary = `${action} ${child.login_id}`;
  ctx.audit.changes = changesOf(factsOf(child), next);
  return { userId: String(child.id), ...next };
}

/** A status action's answer: the child's statuses after it. */
async function changeStatus(ctx: ActingContext, userId: string, action: AccountAction) {
  const { userId: id, status, teamStatus } = await act(ctx, userId, action);
  return { userId: id, status, teamStatus };
}

/**
 * A company account has no parent to lift its sign-in lock: another main account of the
 * company (level 0) on the same site may. Answers null when the target is no such account.
 */
async function unlockCompanyPeer(ctx: ActingContext & { session: { level: number; subAccountId: string | null } }, userId: string) {
  if (ctx.session.level !== companyLevel || ctx.session.subAccountId !== null) return null;
  const peer = await ctx.db.one<{ id: bigint; login_id: string; status: number; team_status: number }>(sql`
    SELECT id, login_id, status, team_status FROM accounts
     WHERE site_id = ${ctx.site.id} AND id = ${userId} AND level = ${companyLevel} AND kind = 'tree' AND id <> ${ctx.session.accountId}`);
  if (!peer) return null;
  await clearNameCounters(ctx.db, ctx.site.id, loginKeyOf(peer.login_id), ctx.now);
  ctx.audit.targetId = String(peer.id);
  ctx.audit.summary = `UNLOCK ${peer.login_id}`;
  return { userId: String(peer.id), status: peer.status, teamStatus: peer.team_status };
}

/**
 * Kick out and unlock of a direct child that has no live session, or whose name is not locked,
 * would change nothing and answer "done": refused with their own codes instead.
 */
async function somethingToDo(ctx: CallContext, userId: string, fact: 'online' | 'loginLocked') {
  await callerMayChangeDownline(ctx);
  const child = await directChild(ctx, userId, false);
  const facts = await sessionFactsOf(ctx, child.id);
  if (fact === 'online' && !facts.online) throw new RpcError(ErrorCode.notOnline, { field: 'userId', rule: 'not-online' });
  if (fact === 'loginLocked' && !facts.loginLocked) throw new RpcError(ErrorCode.notLoginLocked, { field: 'userId', rule: 'not-locked' });
}

/** Pauses or resumes a member's betting; only a member, only from the state it is not in (20011). */
async function setBetPaused(ctx: ActingContext, userId: string, paused: boolean) {
  const { userId: id, betPaused } = await act(ctx, userId, paused ? 'PAUSE_BET' : 'RESUME_BET');
  return { userId: id, betPaused };
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

export const accountStatusHandlers = defineHandlers({
  'gw.credit.user.bet.pause': (ctx, params) => setBetPaused(ctx, params.userId, true),
  'gw.credit.user.bet.pursue': (ctx, params) => setBetPaused(ctx, params.userId, false),
  'gw.credit.user.enable': (ctx, params) => enableChild(ctx, params.userId),
  'gw.credit.user.disable': (ctx, params) => disableChild(ctx, params.userId, params.mode),
  'gw.credit.agent.line.disable': (ctx, params) => changeStatus(ctx, params.userId, 'LINE_DISABLE'),
  'gw.credit.agent.line.enable': (ctx, params) => changeStatus(ctx, params.userId, 'LINE_ENABLE'),
  'gw.credit.agent.line.stop.right': (ctx, params) => changeStatus(ctx, params.userId, 'LINE_FREEZE'),
  'gw.credit.agent.line.enable.right': (ctx, params) => changeStatus(ctx, params.userId, 'LINE_UNFREEZE'),
  'gw.credit.user.logout': async (ctx, params) => {
    await somethingToDo(ctx, params.userId, 'online');
    return changeStatus(ctx, params.userId, 'KICK_OUT');
  },
  'gw.credit.user.unlock': async (ctx, params) => {
    const peer = ctx.session && (await unlockCompanyPeer({ ...ctx, session: ctx.session }, params.userId));
    if (peer) return peer;
    await somethingToDo(ctx, params.userId, 'loginLocked');
    return changeStatus(ctx, params.userId, 'UNLOCK');
  },
  'gw.credit.user.limit.remove': (ctx, params) => changeStatus(ctx, params.userId, 'REMOVE_LIMIT'),
  'gw.credit.operate.button.show': async (ctx, params) => {
    const child = await directChild(ctx, params.userId, false);
    const frozen = await callerFrozen(ctx);
    const offered = accountActions as readonly string[];
    const actions = frozen
      ? []
      : allowedAccountActions(factsOf(child)).filter((action): action is (typeof accountActions)[number] => offered.includes(action));
    return { userId: String(child.id), actions };
  },
});
