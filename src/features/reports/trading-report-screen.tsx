import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { BET_MAX_SPAN_DAYS } from '@contract/game.contract';
import type { TradingRow } from '@contract/report.contract';
import { useCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import type { ExportFormat } from '@/components/data-table/data-table-export';
import { type TableExport } from '@/components/data-table/data-table-toolbar';
import { ListScreen } from '@/components/data-table/list-screen';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { useFormat } from '@/hooks/use-format';
import { useListView } from '@/hooks/use-list-screen';
import { toast } from '@/lib/toast';
import { ReportBreadcrumb } from './report-breadcrumb';
import { downloadReport } from './report-export';
import { parseTrail, writeTrail } from './report-trail';
import { tradingReportColumns } from './trading-report-columns';
import { tradingReportState } from './trading-report-state';

/** /tradingReport/index: the score ups, downs and game transfers of each direct child's line, drilled down to the members' score logs. */
export default function TradingReportScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [, navigate] = useLocation();
  const { view, setView, range, setRange, query } = useListView({
    state: tradingReportState,
    method: 'gw.credit.trading.report',
    defaultRange: 'today',
    maxSpanDays: BET_MAX_SPAN_DAYS,
    params: (view, times) => {
      const parent = parseTrail(view.trail).at(-1);
      return { ...times, ...(parent ? { parentId: parent.userId } : {}) };
    },
  });
  const trail = useMemo(() => parseTrail(view.trail), [view.trail]);
  const current = trail.at(-1);
  const report = useCall('gw.credit.trading.report', query ?? { startTime: '', endTime: '' }, { enabled: query !== null });
  const rows = useMemo(() => (query ? (report.data?.list ?? []) : []), [query, report.data]);
  const total = query ? report.data?.total : undefined;

  const columns = useMemo(() => {
    const open = (row: TradingRow) => {
      if (row.level === 5) {
        const log = new URLSearchParams({ account: row.userId, name: row.loginId, start: range.start, end: range.end });
        navigate(`/pointRecord/index?${log.toString()}`);
      } else setView({ trail: writeTrail([...trail, { userId: row.userId, loginId: row.loginId, level: row.level }]) });
    };
    return tradingReportColumns(t, format, open);
  }, [t, format, navigate, setView, trail, range.start, range.end]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.userId, tableId: 'trading-report' });

  const title = t('route.tradingReport');
  const exportAs: TableExport = {
    sheet: title,
    disabled: !query || !total || rows.length === 0,
    testId: 'trading-export',
    onExport: async (kind: ExportFormat) => {
      if (!query || !total) return;
      await downloadReport({
        model,
        rows,
        totals: { ...total, userId: '0', loginId: t('bets.sumRow'), level: 5 },
        blankInTotals: [t('trading.column.level')],
        nameParts: [`${range.start}–${range.end}`, current?.loginId ?? t('reports.myLine')],
        sheet: title,
        format: kind,
      });
      toast(t('reports.exported', { count: rows.length }), { variant: 'success' });
    },
  };

  const totals = total
    ? {
        loginId: t('bets.sumRow'),
        up: format.amount(total.up),
        upCount: format.number(total.upCount),
        down: format.amount(total.down),
        downCount: format.number(total.downCount),
        transferIn: format.amount(total.transferIn),
        inCount: format.number(total.inCount),
        transferOut: format.amount(total.transferOut),
        outCount: format.number(total.outCount),
      }
    : undefined;

  return (
    <ListScreen
      title={title}
      testId="trading-screen"
      intro={<ReportBreadcrumb trail={trail} onGo={(steps) => setView({ trail: writeTrail(steps) })} />}
      model={model}
      filters={<DateRangeFilter value={range} onChange={setRange} maxSpanDays={BET_MAX_SPAN_DAYS} data-testid="trading-range" />}
      exportAs={exportAs}
      table={{
        total: rows.length,
        loading: report.isFetching,
        empty: query ? t('trading.empty') : null,
        totals,
        minWidth: '80rem',
        testId: 'trading-rows',
        rowTestId: 'trading-row',
        rowAttributes: (row) => ({ 'data-login-id': row.loginId, 'data-level': String(row.level) }),
      }}
      frame={(table) => (
        <div className="min-h-40" style={{ height: `min(32rem, ${(rows.length + 2) * 2.75 + 1}rem)` }}>
          {table}
        </div>
      )}
    />
  );
}
