import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { monitorCountdownMachine, type MonitorCounts } from '../../machines/monitor-countdown.machine';
import { APP_COVER_LEAVES_OUT, FETCH_DONE, FETCH_ERROR, monitorCountdownModel, TICK, type ModelEvent } from './monitor-countdown.model';
import { generatePaths, modelGraph, type MachinePaths, type Runner } from './path-model';
import type { Product } from './product';

/*
 * The monitor countdown (tests/paths/monitor-countdown.model.ts). Unlike the other models this
 * one is the machine itself with its call and its tick turned into events (toTestMachine), so it
 * checks the machine against the gateway's answers, not against rules written apart from it.
 * Through the gateway: the real machine on a simulated clock (a cycle of 12 s is too long to
 * wait), its call answered by the gateway's redpoint.count (a refused call for an error).
 */
const INPUT = { switchOn: true, seconds: 2 };
const model = monitorCountdownModel(INPUT);
type Snapshot = { value: unknown; context: { secondsLeft: number; counts: unknown; error: unknown } };
const names = {
  eventName: (event: ModelEvent) =>
    event.type
      .replace('xstate.done.actor.', '✓')
      .replace('xstate.error.actor.', '✗')
      .replace(/^xstate\.after\.(\w+)\..*$/, '⏱$1'),
  stateName: ({ value, context }: Snapshot) => `${String(value)}(${context.secondsLeft})`,
  shows: ({ value, context }: Snapshot) =>
    `${String(value)}(${context.secondsLeft}); counts ${context.counts ? 'shown' : 'none'}; error ${context.error ? 'shown' : 'none'}`,
};
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
          const event = step.raw.event as ModelEvent;
          if (event.type === FETCH_DONE) await answer(opsId);
          // A session the gateway does not know: refused (2202), as a call fails when the session has ended.
          else if (event.type === FETCH_ERROR) await answer('no-such-session');
          else if (event.type === TICK) clock.increment(1000);
          else actor.send(event);
        },
        async seen() {
          return names.shows(actor.getSnapshot() as Snapshot);
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
  sources: 'tests/paths/monitor-countdown.model.ts: the machine itself (toTestMachine), not rules written apart from it',
  paths: () => (cached ??= generatePaths(model as never, names as never)),
  states: () => modelGraph(model as never, names as never).states,
  transitions: () => modelGraph(model as never, names as never).transitions,
  leavesOut: {
    // The app's own limit, as APP_COVER_LEAVES_OUT says; kept here for the coverage table.
    gateway: {},
    browser: Object.fromEntries(
      [...APP_COVER_LEAVES_OUT].map((transition) => [transition, 'the app learns the switch only from a counts answer']),
    ),
  },
  runners: { gateway: gatewayRunner },
};
