import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const projectRoot = new URL('../..', import.meta.url).pathname;
export const webRoot = join(projectRoot, 'dist', 'web');
const webSources = [
  'index.html',
  'mobile.html',
  'public',
  'src',
  'locales',
  'contract',
  'shared',
  'commands',
  'machines',
  'vite.config.ts',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** The web app exists (index.html) and its build is missing or older than a source file. */
export function webBuildNeeded(): boolean {
  if (!existsSync(join(projectRoot, 'index.html'))) return false;
  const built = join(webRoot, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return webSources.some((source) => newestMtime(join(projectRoot, source)) > builtAt);
}

// Vite's notes to whoever edits the build (the config's imports, chunk sizes): nothing an operator starting the office acts on.
const DEVELOPER_NOTES = [
  /configLoader: 'native'/,
  /without a file extension/,
  /VITE_CONFIG_NATIVE_IGNORE_WARNING/,
  /chunks are larger than/,
];

/** Whether a warning of the web build is one an operator should read (not a note to the build's developers). */
export const operatorWarning = (message: string) => !DEVELOPER_NOTES.some((note) => note.test(message));

/**
 * Always a production build: run from inside a test runner (NODE_ENV=test) Vite would otherwise
 * ship React's development build, and the end-to-end tests and benchmarks would measure that.
 * Quiet: Vite's warnings are returned (those an operator should read, unless `all`), its errors printed.
 */
export async function buildWeb(options: { all?: boolean } = {}): Promise<string[]> {
  const { build, createLogger } = await import('vite');
  const warnings: string[] = [];
  const base = createLogger('warn');
  const keep = (message: string) => {
    if (options.all || operatorWarning(message)) warnings.push(message);
  };
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: projectRoot,
      mode: 'production',
      logLevel: 'warn',
      customLogger: { ...base, info: () => {}, warn: keep, warnOnce: keep },
    });
    return warnings;
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
