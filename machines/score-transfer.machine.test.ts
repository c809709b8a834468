import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  fieldErrorsOf,
  retryable,
  scoreTransferMachine,
  type TransferRequest,
  type TransferResult,
  type TransferValues,
} from './score-transfer.machine';
import type { ScorePreview } from '../contract/points.contract';

const answer: TransferResult = {
  serialNo: '7',
  amount: '10.00',
  before: '0.00',
  after: '10.00',
  operatorBefore: '50.00',
  operatorAfter: '40.00',
};

/** The machine with a fake gateway that answers from a script and records every request. */
function start(script: (request: TransferRequest, attempt: number) => TransferResult) {
  const sent: TransferRequest[] = [];
  const machine = scoreTransferMachine.provide({
    actors: {
      submitTransfer: fromPromise<TransferResult, TransferRequest>(async ({ input }) => {
        sent.push(input);
        return script(input, sent.length);
      }),
    },
  });
  const actor = createActor(machine, { input: { userId: '42' } });
  actor.start();
  return { actor, sent };
}

/** The form's values as SUBMIT hands them over: a score up with no comment unless told. */
const submit = (values: Partial<TransferValues>) => ({
  type: 'SUBMIT' as const,
  values: { direction: 'up' as const, amount: '', comment: '', ...values },
});

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('done') || s.matches('failed'));

describe('score transfer machine', () => {
  it('checks the amount and the comment before asking for confirmation', () => {
    const { actor } = start(() => answer);
    actor.send(submit({ amount: '10.001' }));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ amount: 'amount-format' });
    actor.send(submit({ amount: '0', comment: 'x'.repeat(101) }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ amount: 'amount-positive', comment: 'comment-too-long' });
    // 100 characters that take two UTF-16 units each are still 100 characters.
    expect(fieldErrorsOf({ direction: 'up', amount: '1', comment: '😀'.repeat(100) })).toEqual({});
  });

  it('edits, confirms, submits once and is done with the answer', async () => {
    const { actor, sent } = start(() => answer);
    actor.send(submit({ amount: ' 10 ', comment: 'weekly', direction: 'down' }));
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual(answer);
    expect(sent).toEqual([
      { direction: 'down', userId: '42', amount: '10', comment: 'weekly', requestKey: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
  });

  it('goes back to editing on cancel, sending nothing', () => {
    const { actor, sent } = start(() => answer);
    actor.send(submit({ amount: '5' }));
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(sent).toEqual([]);
  });

  it('shows the catalogue message of a refusal and retries with the same request key', async () => {
    const { actor, sent } = start((_request, attempt) => {
      if (attempt === 1) throw { code: 37150, message: 'Too frequent' };
      if (attempt === 2) throw new TypeError('fetch failed');
      return answer;
    });
    actor.send(submit({ amount: '10' }));
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 37150, message: 'Too frequent' });
    actor.send({ type: 'RETRY' });
    await settled(actor);
    expect(actor.getSnapshot().context.error).toEqual({ code: 1, message: 'Network error' });
    actor.send({ type: 'RETRY' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('done');
    expect(new Set(sent.map((request) => request.requestKey)).size).toBe(1);
  });

  it("offers no retry of a refusal for the caller's own status (frozen, in a frozen line), which the same request can never pass", async () => {
    for (const code of [20005, 20012, 2243]) {
      const { actor, sent } = start(() => {
        throw { code, message: 'Refused' };
      });
      actor.send(submit({ amount: '10' }));
      actor.send({ type: 'CONFIRM' });
      await settled(actor);
      expect(actor.getSnapshot().value).toBe('failed');
      expect(retryable(actor.getSnapshot().context.error)).toBe(false);
      expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
      actor.send({ type: 'RETRY' });
      expect(actor.getSnapshot().value).toBe('failed');
      expect(sent).toHaveLength(1);
      // Editing is still open: the dialog is not stuck.
      actor.send({ type: 'EDIT' });
      expect(actor.getSnapshot().value).toBe('editing');
    }
    expect(retryable({ code: 20003, message: "The target's status forbids a score" })).toBe(true);
    expect(retryable({ code: 1, message: 'Network error' })).toBe(true);
  });

  it('refuses on the amount field, before confirming, what the balances or the point limit rule out', () => {
    const { actor, sent } = start(() => answer);
    actor.send({ type: 'BALANCES', operator: '100.00', target: '50000.50', targetPointLimit: '50100.00' });
    // A down larger than the balance: 60000 down from 50000.50 would preview -9999.50.
    actor.send(submit({ amount: '60000', direction: 'down' }));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ amount: 37111 });
    actor.send(submit({ amount: '100.01', direction: 'up' }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ amount: 37110 });
    actor.send({ type: 'BALANCES', operator: '1000.00', target: '50000.50', targetPointLimit: '50100.00' });
    actor.send(submit({ amount: '99.51' }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ amount: 20030 });
    // All of it down, or up to the limit exactly, is fine.
    expect(
      fieldErrorsOf(
        { direction: 'down', amount: '50000.50', comment: '' },
        { operator: '0.00', target: '50000.50', targetPointLimit: '0.00' },
      ),
    ).toEqual({});
    actor.send(submit({ amount: '99.50' }));
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(sent).toEqual([]);
  });

  it('puts an amount the gateway refuses back on the amount field, with no retry', async () => {
    const { actor, sent } = start(() => {
      throw { code: 20030, message: 'Above the point limit', data: { field: 'amount', rule: 'above-point-limit' } };
    });
    actor.send(submit({ amount: '10' }));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => !s.matches('submitting'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ amount: 20030 });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(sent).toHaveLength(1);
  });

  it('keeps the key while the values stay the same, and takes a new one when they change or a new transfer starts', async () => {
    const { actor, sent } = start((_request, attempt) => {
      if (attempt <= 2) throw new TypeError('fetch failed');
      return answer;
    });
    actor.send(submit({ amount: '10' }));
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    // Back to the form and the same values again: the first request may have been applied.
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send(submit({ amount: '10' }));
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    expect(sent[1]!.requestKey).toBe(sent[0]!.requestKey);
    actor.send(submit({ amount: '11' }));
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    expect(sent[2]!.requestKey).not.toBe(sent[0]!.requestKey);
    expect(actor.getSnapshot().value).toBe('done');
    actor.send({ type: 'NEW' });
    // The form clears its own values; the machine forgets what it sent.
    expect(actor.getSnapshot().context).toMatchObject({ sent: null, sentKey: null, result: null, fieldErrors: {} });
    actor.send(submit({ amount: '11' }));
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    expect(sent[3]!.requestKey).not.toBe(sent[2]!.requestKey);
  });

  it('takes the values only with SUBMIT: an edit carries none and clears the problems shown for the old ones', () => {
    const { actor } = start(() => answer);
    actor.send(submit({ amount: 'abc' }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ amount: 'amount-format' });
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(Object.keys(actor.getSnapshot().context)).not.toContain('amount');
  });

  it('sends the form again from a failure as it stands: the same values keep their key, wrong ones go back to the form', async () => {
    const { actor, sent } = start((_request, attempt) => {
      if (attempt === 1) throw new TypeError('fetch failed');
      return answer;
    });
    actor.send(submit({ amount: '10', comment: 'again' }));
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send(submit({ amount: '0', comment: 'again' }));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: { amount: 'amount-positive' }, error: null });
    actor.send(submit({ amount: '10', comment: 'again' }));
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('done');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('goes from a failure straight to confirming when the unchanged form is sent again', async () => {
    const { actor, sent } = start((_request, attempt) => {
      if (attempt === 1) throw new TypeError('fetch failed');
      return answer;
    });
    actor.send(submit({ amount: '10' }));
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    actor.send(submit({ amount: '10' }));
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    expect(sent[1]!.requestKey).toBe(sent[0]!.requestKey);
  });

  it("sends the confirmed preview's token, and comes back to confirming with the fresh preview of a stale refusal", async () => {
    const shown = (token: string, before: string): ScorePreview => ({
      method: 'gw.credit.user.score.up',
      userId: '42',
      amount: '10.00',
      comment: '',
      postings: [
        { userId: '1', loginId: 'boss', role: 'operator', before, after: '0.00' },
        { userId: '42', loginId: 'kid', role: 'target', before: '0.00', after: '10.00' },
      ],
      pointLimit: '100.00',
      limitLeftBefore: '100.00',
      limitLeftAfter: '90.00',
      refusals: [],
      token,
      expiresAt: '2026-12-07T00:02:00.000Z',
    });
    const fresh = shown('v1.b.fresh', '40.00');
    const { actor, sent } = start((request) => {
      if (request.previewToken === 'v1.a.first')
        throw { code: 20060, message: 'Changed', data: { rule: 'preview-changed', preview: fresh } };
      return answer;
    });
    actor.send(submit({ amount: '10' }));
    // A preview of other values (a late answer) is not what CONFIRM would apply.
    actor.send({ type: 'PREVIEW', preview: { ...shown('v1.x.other', '50.00'), amount: '11.00' } });
    expect(actor.getSnapshot().context.preview).toBeNull();
    actor.send({ type: 'PREVIEW', preview: shown('v1.a.first', '50.00') });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => !s.matches('submitting'));
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ preview: fresh, stale: true });
    actor.send({ type: 'CONFIRM' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('done');
    expect(sent.map((request) => request.previewToken)).toEqual(['v1.a.first', 'v1.b.fresh']);
    expect(sent[1]!.requestKey).toBe(sent[0]!.requestKey);
  });
});
