import { spawn } from 'node:child_process';
import { countChildProcess } from './run-counters';

/**
 * Runs one of the server's scripts as npm would (`npm run ledger:check`, `npm run unlock`), with
 * extra environment and arguments; `input` is piped to its standard input, which then ends (at once without it).
 */
export function runServerScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  input?: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    countChildProcess();
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: new URL('../../', import.meta.url).pathname,
      env: { ...process.env, ...env },
    });
    child.stdin.end(input ?? '');
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
