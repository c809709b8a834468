import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@commands/can';
import { useCall } from '@/api/queries';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { useCommands, useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { ReportBreadcrumb } from './report-breadcrumb';
import { parseTrail, trailSchema, writeTrail } from './report-trail';
import { billColumns, closedPeriodColumns } from './bill-columns';

/** The agents drilled into from the caller's own line (report-trail.ts), the last one's children listed. */
const billState = urlStateCodec({ trail: trailSchema }, { trail: '' });

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

  const columns = useMemo(
    () =>
      billColumns(t, format, mayClose, commands, (row) =>
        setView({ trail: writeTrail([...trail, { userId: row.userId, loginId: row.loginId, level: row.level }]) }),
      ),
    [t, format, mayClose, commands, trail, setView],
  );
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.userId });

  const closedColumns = useMemo(() => closedPeriodColumns(t, format), [t, format]);
  const closedModel = useDataTable({ columns: closedColumns, data: closed, getRowId: (row) => row.settlementId });
  const title = t('route.bill');

  return (
    <ListScreen
      title={title}
      testId="bill-screen"
      intro={
        <>
          <p className="text-sm text-muted-foreground">{t('bill.explain')}</p>
          <ReportBreadcrumb trail={trail} onGo={(steps) => setView({ trail: writeTrail(steps) })} />
        </>
      }
      model={model}
      exportAs={{ sheet: title, disabled: rows.length === 0, testId: 'bill-export' }}
      table={{
        total: rows.length,
        loading: bill.isFetching,
        empty: t('bill.empty'),
        rowHeight: 48,
        minWidth: '72rem',
        testId: 'bill-rows',
        rowTestId: 'bill-row',
        rowAttributes: (row) => ({ 'data-login-id': row.loginId }),
      }}
      frame={(table) => (
        <div className="min-h-40" style={{ height: `min(28rem, ${(rows.length + 1) * 3 + 1}rem)` }}>
          {table}
        </div>
      )}
    >
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
    </ListScreen>
  );
}
