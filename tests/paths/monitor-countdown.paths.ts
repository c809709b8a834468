import { sql } from '../../server/kernel/db/sql';
import type { Page } from 'playwright-core';
import { assign, createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import zhErrors from '../../locales/zh/errors.json' with { type: 'json' };
import { MONITOR_COUNTDOWN_SECONDS, monitorCountdownMachine, type MonitorCounts } from '../../machines/monitor-countdown.machine';
import { closeApp, openSignedIn, setTabHidden } from '../support/app-page';
import { CountCalls } from '../support/count-calls';
import { embeddedOnly, readUntilShown, SCREEN_WAIT_MS, sharedBrowser } from './browser-runs';
import { generatePaths, modelGraph, type MachinePaths, type Runner } from './path-model';
import type { Product } from './product';

/*
 * The monitor's countdown, written by hand from docs/product.md#monitoring
 * (while the warning-account switch is on, a 12-second countdown repeats and refreshes the monitor
 * counts; no call while the switch is off or the tab hidden; a failed call stops the cycle until the user
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

/** The member whose watch-list change has the app read the counts outside the countdown; a new event of his raises them. */
const MEMBER = 'mb01010101001';

/** The app's seconds in the model's words: its full cycle is the model's full cycle; its last seconds are the model's. */
const modelSeconds = (appSeconds: number) => (appSeconds === MONITOR_COUNTDOWN_SECONDS ? MODEL_SECONDS : appSeconds);

/** Waits on the real clock (the page's is paused) for `done`, or says what did not happen. */
async function until(page: Page, what: string, done: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + SCREEN_WAIT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${SCREEN_WAIT_MS} ms`);
    await page.waitForTimeout(50);
  }
}

/*
 * The monitoring screen of the built app in Chromium, signed in as "admin" (embedded product
 * only), on the page's clock, paused: a second passes when a path says so. The app's cycle is
 * 12 s, the model's 2: the model's first tick of a cycle runs the page's clock 11 s, its last
 * 1 s, and the 12 the screen shows then reads as the model's 2. The countdown's calls are held
 * by a route until the path answers them (the gateway's own answer, or a failed call); the
 * switch is the site's setting, which the app reads with the counts after a watch-list change.
 * The screen has no error of its own but the failed phase and its retry button: the model's
 * error word (kept after a retry until an answer) is reported as the model says it.
 */
function browserRunner(product: Product): Runner {
  const browsers = sharedBrowser(product);
  return {
    async start() {
      const gw = embeddedOnly(product, 'a browser path');
      const memberId = await gw.accountId(MEMBER);
      await gw.db.run(sql`UPDATE sites SET warning_switch = true WHERE id = 'demo'`);
      await gw.db.run(sql`DELETE FROM monitor_events WHERE site_id = 'demo'`);
      const page = await openSignedIn(await browsers.get(), gw, 'admin');
      const calls = new CountCalls();
      await calls.watch(page);
      await page.clock.install();
      // The model opens with the switch on: the page's first read of the counts (let through) turns it on, and the countdown's call waits.
      calls.passing = 1;
      await page.evaluate(() => void (window.location.hash = '#/userWarning/index'));
      await page.reload();
      await page.getByTestId('user-warning-screen').waitFor();
      await until(page, "the countdown's first call", () => calls.held.length === 1);
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

      const countdown = page.getByTestId('warning-countdown');
      const read = async (expected: string) => {
        // React Query tells its observers in a zero-delay timer of the paused clock.
        await page.clock.runFor(1);
        const phase = await countdown.getAttribute('data-phase');
        const seconds = Number(await countdown.getAttribute('data-seconds'));
        const users = Number(await page.getByTestId('warning-user-count').getAttribute('data-count'));
        const retry = await page.getByTestId('warning-retry').count();
        const refresh = await page.getByTestId('warning-refresh').count();
        const error = phase === 'failed' ? 'shown' : (/error (\w+)/.exec(expected)?.[1] ?? '?');
        const odd = [
          retry !== (phase === 'failed' ? 1 : 0) && `retry button ${retry}`,
          refresh !== (phase === 'counting' ? 1 : 0) && `refresh button ${refresh}`,
          calls.held.length !== (phase === 'fetching' ? 1 : 0) && `calls waiting ${calls.held.length}`,
        ].filter(Boolean);
        return [`${phase}(${modelSeconds(seconds)})`, `counts ${users > 0 ? 'shown' : 'none'}`, `error ${error}`, ...odd].join('; ');
      };
      const switchTo = async (on: boolean) => {
        await gw.db.run(sql`UPDATE sites SET warning_switch = ${on} WHERE id = 'demo'`);
        calls.passing += 1;
        await page.getByTestId('watch-login').fill(MEMBER);
        await page.getByTestId('watch-submit').click();
        await until(page, 'the read of the counts after a watch-list change', () => calls.passing === 0);
      };
      return {
        async act(step) {
          const event = step.raw.event as CountdownEvent;
          if (event.type === 'SWITCH.ON' || event.type === 'SWITCH.OFF') await switchTo(event.type === 'SWITCH.ON');
          else if (event.type === 'TAB.HIDDEN') {
            const dropped = calls.held.splice(0);
            await setTabHidden(page, true);
            // The countdown dropped its call; the browser still gets the answer, which changes nothing.
            for (const route of dropped) {
              await route.continue();
              await route.request().response();
            }
          } else if (event.type === 'TAB.VISIBLE') await setTabHidden(page, false);
          else if (event.type === 'RETRY') await page.getByTestId('warning-retry').click();
          else if (event.type === 'REFRESH') await page.getByTestId('warning-refresh').click();
          else if (event.type === FETCH_DONE) {
            // A new unseen event of the member: the answer carries counts above none.
            await gw.db.run(sql`INSERT INTO monitor_events (site_id, account_id, level, kind, detail, created_at)
              VALUES ('demo', ${memberId}, 5, 'status', 'model path', now())`);
            await calls.waiting().continue();
          } else if (event.type === FETCH_ERROR) await CountCalls.failed(calls.waiting(), zhErrors['0']);
          else {
            const seconds = Number(await countdown.getAttribute('data-seconds'));
            await page.clock.runFor(seconds === MONITOR_COUNTDOWN_SECONDS ? (MONITOR_COUNTDOWN_SECONDS - 1) * 1000 : 1000);
          }
        },
        async seen(step) {
          const seen = await readUntilShown(page, step.shows, () => read(step.shows));
          if (seen !== step.shows || seen.startsWith('counting')) return seen;
          // Outside counting nothing runs: five seconds more must change nothing (what they started gets a moment of real time).
          await page.clock.runFor(5000);
          await page.waitForTimeout(100);
          return read(step.shows);
        },
        close: () => closeApp(page),
      };
    },
    close: browsers.close,
  };
}

/**
 * What the page cannot do: a retry button shows only in `failed` and a refresh only while counting;
 * the switch reaches the page only with an answer of the counts, and a read while the countdown's
 * call waits answers that call too (one query): the page is never switched mid-call. These are the
 * gateway runner's.
 */
function offScreen(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const transition of modelGraph(model as never, names as never).transitions) {
    const [, phase, event] = /^(\w+)\(\d+\)(?: hidden)? —(\S+)→/.exec(transition) ?? [];
    if ((event === 'RETRY' && phase !== 'failed') || (event === 'REFRESH' && phase !== 'counting')) {
      out[transition] = `the screen shows no ${event === 'RETRY' ? 'retry' : 'refresh'} button while ${phase}`;
    } else if (event?.startsWith('SWITCH.') && phase === 'fetching') {
      out[transition] = "the switch comes with an answer of the counts, which answers the countdown's waiting call too";
    }
  }
  return out;
}

let cached: ReturnType<typeof generatePaths> | undefined;
export const monitorCountdownPaths: MachinePaths = {
  name: 'monitor-countdown',
  title: "The monitor's 12-second countdown (2 s in the model): fetching, counting, paused in a hidden tab, failed, off",
  sources: 'tests/paths/monitor-countdown.paths.ts, from docs/product.md#monitoring',
  paths: () => (cached ??= generatePaths(model as never, names as never)),
  states: () => modelGraph(model as never, names as never).states,
  transitions: () => modelGraph(model as never, names as never).transitions,
  leavesOut: { browser: offScreen() },
  runners: { gateway: gatewayRunner, browser: browserRunner },
};
