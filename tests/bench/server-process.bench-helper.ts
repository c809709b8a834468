import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../support/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledScript } from '../../server/cli/server-build';
import { ensureServerBuild } from '../support/server-build';

export const projectRoot = new URL('../../', import.meta.url).pathname;

/** What the start script of package.json runs once it has built the server: the compiled server/start.ts. */
// As `npm start` runs it: node itself takes Ctrl+C, no npm or tsx process in between relaying it
// (tsx's relay, under load, sometimes gave up and killed the server: exit 130).
const startArgs = ['--enable-source-maps', compiledScript('server/cli/start.ts')!];
export const startCommand = `node ${startArgs.join(' ')}`;

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const POLL_MS = 25;

const spawned = new Set<ChildProcess>();
const tempDirs = new Set<string>();

export interface ServerProcess {
  url: string;
  /** Milliseconds from spawn until GET /api/health answered 200. */
  readyMs: number;
  /** SIGINT to the process group (as Ctrl+C does); resolves with the exit code, or null when it had to be killed. */
  stop(): Promise<number | null>;
}

export function makeTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'credit-bench-'));
  tempDirs.add(dir);
  return dir;
}

export { freePort };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function healthAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = performance.now() + HEALTH_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (hasExited(child)) throw new Error(`server exited early (code ${child.exitCode}):\n${output()}`);
    if (await healthAnswers(url)) return;
    await sleep(POLL_MS);
  }
  throw new Error(`GET /api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stopServer(child: ChildProcess): Promise<number | null> {
  killGroup(child, 'SIGINT');
  const exited = await waitForExit(child, STOP_TIMEOUT_MS);
  killGroup(child, 'SIGKILL');
  return exited ? child.exitCode : null;
}

/** Starts the compiled server (startCommand) in its own process group and waits until GET /api/health answers 200. */
export async function startServer(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  // Built (when the sources changed) before the clock starts: a start is measured, not the build.
  await ensureServerBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers (node refuses those in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...startArgs], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      // The measured server is the demo (on PostgreSQL too), and does not play meanwhile.
      DEMO: 'on',
      SIM_RATE: '0',
      ...options.env,
    },
  });
  spawned.add(child);
  let log = '';
  const collect = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => log.trim().split('\n').slice(-15).join('\n');

  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    killGroup(child, 'SIGKILL');
    throw error;
  }
  return { url, readyMs: performance.now() - started, stop: () => stopServer(child) };
}

/** Kills every server process group and removes the temp dirs; synchronous, so it can run on process exit. */
export function cleanUpProcessesAndDirs(): void {
  for (const child of spawned) killGroup(child, 'SIGKILL');
  spawned.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}
