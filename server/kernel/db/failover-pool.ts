import pg from 'pg';
import { databaseUnavailable, findServer, type ServerList } from './primary-finder';

/** What the database's statements need of a pool: node-postgres's own, or one that follows the primary. */
export interface QueryPool {
  query(statement: pg.QueryConfig): Promise<pg.QueryResult>;
  connect(): Promise<pg.PoolClient>;
  /** A statement on a client of the pool (in a transaction) failed: the pool may have to find its server again. */
  noticeFailure?(client: pg.PoolClient, error: unknown): void;
  end(): Promise<void>;
}

/**
 * A node-postgres pool whose clients never crash the process when their server goes: an idle
 * client's loss is the pool's 'error', a checked-out client's (between two statements of a
 * transaction) its own 'error', with no listener unless given one here. The loss still reaches
 * the caller, as the failure of its next statement.
 */
export function quietPool(options: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(options);
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** While no server fits (a standby not promoted yet), calls fail at once this long before the list is tried again. */
const RETRY_FIND_MS = 250;

/**
 * A pool on the server of a list that fits its target_session_attrs (primary-finder.ts). When a
 * statement fails because that server is gone or read-only, the pool is dropped; the next call
 * finds the server again (the new primary once one is promoted) and opens a pool on it. Calls
 * failing meanwhile throw, and the gateway answers them with the data error (003): they are safe
 * to repeat with their request key.
 */
export class FailoverPool implements QueryPool {
  #current: pg.Pool | null = null;
  #finding: Promise<pg.Pool> | null = null;
  #failedAt = 0;
  #lastFailure: unknown = null;
  #ended = false;
  readonly #clients = new WeakMap<pg.PoolClient, pg.Pool>();

  constructor(
    readonly list: ServerList,
    readonly options: pg.PoolConfig,
    /** Told the server found each time (a log line for the operator). */
    readonly onServer?: (server: string) => void,
  ) {}

  #pool(): Promise<pg.Pool> {
    if (this.#current) return Promise.resolve(this.#current);
    if (this.#ended) return Promise.reject(new Error('the database has been closed'));
    if (this.#finding) return this.#finding;
    if (Date.now() - this.#failedAt < RETRY_FIND_MS) return Promise.reject(this.#lastFailure);
    this.#finding = (async () => {
      try {
        const server = await findServer(this.list);
        const pool = quietPool({ ...this.options, connectionString: this.list.urlOf(server) });
        if (this.#ended) {
          void pool.end();
          throw new Error('the database has been closed');
        }
        this.#current = pool;
        this.onServer?.(`${server.host}:${server.port}`);
        return pool;
      } catch (error) {
        this.#failedAt = Date.now();
        this.#lastFailure = error;
        throw error;
      } finally {
        this.#finding = null;
      }
    })();
    return this.#finding;
  }

  /** Drops `pool` when `error` says its server is gone (once: later failures on it find it already dropped). */
  #failed(pool: pg.Pool | undefined, error: unknown): void {
    if (!pool || this.#current !== pool || !databaseUnavailable(error)) return;
    this.#current = null;
    void pool.end().catch(() => undefined);
  }

  async query(statement: pg.QueryConfig): Promise<pg.QueryResult> {
    const pool = await this.#pool();
    try {
      return await pool.query(statement);
    } catch (error) {
      this.#failed(pool, error);
      throw error;
    }
  }

  async connect(): Promise<pg.PoolClient> {
    const pool = await this.#pool();
    try {
      const client = await pool.connect();
      this.#clients.set(client, pool);
      return client;
    } catch (error) {
      this.#failed(pool, error);
      throw error;
    }
  }

  /** The pool on the server found last, if any (its counters are the metrics' pool gauges). */
  currentPool(): pg.Pool | null {
    return this.#current;
  }

  noticeFailure(client: pg.PoolClient, error: unknown): void {
    this.#failed(this.#clients.get(client), error);
  }

  async end(): Promise<void> {
    this.#ended = true;
    const current = this.#current;
    this.#current = null;
    await current?.end();
  }
}
