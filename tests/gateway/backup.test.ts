import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from '../../server/kernel/db/sql';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBackupToken, publishBackupEndpoint } from '../../server/backup/backup-endpoint';
import { registerBackupRoute } from '../../server/gateway/http/backup-route';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { migrationNames } from '../../server/kernel/db/migrate';
import { ingestHttpSiteFeeds } from '../../server/games/feed-ingest';
import { sendPlatformPushes } from '../../server/games/platform-pushes';
import { sitePlatforms } from '../../server/games/site-platforms';
import { platformHealth } from '../../server/monitoring/platform-health.repository';
import { repairStaleTransfers } from '../../server/points/game-transfers';
import { setPlatform } from '../../server/sites/site-admin.service';
import { runSiteCommand } from '../../server/sites/site-command';
import { transferPoints } from '../../server/points/ledger';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { simulatorTick, TICK_MS } from '../../server/simulator/simulator-runtime';
import { runServerScript } from '../support/server-script';
import { createEmptyPostgresDatabase, createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/test-database';
import { simulatorBackOffice } from '../../server/gateway/simulator-back-office';

const onPglite = testDatabaseKind() === 'pglite';
const work = mkdtempSync(join(tmpdir(), 'credit-backup-'));
let database: TestDatabase;
const dropLater: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const drop of dropLater) await drop();
  await database.close();
  rmSync(work, { recursive: true, force: true });
});

/** Where a script finds a database: a PGlite DATA_DIR, or a PostgreSQL URL. */
type Place = { DATA_DIR: string; DATABASE_URL: string };
const pgliteAt = (dir: string): Place => ({ DATA_DIR: dir, DATABASE_URL: '' });

/** A new, empty place to restore into: a folder that does not exist yet, or a new PostgreSQL database. */
async function emptyPlace(name: string): Promise<Place> {
  if (onPglite) return pgliteAt(join(work, name));
  const empty = await createEmptyPostgresDatabase();
  dropLater.push(empty.drop);
  return { DATA_DIR: join(work, name), DATABASE_URL: empty.url };
}

async function openPlace(place: Place): Promise<Database> {
  return place.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: place.DATABASE_URL, poolSize: 1 })
    : openDatabase({ kind: 'pglite', dataDir: join(place.DATA_DIR, 'pglite') });
}

const script = (name: string, place: Place, args: string[] = []) => runServerScript(`server/cli/${name}.ts`, place, args);

/** What the backup's moment is judged by: each site's serial, its score log, balances and bets. */
async function momentOf(db: Database) {
  const serials = await db.rows<{ id: string; serial: bigint }>(sql`SELECT id, score_serial AS serial FROM sites ORDER BY id`);
  const log = await db.rows<{ line: string; site: string; serial: bigint; from: bigint; to: bigint }>(
    sql`SELECT site_id AS site, serial_no AS serial, from_account_id AS from, to_account_id AS to,
               concat_ws(' ', site_id, serial_no, type, amount, before, after, operator_before, operator_after) AS line
          FROM score_log ORDER BY site_id, serial_no`,
  );
  const balances = await db.rows<{ id: bigint; balance: bigint }>(sql`SELECT id, balance FROM accounts ORDER BY id`);
  const bets = await db.rows<{ key: string }>(sql`SELECT site_id || ' ' || order_id AS key FROM bets ORDER BY 1`);
  return { serials, log, balances, bets: bets.map((bet) => bet.key) };
}

/**
 * Demo members play (the embedded platform) and points move up and down the tree until `stop()`;
 * `rounds(n)` waits for n more rounds of both (and throws what stopped the play, if anything did).
 */
function play(db: Database) {
  let playing = true;
  let done = 0;
  let now = Math.ceil(Date.now() / 60_000) * 60_000;
  const options = { seed: 'backup-test', rate: 30, holder: 'backup-test', platformFor: simulatorPlatform, backOffice: simulatorBackOffice };
  const idOf = async (login: string) =>
    String((await db.one<{ id: bigint }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${login}`))!.id);
  const running = (async () => {
    const [operatorId, targetId] = [await idOf('admin'), await idOf('ma01')];
    for (let round = 0; playing; round++) {
      now += TICK_MS;
      await simulatorTick(db, options, new Date(now));
      await db.transaction((tx) =>
        transferPoints(tx, {
          siteId: 'demo',
          direction: round % 2 === 0 ? 'up' : 'down',
          operatorId,
          targetId,
          amount: 100 + round,
          operatorLogin: 'admin',
          operatorSubAccountId: null,
          ip: '',
          comment: 'backup test',
          now: new Date(now),
          minIntervalMs: 0,
          requestKey: null,
        }),
      );
      done += 1;
      // PGlite answers in microtasks: without a pause here the play would starve timers and the HTTP server.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    async rounds(count: number) {
      const target = done + count;
      while (done < target) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 20))]);
    },
    async stop() {
      playing = false;
      await running;
    },
  };
}

/** Where `npm run backup` reads the test's database: PostgreSQL directly, PGlite through a server holding it (as `npm start` does). */
async function sourcePlace(): Promise<{ place: Place; close(): Promise<void> }> {
  if (!onPglite) return { place: { DATA_DIR: join(work, 'unused'), DATABASE_URL: database.url! }, close: async () => undefined };
  const dataDir = join(work, 'running');
  mkdirSync(dataDir, { recursive: true });
  const token = newBackupToken();
  const app = Fastify();
  registerBackupRoute(app, database.db, token);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const withdraw = publishBackupEndpoint(dataDir, {
    pid: process.pid,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    token,
  });
  return {
    place: pgliteAt(dataDir),
    close: async () => {
      withdraw();
      await app.close();
    },
  };
}

describe('npm run backup and npm run restore', () => {
  const file = join(work, 'mid-play.backup');
  let restored: Place;

  it('backs up mid-play; the restore passes the ledger check and holds the backup moment exactly', async () => {
    const source = await sourcePlace();
    const before = await momentOf(database.db);
    const playing = play(database.db);
    let backup;
    try {
      // Play is under way before the backup starts and goes on after it ends.
      await playing.rounds(3);
      backup = await script('backup', source.place, [file]);
      await playing.rounds(3);
    } finally {
      await playing.stop();
      await source.close();
    }
    expect(backup.output).toContain(
      onPglite ? 'through the running server (process' : 'with pg_dump -Fc (one snapshot; the gateways keep running)',
    );
    expect(backup.output).toMatch(/Backup written: .*mid-play\.backup \(.*schema 0\d+_/);
    expect(backup.code, backup.output).toBe(0);
    const head = readFileSync(file).subarray(0, 5);
    // A gzipped tarball of the PGlite folder, or pg_dump's custom format.
    expect(onPglite ? [...head.subarray(0, 2)] : head.toString('latin1')).toEqual(onPglite ? [0x1f, 0x8b] : 'PGDMP');

    restored = await emptyPlace('restored');
    const restore = await script('restore', restored, [file]);
    expect(restore.output).toContain(onPglite ? 'into PGlite in' : 'with pg_restore (one transaction');
    expect(restore.code, restore.output).toBe(0);
    const check = await script('ledger-check', restored);
    expect(check.output).toContain('Ledger check passed');
    expect(check.code, check.output).toBe(0);

    const after = await momentOf(database.db);
    const db = await openPlace(restored);
    const copy = await momentOf(db).finally(() => db.close());
    // The backup's moment lies strictly inside the play: later than its start, earlier than its end.
    expect(copy.log.length).toBeGreaterThan(before.log.length);
    expect(copy.log.length).toBeLessThan(after.log.length);
    // Every site's log is the source's up to the serial it stopped at; the serials on the sites agree with it.
    for (const site of copy.serials) {
      const restoredLog = copy.log.filter((row) => row.site === site.id);
      expect(restoredLog.at(-1)?.serial ?? 0n).toBe(site.serial);
      expect(restoredLog.map((row) => row.line)).toEqual(
        after.log.filter((row) => row.site === site.id && row.serial <= site.serial).map((row) => row.line),
      );
    }
    // Balances: the ledger check chained each to the log above; an account the log has not moved since is as in the source.
    const serialOf = new Map(copy.serials.map((site) => [site.id, site.serial]));
    const movedSince = new Set(
      after.log.filter((row) => row.serial > (serialOf.get(row.site) ?? 0n)).flatMap((row) => [String(row.from), String(row.to)]),
    );
    const sourceBalance = new Map(after.balances.map((account) => [String(account.id), account.balance]));
    const unmoved = copy.balances.filter((account) => !movedSince.has(String(account.id)));
    expect(copy.balances.length).toBe(after.balances.length);
    expect(unmoved.length).toBeGreaterThan(400);
    expect(unmoved.filter((account) => sourceBalance.get(String(account.id)) !== account.balance)).toEqual([]);
    expect(movedSince.size).toBeGreaterThan(0);
    // Bets: the source's, as many as at that moment.
    expect(copy.bets.length).toBeGreaterThanOrEqual(before.bets.length);
    expect(copy.bets.length).toBeLessThanOrEqual(after.bets.length);
    const sourceBets = new Set(after.bets);
    expect(copy.bets.filter((bet) => !sourceBets.has(bet))).toEqual([]);
  });

  it('refuses a target that is not empty, with one line, and changes nothing', async () => {
    const db = await openPlace(restored);
    const serials = await db.rows(sql`SELECT id, score_serial FROM sites ORDER BY id`);
    await db.close();
    const again = await script('restore', restored, [file]);
    expect(again.code).toBe(2);
    expect(again.output.trim().split('\n')).toEqual([expect.stringMatching(/^Refused: .* is not empty/)]);
    const after = await openPlace(restored);
    expect(await after.rows(sql`SELECT id, score_serial FROM sites ORDER BY id`)).toEqual(serials);
    await after.close();
  });

  it('migrates an older backup after the restore, and refuses a newer one with one line, leaving the target empty', async () => {
    const names = await migrationNames();
    // A database of the version before: every migration but the last.
    const older = onPglite ? pgliteAt(join(work, 'older')) : await emptyPlace('older');
    if (onPglite) mkdirSync(join(older.DATA_DIR, 'pglite'), { recursive: true });
    const db = await openPlace(older);
    try {
      await db.runScript('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const name of names.slice(0, -1)) {
        const text = readFileSync(new URL(`../../server/kernel/db/migrations/${name}`, import.meta.url), 'utf8');
        await db.runScript(`${text}\nINSERT INTO schema_migrations (name) VALUES ('${name}');`);
      }
    } finally {
      await db.close();
    }
    const olderFile = join(work, 'older.backup');
    const backup = await script('backup', older, [olderFile]);
    expect(backup.code, backup.output).toBe(0);
    expect(statSync(olderFile).mode & 0o777).toBe(0o600);
    expect(backup.output).toContain(`schema ${names.at(-2)!.replace('.sql', '')}`);
    // No server holds the folder: the script reads it itself, and says so.
    if (onPglite) expect(backup.output).toContain('no server runs on it: read from the folder');

    const target = await emptyPlace('from-older');
    const restore = await script('restore', target, [olderFile]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(`migrated 1 file(s) (${names.at(-1)})`);
    const restoredDb = await openPlace(target);
    const applied = await restoredDb.rows<{ name: string }>(sql`SELECT name FROM schema_migrations ORDER BY name`);
    await restoredDb.close();
    expect(applied.map((row) => row.name)).toEqual(names);

    // The same database as a later version left it: a migration this code does not know.
    const later = await openPlace(older);
    await later.run(sql`INSERT INTO schema_migrations (name) VALUES ('9999_from_a_later_version.sql')`);
    await later.close();
    const newerFile = join(work, 'newer.backup');
    expect((await script('backup', older, [newerFile])).code).toBe(0);
    const refusedTarget = await emptyPlace('from-newer');
    const refused = await script('restore', refusedTarget, [newerFile]);
    expect(refused.code).toBe(2);
    expect(refused.output.trim().split('\n').at(-1)).toBe(
      "Refused: the backup's schema (9999_from_a_later_version) is newer than this version of the product knows (1 unknown migration(s)); restore it with the version that made it, or a later one.",
    );
    if (onPglite) {
      expect(readdirSync(refusedTarget.DATA_DIR)).toEqual([]);
    } else {
      const empty = await openPlace(refusedTarget);
      expect(await empty.one(sql`SELECT to_regclass('schema_migrations')::text AS name`)).toEqual({ name: null });
      await empty.close();
    }
  });

  it('writes the backup for its user only; the restored copy calls no platform (feed, repair, pushes) until --resume', async () => {
    const calls: string[] = [];
    const platform = createServer((request, response) => {
      calls.push(`${request.method} ${request.url}`);
      response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
    const secret = 'the-live-platform-secret-of-demo2-0123456789';
    // The live database: demo2 on an HTTP platform, everything it must know queued for it.
    await setPlatform(database.db, 'demo2', { kind: 'http', url, keyId: 'demo2-live', secret }, new Date());
    const folder = join(work, 'kept', 'backups');
    const file = join(folder, 'with-platform.backup');
    const source = await sourcePlace();
    const backup = await script('backup', source.place, [file]).finally(() => source.close());
    expect(backup.code, backup.output).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);

    const target = await emptyPlace('paused');
    const restore = await script('restore', target, [file]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(
      `Paused the game platform connection of 1 site(s): demo2 (${url}). This copy calls no platform (no feed reads, no transfer repair, no pushes) until: npm run site -- platform <site> --resume`,
    );
    const db = await openPlace(target);
    try {
      const platformFor = sitePlatforms({ embedded: simulatorPlatform, now: () => new Date() });
      // What every gateway running background work does, an hour on (every queued push and pending transfer due).
      const backgroundRound = async () => {
        const later = new Date(Date.now() + 3_600_000);
        await ingestHttpSiteFeeds(db, platformFor, later, { onFailure: () => undefined });
        await sendPlatformPushes(db, platformFor, later);
        await repairStaleTransfers(db, platformFor, later);
      };
      await backgroundRound();
      // A call made anyway fails as unanswered, without leaving the process.
      await expect(platformFor(db).setClosedGames({ siteId: 'demo2', gameCodes: [] })).rejects.toThrow(/paused since a restore/);
      expect(calls).toEqual([]);
      const [paused] = await platformHealth(db, new Date(), 'demo2');
      expect(paused).toMatchObject({ kind: 'http', pausedAt: expect.any(String), alert: true });

      const site = async (...args: string[]) => {
        const lines: string[] = [];
        const code = await runSiteCommand(args, {
          open: async () => ({ db, close: async () => undefined }),
          out: (text) => lines.push(text),
          err: (text) => lines.push(text),
          now: () => new Date(),
          platformFor,
        });
        return { code, output: lines.join('\n') };
      };
      expect(await site('platform', 'demo2', '--resync')).toMatchObject({ code: 2, output: expect.stringContaining('--resume') });
      expect(calls).toEqual([]);
      expect(await site('platform', 'demo2', '--resume')).toEqual({
        code: 0,
        output: `Site demo2 calls its platform at ${url} again: feed reads, transfer repair and pushes resume.`,
      });
      const record = await db.one<{ method: string }>(
        sql`SELECT method FROM operation_log WHERE site_id = 'demo2' ORDER BY id DESC LIMIT 1`,
      );
      expect(record?.method).toBe('system.site.resume');
      expect((await platformHealth(db, new Date(), 'demo2'))[0]).toMatchObject({ pausedAt: null });
      await backgroundRound();
      expect(calls.length).toBeGreaterThan(0);
      expect(await site('platform', 'demo2', '--resume')).toMatchObject({ code: 0, output: expect.stringContaining('was not paused') });
    } finally {
      await db.close();
      await new Promise((resolve) => platform.close(resolve));
    }
  });

  it('GET /api/backup answers 404 without the token, with a wrong one, and to a request relayed by a proxy', async () => {
    const token = newBackupToken();
    const app = Fastify();
    registerBackupRoute(app, database.db, token);
    try {
      const statusOf = async (headers: Record<string, string>) =>
        (await app.inject({ method: 'GET', url: '/api/backup', headers })).statusCode;
      expect(await statusOf({})).toBe(404);
      expect(await statusOf({ authorization: `Bearer ${newBackupToken()}` })).toBe(404);
      expect(await statusOf({ authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' })).toBe(404);
      expect(await statusOf({ authorization: `Bearer ${token}`, forwarded: 'for=203.0.113.9' })).toBe(404);
      // The same request from this machine with the token gets the tarball (PGlite only: npm start serves it there).
      if (onPglite) expect(await statusOf({ authorization: `Bearer ${token}` })).toBe(200);
    } finally {
      await app.close();
    }
  });
});
