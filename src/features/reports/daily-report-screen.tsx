import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { can } from '@commands/can';
import { gameTypes } from '@contract/account-fields.contract';
import { formatCents, parseSignedCents } from '@contract/amount.contract';
import { BET_MAX_SPAN_DAYS } from '@contract/game.contract';
import { rangePresets } from '@contract/range-presets.contract';
import { useCall } from '@/api/queries';
import { lazyChart } from '@/components/chart/lazy-chart';
import { useDataTable } from '@/components/data-table/data-table';
import type { ExportFormat } from '@/components/data-table/data-table-export';
import { type TableExport } from '@/components/data-table/data-table-toolbar';
import { ListScreen } from '@/components/data-table/list-screen';
import { CompleteToStamp } from './complete-to-stamp';
import { AccountPicker } from '@/components/filters/account-picker';
import { GameRangeFilters } from '@/components/filters/game-range-filters';
import { useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { rangeFields, useListView } from '@/hooks/use-list-screen';
import { urlStateCodec } from '@/hooks/use-url-state';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { downloadReport } from './report-export';
import { parseTrail, trailSchema, writeTrail } from './report-trail';
import { additive, dailyReportColumns, type DayRow } from './daily-report-columns';

const WinLossChart = lazyChart(() => import('./win-loss-chart'));

/** The account whose days are shown ("id~login~level", as a report trail's step; a member is level 5), or the caller's own line. */
const accountSchema = z.union([trailSchema, z.string().regex(/^[1-9][0-9]{0,17}~[A-Za-z0-9_-]{1,16}~5$/)]);
export const dailyReportState = urlStateCodec(
  {
    account: accountSchema,
    type: z.enum(['', ...gameTypes]),
    game: z.string().max(32),
    ...rangeFields,
    preset: z.enum(['', ...rangePresets]),
  },
  { account: '', type: '', game: '', start: '', end: '', preset: '' },
);

/** /dailyReport/index: one account's results day by day (agent or member daily report), each day opening its win/loss report or bets. */
export default function DailyReportScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const [, navigate] = useLocation();
  const {
    view,
    setView,
    range,
    setRange,
    query: filters,
  } = useListView({
    state: dailyReportState,
    method: 'gw.credit.agent.daily.report',
    defaultRange: 'thisMonth',
    maxSpanDays: BET_MAX_SPAN_DAYS,
    params: (view, times) => ({ ...times, ...(view.type ? { gameType: view.type } : {}), ...(view.game ? { gameCode: view.game } : {}) }),
  });
  const [name, setName] = useState('');
  const account = useMemo(() => (view.account ? (parseTrail(view.account)[0] ?? null) : null), [view.account]);
  const member = account?.level === 5;

  const asked = filters ?? { startTime: '', endTime: '' };
  const agentDays = useCall(
    'gw.credit.agent.daily.report',
    { ...asked, ...(account ? { userId: account.userId } : {}) },
    { enabled: filters !== null && !member },
  );
  const memberDays = useCall(
    'gw.credit.player.daily.report',
    { ...asked, userId: account?.userId ?? '' },
    { enabled: filters !== null && member },
  );
  // A member's range as the win/loss report counts it (rates weighted over the range), when the caller may read that report.
  const summary = useCall(
    'gw.credit.player.summary.report',
    { ...asked, userId: account?.userId ?? '' },
    { enabled: filters !== null && member && can(rights, 'gw.credit.player.summary.report'), silent: true },
  );
  // An agent's range as its win/loss report totals it (the same bets as its days): the range's company profit rate.
  const level = account?.level ?? rights.level;
  const agentRange = useCall(
    'gw.credit.agent.list.total.report',
    { ...asked, ...(account ? { parentId: account.userId } : {}) },
    { enabled: filters !== null && level < 4 && can(rights, 'gw.credit.agent.list.total.report'), silent: true },
  );
  const membersRange = useCall(
    'gw.credit.player.list.total.report',
    { ...asked, ...(account ? { agentId: account.userId } : {}) },
    { enabled: filters !== null && level === 4 && can(rights, 'gw.credit.player.list.total.report'), silent: true },
  );
  const answer = member ? memberDays : agentDays;
  const rows = useMemo<DayRow[]>(() => (filters ? [...(answer.data?.list ?? [])].reverse() : []), [filters, answer.data]);

  const { type, game } = view;
  const openDay = useCallback(
    (row: DayRow) => {
      const query = new URLSearchParams({ start: row.day, end: row.day });
      if (type) query.set('type', type);
      if (game) query.set('game', game);
      if (account && member) {
        query.set('account', account.userId);
        query.set('name', account.loginId);
        navigate(`/videoOrder/index?${query.toString()}`);
        return;
      }
      if (account) query.set('trail', writeTrail([account]));
      navigate(`/winningReport/index?${query.toString()}`);
    },
    [type, game, account, member, navigate],
  );
  const columns = useMemo(() => dailyReportColumns(t, format, openDay), [t, format, openDay]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.day, tableId: 'daily-report' });

  const sums = useMemo(() => {
    if (rows.length === 0) return null;
    const sum = Object.fromEntries(
      additive.map((key) => [key, formatCents(rows.reduce((total, row) => total + (parseSignedCents(row[key]) ?? 0n), 0n))]),
    );
    return { ...sum, bets: rows.reduce((total, row) => total + row.bets, 0) } as Record<(typeof additive)[number], string> & {
      bets: number;
    };
  }, [rows]);
  const rangeRate = !sums
    ? undefined
    : member
      ? summary.data?.companyProfitRate
      : (level === 4 ? membersRange : agentRange).data?.total.companyProfitRate;
  const accountName = account?.loginId ?? t('reports.myLine');
  const title = t('route.dailyReport');
  const exportAs: TableExport = {
    sheet: title,
    disabled: !filters || rows.length === 0,
    testId: 'daily-export',
    onExport: async (kind: ExportFormat) => {
      if (!sums) return;
      await downloadReport({
        model,
        rows,
        totals: { ...sums, day: t('bets.sumRow'), agentRate: 0, toCompanyBets: 0, companyProfitRate: rangeRate ?? 0 },
        blankInTotals: rangeRate === undefined ? [t('reports.column.companyProfitRate')] : [],
        nameParts: [`${range.start}–${range.end}`, accountName],
        sheet: title,
        format: kind,
      });
      toast(t('reports.exported', { count: rows.length }), { variant: 'success' });
    },
  };
  const bars = [...rows].reverse().map((row) => ({
    label: format.monthDay(row.day),
    valueWonLose: Number(row.valueWonLose),
    agentToCompany: Number(row.agentToCompany),
  }));
  const totals = sums
    ? {
        day: t('bets.sumRow'),
        bets: format.number(sums.bets),
        ...Object.fromEntries(additive.map((key) => [key, format.amount(sums[key])])),
        ...(rangeRate === undefined ? {} : { companyProfitRate: <span data-testid="daily-summary">{format.percent(rangeRate)}</span> }),
      }
    : undefined;

  return (
    <ListScreen
      title={title}
      testId="daily-report-screen"
      attributes={{ 'data-member': member ? 'true' : 'false' }}
      header={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold">
            {title}
            <span className="ms-2 text-base font-normal text-muted-foreground" data-testid="daily-account">
              {accountName}
            </span>
          </h1>
          <div className="flex items-center gap-2">
            <CompleteToStamp completeTo={filters ? answer.data?.completeTo : undefined} />
            {account ? (
              <button
                type="button"
                className="text-sm text-primary underline-offset-4 hover:underline"
                onClick={() => setView({ account: '' })}
                data-testid="daily-mine"
              >
                {t('reports.myLine')}
              </button>
            ) : null}
            <div className="w-56">
              <AccountPicker
                id="daily-account-picker"
                label={t('reports.account')}
                placeholder={t('reports.account')}
                text={name}
                onTextChange={setName}
                onPick={(picked) => {
                  setName('');
                  setView({ account: picked.userId === rights.userId ? '' : `${picked.userId}~${picked.loginId}~${picked.level}` });
                }}
                onClear={() => setName('')}
                limit={8}
                inputData={{ 'data-testid': 'daily-picker' }}
                optionTestId="daily-suggestion"
              />
            </div>
          </div>
        </div>
      }
      model={model}
      filters={
        <GameRangeFilters
          type={view.type}
          game={view.game}
          onGameChange={setView}
          range={range}
          onRangeChange={setRange}
          testIdPrefix="daily"
        />
      }
      exportAs={exportAs}
      table={{
        total: rows.length,
        loading: answer.isFetching,
        empty: filters ? t('reports.empty') : null,
        totals,
        minWidth: '72rem',
        testId: 'daily-rows',
        rowTestId: 'daily-row',
        rowAttributes: (row) => ({ 'data-day': row.day, 'data-result': row.valueWonLose }),
      }}
      frame={(table) => (
        <div className="min-h-40" style={{ height: `min(28rem, ${(rows.length + 2) * 2.75 + 1}rem)` }}>
          {table}
        </div>
      )}
    >
      {sums && sums.bets > 0 ? (
        <figure className={cn('grid gap-2')}>
          <figcaption className="text-sm font-medium">{t('reports.byDay')}</figcaption>
          <WinLossChart bars={bars} className="h-64" testId="daily-chart" />
        </figure>
      ) : null}
    </ListScreen>
  );
}
