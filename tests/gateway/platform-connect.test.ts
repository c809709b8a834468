import { createServer, type AddressInfo } from 'node:net';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestHttpSiteFeeds } from '../../server/games/feed-ingest';
import type { PlatformFor } from '../../server/platform/game-platform';
import { sitePlatforms } from '../../server/games/site-platforms';
import { transferIn } from '../../server/points/game-transfers';
import { platformApiServer } from '../../server/simulator/platform-server';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { TICK_MS } from '../../server/simulator/simulator-runtime';
import { standaloneTick } from '../../server/simulator/standalone-play';
import { runSiteCommand } from '../../server/sites/site-command';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';
import { secretFile } from '../support/secret-file';

// A site whose line and members exist before its platform is connected (the demo's `demo`: made
// on the embedded platform, which took their pushes). `npm run site -- platform` (in process, on
// the gateway's database) connects the simulator served over HTTP with books of its own: the
// platform must be told every account, the closed games and the game notices, or it never seats
// a member. The gateway's background work is off: the command sends the pushes itself, the test
// moves the manual clock, ticks the platform's play and reads the feed.
const KEY = 'demo-connect-platform';
const SECRET = 'the-demo-site-secret-for-the-platform-connect-tests-7';

let gw: TestGateway;
let platformDb: TestDatabase;
let server: ReturnType<typeof platformApiServer>;
let platformUrl: string;
const platformFor: PlatformFor = sitePlatforms({ embedded: simulatorPlatform, now: () => gw.clock.now() });

beforeAll(async () => {
  platformDb = await createTestDatabase();
  // A platform of its own that has never heard of the site (the test database comes with the demo's books).
  for (const table of ['simulator_players', 'platform_wallets', 'simulator_accounts', 'simulator_games_closed', 'platform_feed'])
    await platformDb.db.run(sql`DELETE FROM ${sql.identifier(table)} WHERE site_id = 'demo'`);
  gw = await startTestGateway({ captcha: false, platformFor, jobs: { run: false } });
  server = platformApiServer({
    platform: simulatorPlatform(platformDb.db),
    keys: (keyId) => (keyId === KEY ? SECRET : null),
    db: platformDb.db,
    clock: gw.clock,
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  platformUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gw?.close();
  await server?.close();
  await platformDb?.close();
});

/** `npm run site -- …` in this process, on the gateway's database (left open: the gateway holds it). */
async function site(...args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runSiteCommand(args, {
    open: async () => ({ db: gw.db, close: async () => undefined }),
    out: (text) => lines.push(text),
    err: (text) => lines.push(text),
    now: () => gw.clock.now(),
    platformFor,
  });
  return { code, output: lines.join('\n') };
}

/** A port nothing listens on: a platform that refuses every connection. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const treeAccounts = async () =>
  (await gw.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM accounts WHERE site_id = 'demo' AND kind = 'tree'`))!.n;
const knownAtPlatform = async () =>
  (await platformDb.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM simulator_accounts WHERE site_id = 'demo'`))!.n;
const health = async () => gw.rpc('gw.credit.platform.health', { opsId: await gw.sessionFor('admin') });
const scrape = async () => (await gw.raw({ path: '/metrics', method: 'GET' })).text;

describe('connecting a platform to a site whose accounts already exist', () => {
  it('a platform that refuses connections: the command says so, the pushes stay queued, health and metrics show them', async () => {
    const down = await site(
      'platform',
      'demo',
      '--url',
      `http://127.0.0.1:${await closedPort()}`,
      '--key-id',
      KEY,
      '--secret-file',
      secretFile(SECRET),
    );
    expect(down.code, down.output).toBe(1);
    expect(down.output).toMatch(/The platform did not take \d+ of \d+ pushes \(.*refused.*\)/);
    expect(down.output).toContain('npm run site -- platform demo --resync');
    expect(down.output).not.toContain(SECRET);
    const shown = await health();
    expect(shown.unsentPushes).toBeGreaterThan(0);
    expect(shown.alert).toBe(true);
    expect(await scrape()).toMatch(new RegExp(`^credit_platform_pushes_unsent\\{site="demo"\\} ${shown.unsentPushes}$`, 'm'));
    // The other site's series is there at 0.
    expect(await scrape()).toMatch(/^credit_platform_pushes_unsent\{site="demo2"\} 0$/m);
  });

  it('pushes every account, the closed games and the notices with its progress; a member then plays and its bet reaches the back office', async () => {
    const accounts = await treeAccounts();
    expect(accounts).toBeGreaterThan(200);
    expect(await knownAtPlatform()).toBe(0);
    const connected = await site('platform', 'demo', '--url', platformUrl, '--key-id', KEY, '--secret-file', secretFile(SECRET));
    expect(connected.code, connected.output).toBe(0);
    expect(connected.output).toMatch(/^Pushing to the platform: 200 of \d+…$/m);
    expect(connected.output).toMatch(/The platform took everything it must know of demo: \d+ pushes/);
    expect(await knownAtPlatform()).toBe(accounts);
    expect(await health()).toMatchObject({ unsentPushes: 0 });
    expect(await scrape()).toMatch(/^credit_platform_pushes_unsent\{site="demo"\} 0$/m);

    // The member moves points in and sits down at the platform's next ticks.
    const memberId = await gw.accountId('mb01010102001');
    const moved = await transferIn(gw.db, platformFor, {
      siteId: 'demo',
      memberId,
      amount: 50_000,
      transferId: 'CONNECT-IN-1',
      now: gw.clock.now(),
    });
    expect(moved.state).toBe('done');
    const betsAtPlatform = async () =>
      (await platformDb.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM platform_feed WHERE site_id = 'demo' AND kind = 'bet'`))!
        .n;
    for (let tick = 0; tick < 60 && (await betsAtPlatform()) === 0; tick++) {
      gw.clock.advance(TICK_MS);
      await standaloneTick(platformDb.db, { seed: 'platform-connect', rate: 600, holder: 'platform-connect-test' }, gw.clock.now());
    }
    expect(await betsAtPlatform()).toBeGreaterThan(0);

    await ingestHttpSiteFeeds(gw.db, platformFor, gw.clock.now());
    const stored = await gw.db.rows<{ member_id: bigint }>(
      sql`SELECT member_id FROM bets WHERE site_id = 'demo' AND transaction_id = ${moved.sessionId!}`,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((bet) => String(bet.member_id) === memberId)).toBe(true);
  });

  it('--resync tells the platform everything again, with its record', async () => {
    await platformDb.db.run(sql`DELETE FROM simulator_accounts WHERE site_id = 'demo'`);
    const again = await site('platform', 'demo', '--resync');
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/The platform took everything it must know of demo/);
    expect(await knownAtPlatform()).toBe(await treeAccounts());
    const record = await gw.db.one<{ method: string }>(
      sql`SELECT method FROM operation_log WHERE site_id = 'demo' ORDER BY id DESC LIMIT 1`,
    );
    expect(record?.method).toBe('system.site.resync');
    expect((await site('platform', 'demo', '--resync', '--embedded')).code).toBe(2);
  });
});
