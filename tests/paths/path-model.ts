import type { EventObject, Snapshot } from 'xstate';
import type { TestModel } from 'xstate/graph';
import type { Product } from './product';

/** One step of a path as a tester reads it: the event, the state it leads to, and what must be seen there. */
export interface ToolStep {
  /** Readable event ("DISABLE", "LOGIN.SUBMIT(ma01)"); the first step of a path is "start". */
  event: string;
  state: string;
  /** What the screen or the gateway must show in that state, in the words the runners report what they see. */
  shows: string;
  /** "from —event→ to", the unit the coverage counts; none on the first step. */
  transition?: string;
  /** The model's own event and snapshot, for the runners. */
  raw: { event: { type: string }; state: unknown };
}

export interface ToolPath {
  /** 1-based, stable for a given model: what `--path N` names. */
  number: number;
  /** "shortest": a shortest path to a state; "cover": added to take a transition no shortest path takes. */
  kind: 'shortest' | 'cover';
  steps: ToolStep[];
}

export type Target = 'gateway' | 'browser';

/** A path replay in progress: each step's event is made to happen, then what is seen is compared with `shows`. */
export interface PathRun {
  act(step: ToolStep): Promise<void>;
  /** What the product shows now, in the form of `step.shows`. */
  seen(step: ToolStep): Promise<string>;
  close(): Promise<void>;
}

export interface Runner {
  start(path: ToolPath): Promise<PathRun>;
  /** After the last path (a browser the runner started). */
  close?(): Promise<void>;
}

/** Implementations a test may swap in the machine under test (xstate's `.provide`), to prove a path catches a broken guard. */
export type MachineOverrides = { guards?: Record<string, (...args: never[]) => boolean> };

export interface MachinePaths {
  name: string;
  title: string;
  /** Where the model's rules come from (sections of docs/product.md): the model is written by hand from these. */
  sources: string;
  paths(): ToolPath[];
  /** Every state and transition of the model. */
  states(): string[];
  transitions(): string[];
  /** Transitions a target cannot make, and why: paths taking them are not run there. */
  leavesOut: Partial<Record<Target, Record<string, string>>>;
  runners: Partial<Record<Target, (product: Product, overrides?: MachineOverrides) => Runner>>;
}

interface Describe<S, E> {
  eventName(event: E): string;
  stateName(state: S): string;
  shows(state: S): string;
}

/** A transition as the coverage names it. */
export const transitionOf = (from: string, event: string, to: string) => `${from} —${event}→ ${to}`;

/**
 * The paths of a model: every shortest path (xstate/graph leaves out those that are a prefix of
 * another), then, for each transition none of them takes, the shortest path to its state plus
 * that transition. Together they take every transition of the model.
 */
export function generatePaths<S, E extends { type: string }>(
  model: TestModel<Snapshot<unknown>, EventObject, unknown>,
  names: Describe<S, E>,
) {
  const toolSteps = (steps: { event: E; state: S }[]): ToolStep[] =>
    steps.map((step, index) => {
      const state = names.stateName(step.state);
      const event = index === 0 ? 'start' : names.eventName(step.event);
      return {
        event,
        state,
        shows: names.shows(step.state),
        ...(index > 0 ? { transition: transitionOf(names.stateName(steps[index - 1]!.state), event, state) } : {}),
        raw: { event: step.event, state: step.state },
      };
    });
  // The whole snapshot: two states may read alike (a hidden tab is not shown) and still differ.
  const key = (state: S) => {
    const { value, context } = state as { value?: unknown; context?: unknown };
    return JSON.stringify({ value, context });
  };
  const shortestTo = new Map<string, { event: E; state: S }[]>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true }) as unknown as { steps: { event: E; state: S }[] }[]) {
    const to = key(path.steps.at(-1)!.state);
    if ((shortestTo.get(to)?.length ?? Infinity) > path.steps.length) shortestTo.set(to, path.steps);
  }
  const paths: ToolPath[] = [];
  for (const path of model.getShortestPaths() as unknown as { steps: { event: E; state: S }[] }[]) {
    if (path.steps.length > 1) paths.push({ number: paths.length + 1, kind: 'shortest', steps: toolSteps(path.steps) });
  }
  const taken = new Set(paths.flatMap((path) => path.steps.map((step) => step.transition)));
  for (const { state, transitions } of Object.values(model.getAdjacencyMap()) as unknown as {
    state: S;
    transitions: Record<string, { event: E; state: S }>;
  }[]) {
    const to = shortestTo.get(key(state));
    if (!to) continue;
    for (const next of Object.values(transitions)) {
      const transition = transitionOf(names.stateName(state), names.eventName(next.event), names.stateName(next.state));
      if (taken.has(transition)) continue;
      taken.add(transition);
      paths.push({ number: paths.length + 1, kind: 'cover', steps: toolSteps([...to, next]) });
    }
  }
  return paths;
}

/** Every state and transition the model has, read off its adjacency map. */
export function modelGraph<S, E extends { type: string }>(
  model: TestModel<Snapshot<unknown>, EventObject, unknown>,
  names: Describe<S, E>,
) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const { state, transitions: next } of Object.values(model.getAdjacencyMap()) as unknown as {
    state: S;
    transitions: Record<string, { event: E; state: S }>;
  }[]) {
    states.add(names.stateName(state));
    for (const step of Object.values(next)) {
      transitions.add(transitionOf(names.stateName(state), names.eventName(step.event), names.stateName(step.state)));
    }
  }
  return { states: [...states].sort(), transitions: [...transitions].sort() };
}

/** The paths a target runs: those taking none of the transitions it leaves out. */
export const pathsFor = (machine: MachinePaths, target: Target) => {
  const leftOut = machine.leavesOut[target] ?? {};
  return machine.paths().filter((path) => !path.steps.some((step) => step.transition && step.transition in leftOut));
};

/** Does the runner's `seen` match the step's `shows`? Both are "key value; key value" lists; `*` in `shows` matches anything. */
export const matches = (shows: string, seen: string) =>
  shows === seen || new RegExp(`^${shows.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(seen);
