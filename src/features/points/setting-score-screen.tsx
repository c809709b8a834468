import { useMachine } from '@xstate/react';
import { ArrowDownCircle, ArrowUpCircle } from 'lucide-react';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { formatCents, parseCents } from '../../../contract/amount.contract';
import { COMMENT_MAX, pointsMethods } from '../../../contract/points.contract';
import { whyNot } from '../../../commands/can';
import { z } from 'zod';
import { fieldErrorsOf, scoreTransferMachine, type TransferRequest } from '../../../machines/score-transfer.machine';
import { call } from '@/api/gateway-client';
import { useCall } from '@/api/queries';
import { AccountNotFound } from '@/components/account-not-found';
import { codeMessage } from '@/components/form/form-messages';
import { filled } from '@/components/form/form-schemas';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-contract-form';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useCommands } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { SessionContext } from '@/lib/session-context';
import { cn } from '@/lib/utils';
import { DirectChildPicker } from './account-picker';

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

/** /settingScore/index/:userId: score a direct child up or down, confirming first, with both balances before and after. */
export default function SettingScoreScreen() {
  const { t } = useTranslation();
  const { userId } = useParams<{ userId?: string }>();
  const [, navigate] = useLocation();
  if (!userId) {
    return (
      <section className="space-y-4" data-testid="setting-score-screen">
        <h1 className="text-xl font-semibold">{t('route.settingScore')}</h1>
        <p className="text-sm text-muted-foreground">{t('score.pick')}</p>
        <DirectChildPicker onPick={(row) => navigate(`/settingScore/index/${row.userId}`)} />
      </section>
    );
  }
  return <Transfer key={userId} userId={userId} />;
}

function Transfer({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const commands = useCommands();
  const myBalance = SessionContext.useSelector((state) => state.context.profile?.balance ?? '0.00');
  const { data: target, isError } = useCall('gw.credit.user.simple.info.get', { userId });
  const [state, send] = useMachine(transferMachine, { input: { userId } });
  const { amount, comment, direction, fieldErrors, result, error, balances } = state.context;
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

  if (isError && !target) {
    return (
      <AccountNotFound
        testId="setting-score-screen"
        title={t('route.settingScore')}
        back={{ href: '/settingScore/index', label: t('score.pickOther') }}
      />
    );
  }
  if (!target) return <p role="status">{t('app.loading')}</p>;

  const refusal = state.matches('done')
    ? null
    : whyNot(commands.rights, direction === 'up' ? 'gw.credit.user.score.up' : 'gw.credit.user.score.down', target);
  const editing = state.matches('editing') || state.matches('confirming') || state.matches('failed');
  const title = t(direction === 'up' ? 'score.up' : 'score.down');

  return (
    <section className="max-w-3xl space-y-5" data-testid="setting-score-screen">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{t('route.settingScore')}</h1>
        <Link href="/settingScore/index" className="text-sm text-primary underline-offset-2 hover:underline">
          {t('score.pickOther')}
        </Link>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="score-balances">
        <div className="rounded-md border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{t('score.yourPoints')}</dt>
          <dd className="font-mono text-lg tabular-nums" data-testid="score-my-balance">
            {format.amount(myBalance)}
          </dd>
        </div>
        <div className="rounded-md border bg-card p-3">
          <dt className="text-sm text-muted-foreground">
            {t('score.theirPoints', { loginId: target.loginId })} · {t(`level.${target.level}`)}
          </dt>
          <dd className="font-mono text-lg tabular-nums" data-testid="score-target-balance">
            {format.amount(target.balance)}
          </dd>
        </div>
      </dl>

      {state.matches('done') && result ? (
        <div className="space-y-3 rounded-md border border-primary/40 bg-card p-4" role="status" data-testid="score-result">
          <p className="font-medium">
            {t('score.doneTitle', {
              action: title,
              amount: format.amount(result.amount),
              loginId: target.loginId,
              serialNo: result.serialNo,
            })}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{target.loginId}</dt>
            <dd className="font-mono tabular-nums" data-testid="score-result-target">
              {format.amount(result.before)} → {format.amount(result.after)}
            </dd>
            <dt className="text-muted-foreground">{t('score.you')}</dt>
            <dd className="font-mono tabular-nums" data-testid="score-result-operator">
              {format.amount(result.operatorBefore)} → {format.amount(result.operatorAfter)}
            </dd>
          </dl>
          <Button
            type="button"
            onClick={() => {
              form.reset({ amount: '', comment: '' });
              send({ type: 'NEW' });
            }}
            data-testid="score-new"
          >
            {t('score.again')}
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4" data-testid="score-form">
          <div role="radiogroup" aria-label={t('score.direction')} className="flex w-fit rounded-md border p-0.5">
            {(['up', 'down'] as const).map((option) => (
              <Button
                key={option}
                type="button"
                size="sm"
                role="radio"
                aria-checked={direction === option}
                variant={direction === option ? 'default' : 'ghost'}
                onClick={() => {
                  form.clearErrors();
                  send({ type: 'EDIT', direction: option });
                }}
                disabled={!editing}
                data-testid={`score-${option}`}
              >
                {option === 'up' ? <ArrowUpCircle aria-hidden /> : <ArrowDownCircle aria-hidden />}
                {t(option === 'up' ? 'score.up' : 'score.down')}
              </Button>
            ))}
          </div>
          <TextField
            form={form}
            name="amount"
            id="score-amount"
            label={t('score.amount')}
            hint={t('score.amountHint')}
            inputMode="decimal"
            disabled={!editing}
            autoComplete="off"
          />
          <TextField
            form={form}
            name="comment"
            id="score-comment"
            label={t('score.comment')}
            hint={`${[...comment].length} / ${COMMENT_MAX}`}
            disabled={!editing}
            multiline
            rows={2}
          />
          {refusal ? (
            <p
              className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
              role="alert"
              data-testid="score-refused"
              data-reason={refusal}
            >
              {t('score.refused', { loginId: target.loginId, reason: t(`why.${refusal}`) })}
            </p>
          ) : null}
          {state.matches('failed') && error ? (
            <div
              className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/50 p-3 text-sm"
              role="alert"
              data-testid="score-error"
            >
              <span className="text-destructive">
                {error.code === 1 ? t('error.network') : t(String(error.code), { ns: 'errors', defaultValue: error.message })}
              </span>
              <Button type="button" size="sm" variant="outline" onClick={() => send({ type: 'RETRY' })} data-testid="score-retry">
                {t('score.retry')}
              </Button>
            </div>
          ) : null}
          <div>
            <Button
              type="submit"
              disabled={state.matches('submitting') || refusal !== null}
              data-testid="score-submit"
              className={cn(direction === 'down' && 'bg-destructive text-destructive-foreground hover:bg-destructive/90')}
            >
              {state.matches('submitting') ? t('password.saving') : title}
            </Button>
          </div>
        </form>
      )}

      <AlertDialog open={state.matches('confirming')} onOpenChange={(open) => !open && send({ type: 'CANCEL' })}>
        <AlertDialogContent data-testid="score-confirm">
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t('score.confirmTitle', {
                action: title,
                amount: format.amount(state.context.sent?.amount ?? amount),
                loginId: target.loginId,
              })}
            </AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="space-y-1 text-sm">
                <p>
                  {t('score.confirmTarget', {
                    loginId: target.loginId,
                    before: format.amount(target.balance),
                    after: preview?.theirs ? format.amount(preview.theirs) : '—',
                  })}
                </p>
                <p>
                  {t('score.confirmYou', { before: format.amount(myBalance), after: preview?.mine ? format.amount(preview.mine) : '—' })}
                </p>
                {comment ? <p>{t('score.confirmComment', { comment })}</p> : null}
              </div>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => send({ type: 'CANCEL' })}>{t('logout.cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={() => send({ type: 'CONFIRM' })} data-testid="score-confirm-ok">
              {title}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
