import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteOf, type Database } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import { seedDemo } from '../../server/seed/demo.seed';
import { sealStoredSecrets } from '../../server/kernel/stored-secrets';
import { useTestSecretsKey } from './secrets-key';

/** Where prepared databases are kept between the global setup and the test files. */
export const artifactsDir = new URL('../.artifacts/', import.meta.url).pathname;
/** The seeded PGlite database of the global setup, as PGlite dumps a data folder (a tar file). */
export const snapshotFile = join(artifactsDir, 'pglite-seeded.tar');

/** Which database the current test project runs on. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of the run. Its commits do not wait for the disk (synchronous_commit off, kept by
 * the database, so every connection to it, the gateways' processes included, has it): the
 * tests' subject is what a commit makes visible, which this keeps, not what survives a crash
 * of the PostgreSQL server itself, which the bench's crash parts test on clusters of their own.
 * Waiting for the disk cost the gateway tests most of their time (a write call is a commit).
 */
async function createDatabase(client: pg.Client, name: string, template?: string): Promise<void> {
  await client.query(`CREATE DATABASE ${name}${template === undefined ? '' : ` TEMPLATE ${template}`}`);
  await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
}

/** Global setup: a migrated, seeded PGlite database, dumped for every test file to load. */
export async function preparePgliteSnapshot(): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const db = await openDatabase({ kind: 'pglite' });
  await migrate(db);
  await seedDemo(db, new Date());
  useTestSecretsKey();
  await sealStoredSecrets(db);
  // Not compressed: every test file loads it, and unpacking is cheaper than inflating 6 MB each time.
  const snapshot = await pgliteOf(db)!.dumpDataDir('none');
  // Written aside and renamed: a run beside this one (a single file run while the suite runs)
  // reads either snapshot whole, never one half written.
  const written = `${snapshotFile}.${process.pid}`;
  writeFileSync(written, Buffer.from(await snapshot.arrayBuffer()));
  renameSync(written, snapshotFile);
  await db.close();
}

/** The run's PostgreSQL databases: their common name prefix and the seeded template they are copied from. */
export interface PostgresRun {
  prefix: string;
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresRun: PostgresRun;
  }
}

/**
 * Global setup: a migrated, seeded PostgreSQL template database, and what drops every database of
 * the run. The names reach the test files through vitest's provide/inject, not a file: two runs
 * in one checkout (a single file while the suite runs) each keep their own.
 */
export async function preparePostgresTemplate(): Promise<{ run: PostgresRun; drop: () => Promise<void> }> {
  mkdirSync(artifactsDir, { recursive: true });
  const prefix = `credit_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;
  await admin((client) => createDatabase(client, template));
  const pgDb = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl(), template), poolSize: 2 });
  await migrate(pgDb);
  await seedDemo(pgDb, new Date());
  // As npm start does after its migrations: the copies hold only sealed secrets.
  useTestSecretsKey();
  await sealStoredSecrets(pgDb);
  await pgDb.close();
  const drop = async () => {
    await admin(async (client) => {
      const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${prefix}%`]);
      for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    });
  };
  return { run: { prefix, template }, drop };
}

/** A test file's PGlite is a copy of the seeded demo (46 MB of files in memory already): a small buffer cache starts faster (database.ts). */
const TEST_SHARED_BUFFERS = '16MB';

let counter = 0;

export interface TestDatabase {
  db: Database;
  /** A connection string for other processes (PostgreSQL only). */
  url?: string;
  close(): Promise<void>;
}

/** A fresh copy of the seeded database for one test file (or one test). */
export async function createTestDatabase(): Promise<TestDatabase> {
  useTestSecretsKey();
  if (testDatabaseKind() === 'pglite') {
    const snapshot = new Blob([readFileSync(snapshotFile)]);
    const db = await openDatabase({ kind: 'pglite', snapshot, sharedBuffers: TEST_SHARED_BUFFERS });
    return { db, close: () => db.close() };
  }
  const { prefix, template } = inject('postgresRun');
  const name = `${prefix}_${process.pid}_${++counter}`;
  await admin((client) => createDatabase(client, name, template));
  const url = withDatabase(adminUrl(), name);
  const db = await openDatabase({ kind: 'postgres', url });
  return {
    db,
    url,
    close: async () => {
      await db.close();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The migrated, seeded template database of the run (its contents are copied elsewhere, never changed). */
export function postgresTemplateUrl(): string {
  const { template } = inject('postgresRun');
  return withDatabase(adminUrl(), template);
}

/** An empty PostgreSQL database (no migrations) and a way to drop it: for start-up tests. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { prefix } = inject('postgresRun');
  const name = `${prefix}_${process.pid}_empty_${++counter}`;
  await admin((client) => createDatabase(client, name));
  return {
    url: withDatabase(adminUrl(), name),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * An empty database of the run's engine for a command or a process to open, as the environment
 * it reads: a fresh data folder (with the `pglite` folder npm start would have made) on PGlite, a
 * new empty database on PostgreSQL; and how to remove it.
 */
export async function emptyDatabaseEnv(prefix: string): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> | void }> {
  if (testDatabaseKind() === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), prefix));
    mkdirSync(join(dataDir, 'pglite'));
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database = await createEmptyPostgresDatabase();
  return { env: { DATABASE_URL: database.url }, cleanup: () => database.drop() };
}
