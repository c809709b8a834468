import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_MAX_SPAN_DAYS, betStatuses } from '@contract/game.contract';
import { orderNumberRule } from '@contract/rules.contract';
import { useDataTable } from '@/components/data-table/data-table';
import type { ExportFormat } from '@/components/data-table/data-table-export';
import { exportLoadedRows, type TableExport } from '@/components/data-table/data-table-toolbar';
import { ListScreen } from '@/components/data-table/list-screen';
import { ExportJobProgress } from '@/components/export/export-job-progress';
import { useExportJob } from '@/components/export/use-export-job';
import { AccountPicker } from '@/components/filters/account-picker';
import { CheckedSearchFilter } from '@/components/filters/checked-search-filter';
import { GameRangeFilters } from '@/components/filters/game-range-filters';
import { SelectFilter } from '@/components/filters/select-filter';
import { useFormat } from '@/hooks/use-format';
import { useListScreen } from '@/hooks/use-list-screen';
import { toast } from '@/lib/toast';
import { BetDetailSheet, type BetKey } from './bet-detail-sheet';
import { betRecordColumns, type BetRow } from './bet-record-columns';
import { betParamsOf, betRecordState } from './bet-record-state';

/** /videoOrder/index: the bets of the caller's line (docs/product.md#bets), filtered, totalled, loaded as they scroll, exported. */
export default function BetRecordScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const { view, setView, range, setRange, query, pages, rows, total } = useListScreen({
    state: betRecordState,
    method: 'gw.credit.bet.query',
    defaultRange: 'today',
    maxSpanDays: BET_MAX_SPAN_DAYS,
    params: betParamsOf,
  });
  const [accountText, setAccountText] = useState(view.name);
  const [orderProblem, setOrderProblem] = useState(false);
  const [opened, setOpened] = useState<BetKey | null>(null);
  const open = (row: BetRow) => setOpened({ orderId: row.orderId, betTime: row.betTime });
  const exporter = useExportJob('gw.credit.bet.export', {
    onDone: (count) => toast(t('bets.exported', { count }), { variant: 'success' }),
  });
  const exporting = exporter.phase === 'starting' || exporter.phase === 'running' || exporter.phase === 'downloading';

  const sum = query ? pages.first?.sum : undefined;

  const columns = useMemo(
    () => betRecordColumns(t, format, (row) => setOpened({ orderId: row.orderId, betTime: row.betTime })),
    [t, format],
  );
  const model = useDataTable({ columns, data: rows, getRowId: (row) => `${row.orderId}@${row.betTime}`, tableId: 'bets' });
  const exportable = query !== null && !pages.isLoading && total > 0 && !exporting;
  const exportAs: TableExport = {
    sheet: t('route.videoOrder'),
    disabled: !exportable,
    ...(exporting ? { disabledReason: t('table.exportRunning') } : {}),
    testId: 'bets-export',
    // What is loaded is exported here; more bets than loaded are written by the gateway as a job.
    onExport: async (kind: ExportFormat) => {
      if (!exportable || !query) return;
      if (rows.length >= total) {
        await exportLoadedRows(model, exportAs, kind);
        toast(t('bets.exported', { count: rows.length }), { variant: 'success' });
      } else exporter.start({ ...query, format: kind });
    },
  };

  const filters = (
    <>
      <AccountPicker
        id="bets-account"
        label={t('bets.member')}
        showLabel
        placeholder={t('log.anyAccount')}
        text={accountText}
        onTextChange={setAccountText}
        onPick={(account) => {
          setAccountText(account.loginId);
          setView({ account: account.userId, name: account.loginId });
        }}
        onClear={
          view.account || accountText
            ? () => {
                setAccountText('');
                setView({ account: '', name: '' });
              }
            : undefined
        }
        limit={8}
        inputClassName="w-40"
        inputData={{ 'data-testid': 'bets-account', 'data-user-id': view.account || undefined }}
      />
      <GameRangeFilters type={view.type} game={view.game} onGameChange={setView} range={range} onRangeChange={setRange} testIdPrefix="bets">
        <SelectFilter
          label={t('bets.column.status')}
          value={view.status}
          onChange={(status) => setView({ status })}
          options={betStatuses.map((status) => ({ value: status, label: t(`bets.status.${status}`) }))}
          anyLabel={t('bets.anyStatus')}
          data-testid="bets-status"
        />
        <CheckedSearchFilter
          label={t('bets.orderSearch')}
          value={view.order}
          onChange={(order) => {
            const digits = order === '' || orderNumberRule.safeParse(order).success;
            setOrderProblem(!digits);
            if (digits) setView({ order });
          }}
          maxLength={32}
          data-testid="bets-order"
          problem={orderProblem ? t('bets.orderDigits') : null}
          problemTestId="bets-order-problem"
        />
      </GameRangeFilters>
    </>
  );

  return (
    <ListScreen
      title={t('route.videoOrder')}
      testId="bet-record-screen"
      model={model}
      filters={filters}
      status={
        <span className="text-sm text-muted-foreground" role="status" data-testid="bets-total" data-total={total}>
          {t('bets.total', { count: total })}
        </span>
      }
      exportAs={exportAs}
      progress={<ExportJobProgress job={exporter} />}
      table={{
        total,
        loading: pages.isFetching,
        empty: query ? t('bets.empty') : null,
        onEndReached: pages.loadMore,
        onOpen: open,
        totals: sum
          ? {
              orderId: t('bets.sumRow'),
              bet: format.amount(sum.bet),
              validBet: format.amount(sum.validBet),
              winLoss: format.amount(sum.winLoss),
            }
          : undefined,
        minWidth: '128rem',
        testId: 'bet-rows',
        rowTestId: 'bet-row',
        rowAttributes: (row) => ({ 'data-order-id': row.orderId, 'data-status': row.status }),
      }}
    >
      <BetDetailSheet target={opened} onClose={() => setOpened(null)} />
    </ListScreen>
  );
}
