import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node';
import { machineLoad, readCpuCounters, type CpuCounters, type MachineLoad } from './machine-cpu';

/** Where the last run's times are kept: `npm run bench` shows the last `npm test` from it. */
export const testTimesFile = new URL('../.artifacts/test-times.json', import.meta.url).pathname;

export interface ProjectTimes {
  project: string;
  /** The database engine the project's gateways ran on (vite.config.ts), for those that have one. */
  engine?: string;
  files: number;
  tests: number;
  failed: number;
  /** From the project's first file starting (its environment included) to its last file ending (projects overlap). */
  wallSeconds: number;
  /** Environment, setup, import and tests of every file, as vitest measures them, added up. */
  fileSeconds: number;
  /** CPU of the test workers (tests/support/file-cpu-time.ts); Chromium's and child gateways' are not counted. */
  cpuSeconds: number;
  /** `expect` calls the project's tests executed (tests/support/file-expect-count.ts). */
  expectCalls: number;
  /** Documents Chromium loaded (app boots) and the CPU of the workers' Chromium (tests/support/file-cpu-time.ts). */
  pageLoads: number;
  chromiumCpuSeconds: number;
  /** Node processes the tests started (gateways, the platform, scripts) and their CPU. */
  childProcesses: number;
  childCpuSeconds: number;
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
        expectCalls: 0,
        pageLoads: 0,
        chromiumCpuSeconds: 0,
        childProcesses: 0,
        childCpuSeconds: 0,
        ...(engineOf(module) && { engine: engineOf(module) }),
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
      const meta = module.meta();
      row.expectCalls += meta.expectCalls ?? 0;
      row.pageLoads += meta.pageLoads ?? 0;
      row.chromiumCpuSeconds += meta.chromiumCpuSeconds ?? 0;
      row.childProcesses += meta.childProcesses ?? 0;
      row.childCpuSeconds += meta.childCpuSeconds ?? 0;
      byProject.set(name, row);
    }
    const projects = [...byProject.values()].map(({ first, last, ...row }) => ({
      ...row,
      wallSeconds: seconds(Math.max(0, last - first)),
      fileSeconds: Math.round(row.fileSeconds * 10) / 10,
      cpuSeconds: Math.round(row.cpuSeconds * 10) / 10,
      chromiumCpuSeconds: Math.round(row.chromiumCpuSeconds * 10) / 10,
      childCpuSeconds: Math.round(row.childCpuSeconds * 10) / 10,
    }));
    const firstFile = Math.min(...[...byProject.values()].map((row) => row.first), endedAt);
    const npmStarted = Number(process.env.NPM_TEST_STARTED) || undefined;
    const cpu = process.cpuUsage();
    const cpuAtEnd = readCpuCounters();
    const times: TestTimes = {
      finishedAt: new Date(endedAt).toISOString(),
      // npm test runs `vitest run --configLoader runner`: anything more names files or filters.
      wholeNpmTest: Boolean(npmStarted) && process.argv.slice(2).join(' ') === 'run --configLoader runner',
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
    const header = [
      'project',
      'engine',
      'files',
      'tests',
      'failed',
      'expect calls',
      'wall s',
      'file s',
      'worker CPU s',
      'pages',
      'Chromium CPU s',
      'processes',
      'their CPU s',
    ];
    const rows = times.projects.map((p) =>
      [
        p.project,
        p.engine ?? '',
        p.files,
        p.tests,
        p.failed,
        p.expectCalls,
        p.wallSeconds,
        p.fileSeconds,
        p.cpuSeconds,
        p.pageLoads,
        p.chromiumCpuSeconds,
        p.childProcesses,
        p.childCpuSeconds,
      ].map(String),
    );
    const sum = (pick: (p: ProjectTimes) => number) => times.projects.reduce((total, p) => total + pick(p), 0);
    rows.push(
      [
        'all',
        '',
        sum((p) => p.files),
        sum((p) => p.tests),
        sum((p) => p.failed),
        sum((p) => p.expectCalls),
        '',
        '',
        Math.round(sum((p) => p.cpuSeconds)),
        sum((p) => p.pageLoads),
        Math.round(sum((p) => p.chromiumCpuSeconds)),
        sum((p) => p.childProcesses),
        Math.round(sum((p) => p.childCpuSeconds)),
      ].map(String),
    );
    const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
    const log = (text: string) => this.vitest.logger.log(text);
    log(
      '\nTime per project (projects run side by side; wall: first file start to last file end; pages: documents Chromium loaded; processes: node processes the tests started)',
    );
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

/** The engine a project's gateways run on: TEST_DB of its environment (vite.config.ts), where it sets one. */
function engineOf(module: TestModule): string | undefined {
  const env = module.project.config.env as Record<string, string | undefined> | undefined;
  return env?.TEST_DB;
}
