import { memberLevel } from '../../contract/account-fields.contract';
import { sql } from '../kernel/db/sql';
import type { FieldChange } from '../../contract/audit.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { CallContext } from '../kernel/call-context';
import { defineHandlers } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { endSessionsOf, lineAccountIds } from '../kernel/session.store';
import { callerMayChangeDownline, childOfKind, directChild, type Child } from '../tree/line-access';
import { wireId } from '../kernel/db/ids';

const refuse = (rule: string) => new RpcError(ErrorCode.illegalOperation, { field: 'userId', rule });

function audit(ctx: CallContext, child: Child, action: string, detail = '', change?: FieldChange) {
  ctx.audit.targetId = wireId(child.id);
  ctx.audit.summary = `${action} ${child.login_id}${detail}`;
  if (change) ctx.audit.changes = [change];
}

async function setExceptionMarked(ctx: CallContext, userId: string, kind: 'agent' | 'member', marked: boolean) {
  const child = await childOfKind(ctx, userId, kind);
  if (child.exception_marked === marked) throw refuse(marked ? 'already-marked' : 'not-marked');
  await ctx.db.run(sql`UPDATE accounts SET exception_marked = ${marked} WHERE id = ${child.id}`);
  audit(ctx, child, marked ? 'MARK_EXCEPTION' : 'REMOVE_EXCEPTION', '', { field: 'exceptionMarked', before: !marked, after: marked });
  return { userId: wireId(child.id), exceptionMarked: marked };
}

export const accountFlagHandlers = defineHandlers({
  'gw.credit.agent.exception.mark': (ctx, params) => setExceptionMarked(ctx, params.userId, 'agent', true),
  'gw.credit.agent.exception.remove': (ctx, params) => setExceptionMarked(ctx, params.userId, 'agent', false),
  'gw.credit.user.exception.mark': (ctx, params) => setExceptionMarked(ctx, params.userId, 'member', true),
  'gw.credit.user.exception.remove': (ctx, params) => setExceptionMarked(ctx, params.userId, 'member', false),

  'gw.credit.team.bolck': async (ctx, params) => {
    const child = await childOfKind(ctx, params.userId, 'agent');
    if (child.bet_stopped) throw refuse('already-stopped');
    await ctx.db.run(sql`UPDATE accounts SET bet_stopped = true WHERE id = ${child.id}`);
    audit(ctx, child, 'STOP_BET', '', { field: 'betStopped', before: false, after: true });
    return { userId: wireId(child.id), betStopped: true };
  },

  'gw.credit.team.unbolck': async (ctx, params) => {
    const child = await childOfKind(ctx, params.userId, 'agent');
    const cleared = await ctx.db.run(sql`UPDATE accounts SET bet_stopped = false
      WHERE site_id = ${ctx.site.id} AND path LIKE ${`${child.path}%`} AND level <> ${memberLevel} AND bet_stopped`);
    if (cleared === 0) throw refuse('not-stopped');
    audit(ctx, child, 'RESUME_BET_LINE', ` (${cleared} agents)`, { field: 'betStopped', before: child.bet_stopped, after: false });
    return { userId: wireId(child.id), betStopped: false };
  },

  'gw.credit.agent.stopBet.disable': async (ctx, params) => {
    const child = await childOfKind(ctx, params.userId, 'agent');
    if (!child.bet_stopped) throw refuse('not-stopped');
    await ctx.db.run(sql`UPDATE accounts SET bet_stopped = false WHERE id = ${child.id}`);
    audit(ctx, child, 'LIFT_STOP_BET', '', { field: 'betStopped', before: true, after: false });
    return { userId: wireId(child.id), betStopped: false };
  },

  'gw.credit.user.session.all.kill': async (ctx, params) => {
    await callerMayChangeDownline(ctx);
    const child = await directChild(ctx, params.userId, false);
    // Only live sessions: idle ones are already over, and counting them would overstate what ended.
    const ended = await endSessionsOf(ctx.db, lineAccountIds(ctx.site.id, child.path), ctx.now, ctx.site.idleTimeoutSeconds, 'kicked');
    audit(ctx, child, 'KILL_SESSIONS', ` (${ended} ended)`);
    return { userId: wireId(child.id), ended };
  },
});
