import type { SortingState } from '@tanstack/react-table';
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_AMOUNT_MIN, scoreTypes } from '@contract/points.contract';
import { useDataTable } from '@/components/data-table/data-table';
import type { ExportFormat } from '@/components/data-table/data-table-export';
import { exportLoadedRows, type TableExport } from '@/components/data-table/data-table-toolbar';
import { ListScreen } from '@/components/data-table/list-screen';
import { ExportJobProgress } from '@/components/export/export-job-progress';
import { useExportJob } from '@/components/export/use-export-job';
import { AsOfAmount } from '@/components/data-table/as-of-column';
import { AsOfBanner, AsOfFilter } from '@/components/filters/as-of-filter';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCall } from '@/api/queries';
import { useFormat } from '@/hooks/use-format';
import { useListScreen } from '@/hooks/use-list-screen';
import { useAsOf } from '@/lib/as-of';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { LogAccountField } from './log-account-field';
import { pointRecordColumns } from './point-record-columns';
import { pointRecordState } from './point-record-state';
import { useLogAccountFilter, type LogAccountFilter } from './use-log-account-filter';

/** The score log of the caller's line (docs/product.md#score-log): filters, a virtualized table loaded as it scrolls, and export. */
export default function PointRecordScreen() {
  return <ScoreLogView risk={false} />;
}

/** Whole points the risk search takes: at least 1000, min below max (docs/product.md#set-score-risk-search); null while they are not. */
function riskBounds(min: string, max: string): { minAmount: number; maxAmount: number } | 'missing' | 'invalid' {
  if (!min || !max) return 'missing';
  const [low, high] = [Number(min), Number(max)];
  return low >= RISK_AMOUNT_MIN && high > low ? { minAmount: low, maxAmount: high } : 'invalid';
}

/**
 * The score log, or (risk) the set-score risk search: the same log, only operations whose amount
 * lies between two whole-point bounds, asked for before anything is read.
 */
export function ScoreLogView({ risk }: { risk: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const account = useLogAccountFilter();
  const exporter = useExportJob('gw.credit.score.log.export', {
    onDone: (count) => toast(t('log.exported', { count }), { variant: 'success' }),
  });
  const exporting = exporter.phase === 'starting' || exporter.phase === 'running' || exporter.phase === 'downloading';

  const applied = account.applied;
  const { pick, clear } = account;
  // As of a past moment: the log up to it (its end capped there), and the picked account's balance then.
  // The risk search has no as-of control: it always reads the log up to now.
  const shownAsOf = useAsOf();
  const at = risk ? null : shownAsOf;
  const asOfUser = applied.kind === 'account' ? applied.userId : undefined;
  const balanceThen = useCall(
    'gw.credit.balance.asof',
    { at: at ?? '', ...(asOfUser ? { userId: asOfUser } : {}) },
    { enabled: at !== null && asOfUser !== undefined, staleTime: Infinity },
  );
  const {
    view,
    setView,
    range,
    setRange,
    query,
    pages,
    rows,
    total: shownTotal,
  } = useListScreen({
    state: pointRecordState,
    method: 'gw.credit.score.log.query',
    defaultRange: null,
    params: (view, times) => {
      const bounds = risk ? riskBounds(view.min, view.max) : null;
      if (applied.kind === 'unknown' || (bounds !== null && typeof bounds !== 'object')) return null;
      const capped = at !== null && (!times.endTime || Date.parse(times.endTime) > Date.parse(at)) ? { ...times, endTime: at } : times;
      if (capped.startTime && capped.endTime && Date.parse(capped.startTime) > Date.parse(capped.endTime)) return null;
      return {
        ...(applied.kind === 'account' ? { userId: applied.userId } : {}),
        ...(view.type ? { type: view.type } : {}),
        ...capped,
        ...(bounds ?? {}),
        order: view.order,
      };
    },
  });
  const { type, order } = view;
  const bounds = risk ? riskBounds(view.min, view.max) : null;
  // Only a change of the URL (a link, Back) moves the field; the field's own changes are written below.
  const followUrl = useEffectEvent((userId: string, loginId: string) => {
    if (userId && !(applied.kind === 'account' && applied.userId === userId)) pick({ userId, loginId });
    else if (!userId && applied.kind === 'account') clear();
  });
  useEffect(() => followUrl(view.account, view.name), [view.account, view.name]);
  const lastApplied = useRef<LogAccountFilter>(applied);
  useEffect(() => {
    if (lastApplied.current === applied) return;
    lastApplied.current = applied;
    const next = applied.kind === 'account' ? { account: applied.userId, name: applied.loginId } : { account: '', name: '' };
    if (next.account !== view.account) setView(next);
  }, [applied, view.account, setView]);

  const exportable = query !== null && !pages.isLoading && !account.resolving && shownTotal > 0 && !exporting;

  const columns = useMemo(() => pointRecordColumns(t, format), [t, format]);
  const sorting = useMemo<SortingState>(() => [{ id: 'time', desc: order === 'desc' }], [order]);
  const model = useDataTable({
    columns,
    data: rows,
    getRowId: (row) => String(row.serialNo),
    sorting,
    onSortingChange: (next) => setView({ order: next[0]?.desc === false ? 'asc' : 'desc' }),
    tableId: 'score-log',
  });

  const exportAs: TableExport = {
    sheet: t('route.pointRecord'),
    disabled: !exportable,
    ...(exporting ? { disabledReason: t('table.exportRunning') } : {}),
    testId: 'log-export',
    // What is loaded is exported here; a longer log is written by the gateway as a job.
    onExport: async (kind: ExportFormat) => {
      if (!exportable || account.pending || !query) return;
      if (rows.length >= shownTotal) {
        await exportLoadedRows(model, exportAs, kind);
        toast(t('log.exported', { count: rows.length }), { variant: 'success' });
      } else exporter.start({ ...query, format: kind });
    },
  };

  const filters = (
    <>
      {risk ? (
        <>
          <BoundField label={t('scoreRisk.min')} value={view.min} onChange={(min) => setView({ min }, 'replace')} testId="risk-min" />
          <BoundField label={t('scoreRisk.max')} value={view.max} onChange={(max) => setView({ max }, 'replace')} testId="risk-max" />
        </>
      ) : null}
      {risk ? null : <AsOfFilter />}
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
      <DateRangeFilter value={range} onChange={setRange} data-testid="log-range" />
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
    <ListScreen
      title={t(risk ? 'route.scoreRisk' : 'route.pointRecord')}
      testId={risk ? 'score-risk-screen' : 'point-record-screen'}
      intro={
        risk ? (
          <p
            className={cn('text-sm', bounds === 'invalid' ? 'text-destructive' : 'text-muted-foreground')}
            role={bounds === 'invalid' ? 'alert' : undefined}
            data-testid="risk-hint"
          >
            {t(bounds === 'invalid' ? 'scoreRisk.invalid' : 'scoreRisk.explain', { min: RISK_AMOUNT_MIN })}
          </p>
        ) : (
          <AsOfBanner />
        )
      }
      model={model}
      filters={filters}
      status={
        <>
          <span className="text-sm text-muted-foreground" role="status" data-testid="log-total" data-total={shownTotal}>
            {t('accounts.total', { count: shownTotal })}
          </span>
          {at !== null && applied.kind === 'account' ? (
            <span className="text-sm" data-testid="log-balance-asof">
              {t('asOf.accountBalance', { loginId: applied.loginId })} <AsOfAmount value={balanceThen.data?.balance} format={format} />
            </span>
          ) : null}
        </>
      }
      exportAs={exportAs}
      toolbarClassName={cn(account.unknownName !== null && 'pb-5')}
      progress={<ExportJobProgress job={exporter} />}
      table={{
        label: t('route.pointRecord'),
        total: shownTotal,
        loading: pages.isFetching,
        empty: query ? t('log.empty') : risk ? t('scoreRisk.askFirst') : null,
        onEndReached: pages.loadMore,
        minWidth: '83.5rem',
        testId: 'log-rows',
        rowTestId: 'log-row',
        rowAttributes: (row) => ({
          'data-serial': String(row.serialNo),
          'data-from': row.fromLoginId ?? undefined,
          'data-to': row.toLoginId,
        }),
      }}
    />
  );
}

function BoundField({ label, value, onChange, testId }: { label: string; value: string; onChange(value: string): void; testId: string }) {
  return (
    <label className="grid gap-1 text-xs text-muted-foreground">
      {label}
      <Input
        value={value}
        inputMode="numeric"
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 13))}
        className="h-9 w-32 text-sm text-foreground"
        data-testid={testId}
      />
    </label>
  );
}
