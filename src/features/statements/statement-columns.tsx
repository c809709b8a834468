import type { TFunction } from 'i18next';
import {
  betMeasures,
  movementKinds,
  type StatementBets,
  type StatementDetail,
  type StatementMovements,
  type StatementSummary,
} from '@contract/statement.contract';
import { amountColumn, countColumn, textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { ColumnExport, DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';

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

/** One line of a statement's detail: a figure, its amount and (for movements and bets) how many. */
export interface StatementLine {
  id: string;
  section: string;
  item: string;
  amount: string | null;
  count: number | null;
}

function movementLines(t: TFunction, id: string, section: string, movements: StatementMovements, all: boolean): StatementLine[] {
  return movementKinds
    .filter((kind) => all || movements[kind].count !== 0)
    .map((kind) => ({
      id: `${id}.${kind}`,
      section,
      item: t(`statement.movement.${kind}`),
      amount: movements[kind].amount,
      count: movements[kind].count,
    }));
}

function betLines(t: TFunction, id: string, section: string, bets: StatementBets, all: boolean): StatementLine[] {
  return [
    { id: `${id}.bets`, section, item: t('statement.bet.bets'), amount: null, count: bets.bets },
    ...betMeasures.map((measure) => ({
      id: `${id}.${measure}`,
      section,
      item: t(`statement.bet.${measure}`),
      amount: bets[measure],
      count: null,
    })),
  ].filter((line) => all || (line.amount ?? '0.00') !== '0.00' || (line.count ?? 0) !== 0);
}

/** A statement as lines: balances, movements, bets, each correction (naming what it corrects), the total, and its version and hash. */
export function statementLines(t: TFunction, detail: StatementDetail): StatementLine[] {
  const content = detail.content;
  const balances = t('statement.section.balances');
  const corrections = content.corrections.flatMap((correction, index) => {
    const section = correction.corrects
      ? t('statement.section.correctionOf', { id: correction.corrects })
      : t('statement.section.correctionBefore');
    const id = `correction${index}`;
    return [
      { id: `${id}.balance`, section, item: t('statement.correctionBalance'), amount: correction.balance, count: null },
      ...movementLines(t, id, section, correction.movements, false),
      ...betLines(t, id, section, correction.bets, false),
    ];
  });
  const version = t('statement.section.version');
  return [
    { id: 'opening', section: balances, item: t('statement.openingBalance'), amount: content.openingBalance, count: null },
    { id: 'closing', section: balances, item: t('statement.closingBalance'), amount: content.closingBalance, count: null },
    ...movementLines(t, 'movements', t('statement.section.movements'), content.movements, true),
    ...betLines(t, 'bets', t('statement.section.bets'), content.bets, true),
    ...corrections,
    ...betLines(t, 'total', t('statement.section.total'), content.betsWithCorrections, true),
    { id: 'serial', section: version, item: t('statement.ledgerSerial'), amount: null, count: null, text: content.ledgerSerial },
    { id: 'hash', section: version, item: t('statement.contentHash'), amount: null, count: null, text: detail.contentHash },
  ].map(({ text, ...line }: StatementLine & { text?: string }) => (text === undefined ? line : { ...line, item: `${line.item}: ${text}` }));
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
