import { accountStatusPaths } from './account-status.paths';
import { monitorCountdownPaths } from './monitor-countdown.paths';
import { noticeLifecyclePaths } from './notice-lifecycle.paths';
import type { MachinePaths } from './path-model';
import { scoreTransferPaths } from './score-transfer.paths';
import { sessionPaths } from './session.paths';

/** Every machine with a test model, in the order `list` and `coverage` show them. */
export const machinePaths: MachinePaths[] = [
  sessionPaths,
  accountStatusPaths,
  scoreTransferPaths,
  noticeLifecyclePaths,
  monitorCountdownPaths,
];

export function machineNamed(name: string): MachinePaths {
  const machine = machinePaths.find((candidate) => candidate.name === name);
  if (!machine) throw new Error(`no machine "${name}": ${machinePaths.map((candidate) => candidate.name).join(', ')}`);
  return machine;
}
