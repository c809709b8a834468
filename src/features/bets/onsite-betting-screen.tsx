import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameName } from '@commands/game.commands';
import { useCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { useFormat } from '@/hooks/use-format';
import { BetDetailSheet, type BetKey } from './bet-detail-sheet';
import { betRecordColumns, type BetRow } from './bet-record-columns';

/** How often the onsite bets are read again while the screen is open. */
const REFRESH_MS = 5_000;
const ONSITE_PAGE = 500;
const onsiteColumns = new Set(['orderId', 'loginId', 'betTime', 'game', 'gameId', 'round', 'betCode', 'bet', 'status', 'transactionId']);

/** Onsite betting: the line's unsettled bets now, per game and one by one, read again every few seconds. */
export default function OnsiteBettingScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const onsite = useCall('gw.credit.bet.onsite.query', { pageSize: ONSITE_PAGE }, { refetchInterval: REFRESH_MS });
  const rows = useMemo(() => onsite.data?.list ?? [], [onsite.data]);
  const [opened, setOpened] = useState<BetKey | null>(null);
  const open = (row: BetRow) => setOpened({ orderId: row.orderId, betTime: row.betTime });
  const columns = useMemo(
    () =>
      betRecordColumns(t, format, (row) => setOpened({ orderId: row.orderId, betTime: row.betTime })).filter((column) =>
        onsiteColumns.has(column.id!),
      ),
    [t, format],
  );
  const model = useDataTable({ columns, data: rows, getRowId: (row) => `${row.orderId}@${row.betTime}` });
  const total = onsite.data?.total ?? 0;

  return (
    <ListScreen
      title={t('route.onsiteBetting')}
      testId="onsite-betting-screen"
      refresh={{
        label: t('onsite.refresh'),
        fetching: onsite.isFetching,
        onRefresh: () => void onsite.refetch(),
        testId: 'onsite-refresh',
      }}
      intro={
        <ul className="flex flex-wrap gap-2" aria-label={t('onsite.byGame')} data-testid="onsite-games">
          {(onsite.data?.byGame ?? []).map((game) => (
            <li key={game.gameCode} className="rounded-md border px-3 py-2 text-sm" data-game-code={game.gameCode}>
              <span className="font-medium">{gameName(t, game)}</span>
              <span className="ml-2 text-muted-foreground">
                {t('onsite.gameLine', { count: game.count, amount: format.amount(game.bet) })}
              </span>
            </li>
          ))}
        </ul>
      }
      model={model}
      status={
        <span className="flex items-center gap-2 text-sm text-muted-foreground" role="status" data-testid="onsite-total" data-total={total}>
          {t('onsite.total', { count: total, amount: format.amount(onsite.data?.sum.bet ?? '0.00') })}
          {total > rows.length ? <span>{t('onsite.newest', { count: rows.length })}</span> : null}
          <span className="text-xs">
            {onsite.dataUpdatedAt ? t('onsite.updated', { time: format.dateTime(new Date(onsite.dataUpdatedAt).toISOString()) }) : null}
          </span>
        </span>
      }
      exportAs={{ sheet: t('route.onsiteBetting'), disabled: rows.length === 0, testId: 'onsite-export' }}
      table={{
        onOpen: open,
        total: rows.length,
        loading: onsite.isPending,
        empty: t('onsite.empty'),
        minWidth: '80rem',
        testId: 'onsite-rows',
        rowTestId: 'onsite-row',
        rowAttributes: (row) => ({ 'data-order-id': row.orderId }),
      }}
    >
      <BetDetailSheet target={opened} onClose={() => setOpened(null)} />
    </ListScreen>
  );
}
