import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/**
 * The countdown beside the monitor counts while the warning-account-switch setting is on: every
 * 12 seconds the counts are fetched again, and the seconds left are shown in between. Nothing
 * runs while the switch is off or the tab is hidden (a hidden tab has no one to show counts to);
 * a failed call stops the cycle until the user retries, keeping the last good counts on screen.
 * The app provides `fetchCounts`; the seconds tick with an xstate delay so tests can use a fake clock.
 */
export const MONITOR_COUNTDOWN_SECONDS = 12;

export interface MonitorCounts {
  agentCount: number;
  userCount: number;
}

export interface MonitorCountdownContext {
  secondsLeft: number;
  counts: MonitorCounts | null;
  error: unknown | null;
  switchOn: boolean;
  hidden: boolean;
  /** Length of a cycle in seconds: MONITOR_COUNTDOWN_SECONDS, shorter in the model tests. */
  seconds: number;
}

export interface MonitorCountdownInput {
  switchOn: boolean;
  hidden?: boolean;
  seconds?: number;
}

export type MonitorCountdownEvent =
  | { type: 'SWITCH.ON' }
  | { type: 'SWITCH.OFF' }
  | { type: 'TAB.HIDDEN' }
  | { type: 'TAB.VISIBLE' }
  | { type: 'RETRY' }
  /** Refresh now, from a button. */
  | { type: 'REFRESH' };

export type MonitorCountdownPhase = 'off' | 'paused' | 'fetching' | 'counting' | 'failed';

export const monitorCountdownMachine = setup({
  types: {
    context: {} as MonitorCountdownContext,
    events: {} as MonitorCountdownEvent,
    input: {} as MonitorCountdownInput,
  },
  actors: {
    fetchCounts: fromPromise<MonitorCounts>(async () => {
      throw new Error('fetchCounts is provided by the app');
    }),
  },
  delays: { tick: 1000 },
  guards: {
    onWhileHidden: ({ context }) => context.switchOn && context.hidden,
    on: ({ context }) => context.switchOn,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  actions: {
    switchOn: assign({ switchOn: true }),
    switchOff: assign({ switchOn: false, error: null }),
    markHidden: assign({ hidden: true }),
    markVisible: assign({ hidden: false }),
    countDown: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
  },
}).createMachine({
  id: 'monitorCountdown',
  context: ({ input }) => {
    const seconds = input.seconds ?? MONITOR_COUNTDOWN_SECONDS;
    return { secondsLeft: seconds, counts: null, error: null, switchOn: input.switchOn, hidden: input.hidden ?? false, seconds };
  },
  initial: 'off',
  on: {
    'SWITCH.OFF': { target: '.off', actions: 'switchOff' },
    // Visibility is tracked in every state, so that turning the switch on in a hidden tab waits for it.
    'TAB.HIDDEN': { actions: 'markHidden' },
    'TAB.VISIBLE': { actions: 'markVisible' },
  },
  states: {
    off: {
      // Off only while the switch is: both SWITCH.ON and an input that starts on leave from here.
      always: [
        { guard: 'onWhileHidden', target: 'paused' },
        { guard: 'on', target: 'fetching' },
      ],
      on: { 'SWITCH.ON': { actions: 'switchOn' } },
    },
    paused: {
      // The counts may be stale after the tab was away: fetch at once rather than finish a countdown.
      on: { 'TAB.VISIBLE': { target: 'fetching', actions: 'markVisible' } },
    },
    fetching: {
      entry: assign({ secondsLeft: 0 }),
      invoke: {
        id: 'fetchCounts',
        src: 'fetchCounts',
        onDone: {
          target: 'counting',
          actions: assign({ counts: ({ event }) => event.output, error: null, secondsLeft: ({ context }) => context.seconds }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
      on: { 'TAB.HIDDEN': { target: 'paused', actions: 'markHidden' } },
    },
    counting: {
      after: {
        tick: [
          { guard: 'lastSecond', target: 'fetching' },
          // Re-entered so that the next second is scheduled again.
          { target: 'counting', reenter: true, actions: 'countDown' },
        ],
      },
      on: {
        REFRESH: 'fetching',
        'TAB.HIDDEN': { target: 'paused', actions: 'markHidden' },
      },
    },
    failed: {
      // No ticking: calling a failing gateway every 12 s is left to the user's retry.
      on: {
        RETRY: 'fetching',
        'TAB.HIDDEN': { target: 'paused', actions: 'markHidden' },
      },
    },
  },
});

export type MonitorCountdownSnapshot = SnapshotFrom<typeof monitorCountdownMachine>;

export interface MonitorCountdownView {
  phase: MonitorCountdownPhase;
  secondsLeft: number;
  counts: MonitorCounts | null;
  error: unknown | null;
}

/** What the screen shows: the phase (a retry button in `failed`), the seconds left and the last good counts. */
export function countdownView(snapshot: MonitorCountdownSnapshot): MonitorCountdownView {
  const { secondsLeft, counts, error } = snapshot.context;
  return { phase: snapshot.value as MonitorCountdownPhase, secondsLeft, counts, error };
}
