import { randomUUID } from 'node:crypto';
import { isMemberLevel } from '../../contract/account-fields.contract';
import { AccountStatus } from '../../contract/account-levels.contract';
import { formatCents } from '../../contract/amount.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { PREVIEW_TTL_MS } from '../../contract/points.contract';
import type { RecallPreview } from '../../contract/transfer.contract';
import type { CallContext } from '../kernel/call-context';
import { sql } from '../kernel/db/sql';
import { iso } from '../kernel/db/timestamps';
import { checkPreviewToken, previewKey, previewRefusals, signPreview, type PreviewClaim } from '../kernel/preview-token';
import { RpcError } from '../kernel/rpc-error';
import { PlatformRefusal, type PlatformFor } from '../platform/game-platform';
import { sitePlatformConnection } from '../platform/site-platform.repository';
import { outStateOf, transferOut, type OutState } from '../points/game-transfers';
import { lineStatus } from '../tree/account.repository';
import { accountInLine } from '../tree/line-access';

/**
 * Recalling a member's game wallet (docs/product.md#recalling-a-game-wallet): the company or an
 * agent above the member asks the game platform for all the member holds there, as an `out`
 * transfer through the transfer path (server/points/game-transfers.ts): the request first, the
 * member credited only with the platform's confirmation, a lost answer left pending for the
 * repair. Like the repair, it runs in the call's transaction: the platform is asked between the
 * request's step and the credit's, and a refusal rolls both back.
 */

const RECALL = 'gw.credit.transfer.recall' as const;

/** What the platform says of the member's wallet: its balance, or why it could not be asked. */
type Wallet = { balance: bigint } | { refusal: RpcError };

/** The member's balance at the platform: 20061 when the site's platform is paused (it is never asked then), 37162 when it does not answer. */
async function walletOf(ctx: CallContext, platformFor: PlatformFor, memberId: string): Promise<Wallet> {
  const connection = await sitePlatformConnection(ctx.db, ctx.site.id);
  if (connection?.paused) return { refusal: new RpcError(ErrorCode.platformPaused) };
  try {
    return { balance: await platformFor(ctx.db).balance({ siteId: ctx.site.id, memberId }) };
  } catch (error) {
    if (error instanceof PlatformRefusal) return { refusal: new RpcError(error.code) };
    return { refusal: new RpcError(ErrorCode.repairPlatformSilent) };
  }
}

/** A member of the caller's line (20002 otherwise; 100, rule "not-a-member", for an agent). */
async function memberOfLine(ctx: CallContext, userId: string) {
  const account = await accountInLine(ctx, userId);
  if (!isMemberLevel(account.level)) throw new RpcError(ErrorCode.invalidParams, { field: 'userId', rule: 'not-a-member' });
  return account;
}

/** The caller's own status and its line's: a frozen caller changes nothing below it (20012, 2243). */
async function callerRefusal(ctx: CallContext): Promise<RpcError | null> {
  if (ctx.session!.status === AccountStatus.frozen) return new RpcError(ErrorCode.cannotOperate);
  if ((await lineStatus(ctx.db, ctx.session!.accountId)) === AccountStatus.frozen) return new RpcError(ErrorCode.agentLineFrozen);
  return null;
}

/** Every rule that refuses the recall, in the order the recall checks them (it answers the first). */
function recallRefusals(caller: RpcError | null, wallet: Wallet, state: OutState): RpcError[] {
  const refusals: RpcError[] = [];
  if (caller) refusals.push(caller);
  if ('refusal' in wallet) refusals.push(wallet.refusal);
  if (state.unsettled) refusals.push(new RpcError(ErrorCode.repairTooEarly));
  if ('balance' in wallet && (state.session === null || wallet.balance <= 0n)) refusals.push(new RpcError(ErrorCode.platformBalanceLow));
  return refusals;
}

/** What a recall preview signs: the member, its balance, its session, whether a transfer is unsettled, and the wallet as the platform told it. */
function recallClaim(userId: string, wallet: Wallet, state: OutState): PreviewClaim {
  return {
    method: RECALL,
    inputs: { userId },
    read: {
      balance: String(state.balance),
      session: state.session ?? '',
      unsettled: String(state.unsettled),
      wallet: 'balance' in wallet ? String(wallet.balance) : `refused ${wallet.refusal.code}`,
    },
  };
}

function recallPreviewOf(ctx: CallContext, key: Buffer, userId: string, caller: RpcError | null, wallet: Wallet, state: OutState) {
  const expiresAt = ctx.now.getTime() + PREVIEW_TTL_MS;
  const back = 'balance' in wallet && wallet.balance > 0n ? wallet.balance : 0n;
  const preview: RecallPreview = {
    method: RECALL,
    userId,
    loginId: state.loginId,
    balanceBefore: formatCents(state.balance),
    balanceAfter: formatCents(state.balance + back),
    walletBefore: 'balance' in wallet ? formatCents(wallet.balance) : null,
    walletAfter: 'balance' in wallet ? formatCents(wallet.balance - back) : null,
    sessionId: state.session,
    refusals: previewRefusals(recallRefusals(caller, wallet, state), ctx.language),
    token: signPreview(key, ctx.session!, recallClaim(userId, wallet, state), expiresAt),
    expiresAt: iso(new Date(expiresAt)),
  };
  return preview;
}

/** The member's state as a transfer out reads it, not locked. */
async function readOutState(ctx: CallContext, memberId: string): Promise<OutState> {
  const state = await outStateOf(ctx.db, ctx.site.id, memberId);
  if (!state) throw new RpcError(ErrorCode.accountNotFound);
  return state;
}

/** gw.credit.transfer.recall.preview: the member's row read (never locked), the platform asked its balance, nothing written. */
export async function recallPreview(ctx: CallContext, platformFor: PlatformFor, userId: string): Promise<RecallPreview> {
  await memberOfLine(ctx, userId);
  const [caller, wallet, state, key] = await Promise.all([
    callerRefusal(ctx),
    walletOf(ctx, platformFor, userId),
    readOutState(ctx, userId),
    previewKey(ctx.db),
  ]);
  return recallPreviewOf(ctx, key, userId, caller, wallet, state);
}

/**
 * gw.credit.transfer.recall: the platform asked the member's balance, then the transfer out of
 * all of it, its request checked under the member's row lock (the preview's token, when given,
 * then the rules); the score-log row of the credit names the caller as its operator.
 */
export async function recallWallet(ctx: CallContext, platformFor: PlatformFor, userId: string, previewToken?: string) {
  const session = ctx.session!;
  await memberOfLine(ctx, userId);
  const caller = await callerRefusal(ctx);
  if (caller) throw caller;
  const [wallet, key] = await Promise.all([walletOf(ctx, platformFor, userId), previewKey(ctx.db)]);
  const amount = 'balance' in wallet ? wallet.balance : 0n;
  const transferId = `RC-${randomUUID().replaceAll('-', '')}`;
  const confirm = async (state: OutState) => {
    if (previewToken !== undefined) {
      await checkPreviewToken(key, session, recallClaim(userId, wallet, state), previewToken, ctx.now, () =>
        recallPreviewOf(ctx, key, userId, null, wallet, state),
      );
    }
    const refusal = recallRefusals(null, wallet, state)[0];
    if (refusal) throw refusal;
  };
  const operator = { accountId: session.accountId, login: session.loginId, subAccountId: session.subAccountId, ip: ctx.ip };
  const outcome = await transferOut(ctx.db, platformFor, {
    siteId: ctx.site.id,
    memberId: userId,
    // Positive once confirm passed; 1 cent only so that a refused recall reaches its check.
    amount: amount > 0n ? Number(amount) : 1,
    transferId,
    now: ctx.now,
    ip: ctx.ip,
    operator,
    confirm,
  }).catch(async (error: unknown) => {
    // Stale: the wallet was read before the member's lock, so the fresh preview asks the platform
    // again (a recall that ran meanwhile emptied it) and reads the member as it stands now.
    if (!(error instanceof RpcError) || error.code !== ErrorCode.previewStale) throw error;
    throw new RpcError(ErrorCode.previewStale, { rule: error.data!.rule!, preview: await recallPreview(ctx, platformFor, userId) });
  });
  const after = await ctx.db.one<{ balance: bigint; login_id: string }>(
    sql`SELECT balance, login_id FROM accounts WHERE id = ${userId}::bigint AND site_id = ${ctx.site.id}`,
  );
  ctx.audit.targetId = userId;
  ctx.audit.summary = `TRANSFER_RECALL ${after!.login_id} ${formatCents(amount)} ${transferId} -> ${outcome.state}`;
  return {
    transferId,
    state: outcome.state,
    amount: formatCents(amount),
    serialNo: outcome.serialNo,
    balance: formatCents(BigInt(after!.balance)),
  };
}
