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

/** The last look before sending: the amount and both balances as they will be. */
export function ScoreConfirmDialog({ transfer, target, title }: { transfer: ScoreTransfer; target: ScoreTarget; title: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { state, send, myBalance, preview } = transfer;
  const { sent } = state.context;
  return (
    <AlertDialog open={state.matches('confirming')} onOpenChange={(open) => !open && send({ type: 'CANCEL' })}>
      <AlertDialogContent data-testid="score-confirm">
        <AlertDialogHeader>
          <AlertDialogTitle>
            {t('score.confirmTitle', {
              action: title,
              amount: format.amount(sent?.amount ?? ''),
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
              <p>{t('score.confirmYou', { before: format.amount(myBalance), after: preview?.mine ? format.amount(preview.mine) : '—' })}</p>
              {sent?.comment ? <p>{t('score.confirmComment', { comment: sent.comment })}</p> : null}
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
  );
}
