import type { TFunction } from 'i18next';
import { type StatementLine, type StatementSummary } from '@contract/statement.contract';
import { amountColumn, countColumn, textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { ColumnExport, DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';

export { statementLines, type StatementLine } from '@contract/statement.contract';

type Format = ReturnType<typeof useFormat>;

const days = (row: { firstDay: string; lastDay: string | null }) =>
  row.lastDay === null ? row.firstDay : row.firstDay === row.lastDay ? row.firstDay : `${row.firstDay} – ${row.lastDay}`;

/** The statements of the agents the caller may read, newest first; a row opens its statement. */
export function statementColumns(t: TFunction, format: Format, open: (row: StatementSummary) => void): DataTableColumn<StatementSummary>[] {
  const title = (key: string) => t(`statement.column.${key}`);
  return [
    {
      ...textColumn<StatementSummary>('statementId', title('statementId'), (row) => row.statementId, { width: '7rem' }),
      cell: ({ row }) => (
        <button
          type="button"
          className="text-left font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => open(row.original)}
          data-testid="statement-open"
        >
          {row.original.statementId}
        </button>
      ),
    },
    textColumn<StatementSummary>('loginId', title('loginId'), (row) => row.loginId, {
      width: 'minmax(8rem,1fr)',
      className: 'font-medium',
    }),
    textColumn<StatementSummary>('days', title('days'), days, { width: '13rem' }),
    amountColumn<StatementSummary>('openingBalance', title('openingBalance'), (row) => row.openingBalance, format),
    amountColumn<StatementSummary>('closingBalance', title('closingBalance'), (row) => row.closingBalance, format),
    amountColumn<StatementSummary>('valueWonLose', title('valueWonLose'), (row) => row.valueWonLose, format),
    amountColumn<StatementSummary>('agentToCompany', title('agentToCompany'), (row) => row.agentToCompany, format),
    countColumn<StatementSummary>('corrections', title('corrections'), (row) => row.corrections, format),
    textColumn<StatementSummary>('ledgerSerial', title('ledgerSerial'), (row) => row.ledgerSerial, { width: '7rem' }),
    timeColumn<StatementSummary>('frozenAt', title('frozenAt'), (row) => row.frozenAt, format),
  ];
}

/** A column whose line may have no value: shown and exported empty then. */
function orEmpty(column: DataTableColumn<StatementLine>, has: (line: StatementLine) => boolean): DataTableColumn<StatementLine> {
  const shown = column.cell as (context: { row: { original: StatementLine } }) => unknown;
  const exported = column.meta!.export as ColumnExport<StatementLine>;
  return {
    ...column,
    cell: (context) => (has(context.row.original) ? shown(context) : ''),
    meta: { ...column.meta, export: { header: exported.header, cell: (line) => (has(line) ? exported.cell(line) : '') } },
  } as DataTableColumn<StatementLine>;
}

export function statementLineColumns(t: TFunction, format: Format): DataTableColumn<StatementLine>[] {
  const title = (key: string) => t(`statement.column.${key}`);
  return [
    textColumn<StatementLine>('section', title('section'), (line) => line.section, { width: 'minmax(10rem,1fr)' }),
    textColumn<StatementLine>('item', title('item'), (line) => line.item, { width: 'minmax(14rem,2fr)', className: 'break-all' }),
    orEmpty(
      amountColumn<StatementLine>('amount', title('amount'), (line) => line.amount ?? '0.00', format),
      (line) => line.amount !== null,
    ),
    orEmpty(
      countColumn<StatementLine>('count', title('count'), (line) => line.count ?? 0, format),
      (line) => line.count !== null,
    ),
  ];
}
