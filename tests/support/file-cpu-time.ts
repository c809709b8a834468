import { afterAll } from 'vitest';
import { descendantsCpu, type DescendantsCpu } from './process-tree-cpu';
import { runCounters, type RunCounters } from './run-counters';

declare module 'vitest' {
  interface TaskMeta {
    /** CPU seconds the worker spent on this file (tests/support/project-times.reporter.ts adds them up per project). */
    cpuSeconds?: number;
    /** CPU seconds of the worker's Chromium over this file (its shared browser, renderers included). */
    chromiumCpuSeconds?: number;
    /** CPU seconds of the other processes the worker's tests started over this file (gateways, the platform, scripts). */
    childCpuSeconds?: number;
    /** How many such processes the file started. */
    childProcesses?: number;
    /** Documents Chromium loaded for the file (tests/support/run-counters.ts). */
    pageLoads?: number;
  }
}

interface Mark {
  cpu: NodeJS.CpuUsage;
  descendants: DescendantsCpu | undefined;
  counters: RunCounters;
}

// The worker's readings when its previous file ended: kept on globalThis, which outlives the
// file in a reused worker (isolate: false). In a new worker it is unset, and the file is charged
// from the worker's start, its loading and test environment included.
const mark = Symbol.for('credit-office.cpu-mark');
const worker = globalThis as typeof globalThis & { [mark]?: Mark };
const since = worker[mark];

const round = (seconds: number) => Math.round(seconds * 100) / 100;

// Registered before the file's own hooks, so it runs after them (afterAll runs in reverse order).
// Vitest reads the first parameter as fixtures and wants it destructured: none are used.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  const now: Mark = { cpu: process.cpuUsage(), descendants: descendantsCpu(), counters: { ...runCounters() } };
  worker[mark] = now;
  const microseconds = now.cpu.user + now.cpu.system - (since ? since.cpu.user + since.cpu.system : 0);
  file.meta.cpuSeconds = microseconds / 1e6;
  if (now.descendants) {
    file.meta.chromiumCpuSeconds = round(now.descendants.chromium - (since?.descendants?.chromium ?? 0));
    file.meta.childCpuSeconds = round(now.descendants.others - (since?.descendants?.others ?? 0));
  }
  file.meta.childProcesses = now.counters.childProcesses - (since?.counters.childProcesses ?? 0);
  file.meta.pageLoads = now.counters.pageLoads - (since?.counters.pageLoads ?? 0);
});
