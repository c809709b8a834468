import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const projectRoot = new URL('..', import.meta.url).pathname;
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

/**
 * Always a production build: run from inside a test runner (NODE_ENV=test) Vite would otherwise
 * ship React's development build, and the end-to-end tests and benchmarks would measure that.
 */
export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: projectRoot, mode: 'production', logLevel: 'warn' });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
