import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node';
import { machineLoad, readCpuCounters, type CpuCounters, type MachineLoad } from './machine-cpu';

/** Where the last run's times are kept: `npm run bench` shows the last `npm test` from it. */
export const testTimesFile = new URL('../.artifacts/test-times.json', import.meta.url).pathname;

export interface ProjectTimes {
  project: string;
  files: number;
  tests: number;
  failed: number;
  /** From the project's first file starting (its environment included) to its last file ending (projects overlap). */
  wallSeconds: number;
  /** Environment, setup, import and tests of every file, as vitest measures them, added up. */
  fileSeconds: number;
  /** CPU of the test workers (tests/support/file-cpu-time.ts); Chromium's and child gateways' are not counted. */
  cpuSeconds: number;
}

export interface TestTimes {
  finishedAt: string;
  /** `npm test` without arguments: lint, type check and every test file. */
  wholeNpmTest: boolean;
  result: TestRunEndReason;
  /** `npm test` from its start (lint and type check included), when started by `npm test`. */
  npmTestSeconds?: number;
  lintAndTypecheckSeconds?: number;
  vitestSeconds: number;
  /** Vitest's start to the first file starting: the global setup, mostly. */
  beforeFirstFileSeconds: number;
  /** The vitest process itself: transforms, global setup, reporting (workers are in the projects). */
  mainCpuSeconds: number;
  /** The whole machine over the vitest run (Chromium, child gateways, PostgreSQL and anything else included); Linux only. */
  machine?: MachineLoad;
  projects: ProjectTimes[];
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * Prints a table of the time each vitest project took at the end of a run, and keeps the
 * numbers in tests/.artifacts/test-times.json. `npm test` exports NPM_TEST_STARTED (ms since
 * the epoch) before the lint, so the whole command's time is known too.
 */
export default class ProjectTimesReporter implements Reporter {
  private vitest!: Vitest;
  private startedAt = Date.now();
  private cpuAtStart: CpuCounters | undefined;
  /** When each file was queued (after its environment was set up) and when it ended. */
  private moments = new Map<string, { queued: number; ended: number }>();

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    this.startedAt = Date.now();
    this.cpuAtStart = readCpuCounters();
  }

  onTestModuleQueued(module: TestModule): void {
    this.moments.set(module.id, { queued: Date.now(), ended: Date.now() });
  }

  onTestModuleEnd(module: TestModule): void {
    const moment = this.moments.get(module.id);
    if (moment) moment.ended = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason): void {
    const endedAt = Date.now();
    const byProject = new Map<string, ProjectTimes & { first: number; last: number }>();
    for (const module of modules) {
      const name = module.project.name;
      const row = byProject.get(name) ?? {
        project: name,
        files: 0,
        tests: 0,
        failed: 0,
        wallSeconds: 0,
        fileSeconds: 0,
        cpuSeconds: 0,
        first: endedAt,
        last: 0,
      };
      const d = module.diagnostic();
      const moment = this.moments.get(module.id);
      if (moment) {
        // Queued is reported once the environment is up: the file started that much earlier.
        row.first = Math.min(row.first, moment.queued - d.environmentSetupDuration - d.prepareDuration);
        row.last = Math.max(row.last, moment.ended);
      }
      row.files += 1;
      row.tests += [...module.children.allTests()].length;
      row.failed += [...module.children.allTests('failed')].length;
      row.fileSeconds += (d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration) / 1000;
      row.cpuSeconds += module.meta().cpuSeconds ?? 0;
      byProject.set(name, row);
    }
    const projects = [...byProject.values()].map(({ first, last, ...row }) => ({
      ...row,
      wallSeconds: seconds(Math.max(0, last - first)),
      fileSeconds: Math.round(row.fileSeconds * 10) / 10,
      cpuSeconds: Math.round(row.cpuSeconds * 10) / 10,
    }));
    const firstFile = Math.min(...[...byProject.values()].map((row) => row.first), endedAt);
    const npmStarted = Number(process.env.NPM_TEST_STARTED) || undefined;
    const cpu = process.cpuUsage();
    const cpuAtEnd = readCpuCounters();
    const times: TestTimes = {
      finishedAt: new Date(endedAt).toISOString(),
      wholeNpmTest: Boolean(npmStarted) && process.argv.slice(2).every((arg) => arg === 'run'),
      result: reason,
      ...(npmStarted && {
        npmTestSeconds: seconds(endedAt - npmStarted),
        lintAndTypecheckSeconds: seconds(this.startedAt - npmStarted),
      }),
      vitestSeconds: seconds(endedAt - this.startedAt),
      beforeFirstFileSeconds: seconds(firstFile - this.startedAt),
      mainCpuSeconds: seconds((cpu.user + cpu.system) / 1000),
      ...(this.cpuAtStart && cpuAtEnd && { machine: machineLoad(this.cpuAtStart, cpuAtEnd, (endedAt - this.startedAt) / 1000) }),
      projects,
    };
    mkdirSync(dirname(testTimesFile), { recursive: true });
    writeFileSync(testTimesFile, `${JSON.stringify(times, null, 2)}\n`);
    this.print(times);
  }

  private print(times: TestTimes): void {
    const header = ['project', 'files', 'tests', 'failed', 'wall s', 'file s', 'worker CPU s'];
    const rows = times.projects.map((p) => [p.project, p.files, p.tests, p.failed, p.wallSeconds, p.fileSeconds, p.cpuSeconds].map(String));
    const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
    const log = (text: string) => this.vitest.logger.log(text);
    log('\nTime per project (projects run side by side; wall: first file start to last file end)');
    log(line(header));
    for (const row of rows) log(line(row));
    const total = [
      `vitest ${times.vitestSeconds} s (before the first file ${times.beforeFirstFileSeconds} s)`,
      `main process CPU ${times.mainCpuSeconds} s`,
    ];
    if (times.npmTestSeconds !== undefined)
      total.unshift(`npm test ${times.npmTestSeconds} s (lint and type check ${times.lintAndTypecheckSeconds} s)`);
    log(`${total.join(', ')}; kept in tests/.artifacts/test-times.json`);
    if (times.machine) log(machineText(times.machine));
    log('');
  }
}

/** One line on how much of the machine the run took: a run near 100 % is as fast as its work lets it be on these CPUs. */
export function machineText(load: MachineLoad): string {
  return `machine over the vitest run: ${load.cpus} CPUs ${load.busyPercent} % busy, ${load.busyCpuSeconds} CPU s (everything running, Chromium and PostgreSQL included)`;
}
