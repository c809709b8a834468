import type { TFunction } from 'i18next';
import type { ResultOf } from '@contract/methods.contract';
import { amountColumn, countColumn, textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';
import { cn } from '@/lib/utils';

export type SessionRow = ResultOf<'gw.credit.player.game.log'>['list'][number];

type Format = ReturnType<typeof useFormat>;

/** The game sessions' columns: what went in and out of a game and what was bet in between. */
export function gameLogColumns(t: TFunction, format: Format): DataTableColumn<SessionRow>[] {
  return [
    timeColumn('startTime', t('gameLog.column.start'), (row) => row.startTime, format),
    timeColumn('endTime', t('gameLog.column.end'), (row) => row.endTime, format),
    textColumn('sessionId', t('transfers.column.session'), (row) => row.sessionId, {
      width: 'minmax(10rem,1.2fr)',
      className: 'font-mono text-xs',
    }),
    amountColumn('transferIn', t('gameLog.column.in'), (row) => row.transferIn, format),
    countColumn('bets', t('gameLog.column.bets'), (row) => row.bets, format, { width: '5rem' }),
    amountColumn('betAmount', t('gameLog.column.betAmount'), (row) => row.betAmount, format),
    amountColumn('validBet', t('gameLog.column.validBet'), (row) => row.validBet, format),
    {
      ...amountColumn('winLoss', t('gameLog.column.winLoss'), (row) => row.winLoss, format),
      cell: ({ row }) => (
        <span className={cn(row.original.winLoss.startsWith('-') && 'text-destructive')}>{format.amount(row.original.winLoss)}</span>
      ),
    },
    amountColumn('transferOut', t('gameLog.column.out'), (row) => row.transferOut, format),
    textColumn(
      'state',
      t('transfers.column.state'),
      (row) => (row.pending > 0 ? t('transfers.state.pending') : row.endTime === null ? t('gameLog.inGame') : t('gameLog.finished')),
      { width: '7rem' },
    ),
  ];
}
