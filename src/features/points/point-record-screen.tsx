import { useVirtualizer } from '@tanstack/react-virtual';
import { Download } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParamsIn, ResultOf } from '../../../contract/methods.contract';
import { scoreTypes } from '../../../contract/points.contract';
import { GatewayError, call } from '@/api/gateway-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { onAccountsChanged } from '@/lib/confirm';
import { showError } from '@/lib/error-toast';
import { download, toCsv, toXlsx, type Table } from '@/lib/table-export';
import { useFormat } from '@/hooks/use-format';
import { beijingDaysRange, beijingStamp, beijingTime } from '@/lib/time';
import { cn } from '@/lib/utils';
import { LogAccountField } from './log-account-field';
import { useLogAccountFilter } from './use-log-account-filter';

type Row = ResultOf<'gw.credit.score.log.query'>['list'][number];
type Query = Omit<ParamsIn<'gw.credit.score.log.query'>, 'pageIndex' | 'pageSize'>;

const PAGE_SIZE = 200;
const EXPORT_PAGE = 500;
/** An export stops here: a bigger one asks for narrower filters. */
const EXPORT_MAX = 100_000;
const ROW_HEIGHT = 40;
const COLUMNS =
  'grid-cols-[5rem_10rem_5rem_minmax(6rem,1fr)_minmax(6rem,1fr)_7rem_minmax(10rem,1.2fr)_minmax(10rem,1.2fr)_6rem_minmax(6rem,1fr)_minmax(6rem,1fr)]';
/** The tracks' minimum widths, gaps and padding: rows and header are this wide when the table scrolls sideways. */
const ROW_MIN_WIDTH = 'min-w-[83.5rem]';

/** The score log of the caller's line (spec §3): filters, a virtualized table loaded as it scrolls, and export. */
export default function PointRecordScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const account = useLogAccountFilter();
  const [type, setType] = useState<'' | (typeof scoreTypes)[number]>('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [order, setOrder] = useState<'desc' | 'asc'>('desc');
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [rowsQuery, setRowsQuery] = useState<Query | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const generation = useRef(0);
  const nextPage = useRef(1);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);

  const rangeProblem = start && end && start > end ? t('log.startAfterEnd') : null;
  const accountFilter = account.applied;
  const query = useMemo<Query | null>(
    () =>
      rangeProblem || accountFilter.kind === 'unknown'
        ? null
        : {
            ...(accountFilter.kind === 'account' ? { userId: accountFilter.userId } : {}),
            ...(type ? { type } : {}),
            ...beijingDaysRange(start, end),
            order,
          },
    [accountFilter, type, start, end, order, rangeProblem],
  );

  const load = useCallback(
    async (reset: boolean) => {
      if (!query) return;
      const mine = reset ? ++generation.current : generation.current;
      if (reset) nextPage.current = 1;
      setLoading(true);
      try {
        const page = await call('gw.credit.score.log.query', { ...query, pageIndex: nextPage.current, pageSize: PAGE_SIZE });
        if (mine !== generation.current) return;
        nextPage.current += 1;
        if (reset) setRowsQuery(query);
        setRows((current) => (reset ? page.list : [...current, ...page.list]));
        setTotal(page.total);
      } catch (error) {
        if (mine === generation.current) showError(error instanceof GatewayError ? error.code : 1, t);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [query, t],
  );

  useEffect(() => {
    void load(true);
    return onAccountsChanged(() => void load(true));
  }, [load]);

  const shownRows = query ? rows : [];
  const shownTotal = query ? total : 0;
  const exportable = query !== null && query === rowsQuery && !account.resolving && shownTotal > 0 && exporting === null;

  const virtualizer = useVirtualizer({
    count: shownRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (!loading && rows.length < total && lastIndex >= rows.length - 20) void load(false);
  }, [lastIndex, rows.length, total, loading, load]);

  const typeName = (value: Row['type']) => t(`log.type.${value}`);
  const columns = [
    ['serial', t('log.serial')],
    ['time', t('log.time')],
    ['type', t('log.typeColumn')],
    ['from', t('log.from')],
    ['to', t('log.to')],
    ['amount', t('log.amount')],
    ['targetBalance', t('log.targetBalance')],
    ['operatorBalance', t('log.operatorBalance')],
    ['operator', t('log.operator')],
    ['ip', t('log.ip')],
    ['comment', t('log.comment')],
  ] as const;
  const header = columns.map(([, label]) => label);

  async function exportAs(format: 'csv' | 'xlsx') {
    if (!exportable || account.pending || !query) return;
    const all: Row[] = [];
    setExporting({ done: 0, total: shownTotal });
    try {
      for (let pageIndex = 1; all.length < EXPORT_MAX; pageIndex++) {
        const page = await call('gw.credit.score.log.query', { ...query, pageIndex, pageSize: EXPORT_PAGE });
        all.push(...page.list);
        setExporting({ done: all.length, total: Math.min(page.total, EXPORT_MAX) });
        if (page.list.length < EXPORT_PAGE || all.length >= page.total) break;
      }
      const table: Table = {
        header,
        rows: all.map((row) => [
          row.serialNo,
          beijingTime(row.time),
          typeName(row.type),
          row.fromLoginId ?? '',
          row.toLoginId,
          { number: row.amount },
          `${row.before} → ${row.after}`,
          row.operatorBefore === null ? '' : `${row.operatorBefore} → ${row.operatorAfter}`,
          row.operator,
          row.operatorIp,
          row.comment,
        ]),
      };
      const name = `score-log-${beijingStamp()}`;
      if (format === 'csv') download(`${name}.csv`, toCsv(table), 'text/csv;charset=utf-8');
      else
        download(
          `${name}.xlsx`,
          await toXlsx(table, t('route.pointRecord')),
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
      toast(t('log.exported', { count: all.length }), { variant: 'success' });
    } catch (error) {
      showError(error instanceof GatewayError ? error.code : 1, t);
    } finally {
      setExporting(null);
    }
  }

  return (
    <section className="flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3" data-testid="point-record-screen">
      <h1 className="text-xl font-semibold">{t('route.pointRecord')}</h1>
      <div className={cn('flex flex-wrap items-end gap-2', account.unknownName !== null && 'pb-5')} role="search">
        <LogAccountField filter={account} />
        <label className="grid gap-1 text-xs text-muted-foreground">
          {t('log.typeColumn')}
          <select
            value={type}
            onChange={(event) => setType(event.target.value as typeof type)}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground"
            data-testid="log-type"
          >
            <option value="">{t('log.anyType')}</option>
            {scoreTypes.map((value) => (
              <option key={value} value={value}>
                {typeName(value)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs text-muted-foreground">
          {t('log.start')}
          <Input
            type="date"
            value={start}
            onChange={(event) => setStart(event.target.value)}
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
            onChange={(event) => setEnd(event.target.value)}
            className="w-44"
            aria-invalid={Boolean(rangeProblem)}
            data-testid="log-end"
          />
        </label>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setOrder(order === 'desc' ? 'asc' : 'desc')}
          aria-label={t('log.order')}
        >
          {order === 'desc' ? t('log.newestFirst') : t('log.oldestFirst')}
        </Button>
        <div className="ml-auto flex items-center gap-2">
          <span className="text-sm text-muted-foreground" role="status" data-testid="log-total" data-total={shownTotal}>
            {exporting ? t('log.exporting', { done: exporting.done, total: exporting.total }) : t('accounts.total', { count: shownTotal })}
          </span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!exportable}
            onClick={() => void exportAs('csv')}
            data-testid="log-export-csv"
          >
            <Download aria-hidden />
            CSV
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!exportable}
            onClick={() => void exportAs('xlsx')}
            data-testid="log-export-xlsx"
          >
            <Download aria-hidden />
            Excel
          </Button>
        </div>
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

      <div
        role="table"
        aria-label={t('route.pointRecord')}
        aria-rowcount={shownTotal + 1}
        className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-md border bg-card text-card-foreground"
      >
        <div role="rowgroup" ref={headerRef} className="overflow-hidden [scrollbar-gutter:stable]">
          <div role="row" className={cn('grid items-center gap-2 border-b bg-muted px-3 py-2 text-sm font-medium', COLUMNS, ROW_MIN_WIDTH)}>
            {columns.map(([id, label]) => (
              <span key={id} role="columnheader" data-column={id}>
                {label}
              </span>
            ))}
          </div>
        </div>
        <div
          ref={scrollRef}
          role="rowgroup"
          tabIndex={0}
          className="relative min-h-0 flex-1 overflow-auto [scrollbar-gutter:stable] focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="log-rows"
          aria-label={t('route.pointRecord')}
          onScroll={(event) => {
            if (headerRef.current) headerRef.current.scrollLeft = event.currentTarget.scrollLeft;
          }}
        >
          {query && shownRows.length === 0 && !loading ? <p className="p-6 text-center text-muted-foreground">{t('log.empty')}</p> : null}
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = shownRows[item.index]!;
              return (
                <div
                  key={row.serialNo}
                  role="row"
                  aria-rowindex={item.index + 2}
                  data-testid="log-row"
                  data-serial={row.serialNo}
                  className={cn('absolute right-0 left-0 grid items-center gap-2 border-b px-3 text-sm', COLUMNS, ROW_MIN_WIDTH)}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                  data-from={row.fromLoginId ?? undefined}
                  data-to={row.toLoginId}
                >
                  <span role="cell" className="font-mono tabular-nums">
                    {row.serialNo}
                  </span>
                  <span role="cell" className="text-xs">
                    {format.dateTime(row.time)}
                  </span>
                  <span role="cell">{typeName(row.type)}</span>
                  <span role="cell" className="truncate">
                    {row.fromLoginId ?? '—'}
                  </span>
                  <span role="cell" className="truncate">
                    {row.toLoginId}
                  </span>
                  <span
                    role="cell"
                    className={cn('font-mono tabular-nums', row.type === 'down' || row.type === 'out' ? 'text-destructive' : '')}
                  >
                    {format.amount(row.amount)}
                  </span>
                  <span role="cell" className="font-mono text-xs tabular-nums">
                    {format.amount(row.before)} → {format.amount(row.after)}
                  </span>
                  <span role="cell" className="font-mono text-xs tabular-nums">
                    {row.operatorBefore === null ? '—' : `${format.amount(row.operatorBefore)} → ${format.amount(row.operatorAfter ?? '')}`}
                  </span>
                  <span role="cell" className="truncate">
                    {row.operator}
                  </span>
                  <span role="cell" className="truncate text-xs">
                    {row.operatorIp}
                  </span>
                  <span role="cell" className="truncate" title={row.comment || undefined} data-column="comment">
                    {row.comment}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
