import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { scoreTransferMachine, type TransferRequest, type TransferResult } from '@machines/score-transfer.machine';
import { startI18n, switchLanguage } from '@/lib/i18n';
import { ScoreTransferForm } from './score-transfer-form';
import type { ScoreTarget, ScoreTransfer } from './use-score-transfer';

/** The machine, failed with the gateway's refusal of the confirmed transfer. */
async function failedWith(error: unknown) {
  const actor = createActor(
    scoreTransferMachine.provide({
      actors: {
        submitTransfer: fromPromise<TransferResult, TransferRequest>(async () => {
          throw error;
        }),
      },
    }),
    { input: { userId: '77' } },
  ).start();
  actor.send({ type: 'SUBMIT', values: { direction: 'up', amount: '10', comment: '' } });
  actor.send({ type: 'CONFIRM' });
  await waitFor(actor, (snapshot) => snapshot.matches('failed'));
  return actor;
}

function Dialog({ actor }: { actor: Awaited<ReturnType<typeof failedWith>> }) {
  const values = { direction: 'up', amount: '10', comment: '' } as const;
  const form = useForm({ defaultValues: values });
  const transfer = {
    state: actor.getSnapshot(),
    send: actor.send,
    form,
    values,
    submit: async () => undefined,
  } as unknown as ScoreTransfer;
  return <ScoreTransferForm transfer={transfer} target={{ loginId: 'ga77' } as ScoreTarget} title="Score up" refusal={null} />;
}

beforeAll(async () => {
  await startI18n();
});
beforeEach(async () => {
  await switchLanguage('en');
});
afterEach(cleanup);

describe('a refused score up', () => {
  it("offers no retry when the signed-in account's own status refused it, only its message", async () => {
    render(<Dialog actor={await failedWith({ code: 20005, message: 'Operator status forbids score' })} />);
    expect(screen.getByTestId('score-error').textContent).not.toBe('');
    expect(screen.queryByTestId('score-retry')).toBeNull();
  });

  it('offers a retry of the same request after a network failure', async () => {
    render(<Dialog actor={await failedWith(new TypeError('fetch failed'))} />);
    expect(screen.getByTestId('score-retry')).toBeDefined();
  });
});
