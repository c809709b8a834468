import { cleanup, renderHook } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { leaderboardMetrics, type LeaderboardMetric, type LeaderboardRow } from '@contract/report.contract';
import { useDataTable } from '@/components/data-table/data-table';
import { exportedTable } from '@/components/data-table/data-table-export';
import { formatAmount, formatDateTime, formatNumber, formatPercent } from '@/lib/format';
import { leaderboardColumns } from './leaderboard-columns';

const t = ((key: string) => key) as unknown as TFunction;
const format = {
  amount: (value: string) => formatAmount(value, 'en'),
  number: (value: number | bigint) => formatNumber(value, 'en'),
  percent: (value: number) => formatPercent(value, 'en'),
  dateTime: (instant: string | number | Date) => formatDateTime(instant, 'en'),
} as Parameters<typeof leaderboardColumns>[1];

const row: LeaderboardRow = {
  rank: 1,
  userId: '9',
  loginId: 'pl01',
  agentLoginId: 'ag01',
  bets: 42,
  betAmount: '1200.00',
  validAmount: '1100.00',
  valueWonLose: '-350.50',
};

const rankedColumn: Record<LeaderboardMetric, string> = {
  win: 'valueWonLose',
  loss: 'valueWonLose',
  validBet: 'validAmount',
  bets: 'bets',
};

afterEach(cleanup);

describe('the leaderboard', () => {
  it.each(leaderboardMetrics)('puts the figure the list is ranked by right after the rank and the login (%s)', (by) => {
    const columns = leaderboardColumns(t, format, by);
    const ids = columns.map((column) => column.id);
    expect(ids.slice(0, 3)).toEqual(['rank', 'loginId', rankedColumn[by]]);
    expect([...ids].sort()).toEqual(['agentLoginId', 'betAmount', 'bets', 'loginId', 'rank', 'validAmount', 'valueWonLose']);

    const { result } = renderHook(() => useDataTable({ columns, data: [row], getRowId: (each) => each.userId }));
    const sheet = exportedTable(result.current.table.getAllLeafColumns(), [row]);
    expect(sheet.header.slice(0, 3)).toEqual([
      'leaderboard.column.rank',
      'leaderboard.column.loginId',
      `leaderboard.column.${rankedColumn[by]}`,
    ]);
    expect(sheet.rows[0]!.slice(1, 2)).toEqual(['pl01']);
  });
});
