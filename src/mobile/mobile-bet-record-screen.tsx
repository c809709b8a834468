import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { betCodeName, gameName } from '@commands/game.commands';
import { betStatuses } from '@contract/game.contract';
import { SelectFilter } from '@/components/filters/select-filter';
import { useFormat } from '@/hooks/use-format';
import { useListQuery, useStableValue } from '@/hooks/use-list-screen';
import { useUrlState } from '@/hooks/use-url-state';
import { cn } from '@/lib/utils';
import { BetDetailSheet, SettledAmount, type BetKey } from '@/features/bets/bet-detail-sheet';
import { betQueryOf, betRecordState } from '@/features/bets/bet-record-state';
import { resultTone } from '@/features/reports/win-loss-report-columns';
import { AccountChip, RangePresetSelect, usePresetRange, VirtualCards } from './mobile-kit';

/** /videoOrder/index on a phone: the line's (or one account's) bets as cards with the range's sums, by status and a quick range. */
export default function MobileBetRecordScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [view, setView] = useUrlState(betRecordState);
  const [opened, setOpened] = useState<BetKey | null>(null);
  const { range, select } = usePresetRange(view, () => setView({ start: '', end: '' }, 'replace'));
  const { query, pages, rows } = useListQuery('gw.credit.bet.query', useStableValue(betQueryOf(view, range)));
  const sum = query ? pages.first?.sum : undefined;

  return (
    <section className="space-y-3" data-testid="mobile-bet-record">
      <h1 className="text-lg font-semibold">{t('route.videoOrder')}</h1>
      {view.account ? (
        <AccountChip name={view.name} onClear={() => setView({ account: '', name: '' })} testId="mobile-bet-account" />
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <SelectFilter
          data-testid="mobile-bet-status"
          label={t('bets.column.status')}
          value={view.status}
          options={betStatuses.map((status) => ({ value: status, label: t(`bets.status.${status}`) }))}
          anyLabel={t('bets.anyStatus')}
          onChange={(status) => setView({ status }, 'replace')}
        />
        <RangePresetSelect id="mobile-bet-range" {...select} />
      </div>
      {sum ? (
        <dl className="grid grid-cols-3 gap-2 rounded-lg border bg-card p-3 text-sm" data-testid="mobile-bet-sum">
          <div>
            <dt className="text-muted-foreground">{t('bets.column.bet')}</dt>
            <dd className="font-mono tabular-nums">{format.amount(sum.bet)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('bets.column.validBet')}</dt>
            <dd className="font-mono tabular-nums">{format.amount(sum.validBet)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('bets.column.winLoss')}</dt>
            <dd className={cn('font-mono tabular-nums', resultTone(sum.winLoss))} data-testid="mobile-bet-sum-result">
              {format.amount(sum.winLoss)}
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="text-sm text-muted-foreground" role="status">
        {pages.isPending && query ? t('app.loading') : t('accounts.total', { count: query ? pages.total : 0 })}
      </p>
      {query && !pages.isPending && rows.length === 0 ? <p className="text-muted-foreground">{t('bets.empty')}</p> : null}
      <VirtualCards
        rows={rows}
        total={query ? pages.total : 0}
        loading={pages.isFetching}
        loadMore={pages.loadMore}
        rowKey={(bet) => `${bet.orderId}@${bet.betTime}`}
        estimate={104}
        testId="mobile-bet-cards"
      >
        {(bet) => (
          <article
            className="grid gap-1 rounded-lg border bg-card p-3 text-sm text-card-foreground"
            data-testid="mobile-bet-card"
            data-order-id={bet.orderId}
          >
            <div className="flex items-center gap-2">
              <span className="font-semibold">{gameName(t, bet)}</span>
              <span className="text-xs text-muted-foreground">{t(`bets.status.${bet.status}`)}</span>
              <span className="ms-auto text-base" data-testid="mobile-bet-result">
                <SettledAmount bet={bet} value={bet.winLoss} toned />
              </span>
            </div>
            <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              <span>{bet.loginId}</span>
              <span>{betCodeName(t, bet.betCode)}</span>
              <span>
                {t('bets.column.bet')}: {format.amount(bet.bet)}
              </span>
              <span>{format.dateTime(bet.settleTime ?? bet.betTime)}</span>
            </p>
            <button
              type="button"
              className="justify-self-start font-mono text-xs text-primary underline-offset-2 hover:underline"
              onClick={() => setOpened({ orderId: bet.orderId, betTime: bet.betTime })}
              aria-label={t('bets.detail.open', { orderId: bet.orderId })}
              data-testid="bet-open"
            >
              {bet.orderId}
            </button>
          </article>
        )}
      </VirtualCards>
      <BetDetailSheet target={opened} onClose={() => setOpened(null)} side="bottom" />
    </section>
  );
}
