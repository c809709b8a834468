import { assign, createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { monitorCountdownMachine, type MonitorCounts } from '../../machines/monitor-countdown.machine';
import { generatePaths, modelGraph, type MachinePaths, type Runner } from './path-model';
import type { Product } from './product';

/*
 * The monitor's countdown, written by hand from the spec (§4: while the warning-account switch is
 * on, a 12-second countdown repeats and refreshes the monitor counts) and PRODUCT.md "Monitoring" (no
 * call while the switch is off or the tab hidden; a failed call stops the cycle until the user
 * retries and keeps the last good counts; a tab shown again fetches at once). Not derived from
 * machines/monitor-countdown.machine.ts: a path can disagree with it. The cycle is 2 s here.
 */
const MODEL_SECONDS = 2;
const FETCH_DONE = 'xstate.done.actor.fetchCounts' as const;
const FETCH_ERROR = 'xstate.error.actor.fetchCounts' as const;
const TICK = 'xstate.after.tick.monitorCountdown.counting' as const;

type Phase = 'off' | 'paused' | 'fetching' | 'counting' | 'failed';
interface Countdown {
  phase: Phase;
  secondsLeft: number;
  counts: boolean;
  error: boolean;
  switchOn: boolean;
  hidden: boolean;
}
const USER_EVENTS = ['SWITCH.ON', 'SWITCH.OFF', 'TAB.HIDDEN', 'TAB.VISIBLE', 'RETRY', 'REFRESH'] as const;
type CountdownEvent = { type: (typeof USER_EVENTS)[number] | typeof FETCH_DONE | typeof FETCH_ERROR | typeof TICK };

/** A fetch starts: the seconds show 0 until the answer. */
const fetching = (state: Countdown): Countdown => ({ ...state, phase: 'fetching', secondsLeft: 0 });

function apply(state: Countdown, type: CountdownEvent['type']): Countdown {
  switch (type) {
    case 'SWITCH.OFF':
      return { ...state, phase: 'off', switchOn: false, error: false };
    case 'SWITCH.ON':
      if (state.phase !== 'off') return state;
      return state.hidden ? { ...state, switchOn: true, phase: 'paused' } : fetching({ ...state, switchOn: true });
    case 'TAB.HIDDEN':
      return { ...state, hidden: true, phase: state.phase === 'off' ? 'off' : 'paused' };
    case 'TAB.VISIBLE':
      return state.phase === 'paused' ? fetching({ ...state, hidden: false }) : { ...state, hidden: false };
    case 'RETRY':
      return state.phase === 'failed' ? fetching(state) : state;
    case 'REFRESH':
      return state.phase === 'counting' ? fetching(state) : state;
    case FETCH_DONE:
      return { ...state, phase: 'counting', secondsLeft: MODEL_SECONDS, counts: true, error: false };
    case FETCH_ERROR:
      return { ...state, phase: 'failed', error: true };
    case TICK:
      return state.secondsLeft <= 1 ? fetching(state) : { ...state, secondsLeft: state.secondsLeft - 1 };
  }
}

/** What can happen in a state: every user event always; the call's answers while fetching; a second passing while counting. */
function offered({ context }: { context: Countdown }): CountdownEvent[] {
  return [
    ...USER_EVENTS.map((type) => ({ type })),
    ...(context.phase === 'fetching' ? [{ type: FETCH_DONE }, { type: FETCH_ERROR }] : []),
    ...(context.phase === 'counting' ? [{ type: TICK }] : []),
  ];
}

const handModel = setup({ types: { context: {} as Countdown, events: {} as CountdownEvent } }).createMachine({
  id: 'countdownModel',
  // The monitoring screen opens with the switch on in a shown tab: the first fetch starts at once.
  context: { phase: 'fetching', secondsLeft: 0, counts: false, error: false, switchOn: true, hidden: false },
  on: Object.fromEntries(
    [...USER_EVENTS, FETCH_DONE, FETCH_ERROR, TICK].map((type) => [
      type,
      { actions: assign(({ context }) => apply(context, type as CountdownEvent['type'])) },
    ]),
  ),
});

const countdownTestModel = createTestModel(handModel, {
  events: offered as never,
  filterEvents: ((snapshot: { context: Countdown }, event: CountdownEvent) =>
    offered(snapshot).some((candidate) => candidate.type === event.type)) as never,
});

const countdownNames = {
  eventName: (event: CountdownEvent) =>
    event.type
      .replace('xstate.done.actor.', '✓')
      .replace('xstate.error.actor.', '✗')
      .replace(/^xstate\.after\.(\w+)\..*$/, '⏱$1'),
  stateName: ({ context }: { context: Countdown }) => `${context.phase}(${context.secondsLeft})${context.hidden ? ' hidden' : ''}`,
  shows: ({ context }: { context: Countdown }) =>
    `${context.phase}(${context.secondsLeft}); counts ${context.counts ? 'shown' : 'none'}; error ${context.error ? 'shown' : 'none'}`,
};

/*
 * Through the gateway: the real machine on a simulated clock (a cycle of 12 s is too long to
 * wait), its call answered by the gateway's redpoint.count (a refused call for an error).
 */
const INPUT = { switchOn: true, seconds: MODEL_SECONDS };
const model = countdownTestModel;
const names = countdownNames;
type Snapshot = { value: unknown; context: { secondsLeft: number; counts: unknown; error: unknown } };
/** What the machine under test shows, in the model's words. */
const machineShows = ({ value, context }: Snapshot) =>
  `${String(value)}(${context.secondsLeft}); counts ${context.counts ? 'shown' : 'none'}; error ${context.error ? 'shown' : 'none'}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function gatewayRunner(product: Product): Runner {
  return {
    async start() {
      const opsId = await product.session('admin');
      let pending: { resolve: (counts: MonitorCounts) => void; reject: (error: unknown) => void } | undefined;
      const clock = new SimulatedClock();
      const machine = monitorCountdownMachine.provide({
        actors: { fetchCounts: fromPromise<MonitorCounts>(() => new Promise((resolve, reject) => (pending = { resolve, reject }))) },
      });
      const actor = createActor(machine, { input: INPUT, clock }).start();
      const answer = async (session: string) => {
        const result = await product.call('gw.credit.user.monitor.redpoint.count', { opsId: session });
        if (!pending) throw new Error('no call of the countdown is waiting for an answer');
        const call = pending;
        pending = undefined;
        if (result.error) call.reject(result.error);
        else call.resolve(result.result as MonitorCounts);
        await settle();
      };
      return {
        async act(step) {
          const event = step.raw.event as CountdownEvent;
          if (event.type === FETCH_DONE) await answer(opsId);
          // A session the gateway does not know: refused (2202), as a call fails when the session has ended.
          else if (event.type === FETCH_ERROR) await answer('no-such-session');
          else if (event.type === TICK) clock.increment(1000);
          else actor.send(event as Parameters<typeof actor.send>[0]);
        },
        async seen() {
          return machineShows(actor.getSnapshot() as Snapshot);
        },
        close: async () => void actor.stop(),
      };
    },
  };
}

let cached: ReturnType<typeof generatePaths> | undefined;
export const monitorCountdownPaths: MachinePaths = {
  name: 'monitor-countdown',
  title: "The monitor's 12-second countdown (2 s in the model): fetching, counting, paused in a hidden tab, failed, off",
  sources: 'tests/paths/monitor-countdown.paths.ts, from spec §4 (the 12-second countdown) and PRODUCT.md "Monitoring"',
  paths: () => (cached ??= generatePaths(model as never, names as never)),
  states: () => modelGraph(model as never, names as never).states,
  transitions: () => modelGraph(model as never, names as never).transitions,
  leavesOut: {},
  runners: { gateway: gatewayRunner },
};
