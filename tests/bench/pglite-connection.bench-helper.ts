import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { PgliteConnection } from '../../server/kernel/db/pglite-connection';

/**
 * What the gateway's own PGlite connection (server/kernel/db/pglite-connection.ts) buys over PGlite's
 * documented node-postgres adapter (@electric-sql/pglite/node-postgres): the same pool settings
 * and the same work on a fresh in-memory PGlite each, one after the other, alternating rounds so
 * that a busy moment of the machine falls on both. PGlite runs in this process, so the figure is
 * this process's CPU time (user and system), which other work on the machine barely moves.
 *
 * The work is the gateway's shape: "reads" are single-row prepared SELECTs awaited one by one (a
 * dispatcher's site and session read); "writes" are transactions of BEGIN, an UPDATE, an INSERT
 * and COMMIT issued in one turn of the event loop (a score-up's statements sent together).
 */
export const PGLITE_CONNECTION_READS = 2_000;
export const PGLITE_CONNECTION_WRITES = 500;
const ROUNDS = 3;

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

type ConnectionKind = 'gateway connection' | 'PGlite adapter';

export interface PgliteConnectionResult {
  /** CPU milliseconds of a round, the best of the rounds, per kind. */
  readsMs: Record<ConnectionKind, number>;
  writesMs: Record<ConnectionKind, number>;
}

async function openPool(kind: ConnectionKind): Promise<{ pool: pg.Pool; close: () => Promise<void> }> {
  const pglite = new PGlite();
  await pglite.waitReady;
  const config =
    kind === 'gateway connection'
      ? ({ max: 1, idleTimeoutMillis: 0, pipeline: true, connection: new PgliteConnection(pglite) } as pg.PoolConfig)
      : ({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0, pipeline: true } as unknown as pg.PoolConfig);
  const pool = new pg.Pool(config);
  await pool.query('CREATE TABLE wallets (id int PRIMARY KEY, balance bigint NOT NULL)');
  await pool.query('CREATE TABLE moves (id serial PRIMARY KEY, wallet int NOT NULL, cents bigint NOT NULL)');
  await pool.query('INSERT INTO wallets SELECT g, 1000000 FROM generate_series(1, 100) g');
  return {
    pool,
    close: async () => {
      await pool.end();
      await pglite.close();
    },
  };
}

async function timeReads(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  try {
    const started = process.cpuUsage();
    for (let index = 0; index < PGLITE_CONNECTION_READS; index += 1) {
      await client.query({ name: 'wallet', text: 'SELECT balance FROM wallets WHERE id = $1', values: [(index % 100) + 1] });
    }
    return cpuMsSince(started);
  } finally {
    client.release();
  }
}

async function timeWrites(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  try {
    const started = process.cpuUsage();
    for (let index = 0; index < PGLITE_CONNECTION_WRITES; index += 1) {
      const wallet = (index % 100) + 1;
      await Promise.all([
        client.query('BEGIN'),
        client.query({ name: 'debit', text: 'UPDATE wallets SET balance = balance - $2 WHERE id = $1', values: [wallet, 1] }),
        client.query({ name: 'move', text: 'INSERT INTO moves (wallet, cents) VALUES ($1, $2)', values: [wallet, 1] }),
        client.query('COMMIT'),
      ]);
    }
    return cpuMsSince(started);
  } finally {
    client.release();
  }
}

export async function benchPgliteConnection(): Promise<PgliteConnectionResult> {
  const kinds: ConnectionKind[] = ['gateway connection', 'PGlite adapter'];
  const readsMs = { 'gateway connection': Infinity, 'PGlite adapter': Infinity };
  const writesMs = { 'gateway connection': Infinity, 'PGlite adapter': Infinity };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const kind of round % 2 === 0 ? kinds : [...kinds].reverse()) {
      const { pool, close } = await openPool(kind);
      try {
        readsMs[kind] = Math.min(readsMs[kind], await timeReads(pool));
        writesMs[kind] = Math.min(writesMs[kind], await timeWrites(pool));
        const { rows } = await pool.query<{ moved: string }>('SELECT count(*) AS moved FROM moves');
        if (Number(rows[0]!.moved) !== PGLITE_CONNECTION_WRITES) throw new Error(`${kind}: ${rows[0]!.moved} moves stored`);
      } finally {
        await close();
      }
    }
  }
  return { readsMs, writesMs };
}
