import type { SortingState } from '@tanstack/react-table';
import { PauseCircle, UserPlus } from 'lucide-react';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { pathAllowed } from '@commands/screens';
import { backOffice, isMemberLevel } from '@contract/account-fields.contract';
import { accountStatuses, type AccountStatusValue } from '@contract/account.contract';
import { accountStatusName } from '@/components/account-status-badge';
import { useDataTable } from '@/components/data-table/data-table';
import { exportLoadedRows, type TableExport } from '@/components/data-table/data-table-toolbar';
import { ListScreen } from '@/components/data-table/list-screen';
import { ExportJobProgress } from '@/components/export/export-job-progress';
import { AsOfBanner, AsOfFilter } from '@/components/filters/as-of-filter';
import { useExportJob } from '@/components/export/use-export-job';
import { Button } from '@/components/ui/button';
import { SearchFilter } from '@/components/filters/search-filter';
import { SelectFilter } from '@/components/filters/select-filter';
import { useAccountPages, type AccountQuery, type AccountRow } from '@/hooks/use-account-pages';
import { useBalancesAsOf } from '@/hooks/use-balances-asof';
import { useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { useUrlState } from '@/hooks/use-url-state';
import { useAsOf } from '@/lib/as-of';
import { SessionContext } from '@/lib/session-context';
import { toast } from '@/lib/toast';
import { accountListColumns } from './account-list-columns';
import { accountListState } from './account-list-state';
import { BulkActions } from './bulk-actions';
import { DownlineStats } from './downline-stats';
import { LineBreadcrumb } from './line-breadcrumb';
import { RowActions } from './row-actions';
import { AccountKindToggle } from './account-kind-toggle';

type Sort = NonNullable<AccountQuery['sort']>;

export default function AccountListScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const params = useParams<{ parentId?: string }>();
  const [, navigate] = useLocation();
  const [view, setView] = useUrlState(accountListState);
  const [actionsOpen, setActionsOpen] = useState(false);
  const me = SessionContext.useSelector((state) => state.context.session?.userId);
  const mayAdd = pathAllowed('/add/index', useRights());

  const [parentLevel, setParentLevel] = useState<number | undefined>(undefined);
  const parentHasMembersOnly = parentLevel !== undefined && isMemberLevel(parentLevel + 1);
  const agentLevelsBelow = parentLevel === undefined ? [] : backOffice.filter((value) => value > parentLevel);
  const shown = view.kind || (parentHasMembersOnly ? 'members' : 'agents');
  const [sortField, sortOrder] = view.sort.split('.') as [Sort, 'asc' | 'desc'];

  const query = useMemo<AccountQuery>(
    () => ({
      ...(params.parentId ? { parentId: params.parentId } : {}),
      ...(view.search ? { loginId: view.search } : {}),
      ...(view.status ? { status: Number(view.status) as AccountStatusValue } : {}),
      ...(view.online ? { online: view.online === 'yes' } : {}),
      ...(view.locked ? { locked: view.locked === 'yes' } : {}),
      ...(view.level && shown !== 'members' ? { level: Number(view.level) as 1 | 2 | 3 | 4 } : {}),
      sort: sortField,
      order: sortOrder,
    }),
    [params.parentId, view.search, view.status, view.online, view.locked, view.level, shown, sortField, sortOrder],
  );
  const pages = useAccountPages(shown === 'members' ? 'gw.credit.user.query' : 'gw.credit.agent.query', query);
  const line = pages.line;
  const exporter = useExportJob(shown === 'members' ? 'gw.credit.user.export' : 'gw.credit.agent.export', {
    onDone: (count) => toast(t('export.done', { count }), { variant: 'success' }),
  });
  const exporting = exporter.phase === 'starting' || exporter.phase === 'running' || exporter.phase === 'downloading';
  useEffect(() => {
    if (line.length > 0) setParentLevel(line.at(-1)!.level);
  }, [line]);

  // As of a past moment: the rows' and the line's balances then, and nothing that moves points.
  const at = useAsOf();
  const shownIds = useMemo(() => [...line.map((step) => step.userId), ...pages.rows.map((row) => row.userId)], [line, pages.rows]);
  const asOf = useBalancesAsOf(at, shownIds);
  const asOfBalances = at ? asOf.balances : null;
  const columns = useMemo(() => accountListColumns(t, format, asOfBalances), [t, format, asOfBalances]);
  const sorting = useMemo<SortingState>(() => [{ id: sortField, desc: sortOrder === 'desc' }], [sortField, sortOrder]);
  const model = useDataTable({
    columns,
    data: pages.rows,
    getRowId: (row) => row.userId,
    sorting,
    onSortingChange: (next) => next[0] && setView({ sort: `${next[0].id}.${next[0].desc ? 'desc' : 'asc'}` }),
    canSelect: (row) => row.parentId === me,
    rowName: (row) => row.loginId,
    resetKey: `${shown}:${JSON.stringify(query)}`,
  });

  const open = (row: AccountRow) => {
    if (!isMemberLevel(row.level)) navigate(`/account/index/${row.userId}`);
  };
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Backspace' && line.length > 1) navigate(`/account/index/${line.at(-2)!.userId}`);
    else if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10') || event.key === '.') {
      event.preventDefault();
      setActionsOpen(true);
    }
  }

  const filters = (
    <>
      <AsOfFilter />
      <AccountKindToggle shown={shown} membersOnly={parentHasMembersOnly} onChange={(kind) => setView({ kind })} />
      <SearchFilter
        label={t('accounts.searchPlaceholder')}
        labelHidden
        placeholder={t('accounts.searchPlaceholder')}
        value={view.search}
        onChange={(next) => setView({ search: next }, 'replace')}
        debounceMs={250}
        maxLength={16}
        data-testid="account-search"
      />
      <SelectFilter
        label={t('accounts.column.status')}
        labelHidden
        value={view.status}
        onChange={(status) => setView({ status: status as typeof view.status })}
        anyLabel={t('accounts.allStatuses')}
        options={accountStatuses.map((value) => ({ value: String(value), label: accountStatusName(value, t) }))}
        data-testid="status-filter"
      />
      {shown === 'agents' && agentLevelsBelow.length > 1 ? (
        <SelectFilter
          label={t('accounts.column.level')}
          labelHidden
          value={view.level}
          onChange={(level) => setView({ level: level as typeof view.level })}
          anyLabel={t('accounts.directChildren')}
          options={agentLevelsBelow.map((value) => ({
            value: String(value),
            label: t('accounts.allOfLevel', { level: t(`level.${value}`) }),
          }))}
          data-testid="level-filter"
        />
      ) : null}
      <SelectFilter
        label={t('accounts.column.online')}
        labelHidden
        value={view.online}
        onChange={(online) => setView({ online: online as typeof view.online })}
        anyLabel={t('accounts.onlineAny')}
        options={[
          { value: 'yes', label: t('accounts.online') },
          { value: 'no', label: t('accounts.offline') },
        ]}
        data-testid="online-filter"
      />
      <SelectFilter
        label={t('accounts.column.locks')}
        labelHidden
        value={view.locked}
        onChange={(locked) => setView({ locked: locked as typeof view.locked })}
        anyLabel={t('accounts.lockAny')}
        options={[
          { value: 'yes', label: t('accounts.lockedOnly') },
          { value: 'no', label: t('accounts.notLocked') },
        ]}
        data-testid="lock-filter"
      />
      <RowActions row={model.activeRow} open={actionsOpen} onOpenChange={setActionsOpen} readOnly={at !== null} />
      <BulkActions userIds={model.selectedRows.map((row) => row.userId)} onStarted={model.clearSelection} />
      {mayAdd ? (
        <Button type="button" size="sm" onClick={() => navigate('/add/index')} data-testid="add-account">
          <UserPlus aria-hidden />
          {t('command.addAccount')}
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="outline" onClick={() => navigate('/stopList/index')}>
        <PauseCircle aria-hidden />
        {t('route.stopList')}
      </Button>
    </>
  );

  const exportAs: TableExport = {
    sheet: t('route.accounts'),
    disabled: pages.rows.length === 0 || exporting,
    ...(exporting ? { disabledReason: t('table.exportRunning') } : {}),
    testId: 'account-export',
    // What is loaded is exported here; a longer list is written by the gateway as a job.
    onExport: (kind) =>
      pages.rows.length >= pages.total ? exportLoadedRows(model, exportAs, kind) : exporter.start({ ...query, format: kind }),
  };

  return (
    <ListScreen
      title={t('route.accounts')}
      testId="account-list-screen"
      header={
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold">{t('route.accounts')}</h1>
            <AsOfBanner />
          </div>
          <LineBreadcrumb line={line} asOf={asOfBalances} />
        </div>
      }
      model={model}
      filters={filters}
      status={
        <span className="text-sm text-muted-foreground" data-testid="account-total" role="status">
          {t('accounts.total', { count: pages.total })}
        </span>
      }
      exportAs={exportAs}
      progress={
        <>
          <ExportJobProgress job={exporter} />
          <DownlineStats parentId={params.parentId} />
        </>
      }
      table={{
        label: t(`accounts.${shown}`),
        total: pages.total,
        loading: pages.loading,
        empty: t('accounts.empty'),
        onEndReached: pages.loadMore,
        onOpen: open,
        onKeyDown,
        rowHeight: 44,
        minWidth: '62rem',
        testId: 'account-rows',
        rowTestId: 'account-row',
        rowAttributes: (row) => ({ 'data-login-id': row.loginId }),
        keyboardHint: t('accounts.keyboardHint'),
      }}
    />
  );
}
