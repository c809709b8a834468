import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { whyNot } from '@commands/can';
import { AccountNotFound } from '@/components/account-not-found';
import { DirectChildPicker } from './account-picker';
import { ScoreBalances, ScoreConfirmDialog, ScoreResult } from './score-transfer-parts';
import { ScoreTransferForm } from './score-transfer-form';
import { useScoreTransfer } from './use-score-transfer';

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
  const transfer = useScoreTransfer(userId);
  const { state, send, form, values, target, isError, myBalance, rights } = transfer;
  const { direction } = values;
  const { result } = state.context;

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
    : whyNot(rights, direction === 'up' ? 'gw.credit.user.score.up' : 'gw.credit.user.score.down', target);
  const title = t(direction === 'up' ? 'score.up' : 'score.down');

  return (
    <section className="max-w-3xl space-y-5" data-testid="setting-score-screen">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{t('route.settingScore')}</h1>
        <Link href="/settingScore/index" className="text-sm text-primary underline-offset-2 hover:underline">
          {t('score.pickOther')}
        </Link>
      </div>
      <ScoreBalances myBalance={myBalance} target={target} />
      {state.matches('done') && result ? (
        <ScoreResult
          result={result}
          target={target}
          title={title}
          onAgain={() => {
            form.reset({ direction, amount: '', comment: '' });
            send({ type: 'NEW' });
          }}
        />
      ) : (
        <ScoreTransferForm transfer={transfer} target={target} title={title} refusal={refusal} />
      )}
      <ScoreConfirmDialog transfer={transfer} target={target} title={title} />
    </section>
  );
}
