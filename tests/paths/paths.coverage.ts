import { pathsFor, type MachinePaths, type Target } from './path-model';

export interface TargetCoverage {
  target: Target;
  runnable: boolean;
  paths: number;
  statesTaken: number;
  transitionsTaken: number;
  /** Each transition no path of this target takes, and why. */
  notTaken: { transition: string; why: string }[];
}

export interface MachineCoverage {
  machine: string;
  sources: string;
  states: number;
  transitions: number;
  targets: TargetCoverage[];
}

/** Per machine and target: the states and transitions the paths take, and those none takes with why. */
export function coverageOf(machine: MachinePaths): MachineCoverage {
  const states = machine.states();
  const transitions = machine.transitions();
  const targets = (['gateway', 'browser'] as const).map((target): TargetCoverage => {
    if (!machine.runners[target]) {
      return {
        target,
        runnable: false,
        paths: 0,
        statesTaken: 0,
        transitionsTaken: 0,
        notTaken: [{ transition: '(all)', why: `no ${target} runner for this machine` }],
      };
    }
    const paths = pathsFor(machine, target);
    const takenStates = new Set(paths.flatMap((path) => path.steps.map((step) => step.state)));
    const takenTransitions = new Set(paths.flatMap((path) => path.steps.flatMap((step) => (step.transition ? [step.transition] : []))));
    const leftOut = machine.leavesOut[target] ?? {};
    return {
      target,
      runnable: true,
      paths: paths.length,
      statesTaken: states.filter((state) => takenStates.has(state)).length,
      transitionsTaken: transitions.filter((transition) => takenTransitions.has(transition)).length,
      notTaken: transitions
        .filter((transition) => !takenTransitions.has(transition))
        .map((transition) => ({
          transition,
          why: leftOut[transition] ?? 'every path to it takes a transition left out here',
        })),
    };
  });
  return { machine: machine.name, sources: machine.sources, states: states.length, transitions: transitions.length, targets };
}

/** The coverage as a plain-text table, then the transitions no path takes with why. */
export function coverageTable(coverage: MachineCoverage[]): string {
  const rows = [['machine', 'target', 'paths', 'states taken', 'transitions taken']];
  for (const machine of coverage) {
    for (const target of machine.targets) {
      rows.push([
        machine.machine,
        target.target,
        target.runnable ? String(target.paths) : '-',
        `${target.statesTaken}/${machine.states}`,
        `${target.transitionsTaken}/${machine.transitions}`,
      ]);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  for (const machine of coverage) {
    for (const target of machine.targets) {
      if (!target.notTaken.length) continue;
      lines.push('', `${machine.machine} (${target.target}): taken by no path`);
      for (const { transition, why } of target.notTaken) lines.push(`  ${transition}: ${why}`);
    }
  }
  return lines.join('\n');
}
