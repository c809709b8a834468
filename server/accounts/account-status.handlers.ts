import { sql } from '../kernel/db/sql';
import { ErrorCode } from '../../contract/errors.contract';
import { accountActions, companyLevel } from '../../contract/account-fields.contract';
import { allowedAccountActions } from '../../machines/account-status.machine';
import type { ActingContext, CallContext } from '../kernel/call-context';
import { defineHandlers } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { clearNameCounters } from '../credentials/attempt-counters';
import { loginKeyOf } from '../credentials/secret-check';
import { callerFrozen, callerMayChangeDownline, directChild } from '../tree/line-access';
import { sessionFactsOf } from './account-facts';
import { act, changeStatus, disableChild, enableChild, factsOf } from './account-status.service';
import { wireId } from '../kernel/db/ids';

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
  ctx.audit.targetId = wireId(peer.id);
  ctx.audit.summary = `UNLOCK ${peer.login_id}`;
  return { userId: wireId(peer.id), status: peer.status, teamStatus: peer.team_status };
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
    return { userId: wireId(child.id), actions };
  },
});
