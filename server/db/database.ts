import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * One way to talk to the database, whichever is under it: embedded PGlite (default, a
 * single session that queues queries and transactions) or a PostgreSQL server (a pool).
 *
 * Both go through node-postgres (PGlite through its own adapter), so values come back alike
 * on both: bigints and numerics as strings, dates and times as the text PostgreSQL sends.
 * Queries are written with drizzle's `sql` template, compiled here to text and values.
 */
export interface Queryable {
  rows<T>(query: SQL): Promise<T[]>;
  one<T>(query: SQL): Promise<T | undefined>;
  run(query: SQL): Promise<number>;
  /** A transaction, or a savepoint inside the current one: all of `work` or nothing. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (a migration) as one transaction. */
  runScript(script: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: 'pglite'; dataDir?: string; snapshot?: Blob } | { kind: 'postgres'; url: string; poolSize?: number };

const dialect = new PgDialect();

/**
 * Queries of the hot paths (site, session, ledger), prepared once per connection: planning a
 * statement costs more than running it, most of all on PGlite (about 0.7 of 0.9 ms for the
 * ledger's row lock). Only queries whose text never varies belong here, or every variant
 * would stay prepared on the connection.
 */
const preparedQueries = new WeakSet<SQL>();
const statementNames = new Map<string, string>();

/** Marks a query (whose text never varies, only its values) to be prepared once per connection. */
export function prepared(query: SQL): SQL {
  preparedQueries.add(query);
  return query;
}

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

// date, timestamp, timestamptz, interval and their arrays, and numeric[]: as sent.
const textTypeIds = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const types = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    textTypeIds.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

type Client = pg.Pool | pg.PoolClient;

/** The Queryable over a pool (outside a transaction) or one client (inside one, `depth` savepoints deep). */
function queryable(pool: pg.Pool, client: Client, depth: number): Queryable {
  const execute = (query: SQL) => {
    const compiled = dialect.sqlToQuery(query);
    const name = preparedQueries.has(query) ? statementName(compiled.sql) : undefined;
    return client.query({ text: compiled.sql, values: compiled.params, ...(name ? { name } : {}) });
  };
  return {
    async rows<T>(query: SQL) {
      return (await execute(query)).rows as T[];
    },
    async one<T>(query: SQL) {
      return (await execute(query)).rows[0] as T | undefined;
    },
    async run(query: SQL) {
      return (await execute(query)).rowCount ?? 0;
    },
    transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      if (depth === 0) return inTransaction(pool, (conn) => work(queryable(pool, conn, 1)));
      return inSavepoint(client, depth, () => work(queryable(pool, client, depth + 1)));
    },
  };
}

/** `work` on a client of its own between BEGIN and COMMIT (ROLLBACK when it throws). */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A client that cannot even roll back is thrown away, not handed to the next caller.
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

async function inSavepoint<T>(client: Client, depth: number, work: () => Promise<T>): Promise<T> {
  const name = `sp${depth}`;
  await client.query(`SAVEPOINT ${name}`);
  try {
    const result = await work();
    await client.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw error;
  }
}

async function openPool(kind: Database['kind'], pool: pg.Pool, close: () => Promise<void>): Promise<Database> {
  // An idle client losing its server must not crash the process.
  pool.on('error', () => undefined);
  const db = queryable(pool, pool, 0);
  await db.one(sql`select 1`);
  return {
    kind,
    ...db,
    // Without values, node-postgres uses the simple protocol, which takes several statements.
    runScript: (script) => inTransaction(pool, (client) => client.query(script).then(() => undefined)),
    close,
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, types });
    return openPool('postgres', pool, () => pool.end());
  }
  const client = target.snapshot
    ? new PGlite({ loadDataDir: target.snapshot })
    : target.dataDir
      ? new PGlite(target.dataDir)
      : new PGlite();
  await client.waitReady;
  // PGlite is one session: one client, never closed while the database is open, so the
  // statements it prepared stay known to both sides.
  const pool = new pg.Pool({ ...createPgConfig(client), max: 1, idleTimeoutMillis: 0, types } as pg.PoolConfig);
  const db = await openPool('pglite', pool, async () => {
    await pool.end();
    await client.close();
  });
  // Kept for snapshots in tests.
  return Object.assign(db, { pglite: client });
}

/** The PGlite client under a database, when there is one (tests take snapshots of it). */
export function pgliteOf(db: Database): PGlite | undefined {
  return (db as Database & { pglite?: PGlite }).pglite;
}
