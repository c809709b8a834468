import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { snapshotFile } from './test-database';
import { countChildProcess } from './run-counters';
import { scriptArgs } from './server-build';

const projectRoot = new URL('../../', import.meta.url).pathname;

export interface PlatformProcess {
  url: string;
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the simulator as a platform the way `npm run platform` does, and waits for its banner. */
export async function startPlatformProcess(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<PlatformProcess> {
  countChildProcess();
  const child = spawn(process.execPath, [...(await scriptArgs('server/cli/platform.ts')), ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failed test.
      child.kill('SIGTERM');
      reject(new Error(`the platform did not start in time:\n${text}`));
    }, timeoutMs);
    const check = () => {
      const match = /URL:\s+(http:\/\/[^\s/]+)\//.exec(text);
      if (match && text.includes('Press Ctrl+C to stop.')) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the platform exited with ${code}:\n${text}`));
    });
  });
  return {
    url,
    output: () => text,
    stop: async (signal = 'SIGINT') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A new PGlite folder holding a copy of the suite's migrated database, for a platform process:
 * creating a PGlite folder from nothing takes 10 to 20 s on a busy machine, loading the
 * snapshot a second or two. (The platform's migration from an empty database runs in the
 * postgres project, where a database is empty at first.)
 */
export async function platformDataDir(folder: string): Promise<void> {
  const snapshot = new Blob([readFileSync(snapshotFile)]);
  const db = new PGlite(folder, { loadDataDir: snapshot });
  await db.waitReady;
  await db.close();
}
