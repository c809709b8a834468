import { afterAll } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** CPU seconds the worker spent on this file (tests/support/project-times.reporter.ts adds them up per project). */
    cpuSeconds?: number;
  }
}

// The worker's CPU clock when its previous file ended: kept on globalThis, which outlives the
// file in a reused worker (isolate: false). In a new worker it is unset, and the file is charged
// from the worker's start, its loading and test environment included.
const mark = Symbol.for('credit-office.cpu-mark');
const worker = globalThis as typeof globalThis & { [mark]?: NodeJS.CpuUsage };
const since = worker[mark];

// Registered before the file's own hooks, so it runs after them (afterAll runs in reverse order).
// Vitest reads the first parameter as fixtures and wants it destructured: none are used.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  const now = process.cpuUsage();
  worker[mark] = now;
  const microseconds = now.user + now.system - (since ? since.user + since.system : 0);
  file.meta.cpuSeconds = microseconds / 1e6;
});
