import type { TFunction } from 'i18next';
import type { ReportRow } from '@contract/report.contract';
import { amountColumn, countColumn, percentColumn, textColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';
import { cn } from '@/lib/utils';
import { levelNames } from '@/components/account-columns';

type Format = ReturnType<typeof useFormat>;

/** A result's colour: a loss stands out, a gain reads as one. */
export const resultTone = (amount: string) => (amount.startsWith('-') ? 'text-destructive' : Number(amount) > 0 ? 'text-gain' : '');

export function winLossColumns(t: TFunction, format: Format, onOpen: (row: ReportRow) => void): DataTableColumn<ReportRow>[] {
  const title = (key: string) => t(`reports.column.${key}`);
  const amount = (id: keyof ReportRow, options: { tone?: boolean } = {}) => {
    const column = amountColumn<ReportRow>(id, title(id), (row) => String(row[id]), format, { width: 'minmax(7rem,1fr)' });
    return options.tone
      ? {
          ...column,
          cell: ({ row }: { row: { original: ReportRow } }) => (
            <span className={resultTone(String(row.original[id]))}>{format.amount(String(row.original[id]))}</span>
          ),
        }
      : column;
  };
  const count = (id: 'bets' | 'toCompanyBets') => countColumn<ReportRow>(id, title(id), (row) => row[id], format);
  const rate = (id: 'agentRate' | 'companyProfitRate') => percentColumn<ReportRow>(id, title(id), (row) => row[id], format);
  return [
    {
      ...textColumn<ReportRow>('loginId', title('loginId'), (row) => row.loginId, { width: 'minmax(9rem,1fr)', className: 'font-medium' }),
      cell: ({ row }) => (
        <button
          type="button"
          className="text-left font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => onOpen(row.original)}
          data-testid="report-open"
        >
          {row.original.loginId}
        </button>
      ),
    },
    textColumn<ReportRow>('level', title('level'), (row) => t(`level.${row.level}`), { width: '7rem', fits: levelNames(t) }),
    count('bets'),
    amount('betAmount'),
    amount('validAmount'),
    amount('valueWonLose', { tone: true }),
    amount('betRebate'),
    rate('agentRate'),
    amount('agentToCompany', { tone: true }),
    amount('toCompanyBetValue'),
    count('toCompanyBets'),
    {
      ...rate('companyProfitRate'),
      cell: ({ row }) => (
        <span className={cn('tabular-nums', row.original.companyProfitRate < 0 && 'text-destructive')}>
          {format.percent(row.original.companyProfitRate)}
        </span>
      ),
    },
  ];
}
