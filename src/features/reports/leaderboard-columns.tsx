import type { TFunction } from 'i18next';
import type { LeaderboardMetric, LeaderboardRow } from '@contract/report.contract';
import { amountColumn, countColumn, textColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';
import { resultTone } from './win-loss-report-columns';

type Format = ReturnType<typeof useFormat>;

const rankedFigure: Record<LeaderboardMetric, keyof LeaderboardRow> = {
  win: 'valueWonLose',
  loss: 'valueWonLose',
  validBet: 'validAmount',
  bets: 'bets',
};

/** The leaderboard's columns: the line's top members, ranked, with the figure they are ranked by beside their login. */
export function leaderboardColumns(t: TFunction, format: Format, by: LeaderboardMetric): DataTableColumn<LeaderboardRow>[] {
  const title = (key: string) => t(`leaderboard.column.${key}`);
  const amount = (id: 'betAmount' | 'validAmount') => amountColumn<LeaderboardRow>(id, title(id), (row) => row[id], format);
  const figures: DataTableColumn<LeaderboardRow>[] = [
    countColumn<LeaderboardRow>('bets', title('bets'), (row) => row.bets, format),
    amount('betAmount'),
    amount('validAmount'),
    {
      ...amountColumn<LeaderboardRow>('valueWonLose', title('valueWonLose'), (row) => row.valueWonLose, format),
      cell: ({ row }) => <span className={resultTone(row.original.valueWonLose)}>{format.amount(row.original.valueWonLose)}</span>,
    },
  ];
  const ranked = figures.filter((column) => column.id === rankedFigure[by]);
  return [
    countColumn<LeaderboardRow>('rank', title('rank'), (row) => row.rank, format, { width: '5rem' }),
    textColumn<LeaderboardRow>('loginId', title('loginId'), (row) => row.loginId, {
      width: 'minmax(9rem,1fr)',
      className: 'font-medium',
    }),
    ...ranked,
    textColumn<LeaderboardRow>('agentLoginId', title('agentLoginId'), (row) => row.agentLoginId, { width: 'minmax(9rem,1fr)' }),
    ...figures.filter((column) => !ranked.includes(column)),
  ];
}
