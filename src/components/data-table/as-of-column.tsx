import type { RowData } from '@tanstack/react-table';
import { History } from 'lucide-react';
import type { useFormat } from '@/hooks/use-format';
import { withCurrency } from '@/lib/site-currency';
import type { DataTableColumn } from './data-table-types';

type Format = ReturnType<typeof useFormat>;

/** An amount as of the as-of instant, marked so it never passes for today's (… until it is answered). */
export function AsOfAmount({ value, format }: { value: string | undefined; format: Format }) {
  return (
    <span className="inline-flex items-center gap-1 italic" data-testid="as-of-balance" data-value={value ?? ''}>
      <History aria-hidden className="size-3 shrink-0 text-muted-foreground" />
      {value === undefined ? '…' : format.amount(value)}
    </span>
  );
}

/**
 * The balance column of a table while the as-of view is on (docs/product.md#balances-as-of): each
 * row's balance at that instant (`balances`, by the row's key), marked, not sortable (the server
 * sorts by today's balance), exported as shown.
 */
export function asOfBalanceColumn<T extends RowData>(
  title: string,
  key: (row: T) => string,
  balances: ReadonlyMap<string, string>,
  format: Format,
): DataTableColumn<T> {
  const titled = withCurrency(title, format.currency);
  return {
    id: 'balance',
    header: titled,
    cell: ({ row }) => <AsOfAmount value={balances.get(key(row.original))} format={format} />,
    meta: {
      width: 'minmax(9rem,1fr)',
      className: 'font-mono tabular-nums',
      export: { header: titled, cell: (row) => ({ number: balances.get(key(row)) ?? '' }) },
    },
  };
}
