import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ChevronRight, PauseCircle, Search, UserPlus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { backOffice, isMemberLevel } from '../../../contract/account-fields.contract';
import { accountStatuses, type AccountStatusValue } from '../../../contract/account.contract';
import { accountStateOf } from '../../../machines/account-status.machine';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAccountPages, type AccountQuery, type AccountRow } from '@/hooks/use-account-pages';
import { showError } from '@/lib/error-toast';
import { cn } from '@/lib/utils';
import { SessionContext } from '@/lib/session-context';
import { BulkActions } from './bulk-actions';
import { DownlineStats } from './downline-stats';
import { RowActions } from './row-actions';
import { useFormat } from '@/hooks/use-format';

type Sort = NonNullable<AccountQuery['sort']>;
type Kind = 'agents' | 'members';

const ROW_HEIGHT = 44;
const COLUMNS = 'grid-cols-[1.5rem_minmax(9rem,1.4fr)_minmax(6rem,1fr)_6rem_6rem_minmax(7rem,1fr)_minmax(7rem,1fr)_5rem_minmax(10rem,1fr)]';

export default function AccountListScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const params = useParams<{ parentId?: string }>();
  const [, navigate] = useLocation();
  const [kind, setKind] = useState<Kind | null>(null);
  const [search, setSearch] = useState('');
  const [loginId, setLoginId] = useState('');
  const [status, setStatus] = useState<'' | `${AccountStatusValue}`>('');
  const [online, setOnline] = useState<'' | 'yes' | 'no'>('');
  const [level, setLevel] = useState('');
  const [sort, setSort] = useState<{ field: Sort; order: 'asc' | 'desc' }>({ field: 'createdAt', order: 'desc' });
  const [selected, setSelected] = useState(0);
  const [actionsOpen, setActionsOpen] = useState(false);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const me = SessionContext.useSelector((state) => state.context.session?.userId);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setLoginId(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const query = useMemo<AccountQuery>(
    () => ({
      ...(params.parentId ? { parentId: params.parentId } : {}),
      ...(loginId ? { loginId } : {}),
      ...(status ? { status: Number(status) as AccountStatusValue } : {}),
      ...(online ? { online: online === 'yes' } : {}),
      ...(level && kind !== 'members' ? { level: Number(level) as 1 | 2 | 3 | 4 } : {}),
      sort: sort.field,
      order: sort.order,
    }),
    [params.parentId, loginId, status, online, level, kind, sort],
  );
  const [parentLevel, setParentLevel] = useState<number | undefined>(undefined);
  const parentHasMembersOnly = parentLevel !== undefined && isMemberLevel(parentLevel + 1);
  const agentLevelsBelow = parentLevel === undefined ? [] : backOffice.filter((value) => value > parentLevel);
  // Below an agent there are only members; above, agents first (members of the whole line on demand).
  const shown: Kind = kind ?? (parentHasMembersOnly ? 'members' : 'agents');
  const pages = useAccountPages(shown === 'members' ? 'gw.credit.user.query' : 'gw.credit.agent.query', query);
  const line = pages.line;

  useEffect(() => {
    if (line.length > 0) setParentLevel(line.at(-1)!.level);
  }, [line]);

  useEffect(() => {
    if (pages.error) showError(pages.error, t);
  }, [pages.error, t]);
  useEffect(() => {
    setSelected(0);
    setChecked(new Set());
  }, [query, shown]);
  const toggle = (row: AccountRow) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(row.userId)) next.delete(row.userId);
      else if (row.parentId === me) next.add(row.userId);
      return next;
    });
  const directRows = pages.rows.filter((row) => row.parentId === me);
  const allChecked = directRows.length > 0 && directRows.every((row) => checked.has(row.userId));

  const virtualizer = useVirtualizer({
    count: pages.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  const { loadMore, loading, rows } = pages;
  useEffect(() => {
    if (lastIndex >= rows.length - 20 && !loading) loadMore();
  }, [lastIndex, rows.length, loading, loadMore]);

  const open = (row: AccountRow) => {
    if (!isMemberLevel(row.level)) navigate(`/account/index/${row.userId}`);
  };
  const toggleSort = (field: Sort) =>
    setSort((current) => ({ field, order: current.field === field && current.order === 'desc' ? 'asc' : 'desc' }));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = (to: number) => {
      event.preventDefault();
      const next = Math.max(0, Math.min(pages.rows.length - 1, to));
      setSelected(next);
      virtualizer.scrollToIndex(next);
    };
    if (event.key === 'ArrowDown') move(selected + 1);
    else if (event.key === 'ArrowUp') move(selected - 1);
    else if (event.key === 'PageDown') move(selected + 10);
    else if (event.key === 'PageUp') move(selected - 10);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(pages.rows.length - 1);
    else if (event.key === 'Enter' && pages.rows[selected]) open(pages.rows[selected]!);
    else if (event.key === ' ' && pages.rows[selected]) {
      event.preventDefault();
      toggle(pages.rows[selected]!);
    } else if (event.key === 'Backspace' && line.length > 1) navigate(`/account/index/${line.at(-2)!.userId}`);
    else if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10') || event.key === '.') {
      event.preventDefault();
      setActionsOpen(true);
    }
  }

  const header = (field: Sort | null, label: string) =>
    field ? (
      <button
        type="button"
        className="flex items-center gap-1 text-left font-medium"
        onClick={() => toggleSort(field)}
        aria-label={t('accounts.sortBy', { column: label })}
      >
        {label}
        {sort.field === field ? (
          sort.order === 'asc' ? (
            <ArrowUp className="size-3" aria-hidden />
          ) : (
            <ArrowDown className="size-3" aria-hidden />
          )
        ) : null}
      </button>
    ) : (
      <span className="font-medium">{label}</span>
    );

  return (
    <section className="flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3" data-testid="account-list-screen">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('route.accounts')}</h1>
        <nav aria-label={t('accounts.breadcrumb')} data-testid="account-breadcrumb">
          <ol className="flex flex-wrap items-center gap-1 text-sm">
            {line.map((step, index) => (
              <li key={step.userId} className="flex items-center gap-1">
                {index > 0 ? <ChevronRight className="size-3 text-muted-foreground" aria-hidden /> : null}
                {index === line.length - 1 ? (
                  <span aria-current="page" className="font-medium">
                    {step.loginId}
                  </span>
                ) : (
                  <Link
                    href={index === 0 ? '/account/index' : `/account/index/${step.userId}`}
                    className="text-primary underline-offset-2 hover:underline"
                  >
                    {step.loginId}
                  </Link>
                )}
                <span className="text-xs text-muted-foreground">({t(`level.${step.level}`)})</span>
              </li>
            ))}
          </ol>
        </nav>
      </div>

      <div className="flex flex-wrap items-center gap-2" role="search">
        <div role="radiogroup" aria-label={t('accounts.show')} className="flex rounded-md border p-0.5">
          {(['agents', 'members'] as const).map((option) => (
            <Button
              key={option}
              type="button"
              size="sm"
              variant={shown === option ? 'default' : 'ghost'}
              role="radio"
              aria-checked={shown === option}
              onClick={() => setKind(option)}
              disabled={option === 'agents' && parentHasMembersOnly}
            >
              {t(`accounts.${option}`)}
            </Button>
          ))}
        </div>
        <div className="relative">
          <Search className="pointer-events-none absolute top-2.5 left-2 size-4 text-muted-foreground" aria-hidden />
          <Input
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('accounts.searchPlaceholder')}
            aria-label={t('accounts.searchPlaceholder')}
            className="w-48 pl-8"
            data-testid="account-search"
            maxLength={16}
          />
        </div>
        <select
          value={status}
          onChange={(event) => setStatus(event.target.value as typeof status)}
          aria-label={t('accounts.column.status')}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm"
        >
          <option value="">{t('accounts.allStatuses')}</option>
          {accountStatuses.map((value) => (
            <option key={value} value={value}>
              {t(`status.${accountStateOf({ status: value, teamStatus: value }).account}`)}
            </option>
          ))}
        </select>
        {shown === 'agents' && agentLevelsBelow.length > 1 ? (
          <select
            value={level}
            onChange={(event) => setLevel(event.target.value)}
            aria-label={t('accounts.column.level')}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            data-testid="level-filter"
          >
            <option value="">{t('accounts.directChildren')}</option>
            {agentLevelsBelow.map((value) => (
              <option key={value} value={value}>
                {t('accounts.allOfLevel', { level: t(`level.${value}`) })}
              </option>
            ))}
          </select>
        ) : null}
        <select
          value={online}
          onChange={(event) => setOnline(event.target.value as typeof online)}
          aria-label={t('accounts.column.online')}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm"
        >
          <option value="">{t('accounts.onlineAny')}</option>
          <option value="yes">{t('accounts.online')}</option>
          <option value="no">{t('accounts.offline')}</option>
        </select>
        <RowActions row={pages.rows[selected]} open={actionsOpen} onOpenChange={setActionsOpen} />
        <BulkActions userIds={[...checked]} onStarted={() => setChecked(new Set())} />
        <Button type="button" size="sm" onClick={() => navigate('/add/index')} data-testid="add-account">
          <UserPlus aria-hidden />
          {t('command.addAccount')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => navigate('/stopList/index')}>
          <PauseCircle aria-hidden />
          {t('route.stopList')}
        </Button>
        <span className="ml-auto text-sm text-muted-foreground" data-testid="account-total" role="status">
          {t('accounts.total', { count: pages.total })}
        </span>
      </div>
      <DownlineStats parentId={params.parentId} />

      <div
        role="table"
        aria-label={t(`accounts.${shown}`)}
        aria-rowcount={pages.total + 1}
        className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-md border bg-card text-card-foreground"
      >
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className={cn('grid items-center gap-2 border-b bg-muted px-3 py-2 text-sm', COLUMNS)}>
            <span role="columnheader">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={allChecked}
                disabled={directRows.length === 0}
                onChange={() => setChecked(allChecked ? new Set() : new Set(directRows.map((row) => row.userId)))}
                aria-label={t('bulk.selectAll')}
                data-testid="check-all"
              />
            </span>
            <span role="columnheader">{header('loginId', t('accounts.column.loginId'))}</span>
            <span role="columnheader">{header(null, t('accounts.column.nickname'))}</span>
            <span role="columnheader">{header(null, t('accounts.column.level'))}</span>
            <span role="columnheader">{header(null, t('accounts.column.status'))}</span>
            <span role="columnheader">{header('balance', t('accounts.column.balance'))}</span>
            <span role="columnheader">{header(null, t('accounts.column.pointLimit'))}</span>
            <span role="columnheader">{header(null, t('accounts.column.online'))}</span>
            <span role="columnheader">{header('lastLoginAt', t('accounts.column.lastLoginAt'))}</span>
          </div>
        </div>
        <div
          ref={scrollRef}
          role="rowgroup"
          tabIndex={0}
          onKeyDown={onKeyDown}
          aria-label={t('accounts.keyboardHint')}
          className="relative min-h-0 flex-1 overflow-auto focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="account-rows"
        >
          {pages.rows.length === 0 && !pages.loading ? (
            <p className="p-6 text-center text-muted-foreground">{t('accounts.empty')}</p>
          ) : null}
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = pages.rows[item.index]!;
              return (
                <div
                  key={row.userId}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={item.index === selected}
                  data-testid="account-row"
                  data-login-id={row.loginId}
                  onClick={() => setSelected(item.index)}
                  onDoubleClick={() => open(row)}
                  className={cn(
                    'absolute right-0 left-0 grid items-center gap-2 border-b px-3 text-sm',
                    COLUMNS,
                    item.index === selected && 'bg-accent text-accent-foreground',
                  )}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  <span role="cell">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={checked.has(row.userId)}
                      disabled={row.parentId !== me}
                      onChange={() => toggle(row)}
                      onClick={(event) => event.stopPropagation()}
                      tabIndex={-1}
                      aria-label={t('bulk.select', { loginId: row.loginId })}
                      data-testid="row-check"
                    />
                  </span>
                  <span role="cell" className="truncate font-medium">
                    {!isMemberLevel(row.level) ? (
                      <Link href={`/account/index/${row.userId}`} className="text-primary underline-offset-2 hover:underline" tabIndex={-1}>
                        {row.loginId}
                      </Link>
                    ) : (
                      row.loginId
                    )}
                    {!isMemberLevel(row.level) ? <span className="ml-1 text-xs text-muted-foreground">({row.childCount})</span> : null}
                    {row.exceptionMarked ? (
                      <Badge variant="warning" className="ml-1">
                        {t('flag.monitored')}
                      </Badge>
                    ) : null}
                    {row.winBlocked ? (
                      <Badge variant="destructive" className="ml-1">
                        {t('flag.winBlocked')}
                      </Badge>
                    ) : null}
                    {row.betPaused || row.betStopped ? (
                      <Badge variant="outline" className="ml-1">
                        {t('flag.betStopped')}
                      </Badge>
                    ) : null}
                  </span>
                  <span role="cell" className="truncate">
                    {row.nickname}
                  </span>
                  <span role="cell">{t(`level.${row.level}`)}</span>
                  <span role="cell">
                    <AccountStatusBadge status={row.status} />
                  </span>
                  <span role="cell" className="font-mono tabular-nums">
                    {format.amount(row.balance)}
                  </span>
                  <span role="cell" className="font-mono tabular-nums">
                    {format.amount(row.pointLimit)}
                  </span>
                  <span role="cell">{row.online ? t('accounts.online') : t('accounts.offline')}</span>
                  <span role="cell" className="truncate text-xs">
                    {row.lastLoginAt ? format.dateTime(row.lastLoginAt) : '—'}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
