import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { systemClock } from '../../server/kernel/clock';
import { openDatabase, sendTogether } from '../../server/kernel/db/database';
import { PgliteConnection } from '../../server/kernel/db/pglite-connection';
import { migrate } from '../../server/kernel/db/migrate';
import { tidyDatabase } from '../../server/kernel/db/pglite-upkeep';
import { checkLedger } from '../../server/points/ledger-check';
import { seedDemo } from '../../server/seed/demo.seed';
import { rawRequest } from '../support/http-client';
import { DURATION_SECONDS } from './load.bench-helper';
import { makeTempDir, startServer } from './server-process.bench-helper';

/**
 * Score ups through the gateway (HTTP, 8 connections) next to the same transfer as raw SQL from
 * 8 clients on the same database server, in the same run: the hot agent of the demo tree
 * (ag01010101) scores its 300 members up by 0.01 in turn.
 *
 * Raw SQL comes in three kinds (transferStatements): "same rows" writes what the gateway's
 * transaction writes (request key, both balances, serial, score-log row, stored answer,
 * operation record) in as few statements as a hand-written client needs, each prepared once
 * per connection and sent as the gateway sends its own (BEGIN, the key, the lock and the transfer
 * in one round trip, COMMIT with the last statement): the figure. "one by one" is the same statements as a
 * plain client sends them, each awaited between BEGIN and COMMIT, for comparison. "bare" is only the
 * transfer itself, for scale. The gateway adds HTTP, JSON-RPC, the site and the session, its
 * checks and the driver.
 */
export const SCORE_CONNECTIONS = 8;
const WARM_UP_SECONDS = 2;
/** Measured seconds (DURATION_SECONDS per side) are split into this many alternating rounds. */
const ROUNDS = 3;
const HOT_AGENT = 'ag01010101';

export interface ScoreLoadResult {
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  failures: number;
}

export type RawKind = 'same rows' | 'one by one' | 'bare';

export interface ScoreBenchResult {
  gateway: ScoreLoadResult;
  /** gw.credit.agent.level through the gateway: HTTP, JSON-RPC, site and session, no transfer. */
  withoutTransfer: ScoreLoadResult;
  raw: Record<RawKind, ScoreLoadResult>;
  /** PostgreSQL only: one client's score ups, alone and each after its preview (docs/product.md#previews). */
  previewed?: { alone: ScoreLoadResult; previewed: ScoreLoadResult };
  ledgerOk: boolean;
}

const rawKinds: RawKind[] = ['same rows', 'one by one', 'bare'];

type Target = { agentId: string; memberIds: string[] };

async function call(url: string, method: string, params: Record<string, unknown>) {
  const res = await rawRequest(url, {
    path: '/api',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer = res.json as { result?: Record<string, unknown>; error?: { code: number; message: string } };
  if (!answer?.result) throw new Error(`${method}: ${res.text.slice(0, 200)}`);
  return answer.result;
}

/** Signs the hot agent in (CAPTCHA=off) and lists its members through the gateway. */
async function signInHotAgent(url: string): Promise<Target & { token: string }> {
  const login = await call(url, 'gw.credit.agent.login', { loginId: HOT_AGENT, password: 'Admin123', safeCode: '1234' });
  const token = String(login.sessionId);
  const members = await call(url, 'gw.credit.user.query', { opsId: token, pageSize: 500, sort: 'loginId', order: 'asc' });
  const memberIds = (members.list as { userId: string }[]).map((row) => row.userId);
  return { token, agentId: String(login.userId), memberIds };
}

/** One score up through the gateway; throws unless the answer has a result. */
function gatewayTransfer(url: string, target: Target & { token: string }, tag: string) {
  let sent = 0;
  return async (childId: string) => {
    sent++;
    const res = await rawRequest(url, {
      path: '/api',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: sent,
        method: 'gw.credit.user.score.up',
        params: { opsId: target.token, userId: childId, amount: '0.01', requestKey: `${tag}-${sent}` },
      }),
    });
    if ((res.json as { result?: unknown } | undefined)?.result === undefined) throw new Error(res.text.slice(0, 200));
  };
}

/**
 * A score up as the web app makes it: its preview first, then the action carrying the preview's
 * token. The loop is one client (one operator acting), since a concurrent score up of the same
 * operator changes the balance a preview showed and is rightly refused (20060).
 */
function gatewayPreviewedTransfer(url: string, target: Target & { token: string }, tag: string) {
  let sent = 0;
  return async (childId: string) => {
    sent++;
    const params = { opsId: target.token, userId: childId, amount: '0.01' };
    const preview = await call(url, 'gw.credit.user.score.preview', { ...params, direction: 'up' });
    await call(url, 'gw.credit.user.score.up', { ...params, requestKey: `${tag}-${sent}`, previewToken: preview.token });
  };
}

const PREVIEW_ROUND_SECONDS = 2;

/** One client's score ups alone and previewed, warmed up, then in alternating rounds. */
async function previewRounds(url: string, target: Target & { token: string }) {
  const alone = gatewayTransfer(url, target, 'alone');
  const previewed = gatewayPreviewedTransfer(url, target, 'previewed');
  const one = { ...target };
  const empty = (): Samples => ({ latencies: [], seconds: 0, failures: 0 });
  const samples = { alone: empty(), previewed: empty() };
  await oneLoop(WARM_UP_SECONDS, one, alone, empty());
  await oneLoop(WARM_UP_SECONDS, one, previewed, empty());
  for (let round = 0; round < ROUNDS; round++) {
    await oneLoop(PREVIEW_ROUND_SECONDS, one, alone, samples.alone);
    await oneLoop(PREVIEW_ROUND_SECONDS, one, previewed, samples.previewed);
  }
  return { alone: summarise(samples.alone), previewed: summarise(samples.previewed) };
}

/** One loop doing one transfer after another for `seconds`; adds to `into`. */
async function oneLoop(seconds: number, target: Target, transfer: (childId: string) => Promise<void>, into: Samples) {
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const started = performance.now();
    try {
      await transfer(target.memberIds[next++ % target.memberIds.length]!);
      into.latencies.push(performance.now() - started);
    } catch {
      into.failures++;
    }
  }
  into.seconds += seconds;
}

/**
 * One call through the gateway that does everything a score up does before its transfer
 * (HTTP, JSON-RPC, the site and the session) and nothing after: what the gateway costs by itself.
 */
function gatewayWithoutTransfer(url: string, target: Target & { token: string }) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'gw.credit.agent.level', params: { opsId: target.token } });
  return async () => {
    const res = await rawRequest(url, { path: '/api', headers: { 'content-type': 'application/json' }, body });
    if ((res.json as { result?: unknown } | undefined)?.result === undefined) throw new Error(res.text.slice(0, 200));
  };
}

let rawKeys = 0;

/** One statement of the raw transfer, prepared once per connection as a hand-written client would. */
interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

/**
 * The raw transfer's statements for one parent and one child (ids are integers from the
 * database). "bare": the two rows locked in id order, then the serial, both balances and the
 * score-log row in one statement. "same rows": what the gateway's transaction writes besides,
 * the request key first and, after the transfer, its stored answer and the operation record.
 */
function transferStatements(kind: RawKind, parentId: string, childId: string): Statement[] {
  const [low, high] = BigInt(parentId) < BigInt(childId) ? [parentId, childId] : [childId, parentId];
  const key = `raw-${process.pid}-${++rawKeys}`;
  const transfer: Statement[] = [
    {
      name: 'raw_lock',
      text: 'SELECT id, balance, status, team_status FROM accounts WHERE id IN ($1, $2) ORDER BY id FOR NO KEY UPDATE',
      values: [low, high],
    },
    {
      name: 'raw_transfer',
      text: `WITH serial AS (UPDATE sites SET score_serial = score_serial + 1 WHERE id = 'demo' RETURNING score_serial),
         parent AS (UPDATE accounts SET balance = balance - 1 WHERE id = $1 RETURNING balance),
         child AS (UPDATE accounts SET balance = balance + 1, last_scored_at = GREATEST(last_scored_at, now()) WHERE id = $2 RETURNING balance)
       INSERT INTO score_log (site_id, serial_no, type, from_account_id, to_account_id, target_account_id, amount, before, after,
           operator_before, operator_after, operator_account_id, operator_login, operator_ip, comment, request_key, created_at)
       SELECT 'demo', serial.score_serial, 'up', $1, $2, $2, 1, child.balance - 1, child.balance,
           parent.balance + 1, parent.balance, $1, $3, '127.0.0.1', '', $4, now()
         FROM serial, parent, child`,
      values: [parentId, childId, HOT_AGENT, key],
    },
  ];
  if (kind === 'bare') return transfer;
  return [
    {
      name: 'raw_key',
      text: `INSERT INTO request_keys (site_id, account_id, method, request_key, params_hash, created_at)
         VALUES ('demo', $1, 'gw.credit.user.score.up', $2, 'raw', now())`,
      values: [parentId, key],
    },
    ...transfer,
    {
      name: 'raw_answer',
      text: `WITH stored AS (UPDATE request_keys SET result = '{"raw": true}'::jsonb
          WHERE site_id = 'demo' AND account_id = $1 AND method = 'gw.credit.user.score.up' AND request_key = $3 RETURNING 1)
       INSERT INTO operation_log (site_id, account_id, operator_login, method, target_id, summary, params, ip, level, request_key, created_at)
       VALUES ('demo', $1, $4, 'gw.credit.user.score.up', $2, 'SCORE_UP 0.01', '{}'::jsonb, '127.0.0.1', 'normal', $3, now())`,
      values: [parentId, childId, key, HOT_AGENT],
    },
  ];
}

interface Samples {
  latencies: number[];
  seconds: number;
  failures: number;
}

function summarise(samples: Samples): ScoreLoadResult {
  const sorted = [...samples.latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  return {
    opsPerSecond: sorted.length / samples.seconds,
    p50Ms: Math.round(at(0.5) * 10) / 10,
    p99Ms: Math.round(at(0.99) * 10) / 10,
    total: sorted.length,
    failures: samples.failures,
  };
}

/** SCORE_CONNECTIONS loops, each doing one transfer after another for `seconds`; adds to `into`. */
async function loops(seconds: number, target: Target, transfer: (childId: string) => Promise<void>, into: Samples): Promise<void> {
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: SCORE_CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const childId = target.memberIds[next++ % target.memberIds.length]!;
        const started = performance.now();
        try {
          await transfer(childId);
          into.latencies.push(performance.now() - started);
        } catch {
          into.failures++;
        }
      }
    }),
  );
  into.seconds += seconds;
}

/**
 * Every side warmed up, then measured in alternating rounds, so that a change in the machine's
 * load during the run weighs on all alike.
 */
async function alternate(
  target: Target,
  gateway: (childId: string) => Promise<void>,
  withoutTransfer: () => Promise<void>,
  raw: (kind: RawKind, childId: string) => Promise<void>,
) {
  const empty = (): Samples => ({ latencies: [], seconds: 0, failures: 0 });
  const warm = empty();
  await loops(WARM_UP_SECONDS, target, gateway, warm);
  await loops(WARM_UP_SECONDS, target, withoutTransfer, empty());
  for (const kind of rawKinds) await loops(WARM_UP_SECONDS, target, (childId) => raw(kind, childId), empty());
  const gatewaySamples: Samples = { ...empty(), failures: warm.failures };
  const withoutTransferSamples = empty();
  const rawSamples: Record<RawKind, Samples> = { 'same rows': empty(), 'one by one': empty(), bare: empty() };
  for (let round = 0; round < ROUNDS; round++) {
    await loops(DURATION_SECONDS / ROUNDS, target, gateway, gatewaySamples);
    await loops(DURATION_SECONDS / ROUNDS, target, withoutTransfer, withoutTransferSamples);
    for (const kind of rawKinds) await loops(DURATION_SECONDS / ROUNDS, target, (childId) => raw(kind, childId), rawSamples[kind]);
  }
  return {
    gateway: summarise(gatewaySamples),
    withoutTransfer: summarise(withoutTransferSamples),
    raw: {
      'same rows': summarise(rawSamples['same rows']),
      'one by one': summarise(rawSamples['one by one']),
      bare: summarise(rawSamples.bare),
    },
  };
}

/**
 * The raw transfer over a pool of pg clients: SCORE_CONNECTIONS clients of a PostgreSQL
 * server, or the one session of a PGlite (through the gateway's PgliteConnection, as the
 * gateway talks to it).
 */
function rawTransfer(pool: pg.Pool, target: Target) {
  return async (kind: RawKind, childId: string) => {
    const statements = transferStatements(kind, target.agentId, childId);
    const client = await pool.connect();
    try {
      if (kind === 'one by one') {
        await client.query('BEGIN');
        for (const statement of statements) await client.query(statement);
        await client.query('COMMIT');
        return;
      }
      // As the gateway sends its transactions: BEGIN, the request key, the lock and the transfer
      // in one round trip (the gateway checks the locked rows meanwhile), COMMIT with the last
      // statement. "bare" keeps BEGIN and the lock, then the transfer with COMMIT.
      const opening = kind === 'same rows' ? 3 : 1;
      await sendTogether(client, ['BEGIN', ...statements.slice(0, opening)]);
      for (const statement of statements.slice(opening, -1)) await client.query(statement);
      await sendTogether(client, [statements.at(-1)!, 'COMMIT']);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}

async function ledgerOk(target: Parameters<typeof openDatabase>[0]): Promise<boolean> {
  const db = await openDatabase(target);
  try {
    return (await checkLedger(db, { siteId: 'demo' })).ok;
  } finally {
    await db.close();
  }
}

/** Gateway on PostgreSQL (a fresh database the server seeds) against raw SQL on the same database. */
export async function benchScorePostgres(databaseUrl: string): Promise<ScoreBenchResult> {
  const server = await startServer({ dataDir: makeTempDir(), databaseUrl, env: { CAPTCHA: 'off' } });
  try {
    const target = await signInHotAgent(server.url);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: SCORE_CONNECTIONS, pipeline: true } as pg.PoolConfig);
    try {
      const measured = await alternate(
        target,
        gatewayTransfer(server.url, target, 'bench'),
        gatewayWithoutTransfer(server.url, target),
        rawTransfer(pool, target),
      );
      const previewed = await previewRounds(server.url, target);
      return { ...measured, previewed, ledgerOk: await ledgerOk({ kind: 'postgres', url: databaseUrl, poolSize: 1 }) };
    } finally {
      await pool.end();
    }
  } finally {
    await server.stop();
  }
}

/**
 * Gateway on PGlite (its own data folder) against the same transfer on another PGlite data
 * folder seeded the same way in this process: PGlite is one process's, so the raw loops share
 * its one session, as the gateway's requests share the server's.
 */
export async function benchScorePglite(): Promise<ScoreBenchResult> {
  const rawDir = join(makeTempDir(), 'pglite');
  const seeded = await openDatabase({ kind: 'pglite', dataDir: rawDir });
  await migrate(seeded);
  await seedDemo(seeded, systemClock.now());
  // As the gateway does at start on PGlite: the two data folders begin alike.
  await tidyDatabase(seeded);
  await seeded.close();
  const client = new PGlite(rawDir);
  await client.waitReady;
  const pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, pipeline: true, connection: new PgliteConnection(client) } as pg.PoolConfig);
  const gatewayDir = makeTempDir();
  const server = await startServer({ dataDir: gatewayDir, env: { CAPTCHA: 'off' } });
  let measured: Awaited<ReturnType<typeof alternate>>;
  try {
    const target = await signInHotAgent(server.url);
    // Ids are the same in both data folders: the seed inserts in the same order.
    measured = await alternate(
      target,
      gatewayTransfer(server.url, target, 'bench'),
      gatewayWithoutTransfer(server.url, target),
      rawTransfer(pool, target),
    );
  } finally {
    await server.stop();
    await pool.end();
    await client.close();
  }
  const ok =
    (await ledgerOk({ kind: 'pglite', dataDir: rawDir })) && (await ledgerOk({ kind: 'pglite', dataDir: join(gatewayDir, 'pglite') }));
  return { ...measured, ledgerOk: ok };
}
