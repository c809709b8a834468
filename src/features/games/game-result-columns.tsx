import type { TFunction } from 'i18next';
import { gameName } from '@commands/game.commands';
import type { ResultOf } from '@contract/methods.contract';
import { textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';
import { RoundResult, roundResultText } from '@/components/round-result';

export type RoundRow = ResultOf<'gw.credit.game.result.query'>['list'][number];

type Format = ReturnType<typeof useFormat>;

/** The game results' columns: each round with its result drawn as its game shows it. */
export function gameResultColumns(t: TFunction, format: Format): DataTableColumn<RoundRow>[] {
  return [
    textColumn('game', t('bets.column.game'), (row) => gameName(t, { gameCode: row.gameCode, gameName: row.gameCode }), {
      width: '7rem',
    }),
    textColumn('gameId', t('bets.column.gameId'), (row) => row.gameId, { width: '7rem', className: 'font-mono text-xs' }),
    textColumn('round', t('bets.column.round'), (row) => row.round, { width: '10rem', className: 'font-mono text-xs' }),
    timeColumn('endTime', t('results.endTime'), (row) => row.endTime, format, { width: '10rem' }),
    {
      id: 'result',
      header: t('results.result'),
      cell: ({ row }) => <RoundResult gameCode={row.original.gameCode} result={row.original.result} />,
      meta: {
        width: 'minmax(16rem,2fr)',
        export: { header: t('results.result'), cell: (row) => roundResultText(t, row.gameCode, row.result) },
      },
    },
  ];
}
