import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { can } from '@commands/can';
import type { ResultOf } from '@contract/methods.contract';
import { countdownView, monitorCountdownMachine, type MonitorCounts, type MonitorCountdownView } from '@machines/monitor-countdown.machine';
import { call } from '@/api/gateway-client';
import { callKey, useCall } from '@/api/queries';
import { useRights } from '@/hooks/use-command-context';

const COUNTS = 'gw.credit.user.monitor.redpoint.count';
/** The lists whose rows (unseen numbers, latest activity) a changed count makes stale. */
const WATCHED_LISTS = ['gw.credit.user.monitor.query', 'gw.credit.agent.monitor.query'] as const;
/** The platform panel, read again when the platform's alert changes. */
const PLATFORM = 'gw.credit.platform.health';

export interface MonitorCountsState {
  agentCount: number;
  userCount: number;
  /** The site's game platform needs a look (a lagging feed, a transfer stuck pending): the red dot lights too. */
  platformAlert: boolean;
  warningSwitch: boolean;
  countdown: MonitorCountdownView;
  retry(): void;
  refresh(): void;
}

const MonitorCountsContext = createContext<MonitorCountsState | null>(null);

/**
 * The company's monitor counts (the red dot, the warning screen): read when the app opens and
 * after every change, and every 12 seconds while the site's warning switch is on, through the
 * countdown machine (paused in a hidden tab, stopped by a failed call until retried).
 */
export function MonitorCountsProvider({ children }: { children: ReactNode }) {
  const rights = useRights();
  const enabled = can(rights, COUNTS);
  const queryClient = useQueryClient();
  const counts = useCall(COUNTS, {}, { enabled, silent: true });
  const machine = useMemo(
    () =>
      monitorCountdownMachine.provide({
        actors: {
          fetchCounts: fromPromise<MonitorCounts>(async () => {
            const before = queryClient.getQueryData<ResultOf<typeof COUNTS>>(callKey(COUNTS, {}));
            const after = await queryClient.fetchQuery({ queryKey: callKey(COUNTS, {}), queryFn: () => call(COUNTS, {}), staleTime: 0 });
            if (before && (before.agentCount !== after.agentCount || before.userCount !== after.userCount)) {
              for (const list of WATCHED_LISTS) void queryClient.invalidateQueries({ queryKey: [list] });
            }
            if (before && before.platformAlert !== after.platformAlert) void queryClient.invalidateQueries({ queryKey: [PLATFORM] });
            return after;
          }),
        },
      }),
    [queryClient],
  );
  const actor = useActorRef(machine, { input: { switchOn: false, hidden: document.hidden } });
  const countdown = useSelector(actor, countdownView);
  const switchOn = enabled && counts.data?.warningSwitch === true;

  useEffect(() => {
    actor.send({ type: switchOn ? 'SWITCH.ON' : 'SWITCH.OFF' });
  }, [actor, switchOn]);
  useEffect(() => {
    const onVisibility = () => actor.send({ type: document.hidden ? 'TAB.HIDDEN' : 'TAB.VISIBLE' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [actor]);

  const value = useMemo<MonitorCountsState>(
    () => ({
      agentCount: counts.data?.agentCount ?? 0,
      userCount: counts.data?.userCount ?? 0,
      platformAlert: counts.data?.platformAlert ?? false,
      warningSwitch: switchOn,
      countdown,
      retry: () => actor.send({ type: 'RETRY' }),
      refresh: () => actor.send({ type: 'REFRESH' }),
    }),
    [counts.data, switchOn, countdown, actor],
  );
  return <MonitorCountsContext.Provider value={value}>{children}</MonitorCountsContext.Provider>;
}

/** The counts and the countdown, or null outside the provider (no company rights). */
export function useMonitorCounts(): MonitorCountsState | null {
  return useContext(MonitorCountsContext);
}
