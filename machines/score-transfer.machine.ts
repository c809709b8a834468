import { assign, fromPromise, setup } from 'xstate';
import { parseCents } from '../contract/amount.contract';
import type { ResultOf } from '../contract/methods.contract';
import { COMMENT_MAX } from '../contract/points.contract';
import { newRequestKey } from './request-key';

export type ScoreDirection = 'up' | 'down';
export type TransferResult = ResultOf<'gw.credit.user.score.up'>;

/** What is sent: the same request (and key) on a retry, so the gateway applies it once. */
export interface TransferRequest {
  direction: ScoreDirection;
  userId: string;
  amount: string;
  comment: string;
  requestKey: string;
}

/** A refusal from the gateway (catalogue code and its message) or a network failure (code 1). */
export interface TransferError {
  code: number;
  message: string;
}

/** Rule names as the contract answers them (100 with data.rule), for the form's messages. */
export interface FieldErrors {
  amount?: 'amount-format' | 'amount-positive';
  comment?: 'comment-too-long';
}

export interface ScoreTransferContext {
  userId: string;
  direction: ScoreDirection;
  amount: string;
  comment: string;
  fieldErrors: FieldErrors;
  /** The request last sent, with its key; kept until the values change or a new transfer starts. */
  sent: TransferRequest | null;
  result: TransferResult | null;
  error: TransferError | null;
}

export type ScoreTransferEvent =
  | { type: 'EDIT'; amount?: string; comment?: string; direction?: ScoreDirection }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  /** After a transfer is done: start another one for the same account. */
  | { type: 'NEW' };

export function fieldErrorsOf(amount: string, comment: string): FieldErrors {
  const errors: FieldErrors = {};
  const cents = parseCents(amount);
  if (cents === null) errors.amount = 'amount-format';
  else if (cents <= 0) errors.amount = 'amount-positive';
  if ([...comment].length > COMMENT_MAX) errors.comment = 'comment-too-long';
  return errors;
}

// Score commands take their key from here as well.
export { newRequestKey };

const sameValues = (sent: TransferRequest | null, context: ScoreTransferContext) =>
  sent !== null &&
  sent.direction === context.direction &&
  sent.userId === context.userId &&
  sent.amount === context.amount.trim() &&
  sent.comment === context.comment;

export const errorOf = (error: unknown): TransferError =>
  typeof error === 'object' && error !== null && 'code' in error && 'message' in error
    ? { code: Number((error as TransferError).code), message: String((error as TransferError).message) }
    : { code: 1, message: 'Network error' };

/**
 * The set-score flow: editing -> confirming -> submitting -> done, or failed with the
 * gateway's catalogue message. A retry (or a resubmit of unchanged values) sends the same
 * request key, so an answer lost on the way never moves points twice. The app provides the
 * `submitTransfer` actor (the gateway call).
 */
export const scoreTransferMachine = setup({
  types: {
    context: {} as ScoreTransferContext,
    events: {} as ScoreTransferEvent,
    input: {} as { userId: string; direction?: ScoreDirection },
  },
  actors: {
    submitTransfer: fromPromise<TransferResult, TransferRequest>(async () => {
      throw new Error('submitTransfer is provided by the app');
    }),
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      return {
        amount: event.amount ?? context.amount,
        comment: event.comment ?? context.comment,
        direction: event.direction ?? context.direction,
        fieldErrors: {},
        error: null,
      };
    }),
    check: assign(({ context }) => ({ fieldErrors: fieldErrorsOf(context.amount, context.comment) })),
    // Unchanged values keep the key of the request already sent: it may have been applied.
    prepare: assign(({ context }) => ({
      sent: sameValues(context.sent, context)
        ? context.sent
        : { direction: context.direction, userId: context.userId, amount: context.amount.trim(), comment: context.comment, requestKey: newRequestKey() },
      error: null,
    })),
    startOver: assign({ amount: '', comment: '', sent: null, result: null, error: null, fieldErrors: {} }),
  },
  guards: {
    valid: ({ context }) => Object.keys(fieldErrorsOf(context.amount, context.comment)).length === 0,
  },
}).createMachine({
  id: 'scoreTransfer',
  initial: 'editing',
  context: ({ input }) => ({
    userId: input.userId,
    direction: input.direction ?? 'up',
    amount: '',
    comment: '',
    fieldErrors: {},
    sent: null,
    result: null,
    error: null,
  }),
  states: {
    editing: {
      on: {
        EDIT: { actions: 'edit' },
        SUBMIT: [{ guard: 'valid', target: 'confirming', actions: 'prepare' }, { actions: 'check' }],
      },
    },
    confirming: {
      on: { CONFIRM: 'submitting', CANCEL: 'editing' },
    },
    submitting: {
      invoke: {
        src: 'submitTransfer',
        input: ({ context }) => context.sent!,
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
      },
    },
    done: {
      on: { NEW: { target: 'editing', actions: 'startOver' } },
    },
    failed: {
      on: {
        RETRY: 'submitting',
        EDIT: { target: 'editing', actions: 'edit' },
      },
    },
  },
});
