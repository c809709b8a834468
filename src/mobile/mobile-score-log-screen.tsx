import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scoreTypes } from '../../contract/points.contract';
import { rangePresets, type RangePreset } from '../../contract/range-presets.contract';
import { useInfiniteCall } from '@/api/queries';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useFormat } from '@/hooks/use-format';
import { useUrlState } from '@/hooks/use-url-state';
import { presetRange, rangeToGateway } from '@/lib/time';
import { cn } from '@/lib/utils';
import type { ScoreLogRow } from '@/features/points/point-record-columns';
import { pointRecordState } from '@/features/points/point-record-state';

/** /pointRecord/index on a phone: the line's score operations as cards, newest first, by type and a quick range, or one account's. */
export default function MobileScoreLogScreen() {
  const { t } = useTranslation();
  const [view, setView] = useUrlState(pointRecordState);
  const [preset, setPreset] = useState<RangePreset>('today');
  const range = view.start && view.end ? { start: view.start, end: view.end } : presetRange(preset);
  const query = useMemo(
    () => ({
      ...(view.account ? { userId: view.account } : {}),
      ...(view.type ? { type: view.type } : {}),
      ...rangeToGateway(range),
      order: 'desc' as const,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [view.account, view.type, range.start, range.end],
  );
  const pages = useInfiniteCall('gw.credit.score.log.query', query);
  const rows = pages.rows as ScoreLogRow[];

  const [list, setList] = useState<HTMLUListElement | null>(null);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 112,
    overscan: 6,
    scrollMargin: list?.offsetTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= rows.length - 5 && rows.length < pages.total && !pages.isFetching) pages.loadMore();
  }, [last, rows.length, pages]);

  return (
    <section className="space-y-3" data-testid="mobile-score-log">
      <h1 className="text-lg font-semibold">{t('route.pointRecord')}</h1>
      {view.account ? (
        <p className="flex items-center gap-2 text-sm">
          <span data-testid="mobile-log-account">{view.name}</span>
          <Button variant="outline" size="sm" onClick={() => setView({ account: '', name: '' })}>
            {t('log.clearAccount')}
          </Button>
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor="mobile-log-type">{t('log.typeColumn')}</Label>
          <NativeSelect
            id="mobile-log-type"
            value={view.type}
            onChange={(event) => setView({ type: event.target.value as typeof view.type }, 'replace')}
            data-testid="mobile-log-type"
          >
            <option value="">{t('log.anyType')}</option>
            {scoreTypes.map((type) => (
              <option key={type} value={type}>
                {t(`log.type.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="mobile-log-range">{t('reports.range')}</Label>
          <NativeSelect
            id="mobile-log-range"
            value={view.start ? '' : preset}
            onChange={(event) => {
              setPreset(event.target.value as RangePreset);
              setView({ start: '', end: '' }, 'replace');
            }}
            data-testid="mobile-log-range"
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
      <p className="text-sm text-muted-foreground" role="status" data-testid="mobile-log-total">
        {pages.isPending ? t('app.loading') : t('accounts.total', { count: pages.total })}
      </p>
      {!pages.isPending && rows.length === 0 ? <p className="text-muted-foreground">{t('log.empty')}</p> : null}
      <ul ref={setList} className="relative" style={{ height: virtualizer.getTotalSize() }} data-testid="mobile-log-cards">
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <li
              key={row.serialNo}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute inset-x-0 pb-2"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <LogCard row={row} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function LogCard({ row }: { row: ScoreLogRow }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Points leave the recipient on a score down and a transfer out.
  const outgoing = row.type === 'down' || row.type === 'out';
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
          className={cn(
            'ms-auto font-mono text-base tabular-nums',
            outgoing ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400',
          )}
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
        <span>
          {t('log.targetBalance')}: {format.amount(row.before)} → {format.amount(row.after)}
        </span>
        <span>
          {t('log.operator')}: {row.operator}
        </span>
      </p>
      {row.comment ? <p className="text-xs">{row.comment}</p> : null}
    </article>
  );
}
