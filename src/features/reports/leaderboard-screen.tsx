import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { gameTypes } from '@contract/account-fields.contract';
import { BET_MAX_SPAN_DAYS } from '@contract/game.contract';
import { leaderboardMetrics, type LeaderboardRow } from '@contract/report.contract';
import { useCall } from '@/api/queries';
import { lazyChart } from '@/components/chart/lazy-chart';
import { useDataTable } from '@/components/data-table/data-table';
import type { ExportFormat } from '@/components/data-table/data-table-export';
import { type TableExport } from '@/components/data-table/data-table-toolbar';
import { ListScreen } from '@/components/data-table/list-screen';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { SelectFilter } from '@/components/filters/select-filter';
import { useFormat } from '@/hooks/use-format';
import { useListView } from '@/hooks/use-list-screen';
import { useSiteCurrency, withCurrency } from '@/lib/site-currency';
import { toast } from '@/lib/toast';
import { leaderboardLimits, leaderboardState } from './leaderboard-state';
import { downloadReport } from './report-export';
import { leaderboardColumns } from './leaderboard-columns';

const LeaderboardChart = lazyChart(() => import('./leaderboard-chart'));

/** /leaderboard/index: the line's top members over whole Beijing days, as a table and as bars. */
export default function LeaderboardScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const { view, setView, range, setRange, query } = useListView({
    state: leaderboardState,
    method: 'gw.credit.leaderboard.query',
    defaultRange: 'today',
    maxSpanDays: BET_MAX_SPAN_DAYS,
    params: (view, times) => ({ ...times, by: view.by, limit: Number(view.limit), ...(view.type ? { gameType: view.type } : {}) }),
  });
  const board = useCall('gw.credit.leaderboard.query', query ?? { startTime: '', endTime: '' }, { enabled: query !== null });
  const rows = useMemo(() => (query ? (board.data?.list ?? []) : []), [query, board.data]);

  const columns = useMemo(() => leaderboardColumns(t, format, view.by), [t, format, view.by]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.userId });

  const currency = useSiteCurrency();
  // A figure in amounts names its currency once (the count of bets has none).
  const metricLabel = view.by === 'bets' ? t('leaderboard.by.bets') : withCurrency(t(`leaderboard.by.${view.by}`), currency);
  const value = (row: LeaderboardRow) =>
    view.by === 'bets' ? row.bets : view.by === 'validBet' ? Number(row.validAmount) : Number(row.valueWonLose);
  const title = t('route.leaderboard');
  const exportAs: TableExport = {
    sheet: title,
    disabled: !query || rows.length === 0,
    testId: 'leaderboard-export',
    onExport: async (kind: ExportFormat) => {
      if (!query) return;
      await downloadReport({
        model,
        rows,
        nameParts: [metricLabel, `${range.start}–${range.end}`],
        sheet: title,
        format: kind,
      });
      toast(t('reports.exported', { count: rows.length }), { variant: 'success' });
    },
  };

  return (
    <ListScreen
      title={title}
      testId="leaderboard-screen"
      model={model}
      filters={
        <>
          <SelectFilter
            label={t('leaderboard.rankBy')}
            value={view.by}
            onChange={(by) => setView({ by: by || 'win' })}
            options={leaderboardMetrics.map((metric) => ({ value: metric, label: t(`leaderboard.by.${metric}`) }))}
            required
            data-testid="leaderboard-by"
          />
          <SelectFilter
            label={t('leaderboard.limit')}
            value={view.limit}
            onChange={(limit) => setView({ limit: limit || '20' })}
            options={leaderboardLimits.map((limit) => ({ value: limit, label: limit }))}
            required
            data-testid="leaderboard-limit"
          />
          <SelectFilter
            label={t('game.type')}
            value={view.type}
            onChange={(type) => setView({ type })}
            options={gameTypes.map((type) => ({ value: type, label: t(`game.${type}`) }))}
            anyLabel={t('bets.anyType')}
            data-testid="leaderboard-type"
          />
          <DateRangeFilter value={range} onChange={setRange} maxSpanDays={BET_MAX_SPAN_DAYS} data-testid="leaderboard-range" />
        </>
      }
      exportAs={exportAs}
      table={{
        total: rows.length,
        loading: board.isFetching,
        empty: query ? t('leaderboard.empty') : null,
        minWidth: '48rem',
        testId: 'leaderboard-rows',
        rowTestId: 'leaderboard-row',
        rowAttributes: (row) => ({ 'data-login-id': row.loginId, 'data-rank': String(row.rank) }),
      }}
      frame={(table) => (
        <div className="grid gap-4 xl:grid-cols-2">
          <div className="min-h-40" style={{ height: `min(36rem, ${(rows.length + 1) * 2.75 + 1}rem)` }}>
            {table}
          </div>
          {rows.length > 0 ? (
            <figure className="grid gap-2">
              <figcaption className="text-sm font-medium">{metricLabel}</figcaption>
              <LeaderboardChart
                bars={rows.map((row) => ({ loginId: row.loginId, value: value(row) }))}
                label={metricLabel}
                className="aspect-auto"
                height={`${Math.max(10, rows.length * 1.75 + 3)}rem`}
              />
            </figure>
          ) : null}
        </div>
      )}
    />
  );
}
