import { isMemberLevel } from '../../contract/account-fields.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { exclusionEnd } from '../../contract/exclusion.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import type { CallContext } from '../kernel/call-context';
import { sql } from '../kernel/db/sql';
import { iso } from '../kernel/db/timestamps';
import { RpcError } from '../kernel/rpc-error';
import type { PlatformFor } from '../platform/game-platform';
import { callerMayChangeDownline, accountInLine } from '../tree/line-access';
import { exclusionInForce, exclusionsInForce, toExclusion, type ExclusionRow } from '../tree/member-exclusion.repository';
import { recallWallet } from './wallet-recall.service';

/**
 * Time-outs and self-exclusions (docs/product.md#time-outs-and-self-exclusion). The company or an
 * agent of the member's line sets one; a later end is anyone's (allowed) to give, an earlier end
 * or a lift only the setter's or an account's above it, a permanent one's only the company's.
 * Setting one tells the platform (the member's push, which carries its end) and recalls the
 * member's game wallet in a savepoint: a refused recall rolls back alone, the exclusion stays.
 */

/** A member of the caller's line, its row locked (a transfer in of the member waits, then sees the exclusion). */
async function lockedMember(ctx: CallContext, userId: string) {
  await callerMayChangeDownline(ctx);
  const account = await accountInLine(ctx, userId);
  if (!isMemberLevel(account.level)) throw new RpcError(ErrorCode.invalidParams, { field: 'userId', rule: 'not-a-member' });
  const row = await ctx.db.one<{ login_id: string }>(
    sql`SELECT login_id FROM accounts WHERE id = ${userId}::bigint AND site_id = ${ctx.site.id} FOR UPDATE`,
  );
  return row!.login_id;
}

async function callerPath(ctx: CallContext): Promise<string> {
  const row = await ctx.db.one<{ path: string }>(sql`SELECT path FROM accounts WHERE id = ${ctx.session!.accountId}::bigint`);
  return row!.path;
}

/** An earlier end or a lift: the company for a permanent one (20064), else the setter or an account above it (20063). */
function refuseUnlessAbove(ctx: CallContext, path: string, current: ExclusionRow) {
  if (current.until === null && ctx.session!.level !== 0) throw new RpcError(ErrorCode.exclusionPermanent);
  if (!current.set_by_path.startsWith(path)) throw new RpcError(ErrorCode.exclusionNotYours);
}

/** The platform is told the member's betting rules again (its exclusion among them), like any account change. */
async function queuePush(ctx: CallContext, userId: string) {
  await ctx.db.run(sql`INSERT INTO platform_pushes (site_id, subject, account_id, queued_at)
    VALUES (${ctx.site.id}, 'account', ${userId}::bigint, ${ctx.now})
    ON CONFLICT (site_id, subject, account_id) DO UPDATE SET version = platform_pushes.version + 1, queued_at = EXCLUDED.queued_at`);
}

const endText = (until: Date | string | null) => (until === null ? 'permanent' : iso(until));

/** The member's game wallet back, in a savepoint: its outcome, or the code that refused it (nothing of it written then). */
async function recallOf(ctx: CallContext, platformFor: PlatformFor, userId: string) {
  const audit = { ...ctx.audit };
  try {
    const recalled = await ctx.db.transaction((tx) => recallWallet({ ...ctx, db: tx }, platformFor, userId));
    return { state: recalled.state, amount: recalled.amount, code: null };
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    const none = error.code === ErrorCode.platformBalanceLow;
    return { state: none ? ('none' as const) : ('refused' as const), amount: '0.00', code: none ? null : error.code };
  } finally {
    Object.assign(ctx.audit, audit);
  }
}

/** gw.credit.user.exclusion.set */
export async function setExclusion(ctx: CallContext, platformFor: PlatformFor, params: ParamsOut<'gw.credit.user.exclusion.set'>) {
  const session = ctx.session!;
  const login = await lockedMember(ctx, params.userId);
  const current = await exclusionInForce(ctx.db, ctx.site.id, params.userId, ctx.now, true);
  const until = exclusionEnd(params.period, ctx.now);
  const note = params.note ?? '';
  let change: 'set' | 'lengthened' | 'shortened' = 'set';
  if (!current) {
    // One that ran out is closed at its end: a member has one open exclusion at a time.
    await ctx.db.run(sql`UPDATE member_exclusions SET lifted_at = until
      WHERE member_id = ${params.userId}::bigint AND lifted_at IS NULL`);
    await ctx.db.run(sql`INSERT INTO member_exclusions (site_id, member_id, kind, set_by, setter_level, set_at, until, reason, note)
      VALUES (${ctx.site.id}, ${params.userId}::bigint, ${params.kind}, ${session.accountId}::bigint, ${session.level}, ${ctx.now},
              ${until}, ${params.reason}, ${note})`);
  } else {
    const was = current.until === null ? null : new Date(current.until);
    const later = was !== null && (until === null || until.getTime() >= was.getTime());
    const same = was === null && until === null;
    const path = await callerPath(ctx);
    if (!later && !same) refuseUnlessAbove(ctx, path, current);
    change = later || same ? 'lengthened' : 'shortened';
    // The setter becomes the changer when the changer stands at or above it: a lower agent's
    // lengthening leaves the shortening to the setter's side.
    const takesOver = current.set_by_path.startsWith(path);
    await ctx.db.run(sql`UPDATE member_exclusions SET until = ${until}, kind = ${params.kind}, reason = ${params.reason}, note = ${note}
        ${takesOver ? sql`, set_by = ${session.accountId}::bigint, setter_level = ${session.level}, set_at = ${ctx.now}` : sql``}
      WHERE id = ${current.id}`);
  }
  await queuePush(ctx, params.userId);
  const recall = await recallOf(ctx, platformFor, params.userId);
  const stored = (await exclusionInForce(ctx.db, ctx.site.id, params.userId, ctx.now))!;
  ctx.audit.targetId = params.userId;
  ctx.audit.summary = `EXCLUSION_${change.toUpperCase()} ${login} ${params.kind} ${params.period} ${params.reason}`;
  ctx.audit.changes = [
    { field: 'excludedUntil', before: current ? endText(current.until) : null, after: endText(until) },
    ...(recall.state === 'done' || recall.state === 'pending'
      ? [{ field: 'recall', before: null, after: `${recall.state} ${recall.amount}` }]
      : []),
  ];
  return { exclusion: toExclusion(stored), change, recall };
}

/** gw.credit.user.exclusion.lift */
export async function liftExclusion(ctx: CallContext, userId: string) {
  const login = await lockedMember(ctx, userId);
  const current = await exclusionInForce(ctx.db, ctx.site.id, userId, ctx.now, true);
  if (!current) throw new RpcError(ErrorCode.exclusionNone);
  refuseUnlessAbove(ctx, await callerPath(ctx), current);
  await ctx.db.run(sql`UPDATE member_exclusions SET lifted_at = ${ctx.now}, lifted_by = ${ctx.session!.accountId}::bigint
    WHERE id = ${current.id}`);
  await queuePush(ctx, userId);
  ctx.audit.targetId = userId;
  ctx.audit.summary = `EXCLUSION_LIFT ${login}`;
  ctx.audit.changes = [{ field: 'excludedUntil', before: endText(current.until), after: null }];
  return { userId, liftedAt: iso(ctx.now) };
}

/** gw.credit.user.exclusion.list: the company's view of every exclusion in force. */
export async function listExclusions(ctx: CallContext) {
  return { list: (await exclusionsInForce(ctx.db, ctx.site.id, ctx.now)).map(toExclusion) };
}
