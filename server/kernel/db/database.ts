import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { compileSql, sql, type SQL } from './sql';
import pg from 'pg';
import { from as copyStream } from 'pg-copy-streams';
import { FailoverPool, quietPool, type QueryPool } from './failover-pool';
import { PgliteConnection } from './pglite-connection';
import { parseServerList } from './primary-finder';

/**
 * One way to talk to the database, whichever is under it: embedded PGlite (default, a
 * single session that queues queries and transactions) or a PostgreSQL server (a pool).
 *
 * Both go through node-postgres (PGlite through PgliteConnection), so values come back alike
 * on both, parsed once below (`types`): bigints and numerics as JavaScript bigints, dates and times
 * as the text PostgreSQL sends.
 * Queries are written with the `sql` template of ./sql.ts, compiled here to text and values.
 */
export interface Queryable {
  /** PGlite runs one session, its statements one at a time; a PostgreSQL server runs many side by side. */
  readonly kind: 'pglite' | 'postgres';
  rows<T>(query: SQL): Promise<T[]>;
  one<T>(query: SQL): Promise<T | undefined>;
  run(query: SQL): Promise<number>;
  /**
   * Runs `query` as the transaction's last statement, sent together with COMMIT: the rows the
   * transaction locked are held one round trip less. Nothing may run in the transaction after
   * it; if it fails, the transaction is rolled back and the error thrown. Outside a
   * transaction, or in a savepoint, it is `run`.
   */
  runAndCommit(query: SQL): Promise<number>;
  /** runAndCommit answering the statement's first row (undefined when it answers none). */
  oneAndCommit<T>(query: SQL): Promise<T | undefined>;
  /** A transaction, or a savepoint inside the current one: all of `work` or nothing. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * COPY of rows into `table`'s `columns` (bulk loads: the history seed). Each chunk holds whole
   * lines of PostgreSQL's text format (copyLine). Answers the rows copied.
   */
  copyFrom(table: string, columns: readonly string[], chunks: readonly string[]): Promise<number>;
}

/** One line of COPY's text format: tabs between values, \N for null, backslash escapes. */
export function copyLine(values: readonly (string | number | null)[]): string {
  return (
    values
      .map((value) =>
        value === null
          ? '\\N'
          : typeof value === 'number'
            ? String(value)
            : value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')),
      )
      .join('\t') + '\n'
  );
}

const identifier = /^[a-z_][a-z0-9_]*$/;

function copyStatement(table: string, columns: readonly string[], source: string): string {
  if (!identifier.test(table) || !columns.every((column) => identifier.test(column))) throw new Error(`not a plain name: ${table}`);
  return `COPY ${table} (${columns.join(', ')}) FROM ${source}`;
}

/** How a COPY reaches the database: a PostgreSQL client's stream, or PGlite's blob device. */
type Copier = (client: pg.PoolClient, table: string, columns: readonly string[], chunks: readonly string[]) => Promise<number>;

const serverCopier: Copier = async (client, table, columns, chunks) => {
  // pg refuses a streaming query on a pipelined client; every statement before it has been
  // answered (transactions await each), so the client is switched off pipeline mode for it.
  const piped = client as unknown as { pipeline: boolean };
  const pipelined = piped.pipeline;
  piped.pipeline = false;
  try {
    const stream = client.query(copyStream(copyStatement(table, columns, 'STDIN')));
    await pipeline(Readable.from(chunks), stream);
    return stream.rowCount;
  } finally {
    piped.pipeline = pipelined;
  }
};

/** PGlite is one session: holding the pool's only client, a call of its own runs in that session (and its transaction). */
const pgliteCopier =
  (pglite: PGlite): Copier =>
  async (_client, table, columns, chunks) => {
    const result = await pglite.query(copyStatement(table, columns, `'/dev/blob'`), [], { blob: new Blob([...chunks]) });
    return result.affectedRows ?? 0;
  };

export interface Database extends Queryable {
  /** Runs a multi-statement SQL script (a migration) as one transaction. */
  runScript(script: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir?: string;
      snapshot?: Blob;
      /**
       * PostgreSQL's shared_buffers, e.g. '16MB'. PGlite's 128MB are zeroed at every start (about
       * 0.3 s of CPU): the tests, which start a small database per file, ask for less.
       */
      sharedBuffers?: string;
    }
  | {
      kind: 'postgres';
      /** One server, or several as libpq lists them (primary-finder.ts). */
      url: string;
      poolSize?: number;
      /** With several servers: told each server the pool goes to (at start and after a failover). */
      onServer?: (server: string) => void;
    };

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
/*
 * int8 (ids, serials, cents, count(*)) and numeric (what sum() of an int8 answers) as bigints.
 * Points are integer cents, and a balance or a sum may go past Number.MAX_SAFE_INTEGER (issuance
 * is bounded by MAX_ISSUED_CENTS, near the int8 limit): a number would round them without a word,
 * a bigint keeps them exact. No query here answers a fraction: a numeric with decimals would throw
 * and fail its statement rather than be cut. A count wanted as a number is cast in SQL (::int).
 */
const integerTypeIds = new Set([20, 1700]);

/**
 * The parsers of both drivers, given to each pool rather than set on the global `pg.types`:
 * the tests' and the benchmarks' own pg clients live in the same process and read raw rows, and
 * only the gateway's pools should change what they answer. PGlite's own `parsers` option does not
 * apply: its rows are read by node-postgres, through PgliteConnection, with these same parsers.
 */
const types = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    integerTypeIds.has(typeId)
      ? BigInt
      : textTypeIds.has(typeId)
        ? (value: string) => value
        : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

type Statement = string | pg.QueryConfig;

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The socket under a client of a PostgreSQL server (PGlite's connection has none: it batches itself). */
function socketOf(client: pg.PoolClient): Corkable | undefined {
  const stream = (client as unknown as { connection?: { stream?: Partial<Corkable> } }).connection?.stream;
  return stream?.cork && stream.uncork ? (stream as Corkable) : undefined;
}

/** Waits for every answer, then throws the first failure (none is left unobserved). */
async function allAnswers(answers: Promise<pg.QueryResult>[]): Promise<pg.QueryResult[]> {
  const settled = await Promise.allSettled(answers);
  const failed = settled.find((answer) => answer.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((answer) => (answer as PromiseFulfilledResult<pg.QueryResult>).value);
}

/**
 * Statements written to the server together and answered in order: one round trip for all
 * (node-postgres's pipeline mode, the socket corked while they are queued). Each still
 * succeeds or fails on its own; the first failure is thrown once all have answered.
 */
export function sendTogether(client: pg.PoolClient, statements: Statement[]): Promise<pg.QueryResult[]> {
  const socket = socketOf(client);
  socket?.cork();
  const answers = statements.map((statement) => client.query(statement as pg.QueryConfig));
  socket?.uncork();
  return allAnswers(answers);
}

/** COMMIT of a transaction a failed statement aborted answers ROLLBACK, without an error. */
function committedOrThrow(answer: pg.QueryResult): void {
  if (answer.command === 'ROLLBACK') throw new Error('the transaction was rolled back: a statement in it failed');
}

/**
 * One transaction on a client of its own, in pipeline mode: statements issued in the same turn
 * of the event loop leave in one write. BEGIN goes out with the first statement, and COMMIT
 * with the last when the caller names it (runAndCommit): a write costs two round trips fewer,
 * and the rows it locked are held one round trip less.
 */
class Transaction {
  #begun = false;
  #ended = false;
  #committed = false;
  #corked = false;

  constructor(readonly client: pg.PoolClient) {}

  #issue(statement: Statement): Promise<pg.QueryResult> {
    const socket = socketOf(this.client);
    if (socket && !this.#corked) {
      this.#corked = true;
      socket.cork();
      queueMicrotask(() => {
        this.#corked = false;
        socket.uncork();
      });
    }
    return this.client.query(statement as pg.QueryConfig);
  }

  async send(statement: Statement): Promise<pg.QueryResult> {
    if (this.#ended) throw new Error('the transaction has already ended');
    if (this.#begun) return this.#issue(statement);
    this.#begun = true;
    return (await allAnswers([this.#issue('BEGIN'), this.#issue(statement)]))[1]!;
  }

  /** `statement` and COMMIT in one round trip. If the statement fails, the server rolls back instead. */
  async sendAndCommit(statement: Statement): Promise<pg.QueryResult> {
    if (this.#ended) throw new Error('the transaction has already ended');
    const opening = this.#begun ? [] : [this.#issue('BEGIN')];
    this.#begun = true;
    this.#ended = true;
    const answers = await allAnswers([...opening, this.#issue(statement), this.#issue('COMMIT')]);
    committedOrThrow(answers.at(-1)!);
    this.#committed = true;
    return answers[answers.length - 2]!;
  }

  async commit(): Promise<void> {
    // A statement of runAndCommit that failed was rolled back by its COMMIT; its caller went on.
    if (this.#ended && !this.#committed) throw new Error('the transaction was rolled back');
    if (!this.#begun || this.#ended) return;
    this.#ended = true;
    committedOrThrow(await this.client.query('COMMIT'));
    this.#committed = true;
  }

  async rollback(): Promise<void> {
    if (!this.#begun || this.#ended) return;
    this.#ended = true;
    await this.client.query('ROLLBACK');
  }
}

/** The Queryable over the pool (outside a transaction) or one transaction (inside, `depth` savepoints deep). */
function queryable(kind: Queryable['kind'], pool: QueryPool, tx: Transaction | null, depth: number, copier: Copier): Queryable {
  const execute = (query: SQL, commit = false) => {
    const compiled = compileSql(query);
    const name = preparedQueries.has(query) ? statementName(compiled.text) : undefined;
    const statement = { text: compiled.text, values: compiled.params, ...(name ? { name } : {}) };
    if (!tx) return pool.query(statement);
    return commit && depth === 1 ? tx.sendAndCommit(statement) : tx.send(statement);
  };
  return {
    kind,
    async rows<T>(query: SQL) {
      return (await execute(query)).rows as T[];
    },
    async one<T>(query: SQL) {
      return (await execute(query)).rows[0] as T | undefined;
    },
    async run(query: SQL) {
      return (await execute(query)).rowCount ?? 0;
    },
    async runAndCommit(query: SQL) {
      return (await execute(query, true)).rowCount ?? 0;
    },
    async oneAndCommit<T>(query: SQL) {
      return (await execute(query, true)).rows[0] as T | undefined;
    },
    transaction<T>(work: (inner: Queryable) => Promise<T>): Promise<T> {
      if (!tx) return inTransaction(pool, (opened) => work(queryable(kind, pool, opened, 1, copier)));
      return inSavepoint(tx, depth, () => work(queryable(kind, pool, tx, depth + 1, copier)));
    },
    async copyFrom(table, columns, chunks) {
      if (tx) {
        // BEGIN goes out with a transaction's first statement: a COPY may be the first.
        await tx.send('SELECT 1');
        return copier(tx.client, table, columns, chunks);
      }
      const client = await pool.connect();
      try {
        return await copier(client, table, columns, chunks);
      } finally {
        client.release();
      }
    },
  };
}

/** `work` in a transaction on a client of its own: committed when it returns, rolled back when it throws. */
async function inTransaction<T>(pool: QueryPool, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const tx = new Transaction(await pool.connect());
  let broken: Error | undefined;
  try {
    try {
      const result = await work(tx);
      await tx.commit();
      return result;
    } catch (error) {
      pool.noticeFailure?.(tx.client, error);
      // A client that cannot even roll back is thrown away, not handed to the next caller.
      await tx.rollback().catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    }
  } finally {
    tx.client.release(broken);
  }
}

async function inSavepoint<T>(tx: Transaction, depth: number, work: () => Promise<T>): Promise<T> {
  const name = `sp${depth}`;
  await tx.send(`SAVEPOINT ${name}`);
  try {
    const result = await work();
    await tx.send(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await tx.send(`ROLLBACK TO SAVEPOINT ${name}`);
    throw error;
  }
}

async function openPool(kind: Database['kind'], pool: QueryPool, copier: Copier, close: () => Promise<void>): Promise<Database> {
  const db = queryable(kind, pool, null, 0, copier);
  await db.one(sql`select 1`);
  return {
    ...db,
    // Without values, node-postgres uses the simple protocol, which takes several statements.
    runScript: (script) => inTransaction(pool, (tx) => tx.send(script).then(() => undefined)),
    close,
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const options = { max: target.poolSize ?? 10, types, pipeline: true } as pg.PoolConfig;
    // Several hosts or a target_session_attrs (libpq's syntax): the pool follows the server that fits.
    const list = /^postgres(ql)?:\/\//.test(target.url) ? parseServerList(target.url) : null;
    const pool = list?.choosing
      ? new FailoverPool(list, options, target.onServer)
      : quietPool({ ...options, connectionString: target.url });
    const db = await openPool('postgres', pool, serverCopier, () => pool.end());
    // Kept for a LISTEN, which needs a connection of its own (notification-listener.ts); the pool for its counts (metrics).
    return Object.assign(db, { url: target.url, pool });
  }
  // A snapshot with a data folder fills the (empty) folder from it: a restore.
  const loaded = {
    ...(target.snapshot ? { loadDataDir: target.snapshot } : {}),
    ...(target.sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${target.sharedBuffers}`] } : {}),
  };
  const client = target.dataDir ? new PGlite(target.dataDir, loaded) : new PGlite(loaded);
  await client.waitReady;
  // PGlite is one session: one client at a time, on one connection that stays while the
  // database is open, so the statements it prepared stay known to both sides.
  const connection = new PgliteConnection(client);
  const pool = quietPool({ max: 1, idleTimeoutMillis: 0, types, pipeline: true, connection } as pg.PoolConfig);
  const db = await openPool('pglite', pool, pgliteCopier(client), async () => {
    await pool.end();
    await client.close();
  });
  // Kept for snapshots in tests, and for a LISTEN (notification-listener.ts); the pool for its counts (metrics).
  return Object.assign(db, { pglite: client, pgliteConnection: connection, pool });
}

/** Where a database's NOTIFY messages can be heard: a PostgreSQL server's address, or PGlite's one connection. */
export function notificationSourceOf(db: Database): { url: string } | { connection: PgliteConnection } | undefined {
  const { url, pgliteConnection } = db as Database & { url?: string; pgliteConnection?: PgliteConnection };
  if (url !== undefined) return { url };
  return pgliteConnection ? { connection: pgliteConnection } : undefined;
}

/** A database's connections now: in use by a query or transaction, idle, and requests waiting for one (metrics). */
export function poolStatsOf(db: Database): { inUse: number; idle: number; waiting: number } | undefined {
  const held = (db as Database & { pool?: pg.Pool | FailoverPool }).pool;
  // A failover pool counts on the pool of the server it is on now (none while it looks for one).
  const pool = held instanceof FailoverPool ? held.currentPool() : held;
  if (!pool) return held ? { inUse: 0, idle: 0, waiting: 0 } : undefined;
  return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** PGlite's one connection under a database, when there is one (a backup waits for it to be idle). */
export function pgliteConnectionOf(db: Database): PgliteConnection | undefined {
  return (db as Database & { pgliteConnection?: PgliteConnection }).pgliteConnection;
}

/** The PGlite client under a database, when there is one (tests take snapshots of it). */
export function pgliteOf(db: Database): PGlite | undefined {
  return (db as Database & { pglite?: PGlite }).pglite;
}

/**
 * Whether a failed statement broke a unique index (SQLSTATE 23505), and which: a caller may
 * have wrapped the database's error, so its causes are looked through.
 */
export function uniqueViolation(error: unknown): { constraint: string | undefined } | null {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return { constraint: typeof constraint === 'string' ? constraint : undefined };
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
