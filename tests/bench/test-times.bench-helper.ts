import { existsSync, readFileSync } from 'node:fs';
import { machineText, testTimesFile, type TestTimes } from '../support/project-times.reporter';
import type { TableRow } from './text-table.bench-helper';

/** `npm test` on a quiet machine of 2 CPUs, lint and types included. */
export const NPM_TEST_AIM_S = 480;
/** The CPU seconds of the whole vitest run, every process counted (the machine's busy time). */
export const RUN_CPU_AIM_S = 900;

export interface TestTimesRead {
  rows: TableRow[];
  /** The whole `npm test` time of the last complete run, when there was one. */
  npmTestSeconds?: number;
  /** The busy CPU seconds of the machine over that run's vitest, where measured. */
  runCpuSeconds?: number;
  /** `expect` calls the run executed. */
  expectCalls: number;
  note: string;
}

const row = (run: string, wall: number | undefined, more: Partial<TableRow> = {}): TableRow => ({
  run,
  files: '',
  tests: '',
  failed: '',
  'wall s': wall === undefined ? '' : wall.toFixed(1),
  'file s': '',
  'worker CPU s': '',
  'expect calls': '',
  pages: '',
  'Chromium CPU s': '',
  processes: '',
  ...more,
});

/**
 * The times the project-times reporter kept from the last vitest run: the bench does not run
 * the suite (it takes minutes), it shows what the last run took.
 */
export function readTestTimes(): TestTimesRead {
  if (!existsSync(testTimesFile))
    return { rows: [], expectCalls: 0, note: `no test run recorded: ${testTimesFile} is missing (run npm test)` };
  const times = JSON.parse(readFileSync(testTimesFile, 'utf8')) as TestTimes;
  const date = times.finishedAt.replace('T', ' ').slice(0, 16);
  const whole = times.wholeNpmTest && times.npmTestSeconds !== undefined;
  const rows: TableRow[] = [
    whole
      ? row(`npm test (last run, ${date} UTC, ${times.result})`, times.npmTestSeconds)
      : row(`vitest (last run ${date} UTC was not a whole npm test, ${times.result})`, times.vitestSeconds),
  ];
  if (times.lintAndTypecheckSeconds !== undefined) rows.push(row('  lint and type check', times.lintAndTypecheckSeconds));
  const main = { 'worker CPU s': `main ${times.mainCpuSeconds.toFixed(1)}` };
  if (whole) rows.push(row('  vitest', times.vitestSeconds, main));
  else Object.assign(rows[0]!, main);
  if (times.machine) rows.push(row(`    ${machineText(times.machine)}`, undefined));
  rows.push(row('    before the first file (global setup)', times.beforeFirstFileSeconds));
  for (const project of times.projects)
    rows.push(
      row(`    project ${project.project}${project.engine ? ` on ${project.engine}` : ''}`, project.wallSeconds, {
        files: String(project.files),
        tests: String(project.tests),
        failed: String(project.failed),
        'file s': project.fileSeconds.toFixed(1),
        'worker CPU s': project.cpuSeconds.toFixed(1),
        'expect calls': String(project.expectCalls ?? ''),
        pages: String(project.pageLoads ?? ''),
        'Chromium CPU s': project.chromiumCpuSeconds?.toFixed(1) ?? '',
        processes: project.childProcesses === undefined ? '' : `${project.childProcesses} (${project.childCpuSeconds.toFixed(0)} CPU s)`,
      }),
    );
  const expectCalls = times.projects.reduce((total, project) => total + (project.expectCalls ?? 0), 0);
  return {
    rows,
    expectCalls,
    ...(whole ? { npmTestSeconds: times.npmTestSeconds } : {}),
    ...(whole && times.machine ? { runCpuSeconds: times.machine.busyCpuSeconds } : {}),
    note: date,
  };
}
