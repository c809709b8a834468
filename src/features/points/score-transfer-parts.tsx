import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
import { scorePreviewLines } from '@commands/score-preview';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import type { ScoreTarget, ScoreTransfer } from './use-score-transfer';

export function ScoreBalances({ myBalance, target }: { myBalance: string; target: ScoreTarget }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
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
  );
}

type TransferResult = NonNullable<ScoreTransfer['state']['context']['result']>;

/** The transfer done: both balances before and after, and a way to make another. */
export function ScoreResult({
  result,
  target,
  title,
  onAgain,
}: {
  result: TransferResult;
  target: ScoreTarget;
  title: string;
  onAgain(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
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
      <Button type="button" onClick={onAgain} data-testid="score-new">
        {t('score.again')}
      </Button>
    </div>
  );
}

/**
 * The last look before sending: the gateway's preview of this request (docs/product.md#previews),
 * both balances before and after, the point limit left and what would refuse it. Confirming (the
 * default button: Enter) sends that preview's token, so only what is shown can apply; until the
 * preview has come there is nothing to confirm. A stale refusal comes back here with the fresh one.
 */
export function ScoreConfirmDialog({ transfer, target, title }: { transfer: ScoreTransfer; target: ScoreTarget; title: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { state, send, previewProblem } = transfer;
  const { sent, preview, stale } = state.context;
  const lines = preview ? scorePreviewLines(preview, { t, formatAmount: format.amount }) : [];
  // Each preview, the fresh one of a stale refusal too, makes the action the default button (Enter).
  const action = useRef<HTMLButtonElement>(null);
  const token = preview?.token;
  useEffect(() => {
    if (token) action.current?.focus();
  }, [token]);
  return (
    <AlertDialog open={state.matches('confirming')} onOpenChange={(open) => !open && send({ type: 'CANCEL' })}>
      <AlertDialogContent
        data-testid="score-confirm"
        data-preview={preview ? 'shown' : 'waiting'}
        data-stale={stale || undefined}
        // Until the preview comes, Enter presses nothing: the dialog itself holds the focus.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (preview && action.current ? action.current : (event.currentTarget as HTMLElement)).focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>
            {t('score.confirmTitle', {
              action: title,
              amount: format.amount(sent?.amount ?? ''),
              loginId: target.loginId,
            })}
          </AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="space-y-1 text-sm" data-testid="score-preview">
              {stale ? (
                <p className="font-medium text-destructive" role="alert" data-testid="score-preview-stale">
                  {t('score.previewStale')}
                </p>
              ) : null}
              {preview ? (
                lines.map((line, index) => (
                  <p key={index} className={index === lines.length - 1 && preview.refusals.length > 0 ? 'text-destructive' : undefined}>
                    {line}
                  </p>
                ))
              ) : previewProblem ? (
                <p className="text-destructive" role="alert">
                  {t('score.previewFailed', {
                    reason:
                      previewProblem.code === 1
                        ? t('error.network')
                        : t(String(previewProblem.code), { ns: 'errors', defaultValue: previewProblem.message }),
                  })}
                </p>
              ) : (
                <p role="status">{t('score.previewLoading')}</p>
              )}
              {sent?.comment ? <p>{t('score.confirmComment', { comment: sent.comment })}</p> : null}
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => send({ type: 'CANCEL' })}>{t('logout.cancel')}</AlertDialogCancel>
          <AlertDialogAction ref={action} disabled={!preview} onClick={() => send({ type: 'CONFIRM' })} data-testid="score-confirm-ok">
            {title}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
