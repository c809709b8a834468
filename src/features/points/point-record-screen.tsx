import type { SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParamsIn } from '../../../contract/methods.contract';
import { scoreTypes } from '../../../contract/points.contract';
import { call } from '@/api/gateway-client';
import { reportError, useInfiniteCall } from '@/api/queries';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { exportedTable, type ExportFormat } from '@/components/data-table/data-table-export';
import { DataTableToolbar } from '@/components/data-table/data-table-toolbar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useFormat } from '@/hooks/use-format';
import { useUrlState } from '@/hooks/use-url-state';
import { download, toCsv, toXlsx } from '@/lib/table-export';
import { beijingDaysRange, beijingStamp } from '@/lib/time';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { LogAccountField } from './log-account-field';
import { pointRecordColumns, type ScoreLogRow } from './point-record-columns';
import { pointRecordState } from './point-record-state';
import { useLogAccountFilter, type LogAccountFilter } from './use-log-account-filter';

type Query = Omit<ParamsIn<'gw.credit.score.log.query'>, 'pageIndex' | 'pageSize'>;

const EXPORT_PAGE = 500;
/** An export stops here: a bigger one asks for narrower filters. */
const EXPORT_MAX = 100_000;

/** The score log of the caller's line (spec §3): filters, a virtualized table loaded as it scrolls, and export. */
export default function PointRecordScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const account = useLogAccountFilter();
  const [view, setView] = useUrlState(pointRecordState);
  const { type, start, end, order } = view;
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);

  const applied = account.applied;
  const { pick, clear } = account;
  useEffect(() => {
    if (view.account && !(applied.kind === 'account' && applied.userId === view.account))
      pick({ userId: view.account, loginId: view.name });
    else if (!view.account && applied.kind === 'account') clear();
    // Only a change of the URL (a link, Back) moves the field; the field's own changes are written below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.account, view.name]);
  const lastApplied = useRef<LogAccountFilter>(applied);
  useEffect(() => {
    if (lastApplied.current === applied) return;
    lastApplied.current = applied;
    const next = applied.kind === 'account' ? { account: applied.userId, name: applied.loginId } : { account: '', name: '' };
    if (next.account !== view.account) setView(next);
  }, [applied, view.account, setView]);

  const rangeProblem = start && end && start > end ? t('log.startAfterEnd') : null;
  const query = useMemo<Query | null>(
    () =>
      rangeProblem || applied.kind === 'unknown'
        ? null
        : {
            ...(applied.kind === 'account' ? { userId: applied.userId } : {}),
            ...(type ? { type } : {}),
            ...beijingDaysRange(start, end),
            order,
          },
    [applied, type, start, end, order, rangeProblem],
  );
  const pages = useInfiniteCall('gw.credit.score.log.query', query ?? {}, { enabled: query !== null });
  const rows = useMemo(() => (query ? (pages.rows as ScoreLogRow[]) : []), [query, pages.rows]);
  const shownTotal = query ? pages.total : 0;
  const exportable = query !== null && !pages.isLoading && !account.resolving && shownTotal > 0 && exporting === null;

  const columns = useMemo(() => pointRecordColumns(t, format), [t, format]);
  const sorting = useMemo<SortingState>(() => [{ id: 'time', desc: order === 'desc' }], [order]);
  const model = useDataTable({
    columns,
    data: rows,
    getRowId: (row) => String(row.serialNo),
    sorting,
    onSortingChange: (next) => setView({ order: next[0]?.desc === false ? 'asc' : 'desc' }),
  });

  async function exportAs(kind: ExportFormat) {
    if (!exportable || account.pending || !query) return;
    const all: ScoreLogRow[] = [];
    setExporting({ done: 0, total: shownTotal });
    try {
      for (let pageIndex = 1; all.length < EXPORT_MAX; pageIndex++) {
        const page = await call('gw.credit.score.log.query', { ...query, pageIndex, pageSize: EXPORT_PAGE });
        all.push(...page.list);
        setExporting({ done: all.length, total: Math.min(page.total, EXPORT_MAX) });
        if (page.list.length < EXPORT_PAGE || all.length >= page.total) break;
      }
      const table = exportedTable(model.table.getAllLeafColumns(), all);
      const name = `score-log-${beijingStamp()}`;
      if (kind === 'csv') download(`${name}.csv`, toCsv(table), 'text/csv;charset=utf-8');
      else
        download(
          `${name}.xlsx`,
          await toXlsx(table, t('route.pointRecord')),
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
      toast(t('log.exported', { count: all.length }), { variant: 'success' });
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(null);
    }
  }

  const filters = (
    <>
      <LogAccountField filter={account} />
      <label className="grid gap-1 text-xs text-muted-foreground">
        {t('log.typeColumn')}
        <select
          value={type}
          onChange={(event) => setView({ type: event.target.value as typeof type })}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground"
          data-testid="log-type"
        >
          <option value="">{t('log.anyType')}</option>
          {scoreTypes.map((value) => (
            <option key={value} value={value}>
              {t(`log.type.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-xs text-muted-foreground">
        {t('log.start')}
        <Input
          type="date"
          value={start}
          onChange={(event) => setView({ start: event.target.value }, 'replace')}
          className="w-44"
          aria-invalid={Boolean(rangeProblem)}
          data-testid="log-start"
        />
      </label>
      <label className="grid gap-1 text-xs text-muted-foreground">
        {t('log.end')}
        <Input
          type="date"
          value={end}
          onChange={(event) => setView({ end: event.target.value }, 'replace')}
          className="w-44"
          aria-invalid={Boolean(rangeProblem)}
          data-testid="log-end"
        />
      </label>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setView({ order: order === 'desc' ? 'asc' : 'desc' })}
        aria-label={t('log.order')}
      >
        {order === 'desc' ? t('log.newestFirst') : t('log.oldestFirst')}
      </Button>
    </>
  );

  return (
    <section className="flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3" data-testid="point-record-screen">
      <h1 className="text-xl font-semibold">{t('route.pointRecord')}</h1>
      <div className={cn(account.unknownName !== null && 'pb-5')}>
        <DataTableToolbar
          model={model}
          filters={filters}
          status={
            <span className="text-sm text-muted-foreground" role="status" data-testid="log-total" data-total={shownTotal}>
              {exporting
                ? t('log.exporting', { done: exporting.done, total: exporting.total })
                : t('accounts.total', { count: shownTotal })}
            </span>
          }
          exportAs={{ name: 'score-log', sheet: t('route.pointRecord'), disabled: !exportable, onExport: exportAs, testId: 'log-export' }}
        />
      </div>
      {rangeProblem ? (
        <p className="text-sm text-destructive" role="alert" data-testid="log-range-problem">
          {rangeProblem}
        </p>
      ) : null}
      {exporting ? (
        <div
          role="progressbar"
          aria-label={t('log.exportProgress')}
          aria-valuemin={0}
          aria-valuemax={exporting.total}
          aria-valuenow={exporting.done}
          className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary"
            style={{ width: `${exporting.total ? Math.round((exporting.done / exporting.total) * 100) : 0}%` }}
          />
        </div>
      ) : null}
      <DataTable
        model={model}
        label={t('route.pointRecord')}
        total={shownTotal}
        loading={pages.isFetching}
        empty={query ? t('log.empty') : null}
        onEndReached={pages.loadMore}
        minWidth="83.5rem"
        testId="log-rows"
        rowTestId="log-row"
        rowAttributes={(row) => ({
          'data-serial': String(row.serialNo),
          'data-from': row.fromLoginId ?? undefined,
          'data-to': row.toLoginId,
        })}
      />
    </section>
  );
}
