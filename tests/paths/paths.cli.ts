import { parseArgs } from 'node:util';
import { machineNamed, machinePaths } from './machines.registry';
import type { Target } from './path-model';
import { coverageOf, coverageTable } from './paths.coverage';
import { runPaths, stepLine } from './paths.runner';
import { embeddedProduct, remoteProduct, type Product } from './product';

// `npm run paths -- list [machine] | run <machine> [--path N…] [--base <url>] [--browser] | coverage [--json]`:
// the machines' model-based paths as a tester's tool (docs/testing.md).
const usage = `Usage:
  npm run paths -- list [machine]
  npm run paths -- run <machine> [--path N …] [--base <url>] [--browser]
  npm run paths -- coverage [--json]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    path: { type: 'string', multiple: true },
    base: { type: 'string' },
    browser: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const [command, name] = positionals;

function list() {
  if (!name) {
    for (const machine of machinePaths) {
      const targets = Object.keys(machine.runners).join(', ');
      console.log(`${machine.name.padEnd(18)} ${String(machine.paths().length).padStart(4)} paths  (${targets})  ${machine.title}`);
      console.log(`${''.padEnd(18)} model: ${machine.sources}`);
    }
    return;
  }
  const machine = machineNamed(name);
  console.log(`${machine.name}: ${machine.title}\nmodel: ${machine.sources}\n`);
  for (const path of machine.paths()) {
    console.log(`path ${path.number} (${path.kind}, ${path.steps.length - 1} steps)`);
    for (const [index, step] of path.steps.entries()) console.log(`  ${stepLine(step, index)}`);
  }
}

async function run(): Promise<number> {
  if (!name) throw new Error(usage);
  const machine = machineNamed(name);
  const target: Target = values.browser ? 'browser' : 'gateway';
  const paths = (values.path ?? []).flatMap((value) => value.split(',')).map(Number);
  let product: Product;
  if (values.base) product = remoteProduct(values.base);
  else {
    console.log('starting the product on a fresh embedded database…');
    const webRoot = target === 'browser' ? await (await import('../support/web-build')).ensureWebBuild() : undefined;
    product = await embeddedProduct(webRoot ? { webRoot } : {});
  }
  try {
    const started = Date.now();
    const result = await runPaths(machine, product, { target, paths, log: (line) => console.log(line) });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (result.failure) {
      const { path, step, event, state, expected, seen } = result.failure;
      console.log(
        `\nFAILED ${machine.name} path ${path}, step ${step} (${event} → ${state})\n  expected: ${expected}\n  seen:     ${seen}`,
      );
      console.log(`${result.passed.length} path(s) passed before it (${seconds} s)`);
      return 1;
    }
    console.log(`\n${result.passed.length} path(s) of ${machine.name} passed through the ${target} at ${product.url} (${seconds} s)`);
    return 0;
  } finally {
    await product.close();
  }
}

function coverage() {
  const report = machinePaths.map(coverageOf);
  console.log(values.json ? JSON.stringify(report, null, 2) : coverageTable(report));
}

try {
  if (values.help || !command) console.log(usage);
  else if (command === 'list') list();
  else if (command === 'coverage') coverage();
  else if (command === 'run') process.exitCode = await run();
  else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
