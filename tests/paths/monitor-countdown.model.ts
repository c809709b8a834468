import type { AnyStateMachine } from 'xstate';
import { createTestModel, serializeSnapshot, type StatePath, type TestModel, type TestPath } from 'xstate/graph';
import {
  monitorCountdownMachine,
  type MonitorCountdownEvent,
  type MonitorCountdownInput,
  type MonitorCountdownSnapshot,
  type MonitorCounts,
} from '../../machines/monitor-countdown.machine';
import { toTestMachine } from './model-machine';

/*
 * The monitor countdown as a test model, shared by the fake-clock replay
 * (machines/monitor-countdown.machine.test.ts) and the Chromium replay
 * (tests/e2e/line-monitoring.e2e.test.ts): the machine with its invocation and its delay
 * turned into the events they send, since createTestModel walks events only. Guards, actions
 * and targets stay the machine's own.
 */
export const FETCH_DONE = 'xstate.done.actor.fetchCounts';
export const FETCH_ERROR = 'xstate.error.actor.fetchCounts';
export const TICK = 'xstate.after.tick.monitorCountdown.counting';

export type ModelEvent =
  | MonitorCountdownEvent
  | { type: typeof FETCH_DONE; output: MonitorCounts }
  | { type: typeof FETCH_ERROR; error: unknown }
  | { type: typeof TICK };

/** Snapshots of the model have the machine's states and context; its events add the answers and the tick. */
export type ModelSnapshot = MonitorCountdownSnapshot;
export type ModelPath = TestPath<ModelSnapshot, ModelEvent>;
export type CountdownModel = TestModel<ModelSnapshot, ModelEvent, MonitorCountdownInput>;

export const MODEL_COUNTS: MonitorCounts = { agentCount: 3, userCount: 8 };
export const MODEL_ERROR = { code: 500, message: 'gateway down' };
/** The answers the model offers while fetching; every other event is offered bare, as the machine takes it. */
const MODEL_ANSWERS: ModelEvent[] = [
  { type: FETCH_DONE, output: MODEL_COUNTS },
  { type: FETCH_ERROR, error: MODEL_ERROR },
];

// Typed loosely here: the test model below is typed with the machine's snapshots and the model's events.
const modelMachine = toTestMachine(monitorCountdownMachine) as AnyStateMachine;

/** The model from the state the machine starts in with this input. */
export function monitorCountdownModel(input: MonitorCountdownInput): CountdownModel {
  return createTestModel(modelMachine, { input, events: MODEL_ANSWERS }) as unknown as CountdownModel;
}

const eventName = (event: ModelEvent) =>
  event.type
    .replace('xstate.done.actor.', '✓')
    .replace('xstate.error.actor.', '✗')
    .replace(/^xstate\.after\.(\w+)\..*$/, '⏱$1');

/** A short test name for a path: where it ends and the events that lead there. */
export function pathName(path: StatePath<ModelSnapshot, ModelEvent>): string {
  const events = path.steps.slice(1).map(({ event }) => eventName(event));
  return `${String(path.state.value)}(${path.state.context.secondsLeft}) ⇐ ${events.join(' → ')}`;
}

/**
 * A transition of the model: the state it leaves, the event, the state it enters ("counting
 * —⏱tick→ fetching"). Guard branches and actions show in the states they lead to; the context
 * (which second, which counts) is left out, so that a transition counts once, not once a second.
 */
export const transitionName = (from: ModelSnapshot, event: ModelEvent, to: ModelSnapshot) =>
  `${String(from.value)} —${eventName(event)}→ ${String(to.value)}`;

/** Each state of the model with the events it takes and the states they lead to. */
const edges = (model: CountdownModel) =>
  Object.values(model.getAdjacencyMap()).map(({ state, transitions }) => ({
    state,
    // Keyed by the serialized event, a string type Object.values does not see through.
    next: Object.values(transitions) as { event: ModelEvent; state: ModelSnapshot }[],
  }));

/** Every transition of the model that changes something (an event a state ignores is none). */
export function modelTransitions(model: CountdownModel): Set<string> {
  const transitions = new Set<string>();
  for (const { state, next } of edges(model)) {
    for (const { event, state: to } of next) {
      if (serializeSnapshot(to) !== serializeSnapshot(state)) transitions.add(transitionName(state, event, to));
    }
  }
  return transitions;
}

export const transitionsOf = (path: StatePath<ModelSnapshot, ModelEvent>) =>
  path.steps.slice(1).map((step, index) => transitionName(path.steps[index]!.state, step.event, step.state));

/**
 * Few paths that together take every transition of the model (those `leaveOut` names aside):
 * each candidate is the shortest path to a state plus one transition out of it, so transitions
 * that no shortest path takes (the last tick into fetching) are reached too; then the candidate
 * taking the most transitions not yet taken, per step plus `startCost` steps to start a path,
 * is picked until none is left. For a replay where each step and each start cost real time.
 */
export function transitionCover(model: CountdownModel, options: { leaveOut?: (transition: string) => boolean; startCost?: number } = {}) {
  const { leaveOut = () => false, startCost = 0 } = options;
  // The model's paths end in a state reached by an event: keep the shortest to each state.
  const shortest = new Map<string, StatePath<ModelSnapshot, ModelEvent>>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const key = serializeSnapshot(path.state);
    if ((shortest.get(key)?.weight ?? Infinity) > path.weight) shortest.set(key, path);
  }
  const candidates: StatePath<ModelSnapshot, ModelEvent>[] = [];
  for (const { state: from, next } of edges(model)) {
    const to = shortest.get(serializeSnapshot(from));
    if (!to) continue;
    for (const { event, state } of next) {
      if (serializeSnapshot(state) === serializeSnapshot(from)) continue;
      candidates.push({ state, steps: [...to.steps, { event, state }], weight: to.weight + 1 });
    }
  }
  const wanted = new Set([...modelTransitions(model)].filter((transition) => !leaveOut(transition)));
  const picked: ModelPath[] = [];
  while (wanted.size) {
    let best: { path: StatePath<ModelSnapshot, ModelEvent>; score: number } | undefined;
    for (const path of candidates) {
      const taken = new Set(transitionsOf(path).filter((transition) => wanted.has(transition))).size;
      const score = taken / (path.steps.length - 1 + startCost);
      if (taken && (!best || score > best.score)) best = { path, score };
    }
    if (!best) throw new Error(`no path of the model takes ${[...wanted].join(', ')}`);
    for (const transition of transitionsOf(best.path)) wanted.delete(transition);
    const path = best.path;
    picked.push({ ...path, description: pathName(path), test: (params) => model.testPath(path, params) });
  }
  return picked;
}

/**
 * The transition the app cannot make. It learns the switch only from a counts answer
 * (redpoint.count's warningSwitch), and while the countdown's own call is on its way every
 * counts answer is that call's (React Query shares one fetch per key): the app goes from
 * fetching through counting to off, never straight. The fake-clock replay still takes it.
 */
export const APP_COVER_LEAVES_OUT = new Set(['fetching —SWITCH.OFF→ off']);

/** A path in Chromium starts with a reload and a wait for the screen: worth about five steps. */
export const appCover = (model: CountdownModel) =>
  transitionCover(model, { leaveOut: (transition) => APP_COVER_LEAVES_OUT.has(transition), startCost: 5 });
