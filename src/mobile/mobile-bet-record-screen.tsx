import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_MAX_SPAN_DAYS, betStatuses } from '../../contract/game.contract';
import { rangePresets, type RangePreset } from '../../contract/range-presets.contract';
import { useInfiniteCall } from '@/api/queries';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useFormat } from '@/hooks/use-format';
import { useUrlState } from '@/hooks/use-url-state';
import { presetRange, rangeTimes } from '@/lib/time';
import { cn } from '@/lib/utils';
import { betRecordState } from '@/features/bets/bet-record-state';
import { resultTone } from '@/features/reports/win-loss-report-columns';

/** /videoOrder/index on a phone: the line's (or one account's) bets as cards with the range's sums, by status and a quick range. */
export default function MobileBetRecordScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [view, setView] = useUrlState(betRecordState);
  const [preset, setPreset] = useState<RangePreset>('today');
  const range = view.start && view.end ? { start: view.start, end: view.end } : presetRange(preset);
  const query = useMemo(() => {
    const times = rangeTimes(range, BET_MAX_SPAN_DAYS);
    if (!times) return null;
    return {
      ...times,
      ...(view.account ? { userId: view.account } : {}),
      ...(view.type ? { gameType: view.type } : {}),
      ...(view.game ? { gameCode: view.game } : {}),
      ...(view.status ? { status: view.status } : {}),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range.start, range.end, view.account, view.type, view.game, view.status]);
  const pages = useInfiniteCall('gw.credit.bet.query', query ?? { startTime: '', endTime: '' }, { enabled: query !== null });
  const rows = query ? pages.rows : [];
  const sum = query ? pages.first?.sum : undefined;

  const [list, setList] = useState<HTMLUListElement | null>(null);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 104,
    overscan: 6,
    scrollMargin: list?.offsetTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= rows.length - 5 && rows.length < pages.total && !pages.isFetching) pages.loadMore();
  }, [last, rows.length, pages]);

  return (
    <section className="space-y-3" data-testid="mobile-bet-record">
      <h1 className="text-lg font-semibold">{t('route.videoOrder')}</h1>
      {view.account ? (
        <p className="flex items-center gap-2 text-sm">
          <span data-testid="mobile-bet-account">{view.name}</span>
          <Button variant="outline" size="sm" onClick={() => setView({ account: '', name: '' })}>
            {t('log.clearAccount')}
          </Button>
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor="mobile-bet-status">{t('bets.column.status')}</Label>
          <NativeSelect
            id="mobile-bet-status"
            value={view.status}
            onChange={(event) => setView({ status: event.target.value as typeof view.status }, 'replace')}
            data-testid="mobile-bet-status"
          >
            <option value="">{t('bets.anyStatus')}</option>
            {betStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`bets.status.${status}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="mobile-bet-range">{t('reports.range')}</Label>
          <NativeSelect
            id="mobile-bet-range"
            value={view.start ? '' : preset}
            onChange={(event) => {
              setPreset(event.target.value as RangePreset);
              setView({ start: '', end: '' }, 'replace');
            }}
            data-testid="mobile-bet-range"
          >
            {view.start ? <option value="">{`${range.start} – ${range.end}`}</option> : null}
            {rangePresets.map((item) => (
              <option key={item} value={item}>
                {t(`filter.preset.${item}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
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
      <ul ref={setList} className="relative" style={{ height: virtualizer.getTotalSize() }} data-testid="mobile-bet-cards">
        {items.map((item) => {
          const bet = rows[item.index]!;
          return (
            <li
              key={`${bet.orderId}@${bet.betTime}`}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute inset-x-0 pb-2"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <article
                className="grid gap-1 rounded-lg border bg-card p-3 text-sm text-card-foreground"
                data-testid="mobile-bet-card"
                data-order-id={bet.orderId}
              >
                <div className="flex items-center gap-2">
                  <span className="font-semibold">{bet.gameName}</span>
                  <span className="text-xs text-muted-foreground">{t(`bets.status.${bet.status}`)}</span>
                  <span className={cn('ms-auto font-mono text-base tabular-nums', resultTone(bet.winLoss))}>
                    {format.amount(bet.winLoss)}
                  </span>
                </div>
                <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                  <span>{bet.loginId}</span>
                  <span>{bet.betCode}</span>
                  <span>
                    {t('bets.column.bet')}: {format.amount(bet.bet)}
                  </span>
                  <span>{format.dateTime(bet.settleTime ?? bet.betTime)}</span>
                </p>
                <p className="font-mono text-xs text-muted-foreground">{bet.orderId}</p>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
