import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@commands/can';
import { watchAccount } from '@commands/monitoring.commands';
import { call } from '@/api/gateway-client';
import { reportError, useInfiniteCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { exportLoadedRows, type TableExport } from '@/components/data-table/data-table-toolbar';
import { ListBody } from '@/components/data-table/list-screen';
import { fetchExportFile } from '@/components/export/export-file';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCommands, useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { useMonitorCounts } from '@/hooks/use-monitor-counts';
import { useUrlState, type UrlStateCodec } from '@/hooks/use-url-state';
import { download } from '@/lib/table-export';
import { placeholderWidth } from '@/components/filters/placeholder-width';
import { CompanyLimitSection } from './company-limit-panel';
import { monitoringColumns } from './monitoring-columns';
import { PlatformHealthSection } from './platform-health-panel';

type Side = 'members' | 'agents';
const tabState: UrlStateCodec<{ tab: Side }> = {
  parse: (query) => ({ tab: new URLSearchParams(query).get('tab') === 'agents' ? 'agents' : 'members' }),
  serialize: (value) => (value.tab === 'members' ? '' : 'tab=agents'),
};
const lists = { members: 'gw.credit.user.monitor.query', agents: 'gw.credit.agent.monitor.query' } as const;
const exportMethods = { members: 'gw.credit.user.monitor.export', agents: 'gw.credit.agent.monitor.export' } as const;

/** /userWarning/index (level 0): the site's game platform, the watched members and agents, what each did, the red dot's counts and its countdown. */
export default function MonitoringScreen() {
  const { t } = useTranslation();
  const [view, setView] = useUrlState(tabState);
  const monitor = useMonitorCounts();
  return (
    <section className="flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3" data-testid="user-warning-screen">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('route.userWarning')}</h1>
        <Countdown />
      </div>
      <PlatformHealthSection />
      <CompanyLimitSection />
      <WatchForm />
      <Tabs value={view.tab} onValueChange={(tab) => setView({ tab: tab as Side })} className="flex min-h-0 flex-1 flex-col">
        <TabsList>
          <TabsTrigger value="members" data-testid="warning-tab-members">
            {t('monitor.members')} <CountBadge count={monitor?.userCount ?? 0} testId="warning-user-count" />
          </TabsTrigger>
          <TabsTrigger value="agents" data-testid="warning-tab-agents">
            {t('monitor.agents')} <CountBadge count={monitor?.agentCount ?? 0} testId="warning-agent-count" />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="members" className="flex min-h-0 flex-1 flex-col">
          <WatchedList side="members" />
        </TabsContent>
        <TabsContent value="agents" className="flex min-h-0 flex-1 flex-col">
          <WatchedList side="agents" />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function CountBadge({ count, testId }: { count: number; testId: string }) {
  return (
    <Badge variant={count > 0 ? 'destructive' : 'outline'} className="ms-1.5" data-testid={testId} data-count={count}>
      {count}
    </Badge>
  );
}

function Countdown() {
  const { t } = useTranslation();
  const monitor = useMonitorCounts();
  if (!monitor) return null;
  const { phase, secondsLeft } = monitor.countdown;
  return (
    <div
      className="flex items-center gap-2 text-sm text-muted-foreground"
      role="status"
      data-testid="warning-countdown"
      data-phase={phase}
      data-seconds={secondsLeft}
    >
      <span>{phase === 'counting' ? t('monitor.countdown.counting', { seconds: secondsLeft }) : t(`monitor.countdown.${phase}`)}</span>
      {phase === 'failed' ? (
        <Button type="button" size="sm" variant="outline" onClick={monitor.retry} data-testid="warning-retry">
          {t('monitor.countdown.retry')}
        </Button>
      ) : null}
      {phase === 'counting' ? (
        <Button type="button" size="sm" variant="ghost" onClick={monitor.refresh} data-testid="warning-refresh">
          {t('monitor.countdown.refresh')}
        </Button>
      ) : null}
    </div>
  );
}

/** Puts an account on the list by its exact name: a member on the members' list, an agent on the agents'. */
function WatchForm() {
  const { t } = useTranslation();
  const commands = useCommands();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    const loginId = name.trim();
    if (!loginId) return setProblem(t('monitor.nameRequired'));
    setBusy(true);
    try {
      const account = (await call('gw.credit.account.search', { loginId })).list.find((row) => row.level > 0);
      if (!account) return setProblem(t('monitor.notFound', { loginId }));
      setProblem(null);
      await watchAccount(commands, { userId: account.userId, loginId: account.loginId, level: account.level });
      setName('');
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-1">
        <label htmlFor="watch-login" className="sr-only">
          {t('monitor.watchLabel')}
        </label>
        <Input
          id="watch-login"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          placeholder={t('monitor.watchLabel')}
          style={{ minWidth: placeholderWidth(t('monitor.watchLabel'), '1.5rem + 2px') }}
          className="w-60"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'watch-login-problem' : undefined}
          autoComplete="off"
          data-testid="watch-login"
        />
        {problem ? (
          <p id="watch-login-problem" className="text-sm text-destructive" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={busy} data-testid="watch-submit">
        {t('monitor.watch')}
      </Button>
    </form>
  );
}

function WatchedList({ side }: { side: Side }) {
  const { t } = useTranslation();
  const format = useFormat();
  const commands = useCommands();
  const rights = useRights();
  // A changed count reads the rows again (use-monitor-counts), so the unseen numbers follow the red dot.
  const pages = useInfiniteCall(lists[side], {});

  const columns = useMemo(() => monitoringColumns(t, format, commands), [t, format, commands]);
  const model = useDataTable({ columns, data: pages.rows, getRowId: (row) => row.userId });

  // Excel comes from the gateway (every watched account, docs/product.md#exports-and-files); CSV is the loaded rows.
  const exportAs: TableExport = {
    sheet: t(`monitor.${side}`),
    disabled: pages.total === 0,
    testId: `watched-export-${side}`,
    // A clerk exports what it has loaded: the gateway's file belongs to the main account.
    onExport: !can(rights, exportMethods[side])
      ? undefined
      : async (format) => {
          if (format === 'csv') return exportLoadedRows(model, { sheet: t(`monitor.${side}`) }, 'csv');
          try {
            const file = await fetchExportFile((await call(exportMethods[side], {})).fileId);
            download(file.name, file.blob, file.blob.type);
          } catch (error) {
            reportError(error);
          }
        },
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <ListBody
        model={model}
        status={
          <span className="text-sm text-muted-foreground" role="status" data-testid={`watched-total-${side}`}>
            {t('monitor.total', { count: pages.total })}
          </span>
        }
        exportAs={exportAs}
        table={{
          label: t(`monitor.${side}`),
          total: pages.total,
          loading: pages.isFetching,
          empty: t('monitor.empty'),
          onEndReached: pages.loadMore,
          rowHeight: 48,
          minWidth: '76rem',
          testId: `watched-rows-${side}`,
          rowTestId: 'watched-row',
          rowAttributes: (row) => ({ 'data-login-id': row.loginId }),
        }}
      />
    </div>
  );
}
