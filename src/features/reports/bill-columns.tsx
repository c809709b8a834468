import type { TFunction } from 'i18next';
import type { CommandContext } from '@commands/command';
import { closeBillPeriod } from '@commands/report.commands';
import type { BillRow } from '@contract/report.contract';
import { amountColumn, countColumn, textColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Button } from '@/components/ui/button';
import type { useFormat } from '@/hooks/use-format';
import { resultTone } from './win-loss-report-columns';
import { levelNames } from '@/components/account-columns';

type Format = ReturnType<typeof useFormat>;
export type ClosedPeriod = BillRow['closed'][number] & { loginId: string };

const days = (t: TFunction, { firstDay, lastDay }: { firstDay: string | null; lastDay: string | null }) =>
  !firstDay || !lastDay ? t('bill.noActivity') : firstDay === lastDay ? firstDay : `${firstDay} – ${lastDay}`;
/** A result coloured as the other reports colour it (a loss red). */
const handedUp = (format: Format, amount: string) => <span className={resultTone(amount)}>{format.amount(amount)}</span>;

/** The agents directly below with their open period; an agent with agents below opens their bill, and its parent may close the period. */
export function billColumns(
  t: TFunction,
  format: Format,
  mayClose: boolean,
  commands: CommandContext,
  openAgent: (row: BillRow) => void,
): DataTableColumn<BillRow>[] {
  const title = (key: string) => t(`bill.column.${key}`);
  const closeAction: DataTableColumn<BillRow> = {
    id: 'actions',
    header: title('actions'),
    cell: ({ row }) =>
      row.original.open.closedToday ? (
        <span className="text-xs text-muted-foreground" data-testid="bill-closed-today">
          {t('bill.closedToday')}
        </span>
      ) : (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => void closeBillPeriod(commands, row.original)}
          data-testid="bill-close"
        >
          {t('bill.close')}
        </Button>
      ),
    meta: { width: '8rem', export: false },
  };
  return [
    {
      ...textColumn<BillRow>('loginId', title('loginId'), (row) => row.loginId, { width: 'minmax(9rem,1fr)', className: 'font-medium' }),
      // An agent above level 4 has agents below it: its row opens their bill.
      cell: ({ row }) =>
        row.original.level < 4 ? (
          <button
            type="button"
            className="text-left font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => openAgent(row.original)}
            data-testid="bill-open"
          >
            {row.original.loginId}
          </button>
        ) : (
          row.original.loginId
        ),
    },
    textColumn<BillRow>('level', title('level'), (row) => t(`level.${row.level}`), { width: '7rem', fits: levelNames(t) }),
    textColumn<BillRow>('days', title('days'), (row) => days(t, row.open), { width: '14rem' }),
    countColumn<BillRow>('bets', title('bets'), (row) => row.open.bets, format),
    {
      ...amountColumn<BillRow>('valueWonLose', title('valueWonLose'), (row) => row.open.valueWonLose, format),
      cell: ({ row }) => handedUp(format, row.original.open.valueWonLose),
    },
    {
      ...amountColumn<BillRow>('agentToCompany', title('agentToCompany'), (row) => row.open.agentToCompany, format),
      cell: ({ row }) => handedUp(format, row.original.open.agentToCompany),
    },
    amountColumn<BillRow>('lastClosed', title('lastClosed'), (row) => row.closed[0]?.agentToCompany ?? '0.00', format),
    ...(mayClose ? [closeAction] : []),
  ];
}

/** The periods closed, of every agent listed. */
export function closedPeriodColumns(t: TFunction, format: Format): DataTableColumn<ClosedPeriod>[] {
  const title = (key: string) => t(`bill.column.${key}`);
  return [
    textColumn<ClosedPeriod>('loginId', title('loginId'), (row) => row.loginId, { width: 'minmax(9rem,1fr)', className: 'font-medium' }),
    textColumn<ClosedPeriod>('period', title('period'), (row) => days(t, row), { width: '14rem' }),
    countColumn<ClosedPeriod>('bets', title('bets'), (row) => row.bets, format),
    amountColumn<ClosedPeriod>('validAmount', title('validAmount'), (row) => row.validAmount, format),
    {
      ...amountColumn<ClosedPeriod>('valueWonLose', title('valueWonLose'), (row) => row.valueWonLose, format),
      cell: ({ row }) => handedUp(format, row.original.valueWonLose),
    },
    {
      ...amountColumn<ClosedPeriod>('agentToCompany', title('agentToCompany'), (row) => row.agentToCompany, format),
      cell: ({ row }) => handedUp(format, row.original.agentToCompany),
    },
  ];
}
