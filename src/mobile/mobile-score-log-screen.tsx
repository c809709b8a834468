import { useTranslation } from 'react-i18next';
import { scoreTypes } from '@contract/points.contract';
import { useInfiniteCall } from '@/api/queries';
import { SelectFilter } from '@/components/filters/select-filter';
import { useFormat } from '@/hooks/use-format';
import { useStableValue } from '@/hooks/use-list-screen';
import { useUrlState } from '@/hooks/use-url-state';
import { rangeTimes } from '@/lib/time';
import { cn } from '@/lib/utils';
import type { ScoreLogRow } from '@/features/points/point-record-columns';
import { pointRecordState } from '@/features/points/point-record-state';
import { AccountChip, RangePresetSelect, usePresetRange, VirtualCards } from './mobile-kit';

/** /pointRecord/index on a phone: the line's score operations as cards, newest first, by type and a quick range, or one account's. */
export default function MobileScoreLogScreen() {
  const { t } = useTranslation();
  const [view, setView] = useUrlState(pointRecordState);
  const { range, select } = usePresetRange(view, () => setView({ start: '', end: '' }, 'replace'));
  const query = useStableValue({
    ...(view.account ? { userId: view.account } : {}),
    ...(view.type ? { type: view.type } : {}),
    ...rangeTimes('gw.credit.score.log.query', range),
    order: 'desc' as const,
  });
  const pages = useInfiniteCall('gw.credit.score.log.query', query);
  const rows = pages.rows as ScoreLogRow[];

  return (
    <section className="space-y-3" data-testid="mobile-score-log">
      <h1 className="text-lg font-semibold">{t('route.pointRecord')}</h1>
      {view.account ? (
        <AccountChip name={view.name} onClear={() => setView({ account: '', name: '' })} testId="mobile-log-account" />
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <SelectFilter
          data-testid="mobile-log-type"
          label={t('log.typeColumn')}
          value={view.type}
          options={scoreTypes.map((type) => ({ value: type, label: t(`log.type.${type}`) }))}
          anyLabel={t('log.anyType')}
          onChange={(type) => setView({ type }, 'replace')}
        />
        <RangePresetSelect id="mobile-log-range" {...select} />
      </div>
      <p className="text-sm text-muted-foreground" role="status" data-testid="mobile-log-total">
        {pages.isPending ? t('app.loading') : t('accounts.total', { count: pages.total })}
      </p>
      {!pages.isPending && rows.length === 0 ? <p className="text-muted-foreground">{t('log.empty')}</p> : null}
      <VirtualCards
        rows={rows}
        total={pages.total}
        loading={pages.isFetching}
        loadMore={pages.loadMore}
        rowKey={(row) => String(row.serialNo)}
        estimate={112}
        testId="mobile-log-cards"
      >
        {(row) => <LogCard row={row} />}
      </VirtualCards>
    </section>
  );
}

export function LogCard({ row }: { row: ScoreLogRow }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Signed as the member's (or child's) change, as the desktop's deal record signs it: a down and a
  // transfer in take its points, a transfer out brings them back from the platform.
  const outgoing = row.type === 'down' || row.type === 'in';
  return (
    <article
      className="grid gap-1 rounded-lg border bg-card p-3 text-sm text-card-foreground"
      data-testid="mobile-log-card"
      data-serial={row.serialNo}
    >
      <div className="flex items-center gap-2">
        <span className="font-semibold">{t(`log.type.${row.type}`)}</span>
        {row.state === 'done' ? null : <span className="text-xs text-muted-foreground">{t(`transfers.state.${row.state}`)}</span>}
        <span
          className={cn('ms-auto font-mono text-base tabular-nums', outgoing ? 'text-destructive' : 'text-gain')}
          data-testid="mobile-log-amount"
        >
          {`${outgoing ? '−' : '+'}${format.amount(row.amount)}`}
        </span>
      </div>
      <p className="text-muted-foreground">
        {row.fromLoginId ?? t('log.type.issue')} → <span className="text-foreground">{row.toLoginId}</span>
      </p>
      <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        <span>{format.dateTime(row.time)}</span>
        <span data-testid="mobile-log-to-balance">
          {t('log.toBalance')}: {format.amount(row.toBefore)} → {format.amount(row.toAfter)}
        </span>
        {row.fromBefore === null ? null : (
          <span data-testid="mobile-log-from-balance">
            {t('log.fromBalance')}: {format.amount(row.fromBefore)} → {format.amount(row.fromAfter ?? '')}
          </span>
        )}
        <span>
          {t('log.operator')}: {row.operator}
        </span>
      </p>
      {row.comment ? <p className="text-xs">{row.comment}</p> : null}
    </article>
  );
}
