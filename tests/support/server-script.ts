import { spawn } from 'node:child_process';
import { countChildProcess } from './run-counters';
import { scriptArgs } from './server-build';

/**
 * Runs one of the server's scripts as npm would (`npm run ledger:check`, `npm run unlock`), with
 * extra environment and arguments (compiled, where the server build has the script: scriptArgs); `input` is piped to its standard input, which then ends (at once without it).
 */
export async function runServerScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  input?: string,
): Promise<{ code: number | null; output: string }> {
  const node = await scriptArgs(script);
  return new Promise((resolve) => {
    countChildProcess();
    const child = spawn(process.execPath, [...node, ...args], {
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
