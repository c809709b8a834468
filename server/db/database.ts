import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

/**
 * One way to talk to the database, whichever is under it: embedded PGlite (default, a
 * single session that queues queries and transactions) or a PostgreSQL server (a pool).
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

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

interface Executor {
  execute(query: SQL): Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }>;
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
}

function queryable(executor: Executor): Queryable {
  return {
    transaction: (work) => executor.transaction((tx) => work(queryable(tx))),
    async rows<T>(query: SQL) {
      return (await executor.execute(query)).rows as T[];
    },
    async one<T>(query: SQL) {
      return (await executor.execute(query)).rows[0] as T | undefined;
    },
    async run(query: SQL) {
      const result = await executor.execute(query);
      return result.rowCount ?? result.affectedRows ?? 0;
    },
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client losing its server must not crash the process.
    pool.on('error', () => undefined);
    // Big integers (balances in cents, ids) come back as strings from pg and as numbers or
    // bigints from PGlite; every repository normalises with Number()/String() itself.
    const db = drizzlePostgres({ client: pool });
    await db.execute(sql`select 1`);
    return {
      kind: 'postgres',
      ...queryable(db as unknown as Executor),
      runScript: async (script) => {
        const conn = await pool.connect();
        try {
          // Without values, pg uses the simple protocol, which takes several statements.
          await conn.query(`BEGIN;\n${script}\nCOMMIT;`);
        } catch (error) {
          await conn.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = target.snapshot
    ? new PGlite({ loadDataDir: target.snapshot })
    : target.dataDir
      ? new PGlite(target.dataDir)
      : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client });
  return {
    kind: 'pglite',
    ...queryable(db as unknown as Executor),
    runScript: async (script) => {
      await client.transaction((tx) => tx.exec(script));
    },
    close: () => client.close(),
    // Kept for snapshots in tests.
    ...{ pglite: client },
  };
}

/** The PGlite client under a database, when there is one (tests take snapshots of it). */
export function pgliteOf(db: Database): PGlite | undefined {
  return (db as Database & { pglite?: PGlite }).pglite;
}
