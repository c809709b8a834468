import type { TFunction } from 'i18next';
import { betCodeName, gameName } from '@commands/game.commands';
import type { ResultOf } from '@contract/methods.contract';
import { amountColumn, textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import type { useFormat } from '@/hooks/use-format';
import { RoundLink, SettledAmount } from './bet-detail-sheet';

export type BetRow = ResultOf<'gw.credit.bet.query'>['list'][number];
type Format = ReturnType<typeof useFormat>;

const statusVariant = { unsettled: 'outline', settled: 'secondary', cancelled: 'destructive', resettled: 'warning' } as const;

/** The bet record's columns; the order number opens the bet's sheet, the round number its round. */
export function betRecordColumns(t: TFunction, format: Format, onOpen: (row: BetRow) => void): DataTableColumn<BetRow>[] {
  const title = (key: string) => t(`bets.column.${key}`);
  const statusText = (row: BetRow) => t(`bets.status.${row.status}`);
  const amount = (id: keyof BetRow, width = '7rem') => amountColumn<BetRow>(id, title(id), (row) => String(row[id]), format, { width });
  return [
    {
      ...textColumn<BetRow>('orderId', title('orderId'), (row) => row.orderId, { width: '9rem', className: 'font-mono text-xs' }),
      cell: ({ row }) => (
        <button
          type="button"
          className="text-primary underline-offset-2 hover:underline"
          onClick={() => onOpen(row.original)}
          aria-label={t('bets.detail.open', { orderId: row.original.orderId })}
          data-testid="bet-open"
        >
          {row.original.orderId}
        </button>
      ),
    },
    textColumn('loginId', title('loginId'), (row) => row.loginId, { width: 'minmax(8rem,1fr)', className: 'font-medium' }),
    timeColumn('betTime', title('betTime'), (row) => row.betTime, format, { width: '10rem' }),
    timeColumn('settleTime', title('settleTime'), (row) => row.settleTime, format, { width: '10rem' }),
    textColumn('game', title('game'), (row) => gameName(t, row), { width: '7rem' }),
    textColumn('gameId', title('gameId'), (row) => row.gameId, { width: '6rem', className: 'font-mono text-xs' }),
    {
      ...textColumn<BetRow>('round', title('round'), (row) => row.round, { width: '8rem', className: 'font-mono text-xs' }),
      cell: ({ row }) => <RoundLink bet={row.original} />,
    },
    textColumn('betCode', title('betCode'), (row) => betCodeName(t, row.betCode), { width: '8rem', className: 'text-xs' }),
    amount('bet'),
    amount('validBet'),
    { ...amount('settle'), cell: ({ row }) => <SettledAmount bet={row.original} value={row.original.settle} /> },
    { ...amount('winLoss'), cell: ({ row }) => <SettledAmount bet={row.original} value={row.original.winLoss} toned /> },
    {
      id: 'status',
      header: title('status'),
      cell: ({ row }) => (
        <Badge variant={statusVariant[row.original.status]} data-status={row.original.status}>
          {statusText(row.original)}
        </Badge>
      ),
      meta: { width: '6.5rem', export: { header: title('status'), cell: statusText } },
    },
    amount('jackpotRake', '6rem'),
    amount('jackpotWon', '6rem'),
    amount('redPacket', '6rem'),
    textColumn('transactionId', title('transactionId'), (row) => row.transactionId, { width: '8rem', className: 'font-mono text-xs' }),
  ];
}
