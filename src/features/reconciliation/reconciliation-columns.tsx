import type { TFunction } from 'i18next';
import type { ReconciliationDifference, ReconciliationRun } from '@contract/reconciliation.contract';
import { textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { useFormat } from '@/hooks/use-format';

type Format = ReturnType<typeof useFormat>;

const stateVariant = { clean: 'secondary', differences: 'destructive', failed: 'warning' } as const;

/** The reconciliation runs: what each compared and found; a run's differences open below it. */
export function runColumns(t: TFunction, format: Format, show: (run: ReconciliationRun) => void): DataTableColumn<ReconciliationRun>[] {
  const title = (key: string) => t(`reconciliation.column.${key}`);
  return [
    timeColumn<ReconciliationRun>('startedAt', title('startedAt'), (row) => row.startedAt, format, { width: '10rem' }),
    textColumn<ReconciliationRun>('kind', title('kind'), (row) => t(`reconciliation.kind.${row.kind}`), { width: '6rem' }),
    textColumn<ReconciliationRun>('window', title('window'), (row) => `${format.dateMinute(row.from)} – ${format.dateMinute(row.to)}`, {
      width: 'minmax(14rem,1fr)',
    }),
    {
      id: 'state',
      header: title('state'),
      cell: ({ row }) => (
        <Badge variant={stateVariant[row.original.state]} data-testid="reconciliation-run-state" title={row.original.error ?? undefined}>
          {t(`reconciliation.state.${row.original.state}`)}
        </Badge>
      ),
      meta: { width: '8rem', export: { header: title('state'), cell: (row) => t(`reconciliation.state.${row.state}`) } },
    },
    textColumn<ReconciliationRun>('compared', title('compared'), (row) =>
      t('reconciliation.compared', { bets: row.betGroups, transfers: row.transfers, wallets: row.wallets }),
    ),
    textColumn<ReconciliationRun>('differences', title('differences'), (row) => `${row.differences} / ${row.open}`, {
      width: '7rem',
      className: 'tabular-nums',
    }),
    {
      id: 'actions',
      header: () => <span className="sr-only">{title('actions')}</span>,
      cell: ({ row }) =>
        row.original.differences > 0 ? (
          <Button type="button" size="sm" variant="outline" onClick={() => show(row.original)} data-testid="reconciliation-show">
            {t('reconciliation.show')}
          </Button>
        ) : null,
      meta: { width: '8rem', export: false },
    },
  ];
}

/** A side's row as one line: its fields and values. */
const sideText = (row: ReconciliationDifference['platformRow'], none: string) =>
  row
    ? Object.entries(row)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join(', ')
    : none;

/** A run's differences: the class, what it is about, the rows of both sides, and what was done. */
export function differenceColumns(t: TFunction, format: Format): DataTableColumn<ReconciliationDifference>[] {
  const title = (key: string) => t(`reconciliation.column.${key}`);
  const none = t('reconciliation.none');
  return [
    {
      id: 'class',
      header: title('class'),
      cell: ({ row }) => (
        <Badge variant={row.original.resolvedAt ? 'secondary' : 'destructive'} data-testid="reconciliation-class">
          {t(`reconciliation.class.${row.original.class}`)}
        </Badge>
      ),
      meta: { width: '7rem', export: { header: title('class'), cell: (row) => t(`reconciliation.class.${row.class}`) } },
    },
    textColumn<ReconciliationDifference>('subject', title('subject'), (row) => t(`reconciliation.subject.${row.subject}`), {
      width: '7rem',
    }),
    textColumn<ReconciliationDifference>('ref', title('ref'), (row) => (row.memberLogin ? `${row.ref} (${row.memberLogin})` : row.ref), {
      width: '14rem',
      className: 'font-mono text-xs',
    }),
    textColumn<ReconciliationDifference>('platformRow', title('platformRow'), (row) => sideText(row.platformRow, none), {
      width: 'minmax(14rem,1fr)',
      className: 'text-xs',
    }),
    textColumn<ReconciliationDifference>('ourRow', title('ourRow'), (row) => sideText(row.ourRow, none), {
      width: 'minmax(14rem,1fr)',
      className: 'text-xs',
    }),
    textColumn<ReconciliationDifference>(
      'resolution',
      title('resolution'),
      (row) =>
        row.resolvedAt ? `${row.resolvedBy ?? ''} · ${format.dateTime(row.resolvedAt)} · ${row.note ?? ''}` : t('reconciliation.open'),
      { width: 'minmax(12rem,1fr)' },
    ),
  ];
}
