import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { can } from '@commands/can';
import { BET_MAX_SPAN_DAYS } from '@contract/game.contract';
import type { ReportNumbers, ReportRow } from '@contract/report.contract';
import { useCall } from '@/api/queries';
import { lazyChart } from '@/components/chart/lazy-chart';
import { useDataTable } from '@/components/data-table/data-table';
import type { ExportFormat } from '@/components/data-table/data-table-export';
import { type TableExport } from '@/components/data-table/data-table-toolbar';
import { ListScreen } from '@/components/data-table/list-screen';
import { GameRangeFilters } from '@/components/filters/game-range-filters';
import { useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { useListView } from '@/hooks/use-list-screen';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { resultTone, winLossColumns } from './win-loss-report-columns';
import { ReportBreadcrumb } from './report-breadcrumb';
import { downloadReport } from './report-export';
import { parseTrail, writeTrail } from './report-trail';
import { useLevelReport } from './use-level-report';
import { CompleteToStamp } from './complete-to-stamp';
import { winLossReportState } from './win-loss-report-state';

const WinLossChart = lazyChart(() => import('./win-loss-chart'));

const yuan = (amount: string) => Number(amount);

/** /winningReport/index: each direct child's result over whole Beijing days, drilled down to the members and their bets. */
export default function WinLossReportScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const [, navigate] = useLocation();
  // A preset asked from the palette may change while the screen is open.
  const {
    view,
    setView,
    range,
    setRange,
    query: filters,
  } = useListView({
    state: winLossReportState,
    method: 'gw.credit.agent.list.total.report',
    defaultRange: 'today',
    maxSpanDays: BET_MAX_SPAN_DAYS,
    params: (view, times) => ({ ...times, ...(view.type ? { gameType: view.type } : {}), ...(view.game ? { gameCode: view.game } : {}) }),
  });
  const trail = useMemo(() => parseTrail(view.trail), [view.trail]);
  const current = trail.at(-1);
  const level = current?.level ?? rights.level;
  const membersBelow = level === 4;

  const asked = filters ?? { startTime: '', endTime: '' };
  const answer = useLevelReport(filters, current, membersBelow);
  const rows = useMemo(() => (filters ? (answer.data?.list ?? []) : []), [filters, answer.data]);
  const total = filters ? answer.data?.total : undefined;
  const own = filters ? answer.data?.own : undefined;

  const mayReadDays = can(rights, 'gw.credit.agent.daily.report');
  const daily = useCall(
    'gw.credit.agent.daily.report',
    { ...asked, ...(current ? { userId: current.userId } : {}) },
    { enabled: filters !== null && mayReadDays, silent: true },
  );
  const byTypeMethod = membersBelow ? 'gw.credit.player.list.total.report' : 'gw.credit.agent.list.total.report';
  const parentKey = current ? (membersBelow ? { agentId: current.userId } : { parentId: current.userId }) : {};
  const live = useCall(
    byTypeMethod,
    { ...asked, ...parentKey, gameType: 'live' },
    { enabled: filters !== null && !view.type && !view.game, silent: true },
  );
  const electronic = useCall(
    byTypeMethod,
    { ...asked, ...parentKey, gameType: 'electronic' },
    { enabled: filters !== null && !view.type && !view.game, silent: true },
  );

  const { type, game } = view;
  const open = useCallback(
    (row: ReportRow) => {
      if (row.level === 5) {
        const bets = new URLSearchParams({ account: row.userId, name: row.loginId, start: range.start, end: range.end });
        if (type) bets.set('type', type);
        if (game) bets.set('game', game);
        navigate(`/videoOrder/index?${bets.toString()}`);
        return;
      }
      setView({ trail: writeTrail([...trail, { userId: row.userId, loginId: row.loginId, level: row.level }]) });
    },
    [range, type, game, trail, navigate, setView],
  );
  const columns = useMemo(() => winLossColumns(t, format, open), [t, format, open]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.userId, tableId: 'win-loss-report' });

  const title = t('route.winningReport');
  const exportAs: TableExport = {
    sheet: title,
    disabled: !filters || !total || rows.length === 0,
    testId: 'report-export',
    onExport: async (kind: ExportFormat) => {
      if (!filters || !total) return;
      await downloadReport({
        model,
        rows,
        totals: { ...total, userId: '0', loginId: t('bets.sumRow'), level: 5 },
        blankInTotals: [t('reports.column.level')],
        nameParts: [`${range.start}–${range.end}`, own ? own.loginId : ''],
        sheet: title,
        format: kind,
      });
      toast(t('reports.exported', { count: rows.length }), { variant: 'success' });
    },
  };

  const dayBars = (daily.data?.list ?? []).map((day) => ({
    label: format.monthDay(day.day),
    valueWonLose: yuan(day.valueWonLose),
    agentToCompany: yuan(day.agentToCompany),
  }));
  const typeBars = [
    { key: 'live', numbers: live.data?.total },
    { key: 'electronic', numbers: electronic.data?.total },
  ].flatMap(({ key, numbers }: { key: string; numbers?: ReportNumbers }) =>
    numbers && numbers.bets > 0
      ? [{ label: t(`game.${key}`), valueWonLose: yuan(numbers.valueWonLose), agentToCompany: yuan(numbers.agentToCompany) }]
      : [],
  );

  const totals = total
    ? {
        loginId: t('bets.sumRow'),
        bets: format.number(total.bets),
        betAmount: format.amount(total.betAmount),
        validAmount: format.amount(total.validAmount),
        valueWonLose: format.amount(total.valueWonLose),
        betRebate: format.amount(total.betRebate),
        agentRate: format.percent(total.agentRate),
        agentToCompany: format.amount(total.agentToCompany),
        toCompanyBetValue: format.amount(total.toCompanyBetValue),
        toCompanyBets: format.number(total.toCompanyBets),
        companyProfitRate: format.percent(total.companyProfitRate),
      }
    : undefined;

  return (
    <ListScreen
      title={title}
      testId="win-loss-screen"
      attributes={{ 'data-level': String(level) }}
      intro={
        <>
          <ReportBreadcrumb trail={trail} onGo={(steps) => setView({ trail: writeTrail(steps) })} />
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 className="text-sm font-medium text-muted-foreground" data-testid="win-loss-kind">
              {t(membersBelow ? 'reports.playerTotalReport' : 'reports.agentTotalReport')}
            </h2>
            <CompleteToStamp completeTo={filters ? answer.data?.completeTo : undefined} />
          </div>
        </>
      }
      model={model}
      filters={
        <GameRangeFilters
          type={view.type}
          game={view.game}
          onGameChange={setView}
          range={range}
          onRangeChange={setRange}
          testIdPrefix="report"
        />
      }
      status={
        own ? (
          <span className="text-sm" role="status" data-testid="report-own" data-result={own.result}>
            {t('reports.ownResultOf', { account: own.loginId })}{' '}
            <strong className={cn('font-mono tabular-nums', resultTone(own.result))}>{format.amount(own.result)}</strong>
          </span>
        ) : null
      }
      exportAs={exportAs}
      table={{
        total: rows.length,
        loading: answer.isFetching,
        empty: filters ? t('reports.empty') : null,
        // Enter on a row drills down as its name's button does: the next level, or a member's bets.
        onOpen: open,
        totals,
        minWidth: '96rem',
        testId: 'report-rows',
        rowTestId: 'report-row',
        rowAttributes: (row) => ({ 'data-user-id': row.userId, 'data-login-id': row.loginId, 'data-level': String(row.level) }),
      }}
      frame={(table) => (
        <div className="min-h-40" style={{ height: `min(28rem, ${(rows.length + 2) * 2.75 + 1}rem)` }}>
          {table}
        </div>
      )}
    >
      {filters && total && total.bets > 0 ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {mayReadDays ? (
            <figure className="grid gap-2">
              <figcaption className="text-sm font-medium">{t('reports.byDay')}</figcaption>
              <WinLossChart bars={dayBars} className="h-64" testId="report-chart-days" />
            </figure>
          ) : null}
          {typeBars.length > 0 ? (
            <figure className="grid gap-2">
              <figcaption className="text-sm font-medium">{t('reports.byType')}</figcaption>
              <WinLossChart bars={typeBars} className="h-64" testId="report-chart-types" />
            </figure>
          ) : null}
        </div>
      ) : null}
    </ListScreen>
  );
}
