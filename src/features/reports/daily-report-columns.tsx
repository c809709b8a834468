import type { TFunction } from 'i18next';
import type { ReportNumbers } from '@contract/report.contract';
import { amountColumn, countColumn, percentColumn, textColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';
import { resultTone } from './win-loss-report-columns';

type Format = ReturnType<typeof useFormat>;
export type DayRow = ReportNumbers & { day: string };
/** The amounts a range's total adds up day by day. */
export const additive = ['betAmount', 'validAmount', 'valueWonLose', 'betRebate', 'agentToCompany', 'toCompanyBetValue'] as const;

/** One account's days; a day opens its win/loss report or its bets. */
export function dailyReportColumns(t: TFunction, format: Format, openDay: (row: DayRow) => void): DataTableColumn<DayRow>[] {
  const title = (key: string) => t(`reports.column.${key}`);
  const amount = (id: (typeof additive)[number], tone = false) => {
    const column = amountColumn<DayRow>(id, title(id), (row) => row[id], format, { width: 'minmax(7rem,1fr)' });
    return tone
      ? {
          ...column,
          cell: ({ row }: { row: { original: DayRow } }) => (
            <span className={resultTone(row.original[id])}>{format.amount(row.original[id])}</span>
          ),
        }
      : column;
  };
  return [
    {
      ...textColumn<DayRow>('day', t('reports.column.day'), (row) => row.day, { width: '8rem', className: 'font-medium' }),
      cell: ({ row }) => (
        <button
          type="button"
          className="text-left font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => openDay(row.original)}
          data-testid="daily-open"
        >
          {format.day(row.original.day)}
        </button>
      ),
    },
    countColumn<DayRow>('bets', title('bets'), (row) => row.bets, format),
    amount('betAmount'),
    amount('validAmount'),
    amount('valueWonLose', true),
    amount('betRebate'),
    amount('agentToCompany', true),
    amount('toCompanyBetValue'),
    percentColumn<DayRow>('companyProfitRate', title('companyProfitRate'), (row) => row.companyProfitRate, format),
  ];
}
