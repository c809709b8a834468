import { assign, fromPromise, setup } from 'xstate';
import { z } from 'zod';
import { centsOrZero, parseCents } from '../contract/amount.contract';
import { ErrorCode } from '../contract/errors.contract';
import type { ResultOf } from '../contract/methods.contract';
import { pointsMethods, type ScorePreview } from '../contract/points.contract';
import { requestKeyFor, type SentKey } from './request-key';

export type ScoreDirection = 'up' | 'down';
export type TransferResult = ResultOf<'gw.credit.user.score.up'>;

/** What is sent: the same request (and key) on a retry, so the gateway applies it once. */
export interface TransferRequest {
  direction: ScoreDirection;
  userId: string;
  amount: string;
  comment: string;
  requestKey: string;
  /** The token of the preview the user confirmed (docs/product.md#previews): the gateway applies only what it showed. */
  previewToken?: string;
}

/** A refusal from the gateway (catalogue code and its message) or a network failure (code 1). */
export interface TransferError {
  code: number;
  message: string;
  data?: { field?: string; rule?: string; preview?: ScorePreview };
}

/** Refusals about the amount itself, shown on the amount field with their catalogue message. */
export const amountRefusals = [ErrorCode.operatorBalanceLow, ErrorCode.targetBalanceLow, ErrorCode.setScoreFailed] as const;
export type AmountRefusal = (typeof amountRefusals)[number];

/**
 * Refusals for the signed-in account's own status or its line's (frozen, disabled, locked): the
 * same request again is refused the same way until its upline acts, so no retry is offered.
 */
export const callerStatusRefusals: readonly number[] = [
  ErrorCode.operatorStatusForbidsScore,
  ErrorCode.cannotOperate,
  ErrorCode.agentLineFrozen,
  ErrorCode.agentLineLocked,
  ErrorCode.accountDisabled,
];

/** Whether a failed transfer may be sent again as it is (a lost answer, a target enabled meanwhile...). */
export const retryable = (error: TransferError | null): boolean => error !== null && !callerStatusRefusals.includes(error.code);

/** Rule names as the contract answers them (100 with data.rule), or a catalogue code, for the form's messages. */
export interface FieldErrors {
  amount?: 'amount-format' | 'amount-positive' | AmountRefusal;
  comment?: 'comment-too-long';
}

/** Both balances and the target's point limit as last read, so what cannot succeed is refused before confirming. */
export interface TransferBalances {
  /** Unknown where only the target's row is at hand (the palette): then the gateway checks it. */
  operator?: string;
  target: string;
  targetPointLimit: string;
}

/** What the form holds (it owns them): handed to the machine once, with SUBMIT. */
export interface TransferValues {
  direction: ScoreDirection;
  amount: string;
  comment: string;
}

const transferParams = pointsMethods['gw.credit.user.score.up'].params.shape;

/**
 * The values as the contract reads them (its amount, trimmed as the form shows it, and its
 * comment): the form's resolver and the machine's check on SUBMIT parse with this one schema.
 */
export const transferValuesSchema = z.object({
  direction: z.enum(['up', 'down']),
  amount: z
    .string()
    .trim()
    .pipe(transferParams.amount as z.ZodType<number, string>),
  comment: transferParams.comment.unwrap(),
});

export interface ScoreTransferContext {
  userId: string;
  /** The problems of the values last submitted, or the gateway's refusal of the amount. */
  fieldErrors: FieldErrors;
  balances: TransferBalances | null;
  /** The request last sent, with its key; kept until the values change or a new transfer starts. */
  sent: TransferRequest | null;
  /** The key of that request and the values it was made for. */
  sentKey: SentKey | null;
  result: TransferResult | null;
  error: TransferError | null;
  /** The gateway's preview of the request being confirmed (null until it comes): what CONFIRM applies. */
  preview: ScorePreview | null;
  /** The preview is the fresh one of a refusal (20060): what the user saw before had changed. */
  stale: boolean;
}

export type ScoreTransferEvent =
  /** The form's values changed: the problems and the failure shown for the old ones go. */
  | { type: 'EDIT' }
  | ({ type: 'BALANCES' } & TransferBalances)
  | { type: 'SUBMIT'; values: TransferValues }
  /** The gateway's preview of the request being confirmed. */
  | { type: 'PREVIEW'; preview: ScorePreview }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  /** After a transfer is done: start another one for the same account. */
  | { type: 'NEW' };

/** The gateway's own checks of a valid amount (37110, 20030, 37111), refused here rather than after a confirmation. */
export function balanceRefusal(direction: ScoreDirection, cents: number, balances: TransferBalances | null): AmountRefusal | undefined {
  if (!balances) return undefined;
  const by = BigInt(cents);
  if (direction === 'up' && balances.operator !== undefined && by > centsOrZero(balances.operator)) return ErrorCode.operatorBalanceLow;
  if (direction === 'up' && centsOrZero(balances.target) + by > centsOrZero(balances.targetPointLimit)) return ErrorCode.setScoreFailed;
  if (direction === 'down' && by > centsOrZero(balances.target)) return ErrorCode.targetBalanceLow;
  return undefined;
}

/** The values' problems: the contract's rules (transferValuesSchema), then, for a valid amount, the balances'. */
export function fieldErrorsOf(values: TransferValues, balances: TransferBalances | null = null): FieldErrors {
  const issues = transferValuesSchema.safeParse(values).error?.issues ?? [];
  const errors: FieldErrors = {};
  const amountIssue = issues.find((issue) => issue.path[0] === 'amount');
  if (amountIssue) errors.amount = amountIssue.message === 'amount-positive' ? 'amount-positive' : 'amount-format';
  else {
    const refusal = balanceRefusal(values.direction, parseCents(values.amount)!, balances);
    if (refusal !== undefined) errors.amount = refusal;
  }
  if (issues.some((issue) => issue.path[0] === 'comment')) errors.comment = 'comment-too-long';
  return errors;
}

export const errorOf = (error: unknown): TransferError => {
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error))
    return { code: 1, message: 'Network error' };
  const { code, message, data } = error as TransferError;
  return { code: Number(code), message: String(message), ...(data ? { data: data as TransferError['data'] } : {}) };
};

/** Whether a preview is of this request: the same method, account, amount (in cents) and comment. */
export function previewFits(preview: ScorePreview, request: TransferRequest | null): boolean {
  if (!request) return false;
  const method = request.direction === 'up' ? 'gw.credit.user.score.up' : 'gw.credit.user.score.down';
  const cents = parseCents(request.amount);
  return (
    preview.method === method &&
    preview.userId === request.userId &&
    cents !== null &&
    parseCents(preview.amount) === cents &&
    preview.comment === request.comment
  );
}

/** A refusal of a confirmed preview that no longer held (20060): the fresh preview it carries, for the same request. */
const stalePreviewOf = (error: unknown, request: TransferRequest | null): ScorePreview | null => {
  const { code, data } = errorOf(error);
  return code === ErrorCode.previewStale && data?.preview && previewFits(data.preview, request) ? data.preview : null;
};

/** A refusal about the amount: it goes back onto the amount field, never to a retry that cannot succeed. */
const amountRefusalOf = (error: unknown): AmountRefusal | null => {
  const { code } = errorOf(error);
  return (amountRefusals as readonly number[]).includes(code) ? (code as AmountRefusal) : null;
};

/**
 * The set-score flow: editing -> confirming -> submitting -> done, or failed with the
 * gateway's catalogue message (a retry unless the caller's own status refused it). The form owns
 * the values: they arrive once, with SUBMIT, and are checked with the contract's schema
 * (`transferValuesSchema`). An amount the balances or the point limit rule out is refused on
 * the amount field before confirming (and, if the gateway still refuses it, back on the field:
 * a retry of the same amount could never succeed). While confirming, the app hands the gateway's
 * preview of the request (PREVIEW); CONFIRM sends its token with the request, and a refusal
 * because it no longer held (20060) comes back to confirming with the fresh preview it carries
 * (`stale`), so the user confirms what the gateway will apply. A retry (or a resubmit of
 * unchanged values) sends the same request key, so an answer lost on the way never moves points twice. The app provides the
 * `submitTransfer` actor (the gateway call).
 */
export const scoreTransferMachine = setup({
  types: {
    context: {} as ScoreTransferContext,
    events: {} as ScoreTransferEvent,
    input: {} as { userId: string },
  },
  actors: {
    submitTransfer: fromPromise<TransferResult, TransferRequest>(async () => {
      throw new Error('submitTransfer is provided by the app');
    }),
  },
  actions: {
    edit: assign({ fieldErrors: {}, error: null }),
    check: assign(({ context, event }) => (event.type === 'SUBMIT' ? { fieldErrors: fieldErrorsOf(event.values, context.balances) } : {})),
    keepBalances: assign(({ event }) =>
      event.type === 'BALANCES'
        ? { balances: { operator: event.operator, target: event.target, targetPointLimit: event.targetPointLimit } }
        : {},
    ),
    // Unchanged values keep the key of the request already sent: it may have been applied.
    prepare: assign(({ context, event }) => {
      if (event.type !== 'SUBMIT') return {};
      const { direction, amount, comment } = event.values;
      const values = { direction, userId: context.userId, amount: amount.trim(), comment };
      const sentKey = requestKeyFor(context.sentKey, values);
      return { sent: { ...values, requestKey: sentKey.key }, sentKey, error: null, preview: null, stale: false };
    }),
    // Only a preview of the request being confirmed is kept: a late one of other values is not what CONFIRM applies.
    keepPreview: assign(({ context, event }) =>
      event.type === 'PREVIEW' && previewFits(event.preview, context.sent) ? { preview: event.preview, stale: false } : {},
    ),
    startOver: assign({ sent: null, sentKey: null, result: null, error: null, fieldErrors: {}, preview: null, stale: false }),
  },
  guards: {
    valid: ({ context, event }) => event.type === 'SUBMIT' && Object.keys(fieldErrorsOf(event.values, context.balances)).length === 0,
    amountRefused: ({ event }) => amountRefusalOf((event as { error?: unknown }).error) !== null,
    stalePreview: ({ context, event }) => stalePreviewOf((event as { error?: unknown }).error, context.sent) !== null,
    retryable: ({ context }) => retryable(context.error),
  },
}).createMachine({
  id: 'scoreTransfer',
  initial: 'editing',
  context: ({ input }) => ({
    userId: input.userId,
    fieldErrors: {},
    balances: null,
    sent: null,
    sentKey: null,
    result: null,
    error: null,
    preview: null,
    stale: false,
  }),
  on: { BALANCES: { actions: 'keepBalances' } },
  states: {
    editing: {
      on: {
        EDIT: { actions: 'edit' },
        SUBMIT: [{ guard: 'valid', target: 'confirming', actions: 'prepare' }, { actions: 'check' }],
      },
    },
    confirming: {
      on: { PREVIEW: { actions: 'keepPreview' }, CONFIRM: 'submitting', CANCEL: 'editing' },
    },
    submitting: {
      invoke: {
        src: 'submitTransfer',
        // The confirmed preview's token goes with the request: the gateway applies only what it showed.
        input: ({ context }) => (context.preview ? { ...context.sent!, previewToken: context.preview.token } : context.sent!),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          // What the preview showed had changed: the fresh one is confirmed again (one key), nothing was applied.
          {
            guard: 'stalePreview',
            target: 'confirming',
            actions: assign({ preview: ({ context, event }) => stalePreviewOf(event.error, context.sent), stale: true }),
          },
          {
            guard: 'amountRefused',
            target: 'editing',
            actions: assign({ fieldErrors: ({ event }) => ({ amount: amountRefusalOf(event.error)! }) }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
        ],
      },
    },
    done: {
      on: { NEW: { target: 'editing', actions: 'startOver' } },
    },
    failed: {
      on: {
        RETRY: { guard: 'retryable', target: 'submitting' },
        EDIT: { target: 'editing', actions: 'edit' },
        // Sent again from the form as it stands: the same values keep their key.
        SUBMIT: [
          { guard: 'valid', target: 'confirming', actions: 'prepare' },
          { target: 'editing', actions: ['edit', 'check'] },
        ],
      },
    },
  },
});
