import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { reconciliationTabs, resolveDifference, runReconciliation } from '@commands/reconciliation.commands';
import { can } from '@commands/can';
import { RESOLUTION_NOTE_MAX, type ReconciliationDifference } from '@contract/reconciliation.contract';
import { useCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListBody, ListScreen } from '@/components/data-table/list-screen';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCommands } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { useListQuery } from '@/hooks/use-list-screen';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { InFlightView } from './in-flight-view';
import { differenceColumns, runColumns } from './reconciliation-columns';

const viewState = urlStateCodec({ tab: z.enum(reconciliationTabs), run: z.string().regex(/^(|[0-9]{1,18})$/) }, { tab: 'runs', run: '' });
type ViewState = ReturnType<typeof viewState.parse>;
/** Every run, newest first: the list has no range (a run's window is in its row). */
const allRuns = {};

/**
 * Reconciliation with the game platform (levels 0-1): the job's runs, a run's differences with both sides' rows, each resolved
 * with a note; and on a tab of its own the transfers with the platform still in flight.
 */
export default function ReconciliationScreen() {
  const { t } = useTranslation();
  const [view, setView] = useUrlState(viewState);
  const tabs = (
    <Tabs value={view.tab} onValueChange={(next) => setView({ tab: next as ViewState['tab'], run: '' })}>
      <TabsList aria-label={t('route.reconciliation')}>
        {reconciliationTabs.map((tab) => (
          <TabsTrigger key={tab} value={tab} data-testid={`reconciliation-tab-${tab}`}>
            {t(`reconciliation.tab.${tab}`)}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  );
  return view.tab === 'inflight' ? (
    <InFlightView heading={t('route.reconciliation')} tabs={tabs} />
  ) : (
    <RunsView view={view} setView={setView} tabs={tabs} />
  );
}

/** The runs tab: the job's runs, newest first, and the chosen one's differences. */
function RunsView({ view, setView, tabs }: { view: ViewState; setView(next: Partial<ViewState>): void; tabs: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const commands = useCommands();
  const { pages, rows, query } = useListQuery('gw.credit.reconciliation.run.query', allRuns);
  const completeTo = pages.first?.completeTo ?? null;
  const columns = useMemo(() => runColumns(t, format, (run) => setView({ run: run.runId })), [t, format, setView]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.runId, resetKey: JSON.stringify(query) });
  const [running, setRunning] = useState(false);
  const runNow = async () => {
    setRunning(true);
    await runReconciliation(commands);
    setRunning(false);
  };

  return (
    <ListScreen
      title={t('route.reconciliation')}
      testId="reconciliation-screen"
      header={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold">{t('route.reconciliation')}</h1>
          <span className="text-sm text-muted-foreground" data-testid="reconciliation-complete-to" data-complete-to={completeTo ?? ''}>
            {completeTo ? t('reconciliation.completeTo', { time: format.dateMinute(completeTo) }) : t('reconciliation.notComplete')}
          </span>
          {can(commands.rights, 'gw.credit.reconciliation.run.start') ? (
            <Button type="button" size="sm" onClick={() => void runNow()} disabled={running} data-testid="reconciliation-run">
              {t('command.reconcileNow')}
            </Button>
          ) : null}
        </div>
      }
      attributes={{ 'data-tab': 'runs' }}
      intro={
        <>
          {tabs}
          <p className="text-sm text-muted-foreground">{t('reconciliation.explain')}</p>
        </>
      }
      model={model}
      status={
        <span className="text-sm text-muted-foreground" role="status" data-testid="reconciliation-total">
          {t('reconciliation.total', { count: pages.total })}
        </span>
      }
      table={{
        total: pages.total,
        loading: pages.isFetching,
        empty: t('reconciliation.empty'),
        onEndReached: pages.loadMore,
        rowHeight: 44,
        minWidth: '64rem',
        testId: 'reconciliation-runs',
        rowTestId: 'reconciliation-run-row',
        rowAttributes: (row) => ({ 'data-run': row.runId, 'data-state': row.state }),
      }}
    >
      {view.run ? <RunDifferences runId={view.run} /> : null}
    </ListScreen>
  );
}

/** One run's differences, open ones first; a chosen open one is resolved with the note typed. */
function RunDifferences({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const commands = useCommands();
  const answer = useCall('gw.credit.reconciliation.difference.query', { runId, pageIndex: 1, pageSize: 100 });
  const list = useMemo(() => answer.data?.list ?? [], [answer.data]);
  const columns = useMemo(() => differenceColumns(t, format), [t, format]);
  const model = useDataTable({
    columns,
    data: list,
    getRowId: (row) => row.differenceId,
    canSelect: (row) => row.resolvedAt === null,
    rowName: (row) => row.ref,
    resetKey: runId,
  });
  const [note, setNote] = useState('');
  const [chosen] = model.selectedRows as ReconciliationDifference[];
  const resolve = async () => {
    if (chosen && (await resolveDifference(commands, chosen, note.trim()))) {
      setNote('');
      model.clearSelection();
    }
  };
  const mayResolve = can(commands.rights, 'gw.credit.reconciliation.difference.resolve');

  return (
    <section
      className="flex min-h-72 flex-col gap-2"
      aria-labelledby="reconciliation-differences-title"
      data-testid="reconciliation-differences"
    >
      <h2 id="reconciliation-differences-title" className="text-base font-semibold">
        {t('reconciliation.differencesOf', { count: answer.data?.total ?? 0 })}
      </h2>
      <ListBody
        model={model}
        bulk={
          mayResolve ? (
            <div className="flex flex-wrap items-center gap-2">
              <Input
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={RESOLUTION_NOTE_MAX}
                placeholder={t('reconciliation.notePlaceholder')}
                aria-label={t('reconciliation.notePlaceholder')}
                className="w-72"
                data-testid="reconciliation-note"
              />
              <Button
                type="button"
                size="sm"
                onClick={() => void resolve()}
                disabled={!chosen || note.trim() === '' || model.selectedRows.length !== 1}
                data-testid="reconciliation-resolve"
              >
                {t('reconciliation.resolve')}
              </Button>
            </div>
          ) : undefined
        }
        table={{
          total: answer.data?.total ?? 0,
          loading: answer.isFetching,
          empty: t('reconciliation.noDifferences'),
          rowHeight: 52,
          minWidth: '72rem',
          label: t('reconciliation.differencesOf', { count: answer.data?.total ?? 0 }),
          testId: 'reconciliation-difference-rows',
          rowTestId: 'reconciliation-difference-row',
          rowAttributes: (row) => ({ 'data-class': row.class, 'data-ref': row.ref, 'data-resolved': row.resolvedAt ? 'true' : 'false' }),
        }}
      />
    </section>
  );
}
