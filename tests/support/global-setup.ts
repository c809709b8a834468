import type { TestProject } from 'vitest/node';
import { preparePgliteSnapshot, preparePostgresTemplate, type PostgresRun } from './test-database';
import { ensureServerBuild } from './server-build';
import { ensureWebBuild } from './web-build';

type Need = 'web build' | 'server build' | 'pglite' | 'postgres';

/** What the test files of each project read from the global setup. */
const needs: Record<string, ReadonlyArray<Need>> = {
  unit: ['web build'], // tests/unit/web-build.test.ts reads the build
  web: [],
  // On the engine of the environment (vite.config.ts).
  // Their files spawn the compiled server (tests/support/server-build.ts), built here once.
  gateway: ['server build', process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'],
  embedded: ['server build', 'pglite'],
  e2e: ['web build', 'pglite'],
};

interface Prepared {
  ready: Promise<unknown>;
  postgres?: PostgresRun;
  teardown: () => Promise<void>;
}

// Vitest calls a global setup once for the root and once more for every project of the run
// (projects with `extends: true` inherit it), one after the other in the same process: the
// first call prepares what the run's projects need, in parallel, and the later calls wait for
// that. The promise lives on globalThis because each project loads this module anew.
const key = Symbol.for('credit-office.global-setup');
const shared = globalThis as typeof globalThis & { [key]?: Prepared };

function prepare(projects: ReadonlyArray<TestProject>): Prepared {
  // A project this table does not know gets everything, rather than a missing database.
  const wanted = new Set(
    projects.flatMap((project): ReadonlyArray<Need> => needs[project.name] ?? ['web build', 'server build', 'pglite', 'postgres']),
  );
  let dropPostgres: () => Promise<void> = async () => undefined;
  const prepared: Prepared = { ready: Promise.resolve(), teardown: () => dropPostgres() };
  prepared.ready = Promise.all([
    // Built before any file runs, so end-to-end files in parallel never build it twice.
    wanted.has('web build') ? ensureWebBuild() : undefined,
    wanted.has('server build') ? ensureServerBuild() : undefined,
    wanted.has('pglite') ? preparePgliteSnapshot() : undefined,
    wanted.has('postgres') && process.env.TEST_DATABASE_URL
      ? preparePostgresTemplate().then(({ run, drop }) => {
          prepared.postgres = run;
          dropPostgres = drop;
        })
      : undefined,
  ]);
  return prepared;
}

export default async function globalSetup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const first = !shared[key];
  const prepared = (shared[key] ??= prepare(project.vitest.projects));
  await prepared.ready;
  if (prepared.postgres) project.provide('postgresRun', prepared.postgres);
  if (!first) return undefined;
  return async () => {
    delete shared[key];
    await prepared.teardown();
  };
}
