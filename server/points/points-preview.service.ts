import { formatCents } from '../../contract/amount.contract';
import { PREVIEW_TTL_MS, type ScorePreview } from '../../contract/points.contract';
import type { CallContext } from '../kernel/call-context';
import { wireId } from '../kernel/db/ids';
import { iso } from '../kernel/db/timestamps';
import { ErrorCode } from '../../contract/errors.contract';
import { RpcError } from '../kernel/rpc-error';
import { exclusionInForce } from '../tree/member-exclusion.repository';
import { readScoreAccounts, scorePair, scoreRefusals, type LockedAccount } from './ledger';
import { checkPreviewToken, previewKey, previewRefusals, signPreview, type PreviewClaim } from '../kernel/preview-token';

/** A score up or down as the user means it: what a preview shows and its action applies. */
export interface ScoreInputs {
  direction: 'up' | 'down';
  userId: string;
  /** Positive integer cents. */
  amount: number;
  comment: string;
}

type PreviewContext = Pick<CallContext, 'db' | 'site' | 'session' | 'now' | 'language'>;

const scoreMethod = (direction: ScoreInputs['direction']) =>
  direction === 'up' ? ('gw.credit.user.score.up' as const) : ('gw.credit.user.score.down' as const);

/** What a score preview signs: the inputs, both balances and the target's point limit, all it shows derives from them. */
function scoreClaim(inputs: ScoreInputs, operator: LockedAccount, target: LockedAccount): PreviewClaim {
  return {
    method: scoreMethod(inputs.direction),
    inputs: { userId: inputs.userId, amount: String(inputs.amount), comment: inputs.comment },
    read: { operator: String(operator.balance), target: String(target.balance), pointLimit: String(target.point_limit) },
  };
}

/** The preview of a score on the rows as read (or, for a stale action, as it locked them), with a new token. */
function scorePreviewOf(ctx: PreviewContext, key: Buffer, inputs: ScoreInputs, operator: LockedAccount, target: LockedAccount) {
  const amount = BigInt(inputs.amount);
  const sign = inputs.direction === 'up' ? 1n : -1n;
  const targetAfter = target.balance + sign * amount;
  const expiresAt = ctx.now.getTime() + PREVIEW_TTL_MS;
  const rules = { direction: inputs.direction, now: ctx.now, minIntervalMs: ctx.site.minScoreIntervalMs };
  const refusals = previewRefusals(scoreRefusals(operator, target, rules, amount), ctx.language);
  const posting = (account: LockedAccount, role: 'operator' | 'target', after: bigint) => ({
    userId: wireId(account.id),
    loginId: account.login_id,
    role,
    before: formatCents(account.balance),
    after: formatCents(after),
  });
  const preview: ScorePreview = {
    method: scoreMethod(inputs.direction),
    userId: inputs.userId,
    amount: formatCents(amount),
    comment: inputs.comment,
    postings: [posting(operator, 'operator', operator.balance - sign * amount), posting(target, 'target', targetAfter)],
    pointLimit: formatCents(target.point_limit),
    limitLeftBefore: formatCents(target.point_limit - target.balance),
    limitLeftAfter: formatCents(target.point_limit - targetAfter),
    refusals,
    token: signPreview(key, ctx.session!, scoreClaim(inputs, operator, target), expiresAt),
    expiresAt: iso(new Date(expiresAt)),
  };
  return preview;
}

/** gw.credit.user.score.preview: the caller's and the child's rows read (never locked), nothing written. */
export async function scorePreview(ctx: PreviewContext, inputs: ScoreInputs): Promise<ScorePreview> {
  const session = ctx.session!;
  const [rows, key] = await Promise.all([readScoreAccounts(ctx.db, ctx.site.id, session.accountId, inputs.userId), previewKey(ctx.db)]);
  const { operator, target } = scorePair(rows, { siteId: ctx.site.id, operatorId: session.accountId, targetId: inputs.userId });
  const preview = scorePreviewOf(ctx, key, inputs, operator, target);
  // A member in a time-out or self-exclusion gets no score up: the action refuses it first (20062).
  if (inputs.direction === 'up' && (await exclusionInForce(ctx.db, ctx.site.id, inputs.userId, ctx.now))) {
    preview.refusals = [...previewRefusals([new RpcError(ErrorCode.memberExcluded)], ctx.language), ...preview.refusals];
  }
  return preview;
}

/**
 * The check of a score up or down that carries a preview token, run by the ledger on the rows it
 * locked: the token must hold for them, else 20060 with the preview of the same action as it
 * stands now (rule `preview-changed`, or `preview-expired`). The key is asked for at once, so it
 * leaves with the movement's statements.
 */
export function confirmScorePreview(ctx: PreviewContext, inputs: ScoreInputs, token: string) {
  const key = previewKey(ctx.db);
  key.catch(() => undefined);
  return async (operator: LockedAccount, target: LockedAccount) => {
    const signing = await key;
    await checkPreviewToken(signing, ctx.session!, scoreClaim(inputs, operator, target), token, ctx.now, () =>
      scorePreviewOf(ctx, signing, inputs, operator, target),
    );
  };
}
