import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { rawRequest } from '../support/http-client';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../support/test-database';

const started: GatewayProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const gateway of started) await gateway.stop('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

async function start(env: Record<string, string>, timeoutMs?: number, options?: { npm?: boolean }) {
  const gateway = await startGatewayProcess(env, timeoutMs, options);
  started.push(gateway);
  return gateway;
}

/** The processes below `pid`, from /proc (each one's parent is the fourth field of its stat, after the name in parentheses). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
  }
  const below: number[] = [];
  const walk = (of: number) => (parents.get(of) ?? []).forEach((child) => (below.push(child), walk(child)));
  walk(pid);
  return below;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether anything accepts a connection at the URL's port. */
const listening = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const template = async (url: string, host?: string) =>
  (
    await rawRequest(url, {
      path: '/api',
      ...(host ? { host } : {}),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'gw.credit.sn.template.get', params: {} }),
    })
  ).json as { result: { sn: string } };

/** An empty database of the project's kind; `demo` asks for the demo where it is not the default (PostgreSQL). */
async function databaseEnv({ demo = true } = {}): Promise<Record<string, string>> {
  if (testDatabaseKind() === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'credit-start-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir, ...(demo ? {} : { DEMO: 'off' }) };
  }
  const database = await createEmptyPostgresDatabase();
  cleanups.push(() => database.drop());
  return { DATABASE_URL: database.url, ...(demo ? { DEMO: 'on' } : {}) };
}

const call = async (url: string, method: string, params: Record<string, unknown>, host?: string) =>
  (
    await rawRequest(url, {
      path: '/api',
      ...(host ? { host } : {}),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  ).json as { result?: Record<string, unknown>; error?: { code: number } };

/** Reads the database a stopped gateway used. */
async function readStopped<T>(env: Record<string, string>, read: (db: Database) => Promise<T>) {
  const db = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: join(env.DATA_DIR!, 'pglite') });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

/** Rows of sites and accounts in the database a stopped gateway used. */
const siteAndAccountCounts = (env: Record<string, string>) =>
  readStopped(env, (db) =>
    db.one<{ sites: number; accounts: number }>(
      sql`SELECT (SELECT count(*)::int FROM sites) AS sites, (SELECT count(*)::int FROM accounts) AS accounts`,
    ),
  );

describe('npm start', () => {
  // Two whole starts, the first migrating and seeding an empty PGlite: on a loaded 2-CPU machine
  // that passes the 60 s default (it took 61 s once, alongside the rest of the suite).
  it(
    'creates, migrates and seeds an empty database, prints the logins, stops on Ctrl+C and reuses the data',
    { timeout: 150_000 },
    async () => {
      const env = await databaseEnv();
      const first = await start(env);
      expect(first.output()).toContain('Migrated: 0001_foundation.sql, 0002_sign_in.sql');
      // The demo sites, with a few days of play history so the bet and result screens have data.
      const seeded = /Seeded the demo sites \((\d+) bets of play history\)\./.exec(first.output());
      expect(Number(seeded?.[1])).toBeGreaterThan(1000);
      expect(first.output()).toMatch(/admin \/ Admin123 \/ 1234/);
      expect(first.output()).toMatch(/demo2\.localhost:\d+\/\s+admin2 \/ Admin123 \/ 1234/);
      expect(first.output()).toMatch(/demo sub-accounts .*adminclerk \(admin, codes 1,5,6\).*agreader \(ag01010101, codes 7\)/);
      expect((await template(first.url)).result.sn).toBe('demo');
      expect((await template(first.url, 'demo2.localhost')).result.sn).toBe('demo2');
      expect(await first.stop('SIGINT')).toBe(0);
      // The demo's ledger reads in time order (its own points first, then its history), and the
      // README's demo agent has members who played.
      const demo = await readStopped(env, (db) =>
        db.one<{ backwards: number; rows: number; busy_bets: number }>(sql`
          SELECT count(*) FILTER (WHERE created_at < previous)::int AS backwards, count(*)::int AS rows,
                 (SELECT count(*)::int FROM bets b JOIN accounts m ON m.id = b.member_id JOIN accounts p ON p.id = m.parent_id
                   WHERE p.site_id = 'demo' AND p.login_id = 'ag01010101') AS busy_bets
            FROM (SELECT created_at, lag(created_at) OVER (ORDER BY serial_no) AS previous FROM score_log WHERE site_id = 'demo') t`),
      );
      expect(demo!.rows).toBeGreaterThan(500);
      expect(demo!.backwards).toBe(0);
      expect(demo!.busy_bets).toBeGreaterThan(100);

      const second = await start(env);
      expect(second.output()).not.toContain('Migrated');
      expect(second.output()).not.toContain('Seeded');
      expect((await template(second.url)).result.sn).toBe('demo');
      expect(await second.stop('SIGTERM')).toBe(0);
    },
  );

  // DEMO is off by default on PostgreSQL; on the embedded database only when said.
  it(`seeds nothing and plays nothing on an empty database without the demo (${testDatabaseKind() === 'postgres' ? 'no DEMO' : 'DEMO=off'})`, async () => {
    const env = { ...(await databaseEnv({ demo: false })), CAPTCHA: 'off', DRAIN_SECONDS: '3' };
    // A first start on an empty folder creates the database (seconds, more on a busy machine),
    // through `npm start` itself: what a process manager starts and signals.
    const gateway = await start(env, 150_000, { npm: true });
    expect(gateway.output()).toContain('Migrated: 0001_foundation.sql');
    expect(gateway.output()).not.toContain('Seeded');
    expect(gateway.output()).not.toContain('Admin123');
    expect(gateway.output()).toContain('no demo play');
    expect(gateway.output()).toContain('npm run site -- add <siteId> --host <host> --title <text>');
    // No site answers any host, so the demo's company cannot sign in anywhere.
    for (const host of [undefined, 'localhost', 'demo2.localhost']) {
      const answer = await call(gateway.url, 'gw.credit.agent.login', { loginId: 'admin', password: 'Admin123', safeCode: '1234' }, host);
      expect(answer.result).toBeUndefined();
      expect(answer.error?.code).toBe(ErrorCode.unknownApplication);
    }
    // SIGTERM to npm's process (a process manager's stop) reaches the gateway: it drains (the
    // health check answers 503, calls are still served, each answer closing its connection), then
    // stops, its port closes and nothing it started is left.
    const below = descendants(gateway.child.pid!);
    expect(below.length).toBeGreaterThan(0);
    expect((await rawRequest(gateway.url, { method: 'GET', path: '/api/health' })).status).toBe(200);
    const stopped = gateway.stop('SIGTERM');
    await expect.poll(() => gateway.output(), { timeout: 5_000 }).toContain('SIGTERM: draining for 3 s');
    const health = await rawRequest(gateway.url, { method: 'GET', path: '/api/health' });
    expect({ status: health.status, json: health.json }).toEqual({ status: 503, json: { ok: false, draining: true } });
    const served = await rawRequest(gateway.url, {
      path: '/api',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'gw.credit.sn.template.get', params: {} }),
    });
    expect({ status: served.status, connection: served.headers.connection }).toEqual({ status: 200, connection: 'close' });
    expect(await stopped).toBe(0);
    expect(await listening(gateway.url)).toBe(false);
    // What the start ran below npm (its build step, then the gateway) ends with it, a moment after npm at most.
    await expect.poll(() => below.filter(alive), { timeout: 5_000 }).toEqual([]);
    expect(await siteAndAccountCounts(env)).toEqual({ sites: 0, accounts: 0 });
  }, 200_000);

  it('refuses a bad setting with a clear message instead of starting', async () => {
    const bad = startGatewayProcess({ PORT: 'eighty', DATA_DIR: join(tmpdir(), 'never-used') }, 20_000);
    await expect(bad).rejects.toThrow(/PORT must be an integer/);
  });
});
