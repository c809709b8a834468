import type { TFunction } from 'i18next';
import type { TradingRow } from '@contract/report.contract';
import { amountColumn, countColumn, textColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';
import { levelNames } from '@/components/account-columns';

type Format = ReturnType<typeof useFormat>;

/** Each direct child's score ups, downs and transfers; a row opens its children, or a member's score log. */
export function tradingReportColumns(t: TFunction, format: Format, open: (row: TradingRow) => void): DataTableColumn<TradingRow>[] {
  const title = (key: string) => t(`trading.column.${key}`);
  const amount = (id: 'up' | 'down' | 'transferIn' | 'transferOut') => amountColumn<TradingRow>(id, title(id), (row) => row[id], format);
  const count = (id: 'upCount' | 'downCount' | 'inCount' | 'outCount') => countColumn<TradingRow>(id, title(id), (row) => row[id], format);
  return [
    {
      ...textColumn<TradingRow>('loginId', title('loginId'), (row) => row.loginId, { width: 'minmax(9rem,1fr)' }),
      cell: ({ row }) => (
        <button
          type="button"
          className="text-left font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => open(row.original)}
          data-testid="report-open"
        >
          {row.original.loginId}
        </button>
      ),
    },
    textColumn<TradingRow>('level', title('level'), (row) => t(`level.${row.level}`), { width: '7rem', fits: levelNames(t) }),
    amount('up'),
    count('upCount'),
    amount('down'),
    count('downCount'),
    amount('transferIn'),
    count('inCount'),
    amount('transferOut'),
    count('outCount'),
  ];
}
