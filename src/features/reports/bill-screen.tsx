import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../commands/can';
import { closeBillPeriod } from '../../../commands/report.commands';
import type { BillRow } from '../../../contract/report.contract';
import { useCall } from '@/api/queries';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { amountColumn, textColumn } from '@/components/data-table/data-table-columns';
import { DataTableToolbar } from '@/components/data-table/data-table-toolbar';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Button } from '@/components/ui/button';
import { useCommands, useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { ReportBreadcrumb } from './report-breadcrumb';
import { parseTrail, trailSchema, writeTrail } from './report-trail';
import { resultTone } from './win-loss-report-columns';

/** The agents drilled into from the caller's own line (report-trail.ts), the last one's children listed. */
const billState = urlStateCodec({ trail: trailSchema }, { trail: '' });

type ClosedPeriod = BillRow['closed'][number] & { loginId: string };

/** /bill/index: each agent directly below, its open settlement period and the periods closed, each with what its line handed up. */
export default function BillScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const commands = useCommands();
  const [view, setView] = useUrlState(billState);
  const trail = useMemo(() => parseTrail(view.trail), [view.trail]);
  const current = trail.at(-1);
  const bill = useCall('gw.credit.bill.query', current ? { userId: current.userId } : {});
  const rows = useMemo(() => bill.data?.list ?? [], [bill.data]);
  const closed = useMemo(
    () =>
      rows
        .flatMap((row) => row.closed.map((period) => ({ ...period, loginId: row.loginId })))
        .sort((a, b) => b.periodEnd.localeCompare(a.periodEnd) || a.loginId.localeCompare(b.loginId)),
    [rows],
  );
  // A period is closed by the agent's own parent: only on the caller's own children.
  const mayClose = can(rights, 'gw.credit.agent.to.company.acc.reset') && !current;
  const days = ({ firstDay, lastDay }: { firstDay: string | null; lastDay: string | null }) =>
    !firstDay || !lastDay ? t('bill.noActivity') : firstDay === lastDay ? firstDay : `${firstDay} – ${lastDay}`;
  const handedUp = (amount: string) => <span className={resultTone(amount)}>{format.amount(amount)}</span>;

  const columns = useMemo<DataTableColumn<BillRow>[]>(() => {
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
              onClick={() =>
                setView({
                  trail: writeTrail([...trail, { userId: row.original.userId, loginId: row.original.loginId, level: row.original.level }]),
                })
              }
              data-testid="bill-open"
            >
              {row.original.loginId}
            </button>
          ) : (
            row.original.loginId
          ),
      },
      textColumn<BillRow>('level', title('level'), (row) => t(`level.${row.level}`), { width: '7rem' }),
      textColumn<BillRow>('days', title('days'), (row) => days(row.open), { width: '14rem' }),
      textColumn<BillRow>('bets', title('bets'), (row) => String(row.open.bets), { width: '6rem', className: 'tabular-nums' }),
      amountColumn<BillRow>('valueWonLose', title('valueWonLose'), (row) => row.open.valueWonLose, format),
      {
        ...amountColumn<BillRow>('agentToCompany', title('agentToCompany'), (row) => row.open.agentToCompany, format),
        cell: ({ row }) => handedUp(row.original.open.agentToCompany),
      },
      amountColumn<BillRow>('lastClosed', title('lastClosed'), (row) => row.closed[0]?.agentToCompany ?? '0.00', format),
      ...(mayClose ? [closeAction] : []),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, format, mayClose, commands, view.trail]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.userId });

  const closedColumns = useMemo<DataTableColumn<ClosedPeriod>[]>(() => {
    const title = (key: string) => t(`bill.column.${key}`);
    return [
      textColumn<ClosedPeriod>('loginId', title('loginId'), (row) => row.loginId, { width: 'minmax(9rem,1fr)', className: 'font-medium' }),
      textColumn<ClosedPeriod>('period', title('period'), (row) => days(row), { width: '14rem' }),
      textColumn<ClosedPeriod>('bets', title('bets'), (row) => String(row.bets), { width: '6rem', className: 'tabular-nums' }),
      amountColumn<ClosedPeriod>('validAmount', title('validAmount'), (row) => row.validAmount, format),
      amountColumn<ClosedPeriod>('valueWonLose', title('valueWonLose'), (row) => row.valueWonLose, format),
      {
        ...amountColumn<ClosedPeriod>('agentToCompany', title('agentToCompany'), (row) => row.agentToCompany, format),
        cell: ({ row }) => handedUp(row.original.agentToCompany),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, format]);
  const closedModel = useDataTable({ columns: closedColumns, data: closed, getRowId: (row) => row.settlementId });
  const title = t('route.bill');

  return (
    <section className="flex min-h-[calc(100vh-10rem)] flex-col gap-3" data-testid="bill-screen">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-muted-foreground">{t('bill.explain')}</p>
      <ReportBreadcrumb trail={trail} onGo={(steps) => setView({ trail: writeTrail(steps) })} />
      <DataTableToolbar model={model} exportAs={{ name: 'bill', sheet: title, disabled: rows.length === 0, testId: 'bill-export' }} />
      <div className="min-h-40" style={{ height: `min(28rem, ${(rows.length + 1) * 3 + 1}rem)` }}>
        <DataTable
          model={model}
          label={title}
          total={rows.length}
          loading={bill.isFetching}
          empty={t('bill.empty')}
          rowHeight={48}
          minWidth="72rem"
          testId="bill-rows"
          rowTestId="bill-row"
          rowAttributes={(row) => ({ 'data-login-id': row.loginId })}
        />
      </div>
      <h2 className="text-base font-semibold">{t('bill.closedPeriods')}</h2>
      <div className="min-h-32" style={{ height: `min(24rem, ${(closed.length + 1) * 2.75 + 1}rem)` }}>
        <DataTable
          model={closedModel}
          label={t('bill.closedPeriods')}
          total={closed.length}
          loading={bill.isFetching}
          empty={t('bill.noClosed')}
          minWidth="56rem"
          testId="bill-closed-rows"
          rowTestId="bill-closed-row"
          rowAttributes={(row) => ({ 'data-login-id': row.loginId })}
        />
      </div>
    </section>
  );
}
