import { join } from 'node:path';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { sitePlatforms } from '../../server/games/site-platforms';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { runSiteCommand } from '../../server/sites/site-command';
import { runServerScript } from '../support/server-script';
import { emptyDatabaseEnv } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';
import { secretFile } from '../support/secret-file';
import { useTestSecretsKey } from '../support/secrets-key';

// `npm run site` as the operator runs it, a child process on an empty database of the
// project's kind (a PGlite folder, opened by one process at a time, or a PostgreSQL database),
// then the sites it made served by a real gateway on that database.

let env: Record<string, string>;
let cleanup: () => Promise<void> | void = () => undefined;
const SECRET = 'k3y-s3cret-of-the-platform-0123456789';

beforeAll(async () => {
  // The in-process commands seal with the key the spawned ones read from the environment.
  useTestSecretsKey();
  ({ env, cleanup } = await emptyDatabaseEnv('credit-site-'));
});
afterAll(async () => {
  await cleanup();
});

/** The command as the operator runs it: a child process (its exit code and its lines on the terminal). */
const siteProcess = (...args: string[]) => runServerScript('server/cli/site.ts', env, args);

/** The same command in this process (server/sites/site-command.ts), on the same database: the checks' bulk, without a process each. */
async function site(...args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runSiteCommand(args, {
    async open() {
      const db = await openTestDatabase();
      return { db, close: () => db.close() };
    },
    out: (text) => lines.push(text),
    err: (text) => lines.push(text),
    now: () => new Date(),
    platformFor: sitePlatforms({ embedded: simulatorPlatform, now: () => new Date() }),
  });
  return { code, output: lines.map((line) => `${line}\n`).join('') };
}

/** The database the command used, opened here only while no command runs (PGlite is one process's). */
const openTestDatabase = () =>
  env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 })
    : openDatabase({ kind: 'pglite', dataDir: join(env.DATA_DIR!, 'pglite') });

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openTestDatabase();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

async function withGateway<T>(work: (gw: TestGateway) => Promise<T>): Promise<T> {
  return withDatabase(async (db) => {
    const gw = await startTestGateway({ db });
    try {
      return await work(gw);
    } finally {
      await gw.close();
    }
  });
}

/** Everything a refused command must leave as it was. */
const state = (db: Database) =>
  db.rows(sql`SELECT s.id, s.title, s.ui, s.disabled, s.is_default,
      (SELECT string_agg(host, ',' ORDER BY host) FROM site_hosts h WHERE h.site_id = s.id) AS hosts,
      (SELECT count(*)::int FROM accounts a WHERE a.site_id = s.id) AS accounts,
      (SELECT count(*)::int FROM operation_log o WHERE o.site_id = s.id) AS records
    FROM sites s ORDER BY s.id`);

describe('npm run site', () => {
  let password = '';

  it('adds a site with its company and game wallet, printing a one-time password and the safe code 0000', async () => {
    const empty = await siteProcess('list');
    expect(empty).toMatchObject({ code: 0, output: expect.stringMatching(/Migrated: 0001_.*\n[^]*No site yet/) });

    const added = await siteProcess('add', 'acme', '--host', 'bo.acme.test', '--title', 'Acme');
    expect(added.code).toBe(0);
    password = /password:\s+(\S+)/.exec(added.output)?.[1] ?? '';
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])[A-Za-z0-9]{6,15}$/);
    expect(added.output).toMatch(/login:\s+admin\n/);
    expect(added.output).toMatch(/safe code:\s+0000\n/);

    const accounts = await withDatabase((db) =>
      db.rows(
        sql`SELECT login_id, level, kind, first_login, password_hash = ${password} AS clear FROM accounts WHERE site_id = 'acme' ORDER BY id`,
      ),
    );
    expect(accounts).toEqual([
      { login_id: 'game-wallet', level: 0, kind: 'wallet', first_login: false, clear: false },
      { login_id: 'admin', level: 0, kind: 'tree', first_login: true, clear: false },
    ]);

    const listed = await site('list');
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(/^acme\s+bo\.acme\.test\s+Acme\s+enabled\s+embedded$/m);
  }, 240_000);

  it('refuses a taken host, a bad id, theme or currency, an unknown verb, site or option with one line and exit code 2, changing nothing', async () => {
    await withDatabase(async (db) => {
      // Another site holding a host, so that a conflict has someone to conflict with.
      await db.run(sql`INSERT INTO sites (id, title) VALUES ('other', 'Other')`);
      await db.run(sql`INSERT INTO site_hosts (host, site_id) VALUES ('bo.other.test', 'other')`);
    });
    const before = await withDatabase(state);
    const refusals: [string[], RegExp][] = [
      [['add', 'acme2', '--host', 'BO.ACME.TEST', '--title', 'Acme 2'], /Host "bo\.acme\.test" belongs to site "acme"/],
      [['hosts', 'acme', 'bo.acme.test,bo.other.test'], /Host "bo\.other\.test" belongs to site "other"/],
      [['add', 'acme', '--host', 'new.acme.test', '--title', 'Again'], /Site "acme" exists already/],
      [['add', 'Acme_2', '--host', 'a2.test', '--title', 'A'], /Bad site id "Acme_2"/],
      [['add', 'acme2', '--host', 'a2.test', '--title', 'A', '--theme', 'blue'], /Unknown theme "blue"/],
      [['add', 'acme2', '--host', 'a2.test', '--title', 'A', '--currency', 'EUR'], /Unknown currency "EUR"/],
      [['add', 'acme2', '--host', 'a2.test'], /Missing --title/],
      [['title', 'nosuch', 'Hello'], /Unknown site "nosuch"/],
      [['rename', 'acme'], /Unknown verb "rename"/],
      [['add', 'acme2', '--host', 'a2.test', '--title', 'A', '--colour', 'red'], /--colour/],
      [
        ['platform', 'acme', '--url', 'https://games.acme.test/api/', '--key-id', 'acme-1', '--secret-file', secretFile('short')],
        /Bad platform secret/,
      ],
      [
        ['platform', 'acme', '--url', 'https://games.acme.test/api/', '--key-id', 'acme-1', '--secret-file', '/nonexistent/s'],
        /Cannot read --secret-file \/nonexistent\/s: ENOENT/,
      ],
      [
        ['platform', 'acme', '--url', 'ftp://games.acme.test/', '--key-id', 'acme-1', '--secret-file', '/nonexistent/s'],
        /Bad platform URL/,
      ],
    ];
    // Each value's rules in detail: server/sites/site-admin.service.test.ts. The first as the
    // operator meets it (exit code 2, one line), the rest in process.
    for (const [index, [args, message]] of refusals.entries()) {
      const refused = await (index === 0 ? siteProcess : site)(...args);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.output, args.join(' ')).toMatch(message);
      expect(refused.output.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect(await withDatabase(state)).toEqual(before);
  }, 240_000);

  it('refuses a platform secret on the command line with one line saying how to pass it, never echoing it, changing nothing', async () => {
    const before = await withDatabase(state);
    for (const secretArgs of [['--secret', SECRET], [`--secret=${SECRET}`]]) {
      const refused = await siteProcess('platform', 'acme', '--url', 'https://games.acme.test/api/', '--key-id', 'acme-1', ...secretArgs);
      expect(refused.code).toBe(2);
      expect(refused.output.trim().split('\n')).toEqual([
        expect.stringMatching(/^Refused: --secret takes no value on the command line .*--secret-file <path>.*--secret-stdin/),
      ]);
      expect(refused.output).not.toContain(SECRET);
    }
    expect(await withDatabase(state)).toEqual(before);
  }, 120_000);

  it('reads the platform secret from a pipe when no secret option is given: one line, stored, never printed', async () => {
    // Nobody listens on port 1: the pushes stay queued (exit code 1), the connection is stored.
    const piped = await runServerScript(
      'server/cli/site.ts',
      env,
      ['platform', 'acme', '--url', 'http://127.0.0.1:1', '--key-id', 'acme-1'],
      `${SECRET}\n`,
    );
    expect(piped.code, piped.output).toBe(1);
    expect(piped.output).toMatch(/^Site acme plays on http:\/\/127\.0\.0\.1:1 \(key id acme-1\)\.$/m);
    expect(piped.output).not.toContain(SECRET);
    const stored = await withDatabase((db) => db.one<{ secret: string }>(sql`SELECT secret FROM site_platforms WHERE site_id = 'acme'`));
    // Sealed (docs/operations.md, "Secrets key"): the database never holds it in clear.
    expect(stored?.secret).toMatch(/^sealed:v1:[0-9a-f]{16}:/);
    expect(stored?.secret).not.toContain(SECRET);
  }, 120_000);

  it('replaces hosts, stores the platform without ever showing its secret, and the company signs in and must change password and safe code', async () => {
    expect((await site('hosts', 'acme', 'bo.acme.test,M.Acme.test')).code).toBe(0);
    expect((await site('title', 'acme', 'Acme', 'Club')).code).toBe(0);
    expect((await site('theme', 'acme', 'red')).code).toBe(0);
    const platform = await site(
      'platform',
      'acme',
      '--url',
      'https://games.acme.test/api/',
      '--key-id',
      'acme-1',
      '--secret-file',
      secretFile(SECRET),
    );
    // Stored, but nobody answers at games.acme.test: what it must be told stays queued, and the command says so.
    expect(platform.code, platform.output).toBe(1);
    expect(platform.output).toMatch(/^Site acme plays on https:\/\/games\.acme\.test\/api\/? \(key id acme-1\)\.$/m);
    expect(platform.output).toMatch(/The platform did not take \d+ of \d+ pushes \(.*DNS.*\)/);
    expect(platform.output).not.toContain(SECRET);
    const listed = await site('list');
    expect(listed.output).toMatch(/^acme\s+bo\.acme\.test,m\.acme\.test\s+Acme Club\s+enabled\s+https:\/\/games\.acme\.test\/api$/m);
    expect(listed.output).not.toContain(SECRET);
    expect(listed.output).not.toContain('acme-1');

    await withGateway(async (gw) => {
      const host = 'bo.acme.test';
      expect((await gw.rpc('gw.credit.sn.template.get', {}, { host })) as object).toMatchObject({
        sn: 'acme',
        title: 'Acme Club',
        ui: 'red',
      });
      // Unknown hosts get no site of the command line (docs/operations.md).
      expect((await gw.refusal('gw.credit.sn.template.get', {})).code).toBe(ErrorCode.unknownApplication);

      const first = await gw.login('admin', { password, safeCode: '0000', host });
      expect(first.result).toMatchObject({ sn: 'acme', level: 0, firstLogin: '1' });
      const opsId = (first.result as { sessionId: string }).sessionId;
      // Nothing but the forced change until it is done.
      expect((await gw.refusal('gw.credit.agent.level', { opsId }, { host })).code).toBe(ErrorCode.notAuthorized);
      await gw.rpc(
        'gw.credit.user.password.force.update',
        { opsId, newPassword: 'Acme2026x', confirmPassword: 'Acme2026x', safeCode: '4321' },
        { host },
      );
      expect((await gw.login('admin', { password, safeCode: '0000', host })).error).toBeDefined();
      const second = await gw.login('admin', { password: 'Acme2026x', safeCode: '4321', host });
      expect(second.result).toMatchObject({ sn: 'acme', firstLogin: '0', forcePwdUpdate: '0' });
      const session = (second.result as { sessionId: string }).sessionId;

      const now = Date.now();
      const records = await gw.rpc(
        'gw.credit.operation.record.query',
        {
          opsId: session,
          startTime: new Date(now - 3_600_000).toISOString(),
          endTime: new Date(now + 3_600_000).toISOString(),
          pageIndex: 1,
          pageSize: 50,
        },
        { host },
      );
      const bySystem = records.list.filter((row) => row.operatorLoginId === 'system');
      expect(bySystem.map((row) => row.action).reverse()).toEqual([
        'system.site.add',
        // The connection read from a pipe (the test before).
        'system.site.platform',
        'system.site.hosts',
        'system.site.title',
        'system.site.theme',
        'system.site.platform',
      ]);
      for (const row of bySystem) expect(row).toMatchObject({ operatorId: null, mainUserId: null, mainLoginId: 'system' });
      expect(bySystem.at(-1)!.changes).toContainEqual({ field: 'hosts', before: null, after: 'bo.acme.test' });
      expect(JSON.stringify(records)).not.toContain(SECRET);
    });
  }, 240_000);

  it('disables a site (its maintenance screen to everyone, its company too) and enables it again', async () => {
    expect(await site('disable', 'acme')).toMatchObject({ code: 0, output: expect.stringContaining('is now disabled') });
    const host = 'bo.acme.test';
    await withGateway(async (gw) => {
      expect(await gw.rpc('sn.agent.maintain', {}, { host })).toMatchObject({ flag: 1, exempt: false });
      const refused = await gw.login('admin', { password: 'Acme2026x', safeCode: '4321', host });
      expect(refused.error?.code).toBe(ErrorCode.siteMaintenance);
      // The other sites are untouched.
      expect(await gw.rpc('sn.agent.maintain', {}, { host: 'bo.other.test' })).toMatchObject({ flag: 0 });
    });
    expect(await site('enable', 'acme')).toMatchObject({ code: 0, output: expect.stringContaining('is now enabled') });
    expect((await site('list')).output).toMatch(/^acme\s.*\senabled\s/m);
    await withGateway(async (gw) => {
      expect(await gw.rpc('sn.agent.maintain', {}, { host })).toMatchObject({ flag: 0 });
      expect((await gw.login('admin', { password: 'Acme2026x', safeCode: '4321', host })).result).toMatchObject({ sn: 'acme' });
    });
  }, 240_000);
});
