import { ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@commands/can';
import { BET_MAX_SPAN_DAYS } from '@contract/game.contract';
import type { ReportRow } from '@contract/report.contract';
import type { RangePreset } from '@contract/range-presets.contract';
import { useCall } from '@/api/queries';
import { lazyChart } from '@/components/chart/lazy-chart';
import { useCommands, useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { useUrlState } from '@/hooks/use-url-state';
import { presetRange, rangeTimes } from '@/lib/time';
import { cn } from '@/lib/utils';
import { CompleteToStamp } from '@/features/reports/complete-to-stamp';
import { ReportBreadcrumb } from '@/features/reports/report-breadcrumb';
import { parseTrail, writeTrail } from '@/features/reports/report-trail';
import { resultTone } from '@/features/reports/win-loss-report-columns';
import { useLevelReport } from '@/features/reports/use-level-report';
import { winLossReportState } from '@/features/reports/win-loss-report-state';
import { RangePresetSelect, VirtualCards } from './mobile-kit';

const WinLossChart = lazyChart(() => import('@/features/reports/win-loss-chart'));
// One answer holds every child of the level: nothing more to ask for.
const noMore = () => undefined;

/** /winningReport/index on a phone: a quick range, the line's own result, totals and days, each child as a card a tap drills into. */
export default function MobileWinLossScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const commands = useCommands();
  const [view, setView] = useUrlState(winLossReportState);
  const preset: RangePreset = view.preset || 'today';
  const range = useMemo(
    () => (view.start && view.end ? { start: view.start, end: view.end } : presetRange(preset)),
    [view.start, view.end, preset],
  );
  const trail = useMemo(() => parseTrail(view.trail), [view.trail]);
  const current = trail.at(-1);
  const membersBelow = (current?.level ?? rights.level) === 4;
  const times = rangeTimes('gw.credit.agent.list.total.report', range, BET_MAX_SPAN_DAYS);
  const asked = times ?? { startTime: '', endTime: '' };

  const answer = useLevelReport(times, current, membersBelow);
  const daily = useCall(
    'gw.credit.agent.daily.report',
    { ...asked, ...(current ? { userId: current.userId } : {}) },
    { enabled: times !== null && can(rights, 'gw.credit.agent.daily.report'), silent: true },
  );
  const rows = answer.data?.list ?? [];
  const total = answer.data?.total;
  const own = answer.data?.own;
  const bars = (daily.data?.list ?? []).map((day) => ({
    label: format.monthDay(day.day),
    valueWonLose: Number(day.valueWonLose),
    agentToCompany: Number(day.agentToCompany),
  }));

  const open = (row: ReportRow) => {
    if (row.level === 5) {
      commands.navigate(
        `/videoOrder/index?${new URLSearchParams({ account: row.userId, name: row.loginId, start: range.start, end: range.end })}`,
      );
      return;
    }
    setView({ trail: writeTrail([...trail, { userId: row.userId, loginId: row.loginId, level: row.level }]) });
  };
  const amount = (value: string, testId?: string) => (
    <span className={cn('font-mono tabular-nums', resultTone(value))} data-testid={testId}>
      {format.amount(value)}
    </span>
  );

  return (
    <section className="space-y-3" data-testid="mobile-win-loss" data-members={membersBelow ? 'true' : 'false'}>
      <h1 className="text-lg font-semibold">{t('route.winningReport')}</h1>
      <CompleteToStamp completeTo={times ? answer.data?.completeTo : undefined} />
      <ReportBreadcrumb trail={trail} onGo={(steps) => setView({ trail: writeTrail(steps) })} />
      <RangePresetSelect
        id="mobile-report-range"
        preset={preset}
        custom={view.start ? `${range.start} – ${range.end}` : null}
        onPick={(next) => setView({ preset: next, start: '', end: '' }, 'replace')}
      />
      {own && total ? (
        <dl className="grid grid-cols-2 gap-2 rounded-lg border bg-card p-3 text-sm" data-testid="mobile-report-summary">
          <div>
            <dt className="text-muted-foreground">{t('reports.ownResult')}</dt>
            <dd data-testid="report-own" data-result={own.result}>
              {amount(own.result)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('reports.column.valueWonLose')}</dt>
            <dd>{amount(total.valueWonLose)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('reports.column.validAmount')}</dt>
            <dd className="font-mono tabular-nums">{format.amount(total.validAmount)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('reports.column.agentToCompany')}</dt>
            <dd>{amount(total.agentToCompany)}</dd>
          </div>
        </dl>
      ) : null}
      {bars.some((bar) => bar.valueWonLose !== 0 || bar.agentToCompany !== 0) ? (
        <figure className="grid gap-2">
          <figcaption className="text-sm font-medium">{t('reports.byDay')}</figcaption>
          <WinLossChart bars={bars} className="aspect-auto h-56 w-full" testId="mobile-report-chart" />
        </figure>
      ) : null}
      <h2 className="text-sm font-medium text-muted-foreground" data-testid="win-loss-kind">
        {t(membersBelow ? 'reports.playerTotalReport' : 'reports.agentTotalReport')}
      </h2>
      {answer.isPending && times ? <p role="status">{t('app.loading')}</p> : null}
      {!answer.isPending && rows.length === 0 ? <p className="text-muted-foreground">{t('reports.empty')}</p> : null}
      <VirtualCards
        rows={rows}
        total={rows.length}
        loading={answer.isFetching}
        loadMore={noMore}
        rowKey={(row) => row.userId}
        estimate={112}
        testId="mobile-report-rows"
      >
        {(row) => (
          <button
            type="button"
            className="grid w-full gap-1 rounded-lg border bg-card p-3 text-left text-card-foreground"
            onClick={() => open(row)}
            data-testid="mobile-report-row"
            data-login-id={row.loginId}
          >
            <span className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate font-semibold">{row.loginId}</span>
              <span className="text-xs text-muted-foreground">{t(`level.${row.level}`)}</span>
              <ChevronRight className="size-4" aria-hidden />
            </span>
            <span className="grid grid-cols-2 gap-x-3 text-sm">
              <span className="text-muted-foreground">{t('reports.column.valueWonLose')}</span>
              {amount(row.valueWonLose, 'mobile-report-result')}
              <span className="text-muted-foreground">{t('reports.column.bets')}</span>
              <span className="tabular-nums">{row.bets}</span>
              <span className="text-muted-foreground">{t('reports.column.agentToCompany')}</span>
              {amount(row.agentToCompany, 'mobile-report-to-company')}
            </span>
          </button>
        )}
      </VirtualCards>
    </section>
  );
}
