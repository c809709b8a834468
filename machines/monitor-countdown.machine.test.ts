import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  MONITOR_COUNTDOWN_SECONDS,
  countdownView,
  monitorCountdownMachine,
  type MonitorCountdownEvent,
  type MonitorCountdownInput,
  type MonitorCounts,
} from './monitor-countdown.machine';
import {
  APP_COVER_LEAVES_OUT,
  FETCH_DONE,
  FETCH_ERROR,
  MODEL_COUNTS,
  MODEL_ERROR,
  TICK,
  appCover,
  modelTransitions,
  monitorCountdownModel,
  pathName,
  transitionsOf,
  type ModelPath,
  type ModelSnapshot,
} from '../tests/paths/monitor-countdown.model';

/** One call of the fake gateway: open until it is answered or the machine drops it. */
interface Call {
  resolve: (counts: MonitorCounts) => void;
  reject: (error: unknown) => void;
  open: boolean;
}

/**
 * A fake `fetchCounts` that records every call. `answer` answers call n (1-based) at once with
 * counts or an Error; when it gives nothing, the call stays open until `settle` answers it.
 */
function fakeGateway(answer: (call: number) => MonitorCounts | Error | undefined = (n) => ({ agentCount: n, userCount: 100 + n })) {
  const calls: Call[] = [];
  const fetchCounts = fromPromise<MonitorCounts>(
    ({ signal }) =>
      new Promise<MonitorCounts>((resolve, reject) => {
        const call: Call = { resolve, reject, open: true };
        calls.push(call);
        // The machine stops the actor when it leaves `fetching`: that call no longer counts as open.
        signal.addEventListener('abort', () => (call.open = false));
        const answered = answer(calls.length);
        if (answered === undefined) return;
        call.open = false;
        if (answered instanceof Error) reject(answered);
        else resolve(answered);
      }),
  );
  const open = () => calls.filter((call) => call.open);
  return {
    fetchCounts,
    calls: () => calls.length,
    open,
    settle(outcome: { output: MonitorCounts } | { error: unknown }) {
      const pending = open();
      expect(pending, 'exactly one call is waiting for an answer').toHaveLength(1);
      pending[0]!.open = false;
      if ('output' in outcome) pending[0]!.resolve(outcome.output);
      else pending[0]!.reject(outcome.error);
    },
  };
}

function start(input: MonitorCountdownInput, gateway: ReturnType<typeof fakeGateway>) {
  return createActor(monitorCountdownMachine.provide({ actors: { fetchCounts: gateway.fetchCounts } }), { input }).start();
}

type Actor = ReturnType<typeof start>;
const view = (actor: Actor) => countdownView(actor.getSnapshot());
/** Lets answered calls reach the machine without moving the clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);
const counts = (n: number): MonitorCounts => ({ agentCount: n, userCount: 100 + n });

describe('monitor countdown on a simulated clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T08:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches when the switch is on, then shows 12, 11, ... 1 and fetches again', async () => {
    const gateway = fakeGateway();
    const actor = start({ switchOn: true }, gateway);
    expect(view(actor).phase).toBe('fetching');
    await flush();
    expect(gateway.calls()).toBe(1);
    expect(view(actor)).toEqual({ phase: 'counting', secondsLeft: MONITOR_COUNTDOWN_SECONDS, counts: counts(1), error: null });

    const shown = [view(actor).secondsLeft];
    for (let second = 1; second < MONITOR_COUNTDOWN_SECONDS; second++) {
      await vi.advanceTimersByTimeAsync(1000);
      shown.push(view(actor).secondsLeft);
    }
    expect(shown).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(gateway.calls()).toBe(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(view(actor).secondsLeft).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(gateway.calls()).toBe(2);
    expect(view(actor)).toEqual({ phase: 'counting', secondsLeft: 12, counts: counts(2), error: null });
    actor.stop();
  });

  it('shows the fetching phase while a call is on its way, and starts the next countdown only when it answers', async () => {
    const gateway = fakeGateway(() => undefined);
    const actor = start({ switchOn: true }, gateway);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(view(actor)).toEqual({ phase: 'fetching', secondsLeft: 0, counts: null, error: null });
    expect(gateway.calls()).toBe(1);
    gateway.settle({ output: counts(7) });
    await flush();
    expect(view(actor)).toEqual({ phase: 'counting', secondsLeft: 12, counts: counts(7), error: null });
    actor.stop();
  });

  it('refreshes the counts once per cycle: three more calls in 36 s', async () => {
    const gateway = fakeGateway();
    const actor = start({ switchOn: true }, gateway);
    await flush();
    expect(gateway.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(36_000);
    expect(gateway.calls()).toBe(4);
    expect(view(actor).counts).toEqual(counts(4));
    await vi.advanceTimersByTimeAsync(11_999);
    expect(gateway.calls()).toBe(4);
    actor.stop();
  });

  it('neither ticks nor fetches while the tab is hidden, and fetches at once when it shows again', async () => {
    const gateway = fakeGateway();
    const actor = start({ switchOn: true }, gateway);
    await vi.advanceTimersByTimeAsync(5000);
    actor.send({ type: 'TAB.HIDDEN' });
    expect(view(actor)).toMatchObject({ phase: 'paused', secondsLeft: 7 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gateway.calls()).toBe(1);
    expect(view(actor)).toMatchObject({ phase: 'paused', secondsLeft: 7, counts: counts(1) });
    // A refresh button does nothing in a hidden tab.
    actor.send({ type: 'REFRESH' });
    await flush();
    expect(gateway.calls()).toBe(1);

    actor.send({ type: 'TAB.VISIBLE' });
    await flush();
    expect(gateway.calls()).toBe(2);
    expect(view(actor)).toEqual({ phase: 'counting', secondsLeft: 12, counts: counts(2), error: null });
    actor.stop();
  });

  it('drops a call that is on its way when the tab is hidden', async () => {
    const gateway = fakeGateway(() => undefined);
    const actor = start({ switchOn: true }, gateway);
    expect(gateway.open()).toHaveLength(1);
    actor.send({ type: 'TAB.HIDDEN' });
    expect(gateway.open()).toHaveLength(0);
    expect(view(actor).phase).toBe('paused');
    actor.stop();
  });

  it('waits for the tab when the switch is turned on, or starts, in a hidden tab', async () => {
    const gateway = fakeGateway();
    const hiddenAtStart = start({ switchOn: true, hidden: true }, gateway);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(view(hiddenAtStart).phase).toBe('paused');
    expect(gateway.calls()).toBe(0);
    hiddenAtStart.send({ type: 'TAB.VISIBLE' });
    await flush();
    expect(view(hiddenAtStart).phase).toBe('counting');
    expect(gateway.calls()).toBe(1);
    hiddenAtStart.stop();

    const later = fakeGateway();
    const switchedOn = start({ switchOn: false }, later);
    switchedOn.send({ type: 'TAB.HIDDEN' });
    switchedOn.send({ type: 'SWITCH.ON' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(view(switchedOn).phase).toBe('paused');
    expect(later.calls()).toBe(0);
    switchedOn.send({ type: 'TAB.VISIBLE' });
    await flush();
    expect(later.calls()).toBe(1);
    switchedOn.stop();
  });

  it('stops on a failed call with the error, keeps the last counts, and fetches again on RETRY', async () => {
    const down = new Error('gateway down');
    const gateway = fakeGateway((n) => (n === 2 ? down : n === 3 ? undefined : counts(n)));
    const actor = start({ switchOn: true }, gateway);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(gateway.calls()).toBe(2);
    expect(view(actor)).toEqual({ phase: 'failed', secondsLeft: 0, counts: counts(1), error: down });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(gateway.calls()).toBe(2);
    expect(view(actor).phase).toBe('failed');

    actor.send({ type: 'RETRY' });
    expect(gateway.calls()).toBe(3);
    expect(view(actor)).toMatchObject({ phase: 'fetching', counts: counts(1) });
    gateway.settle({ output: counts(3) });
    await flush();
    expect(view(actor)).toEqual({ phase: 'counting', secondsLeft: 12, counts: counts(3), error: null });
    actor.stop();
  });

  it('stops everything when the switch is turned off, and starts over when it is on again', async () => {
    const gateway = fakeGateway();
    const actor = start({ switchOn: true }, gateway);
    await vi.advanceTimersByTimeAsync(5000);
    actor.send({ type: 'SWITCH.OFF' });
    expect(view(actor).phase).toBe('off');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gateway.calls()).toBe(1);
    expect(view(actor).phase).toBe('off');

    actor.send({ type: 'SWITCH.ON' });
    await flush();
    expect(gateway.calls()).toBe(2);
    expect(view(actor)).toMatchObject({ phase: 'counting', secondsLeft: 12 });
    actor.stop();
  });

  it('turned off after a failure, forgets the error and drops nothing it should not', async () => {
    const gateway = fakeGateway((n) => (n === 1 ? new Error('gateway down') : undefined));
    const actor = start({ switchOn: true }, gateway);
    await flush();
    expect(view(actor).phase).toBe('failed');
    actor.send({ type: 'SWITCH.OFF' });
    expect(view(actor)).toMatchObject({ phase: 'off', error: null });
    actor.send({ type: 'SWITCH.ON' });
    expect(gateway.open()).toHaveLength(1);
    actor.send({ type: 'SWITCH.OFF' });
    expect(gateway.open()).toHaveLength(0);
    actor.stop();
  });

  it('fetches at once on REFRESH and starts a full countdown', async () => {
    const gateway = fakeGateway();
    const actor = start({ switchOn: true }, gateway);
    await vi.advanceTimersByTimeAsync(5000);
    expect(view(actor).secondsLeft).toBe(7);
    actor.send({ type: 'REFRESH' });
    await flush();
    expect(gateway.calls()).toBe(2);
    expect(view(actor)).toEqual({ phase: 'counting', secondsLeft: 12, counts: counts(2), error: null });
    await vi.advanceTimersByTimeAsync(11_999);
    expect(gateway.calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(gateway.calls()).toBe(3);
    actor.stop();
  });

  it('runs nothing while the switch is off, and fails visibly when the app did not provide the call', async () => {
    const gateway = fakeGateway();
    const actor = start({ switchOn: false }, gateway);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(view(actor)).toEqual({ phase: 'off', secondsLeft: 12, counts: null, error: null });
    expect(gateway.calls()).toBe(0);
    actor.stop();

    const unprovided = createActor(monitorCountdownMachine, { input: { switchOn: true } }).start();
    await flush();
    expect(view(unprovided).phase).toBe('failed');
    expect(String(view(unprovided).error)).toContain('provided by the app');
    unprovided.stop();
  });
});

/** Two seconds a cycle keep the model small; the unit tests above cover the real 12. */
const MODEL_SECONDS = 2;

/**
 * Replays a path of the model on the real machine with a fake gateway and a fake clock: an
 * answer of the model is an answer of the fake call, a tick is a second of fake time. After each
 * step the real actor must be where the model is, with one call open exactly while fetching, and
 * (outside `counting`) time must change nothing.
 */
async function replayOnFakeClock(input: MonitorCountdownInput, path: ModelPath) {
  const gateway = fakeGateway(() => undefined);
  const actor = start(input, gateway);
  const send = (step: { event: MonitorCountdownEvent }) => void actor.send(step.event);
  const expectSameState = async (expected: ModelSnapshot) => {
    const actual = () => actor.getSnapshot();
    expect(actual().value).toEqual(expected.value);
    expect(actual().context).toEqual(expected.context);
    expect(gateway.open()).toHaveLength(expected.value === 'fetching' ? 1 : 0);
    if (expected.value === 'counting') return;
    const calls = gateway.calls();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actual().value).toEqual(expected.value);
    expect(actual().context).toEqual(expected.context);
    expect(gateway.calls()).toBe(calls);
  };
  await path.test({
    events: {
      'SWITCH.ON': send,
      'SWITCH.OFF': send,
      'TAB.HIDDEN': send,
      'TAB.VISIBLE': send,
      RETRY: send,
      REFRESH: send,
      [FETCH_DONE]: async () => {
        gateway.settle({ output: MODEL_COUNTS });
        await flush();
      },
      [FETCH_ERROR]: async () => {
        gateway.settle({ error: MODEL_ERROR });
        await flush();
      },
      [TICK]: async () => {
        await vi.advanceTimersByTimeAsync(1000);
      },
    },
    states: {
      off: expectSameState,
      paused: expectSameState,
      fetching: expectSameState,
      counting: expectSameState,
      failed: expectSameState,
    },
  });
  actor.stop();
}

/** Every shortest path of the model from each way the app can start. */
describe.each([
  { name: 'switch off', input: { switchOn: false, seconds: MODEL_SECONDS } },
  { name: 'switch on', input: { switchOn: true, seconds: MODEL_SECONDS } },
  { name: 'switch on in a hidden tab', input: { switchOn: true, hidden: true, seconds: MODEL_SECONDS } },
])('monitor countdown paths starting with the $name', ({ input }) => {
  const paths = monitorCountdownModel(input).getShortestPaths();

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T08:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches every phase, and every second of the countdown', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map(({ state }) => `${String(state.value)}/${state.context.secondsLeft}`)));
    expect([...reached].filter((key) => key.startsWith('counting/')).sort()).toEqual(['counting/1', 'counting/2']);
    expect(new Set([...reached].map((key) => key.split('/')[0]))).toEqual(new Set(['off', 'paused', 'fetching', 'counting', 'failed']));
  });

  paths.forEach((path) => {
    it(pathName(path), () => replayOnFakeClock(input, path));
  });
});

/**
 * The paths tests/e2e/line-monitoring.e2e.test.ts replays in Chromium, from the app's start
 * (switch off, 12 seconds): checked here to take every transition of the model but the one the
 * app cannot make, and replayed on the fake clock first so that a wrong path fails here, fast.
 */
describe('the monitor countdown paths replayed in Chromium', () => {
  const input: MonitorCountdownInput = { switchOn: false };
  const model = monitorCountdownModel(input);
  const paths = appCover(model);

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T08:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('take every transition of the model, but the one the app cannot make', () => {
    const all = modelTransitions(model);
    const taken = new Set(paths.flatMap(transitionsOf));
    expect([...all].filter((transition) => !taken.has(transition))).toEqual([...APP_COVER_LEAVES_OUT]);
    expect([...taken].filter((transition) => !all.has(transition))).toEqual([]);
    // The last second's tick into fetching is on no shortest path: the cover adds it.
    expect(taken).toContain('counting —⏱tick→ fetching');
  });

  paths.forEach((path) => {
    it(pathName(path), () => replayOnFakeClock(input, path));
  });
});
