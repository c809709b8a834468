import {
  matches,
  pathsFor,
  type MachineOverrides,
  type MachinePaths,
  type Runner,
  type Target,
  type ToolPath,
  type ToolStep,
} from './path-model';
import type { Product } from './product';

/** Where a path failed: the step, what the model expected there and what the product showed. */
export interface PathFailure {
  path: number;
  step: number;
  event: string;
  state: string;
  expected: string;
  seen: string;
}

export interface RunResult {
  machine: string;
  target: Target;
  passed: number[];
  failure?: PathFailure;
}

export interface RunOptions {
  target?: Target;
  /** Path numbers to run (as `list` shows them); all the target runs by default. */
  paths?: number[];
  overrides?: MachineOverrides;
  /** One line per step and per path (the CLI prints them; tests keep them). */
  log?: (line: string) => void;
}

export const stepLine = (step: ToolStep, index: number) => `${String(index).padStart(3)}. ${step.event} → ${step.state}: ${step.shows}`;

/** The paths `run` takes: the numbers asked for, each one the target can run. */
export function choosePaths(machine: MachinePaths, target: Target, numbers?: number[]): ToolPath[] {
  const runnable = pathsFor(machine, target);
  if (!numbers?.length) return runnable;
  return numbers.map((number) => {
    const path = runnable.find((candidate) => candidate.number === number);
    if (path) return path;
    const exists = machine.paths().some((candidate) => candidate.number === number);
    throw new Error(
      exists ? `path ${number} of ${machine.name} takes a transition the ${target} leaves out` : `${machine.name} has no path ${number}`,
    );
  });
}

/**
 * Replays paths on the product, step by step: the runner makes the step's event happen, then
 * reads what the product shows and compares it with the model. Stops at the first step that
 * differs (or throws), with that step, the expected and the seen.
 */
export async function runPaths(machine: MachinePaths, product: Product, options: RunOptions = {}): Promise<RunResult> {
  const target = options.target ?? 'gateway';
  const log = options.log ?? (() => undefined);
  const makeRunner = machine.runners[target];
  if (!makeRunner) throw new Error(`${machine.name} has no ${target} runner`);
  const runner = makeRunner(product, options.overrides);
  const result: RunResult = { machine: machine.name, target, passed: [] };
  try {
    await replay(choosePaths(machine, target, options.paths), runner, result, log);
  } finally {
    await runner.close?.();
  }
  return result;
}

async function replay(paths: ToolPath[], runner: Runner, result: RunResult, log: (line: string) => void) {
  for (const path of paths) {
    log(`path ${path.number} (${path.kind})`);
    const run = await runner.start(path);
    try {
      for (const [index, step] of path.steps.entries()) {
        let seen: string;
        try {
          if (index > 0) await run.act(step);
          seen = await run.seen(step);
        } catch (error) {
          seen = `error: ${error instanceof Error ? error.message : String(error)}`;
        }
        const ok = matches(step.shows, seen);
        log(`${ok ? '  ✓' : '  ✗'} ${stepLine(step, index)}${ok ? '' : `\n      seen: ${seen}`}`);
        if (!ok) {
          result.failure = { path: path.number, step: index, event: step.event, state: step.state, expected: step.shows, seen };
          return;
        }
      }
      result.passed.push(path.number);
    } finally {
      await run.close();
    }
  }
}
