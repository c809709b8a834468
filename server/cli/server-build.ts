import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, Plugin } from 'esbuild';
import { projectRoot } from './web-build';

/**
 * The scripts compiled into dist/server, each to `<out>.js`: `npm start` and `npm run platform`
 * run theirs, and the tests spawn all of them. The one list of them (a moved script is fixed here).
 */
export const serverEntries = [
  { in: 'server/cli/start.ts', out: 'start' },
  { in: 'server/cli/platform.ts', out: 'platform' },
  { in: 'server/cli/platform-check.ts', out: 'platform-check' },
  { in: 'server/cli/ledger-check.ts', out: 'ledger-check' },
  { in: 'server/cli/reports-rebuild.ts', out: 'reports-rebuild' },
  { in: 'server/cli/site.ts', out: 'site' },
  { in: 'server/cli/unlock.ts', out: 'unlock' },
  { in: 'server/cli/backup.ts', out: 'backup' },
  { in: 'server/cli/restore.ts', out: 'restore' },
  { in: 'server/cli/seed.ts', out: 'seed' },
] as const;

export const serverRoot = join(projectRoot, 'dist', 'server');
// What the last build read: the key of its inputs, and their paths (from the project's root).
const manifestFile = join(serverRoot, 'build-inputs.json');

interface Manifest {
  key: string;
  inputs: string[];
}

/** The compiled file of a script of serverEntries (its path from the project's root), or undefined. */
export function compiledScript(source: string): string | undefined {
  const entry = serverEntries.find((candidate) => candidate.in === source);
  return entry && relative(projectRoot, join(serverRoot, `${entry.out}.js`));
}

const options = {
  bundle: true,
  // node_modules stays where it is (PGlite's wasm, argon2's binary, vite), imported at run time.
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // One file a script: each loads whole, and is replaced whole by a later build.
  splitting: false,
  sourcemap: 'linked',
  sourcesContent: false,
  // Names as tsx leaves them (a class's or function's .name), though the bundle renames clashes.
  keepNames: true,
  logLevel: 'silent',
} as const;

const loaders: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.json': 'json' };

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * The key of a build: what makes its output (this file, esbuild, the options and the settings
 * files it reads), every input's text, and the names beside each input (a file added there may
 * change what an import finds).
 */
function buildKey(inputs: ReadonlyArray<string>, texts: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  const own = fileURLToPath(import.meta.url);
  hash.update(JSON.stringify({ entries: serverEntries, options, esbuild: esbuildVersion() }));
  for (const file of [own, join(projectRoot, 'package.json'), join(projectRoot, 'tsconfig.json')]) hash.update(sha256(readFileSync(file)));
  for (const input of inputs) hash.update(`${input}\0${sha256(texts.get(input) ?? readFileSync(join(projectRoot, input)))}\0`);
  for (const folder of [...new Set(inputs.map((input) => dirname(input)))].sort()) {
    hash.update(`${folder}\0${readdirSync(join(projectRoot, folder)).sort().join('\0')}\0`);
  }
  return hash.digest('hex');
}

function esbuildVersion(): string {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'node_modules', 'esbuild', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

function readManifest(): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** The compiled server is missing, or one of its inputs (or what makes the build) changed since. */
export function serverBuildNeeded(): boolean {
  const manifest = readManifest();
  if (!manifest) return true;
  if (serverEntries.some((entry) => !existsSync(join(serverRoot, `${entry.out}.js`)))) return true;
  try {
    return buildKey(manifest.inputs, new Map()) !== manifest.key;
  } catch {
    return true; // an input is gone
  }
}

/**
 * Reads every module of the project itself (recording the text it compiles) and gives each its
 * own `import.meta.url`: the URL of its source file, so that a module reading files beside it
 * (the migrations, the web app's folder) finds them from dist/server as it does from server/.
 */
function sourceFiles(texts: Map<string, string>): Plugin {
  return {
    name: 'source-files',
    setup(build) {
      build.onLoad({ filter: /\.(m?ts|tsx|m?js|json)$/ }, (args) => {
        if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        const input = relative(projectRoot, args.path);
        texts.set(input, text);
        const source = relative(serverRoot, args.path).split('\\').join('/');
        if (/\bimport\.meta\.(dirname|filename)\b/.test(text)) {
          return { errors: [{ text: `${input}: use import.meta.url (the compiled server gives each module its source's URL)` }] };
        }
        const contents = text.replaceAll('import.meta.url', `new URL(${JSON.stringify(source)}, import.meta.url).href`);
        return { contents, loader: loaders[extname(args.path)]!, resolveDir: dirname(args.path) };
      });
    },
  };
}

/** Writes a file whole or not at all: two builds at once, or a start reading it meanwhile, never see half a file. */
function writeWhole(file: string, contents: Uint8Array | string) {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/** Compiles serverEntries into dist/server (each script with its source map) and records its inputs. */
export async function buildServer(): Promise<void> {
  const { build } = await import('esbuild');
  const texts = new Map<string, string>();
  const result = await build({
    ...options,
    absWorkingDir: projectRoot,
    entryPoints: serverEntries.map((entry) => ({ in: entry.in, out: entry.out })),
    outdir: serverRoot,
    write: false,
    metafile: true,
    plugins: [sourceFiles(texts)],
  });
  const inputs = Object.keys(result.metafile.inputs)
    .map((input) => relative(projectRoot, join(projectRoot, input)))
    .sort();
  mkdirSync(serverRoot, { recursive: true });
  for (const output of result.outputFiles) writeWhole(output.path, output.contents);
  const manifest: Manifest = { key: buildKey(inputs, texts), inputs };
  writeWhole(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  // What an earlier build wrote and this one did not (a script no longer in the list).
  const written = new Set([...result.outputFiles.map((output) => output.path), manifestFile]);
  for (const name of readdirSync(serverRoot)) {
    const file = join(serverRoot, name);
    if (!written.has(file) && !name.includes('.tmp-')) rmSync(file, { force: true });
  }
}
