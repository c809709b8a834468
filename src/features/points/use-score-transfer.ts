import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import { formatCents, parseCents } from '../../../contract/amount.contract';
import { pointsMethods } from '../../../contract/points.contract';
import { fieldErrorsOf, scoreTransferMachine, type TransferRequest } from '../../../machines/score-transfer.machine';
import { call } from '@/api/gateway-client';
import { useCall } from '@/api/queries';
import { codeMessage } from '@/components/form/form-messages';
import { filled } from '@/components/form/form-schemas';
import { useSchemaForm } from '@/components/form/use-contract-form';
import { useCommands } from '@/hooks/use-command-context';
import { SessionContext } from '@/lib/session-context';

type ScoreValues = { amount: string; comment: string };
const transfer = pointsMethods['gw.credit.user.score.up'].params.shape;

const transferMachine = scoreTransferMachine.provide({
  actors: {
    submitTransfer: fromPromise(async ({ input }: { input: TransferRequest }) => {
      const params = { userId: input.userId, amount: input.amount, comment: input.comment, requestKey: input.requestKey };
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

/** One score transfer to a direct child: the transfer machine, its form, both balances and what they become. */
export function useScoreTransfer(userId: string) {
  const commands = useCommands();
  const myBalance = SessionContext.useSelector((state) => state.context.profile?.balance ?? '0.00');
  const { data: target, isError } = useCall('gw.credit.user.simple.info.get', { userId });
  const [state, send] = useMachine(transferMachine, { input: { userId } });
  const { amount, direction, fieldErrors, balances } = state.context;
  // The contract's amount and comment, then the checks the machine makes against both balances and the point limit.
  const schema = useMemo(
    () =>
      z.object({ amount: filled(transfer.amount, 'amount-format'), comment: transfer.comment.unwrap() }).superRefine((values, ctx) => {
        const problem = fieldErrorsOf(formatCents(values.amount as number), '', direction, balances).amount;
        if (typeof problem === 'number') ctx.addIssue({ code: 'custom', message: codeMessage(problem), path: ['amount'] });
      }),
    [direction, balances],
  );
  const form = useSchemaForm<ScoreValues>(schema, { amount: '', comment: '' });

  useEffect(() => {
    if (target) send({ type: 'BALANCES', operator: myBalance, target: target.balance, targetPointLimit: target.pointLimit });
  }, [target, myBalance, send]);
  useEffect(() => {
    const subscription = form.watch((values) => send({ type: 'EDIT', amount: values.amount ?? '', comment: values.comment ?? '' }));
    return () => subscription.unsubscribe();
  }, [form, send]);
  const refused = fieldErrors.amount;
  useEffect(() => {
    if (typeof refused === 'number') form.setError('amount', { type: 'server', message: codeMessage(refused) }, { shouldFocus: true });
  }, [refused, form]);
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

  const submit = form.handleSubmit((values) => {
    send({ type: 'EDIT', amount: values.amount, comment: values.comment });
    send({ type: 'SUBMIT' });
  });

  return { state, send, form, submit, target, isError, myBalance, preview, rights: commands.rights };
}

export type ScoreTransfer = ReturnType<typeof useScoreTransfer>;
export type ScoreTarget = NonNullable<ScoreTransfer['target']>;
