import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { fromPromise } from 'xstate';
import { formatCents, parseCents } from '@contract/amount.contract';
import {
  balanceRefusal,
  errorOf,
  type TransferError,
  scoreTransferMachine,
  transferValuesSchema,
  type TransferRequest,
  type TransferValues,
} from '@machines/score-transfer.machine';
import { call } from '@/api/gateway-client';
import { useCall } from '@/api/queries';
import { codeMessage } from '@/components/form/form-messages';
import { useSchemaForm } from '@/components/form/use-contract-form';
import { useCommands } from '@/hooks/use-command-context';
import { SessionContext } from '@/lib/session-context';

const transferMachine = scoreTransferMachine.provide({
  actors: {
    submitTransfer: fromPromise(async ({ input }: { input: TransferRequest }) => {
      const { userId, amount, comment, requestKey, previewToken } = input;
      const params = { userId, amount, comment, requestKey, ...(previewToken ? { previewToken } : {}) };
      return input.direction === 'up' ? call('gw.credit.user.score.up', params) : call('gw.credit.user.score.down', params);
    }),
  },
});

/** A balance after moving an amount, in exact cents; null when the amount is not one. */
function moved(balance: string, amount: string, sign: 1 | -1): string | null {
  const from = parseCents(balance);
  const by = parseCents(amount);
  return from === null || by === null ? null : formatCents(BigInt(from) + BigInt(sign) * BigInt(by));
}

type TransferSnapshot = ReturnType<typeof useMachine<typeof transferMachine>>[0];
type TransferSend = ReturnType<typeof useMachine<typeof transferMachine>>[1];

/**
 * While the machine confirms a request with no preview yet, asks the gateway for it (nothing is
 * written) and hands it to the machine; a failure to get it is answered here, for the dialog.
 */
function usePreviewWhileConfirming(state: TransferSnapshot, send: TransferSend): TransferError | null {
  const { sent, preview } = state.context;
  const waiting = state.matches('confirming') && preview === null ? sent : null;
  const [problem, setProblem] = useState<{ for: typeof sent; error: TransferError } | null>(null);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const { direction, userId, amount, comment } = waiting;
    call('gw.credit.user.score.preview', { direction, userId, amount, comment }).then(
      (answer) => live && send({ type: 'PREVIEW', preview: answer }),
      (error: unknown) => live && setProblem({ for: waiting, error: errorOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [waiting, send]);
  return problem && problem.for === waiting ? problem.error : null;
}

/**
 * One score transfer to a direct child: its form (which owns the direction, amount and comment),
 * the transfer machine (which gets them once, on submit), both balances and what they become.
 */
export function useScoreTransfer(userId: string) {
  const commands = useCommands();
  const myBalance = SessionContext.useSelector((state) => state.context.profile?.balance ?? '0.00');
  const { data: target, isError } = useCall('gw.credit.user.simple.info.get', { userId });
  const [state, send] = useMachine(transferMachine, { input: { userId } });
  const { fieldErrors, balances } = state.context;
  // The machine's schema (the contract's amount and comment), then its checks against both balances and the point limit.
  const schema = useMemo(
    () =>
      transferValuesSchema.superRefine((values, ctx) => {
        const problem = balanceRefusal(values.direction, values.amount, balances);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: codeMessage(problem), path: ['amount'] });
      }),
    [balances],
  );
  const form = useSchemaForm<TransferValues>(schema, { direction: 'up', amount: '', comment: '' });
  const [direction, amount, comment] = useWatch({ control: form.control, name: ['direction', 'amount', 'comment'] });

  useEffect(() => {
    if (target) send({ type: 'BALANCES', operator: myBalance, target: target.balance, targetPointLimit: target.pointLimit });
  }, [target, myBalance, send]);
  // A change of the values takes away the problems and the failure shown for the old ones.
  useEffect(() => {
    const subscription = form.watch(() => send({ type: 'EDIT' }));
    return () => subscription.unsubscribe();
  }, [form, send]);
  // Each refusal of the amount lands on its field, the same code twice in a row included.
  useEffect(() => {
    const refused = fieldErrors.amount;
    if (typeof refused === 'number') form.setError('amount', { type: 'server', message: codeMessage(refused) }, { shouldFocus: true });
  }, [fieldErrors, form]);
  const onDone = useEffectEvent(() => {
    commands.refreshPoints();
    commands.accountsChanged();
  });
  const done = state.matches('done');
  useEffect(() => {
    if (done) onDone();
  }, [done]);

  const preview = useMemo(() => {
    if (!target) return null;
    const sign = direction === 'up' ? 1 : -1;
    return { mine: moved(myBalance, amount, sign === 1 ? -1 : 1), theirs: moved(target.balance, amount, sign) };
  }, [target, myBalance, amount, direction]);

  const previewProblem = usePreviewWhileConfirming(state, send);
  const submit = form.handleSubmit((values) => send({ type: 'SUBMIT', values }));

  return {
    state,
    send,
    form,
    values: { direction, amount, comment },
    submit,
    target,
    isError,
    myBalance,
    preview,
    previewProblem,
    rights: commands.rights,
  };
}

export type ScoreTransfer = ReturnType<typeof useScoreTransfer>;
export type ScoreTarget = NonNullable<ScoreTransfer['target']>;
