import { ArrowDownCircle, ArrowUpCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX } from '@contract/points.contract';
import { retryable } from '@machines/score-transfer.machine';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { ScoreTarget, ScoreTransfer } from './use-score-transfer';

/** The amount and comment of a score up or down, why it cannot be made, or why it failed. */
export function ScoreTransferForm({
  transfer,
  target,
  title,
  refusal,
}: {
  transfer: ScoreTransfer;
  target: ScoreTarget;
  title: string;
  refusal: string | null;
}) {
  const { t } = useTranslation();
  const { state, send, form, submit, values } = transfer;
  const { comment, direction } = values;
  const { error } = state.context;
  const editing = state.matches('editing') || state.matches('confirming') || state.matches('failed');
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="score-form">
      <ScoreDirection transfer={transfer} disabled={!editing} />
      <TextField
        form={form}
        name="amount"
        id="score-amount"
        label={t('score.amount')}
        hint={t('score.amountHint')}
        inputMode="decimal"
        disabled={!editing}
        autoComplete="off"
        data-focus-start
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
          {retryable(error) ? (
            <Button type="button" size="sm" variant="outline" onClick={() => send({ type: 'RETRY' })} data-testid="score-retry">
              {t('score.retry')}
            </Button>
          ) : null}
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
  );
}

function ScoreDirection({ transfer, disabled }: { transfer: ScoreTransfer; disabled: boolean }) {
  const { t } = useTranslation();
  const { form, values } = transfer;
  const { direction } = values;
  return (
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
            form.setValue('direction', option);
          }}
          disabled={disabled}
          data-testid={`score-${option}`}
        >
          {option === 'up' ? <ArrowUpCircle aria-hidden /> : <ArrowDownCircle aria-hidden />}
          {t(option === 'up' ? 'score.up' : 'score.down')}
        </Button>
      ))}
    </div>
  );
}
