import { spawn, type ChildProcess } from 'node:child_process';
import { countChildProcess } from './run-counters';
import { scriptArgs } from './server-build';

const projectRoot = new URL('../../', import.meta.url).pathname;

export interface GatewayProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the gateway the way `npm start` does, on a free port, and waits for its banner; with
 * `npm`, through `npm start` itself (the child is npm, as an operator's process manager sees it).
 */
export async function startGatewayProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  { npm = false }: { npm?: boolean } = {},
): Promise<GatewayProcess> {
  countChildProcess();
  // Without npm: what `npm start` runs after its build (the compiled server/start.ts).
  const [command, args] = npm ? ['npm', ['start']] : [process.execPath, await scriptArgs('server/cli/start.ts')];
  const child = spawn(command, args, {
    cwd: projectRoot,
    // Nobody plays unless a test says so (SIM_RATE): its load is then the only one. A SIGTERM stops at once unless it says DRAIN_SECONDS.
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', SIM_RATE: '0', DRAIN_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failed test (npm passes the signal on to the gateway).
      child.kill('SIGTERM');
      reject(new Error(`gateway did not start in time:\n${text}`));
    }, timeoutMs);
    const check = () => {
      // The API line names the port whether or not a site answers localhost (then a URL line does too).
      const match = /API:\s+(http:\/\/localhost:\d+)\/api/.exec(text);
      // The banner ends with this line: everything above it is printed by then.
      if (match && text.includes('Press Ctrl+C to stop.')) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code}:\n${text}`));
    });
  });
  return {
    child,
    url,
    output: () => text,
    stop: async (signal = 'SIGINT') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
