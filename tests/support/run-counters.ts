/** What a test worker has started so far, read per file by tests/support/file-cpu-time.ts for the time table. */
export interface RunCounters {
  /** Documents Chromium loaded in the worker's pages (an app boot each, the pool's parking page aside). */
  pageLoads: number;
  /** Node processes the worker's tests started (gateways, the platform, the server's scripts). */
  childProcesses: number;
}

// On globalThis: a worker reused across files (isolate: false) may load this module once per file.
const key = Symbol.for('credit-office.run-counters');
const worker = globalThis as typeof globalThis & { [key]?: RunCounters };

export function runCounters(): RunCounters {
  return (worker[key] ??= { pageLoads: 0, childProcesses: 0 });
}

export function countPageLoad(): void {
  runCounters().pageLoads += 1;
}

export function countChildProcess(): void {
  runCounters().childProcesses += 1;
}
