import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GamePlatform, PlatformFor } from '../../server/platform/game-platform';
import { runWithRequestId } from '../../server/kernel/request-id';
import { httpPlatform } from '../../server/platform/http-platform';
import { sendPlatformPushes } from '../../server/games/platform-pushes';
import { queuePush } from '../../server/platform/push-queue';
import { endEmptySession, transferIn, transferOut } from '../../server/points/game-transfers';
import { checkLedger } from '../../server/points/ledger-check';
import { ingestPlatformFeed } from '../../server/games/feed-ingest';
import { checkConformance, formatOutcome } from '../../server/platform-api/conformance';
import { platformApiServer } from '../../server/simulator/platform-server';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { aBet, feedBet } from '../support/bet-fixture';
import { platformDataDir, startPlatformProcess, type PlatformProcess } from '../support/platform-process';
import { runServerScript } from '../support/server-script';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';
import { secretFile } from '../support/secret-file';

// `npm run platform` as a child process with its books in a database of its own, the back office
// (a real gateway) speaking to it over HTTP, and `npm run platform:check` against it.
const KEY_ID = 'bo-demo';
const SECRET = 'the-demo-site-secret-of-the-platform-process-test';
const cleanups: (() => Promise<unknown> | unknown)[] = [];
let platform: PlatformProcess;
let gw: TestGateway;
let adapter: GamePlatform;
const platformFor: PlatformFor = () => adapter;

beforeAll(async () => {
  let env: Record<string, string>;
  if (testDatabaseKind() === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'credit-platform-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    await platformDataDir(folder);
    env = { PLATFORM_DATA_DIR: folder };
  } else {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(() => database.drop());
    env = { PLATFORM_DATABASE_URL: database.url };
  }
  // A line per call, with the back office's request id.
  env.LOG_LEVEL = 'info';
  gw = await startTestGateway({ captcha: false, platformFor, jobs: { run: false } });
  platform = await startPlatformProcess(
    // A busy platform: every member with points there sits down at the first tick.
    [
      '--port',
      '0',
      '--back-office',
      gw.url,
      '--key-id',
      KEY_ID,
      '--secret-file',
      secretFile(SECRET),
      '--seed',
      'process-test',
      '--rate',
      '600',
    ],
    env,
  );
  // Signed with the real time: the platform process checks it against its own clock.
  adapter = httpPlatform({ baseUrl: platform.url, keyId: KEY_ID, secret: SECRET });
}, 120_000);

afterAll(async () => {
  if (platform) expect(await platform.stop('SIGTERM')).toBe(0);
  await gw?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const check = (secret: string) =>
  runServerScript('server/cli/platform-check.ts', {}, ['--url', platform.url, '--key-id', KEY_ID, '--secret-file', secretFile(secret)]);
const lines = (output: string) => output.trim().split('\n');

describe('the simulator as a platform process', () => {
  it('prints its URL and what it serves; its books migrated', () => {
    expect(platform.output()).toMatch(/URL:\s+http:\/\/127\.0\.0\.1:\d+\/ {2}\(POST \/transfers\/in, /);
    expect(platform.output()).toContain(`Back office:  ${gw.url}`);
    expect(platform.output()).not.toContain(SECRET);
  });

  it('refuses a bad command line with one line and exit code 2, opening no database', async () => {
    const bad = [
      [
        ['--port', '0', '--back-office', gw.url, '--key-id', KEY_ID, '--secret-file', secretFile('short')],
        'Bad secret: 32 to 256 printable characters',
      ],
      [
        ['--port', '0', '--back-office', gw.url, '--key-id', KEY_ID, '--secret-file', '/nonexistent/secret'],
        'Cannot read --secret-file /nonexistent/secret: ENOENT',
      ],
      // Nothing on standard input (it ends at once): no secret.
      [['--port', '0', '--back-office', gw.url, '--key-id', KEY_ID, '--secret-stdin'], 'Bad secret: 32 to 256 printable characters'],
      [
        ['--port', '0', '--back-office', 'ftp://bo', '--key-id', KEY_ID, '--secret-file', secretFile(SECRET)],
        'Bad --back-office "ftp://bo"',
      ],
      [['--back-office', gw.url, '--key-id', KEY_ID, '--secret-file', secretFile(SECRET)], 'Missing --port <port>'],
    ] as const;
    for (const [args, message] of bad) {
      const { code, output } = await runServerScript('server/cli/platform.ts', { PLATFORM_DATA_DIR: '/nonexistent/never-made' }, [...args]);
      expect(code).toBe(2);
      expect(lines(output)).toEqual([expect.stringContaining(message)]);
    }
  });

  it('refuses a secret on the command line, of the platform and of its check, saying how to pass it and never echoing it', async () => {
    const platformArgs = ['--port', '0', '--back-office', gw.url, '--key-id', KEY_ID];
    for (const [script, args] of [
      ['server/cli/platform.ts', [...platformArgs, '--secret', SECRET]],
      ['server/cli/platform.ts', [...platformArgs, `--secret=${SECRET}`]],
      ['server/cli/platform-check.ts', ['--url', platform.url, '--key-id', KEY_ID, '--secret', SECRET]],
    ] as const) {
      const { code, output } = await runServerScript(script, { PLATFORM_DATA_DIR: '/nonexistent/never-made' }, [...args]);
      expect(code, script).toBe(2);
      expect(lines(output), script).toEqual([expect.stringMatching(/^Refused: --secret .*--secret-file <path>.*--secret-stdin/)]);
      expect(output).not.toContain(SECRET);
    }
  });

  it("checks the platform with the secret piped to the check's standard input, one line, never printed", async () => {
    const piped = await runServerScript(
      'server/cli/platform-check.ts',
      {},
      ['--url', platform.url, '--key-id', KEY_ID],
      `${SECRET}\nmore\n`,
    );
    expect(piped.code, piped.output).toBe(0);
    expect(piped.output).not.toContain(SECRET);
    // The same without a line break at the end, named with --secret-stdin.
    const named = await runServerScript(
      'server/cli/platform-check.ts',
      {},
      ['--url', platform.url, '--key-id', KEY_ID, '--secret-stdin'],
      SECRET,
    );
    expect(named.code, named.output).toBe(0);
  }, 120_000);

  it('plays a member the back office transferred in; the back office reads the feed and transfers it out; the ledger is clean', async () => {
    const member = await gw.accountId('mb01010102001');
    const balanceOf = async () =>
      BigInt((await gw.db.one<{ balance: bigint }>(sql`SELECT balance FROM accounts WHERE id = ${member}`))!.balance);
    const before = await balanceOf();
    // The platform judges bets by what the back office pushed: the member and its line, and the
    // site's closed games: the live ones, so the member plays the slots, whose spins settle at once.
    await gw.db.run(sql`INSERT INTO site_games_closed (site_id, game_code, closed_at)
      SELECT 'demo', game_code, ${gw.clock.now()} FROM games WHERE game_type = 'live'
      ON CONFLICT DO NOTHING`);
    await queuePush(gw.db, 'demo', 'games', gw.clock.now());
    await gw.db.run(sql`INSERT INTO platform_pushes (site_id, subject, account_id, queued_at)
      SELECT 'demo', 'account', x.id, ${gw.clock.now()} FROM accounts a, accounts x
       WHERE a.id = ${member} AND x.id = ANY (string_to_array(trim(BOTH '/' FROM a.path), '/')::bigint[])
      ON CONFLICT DO NOTHING`);
    expect(await sendPlatformPushes(gw.db, platformFor, gw.clock.now())).toMatchObject({ failed: 0 });
    const moved = await transferIn(gw.db, platformFor, {
      siteId: 'demo',
      memberId: member,
      amount: 50_000,
      transferId: 'PP1',
      now: gw.clock.now(),
    });
    expect(moved.state).toBe('done');

    // The platform plays on its own ticks; the back office reads its feed until the member's bets come.
    const betsOf = async () =>
      (await gw.db.one<{ n: number; orders: number }>(
        sql`SELECT count(*)::int AS n, count(DISTINCT order_id)::int AS orders FROM bets WHERE site_id = 'demo' AND member_id = ${member}`,
      ))!;
    let read = 0;
    for (let attempt = 0; attempt < 60 && (await betsOf()).n < 1; attempt++) {
      read += await ingestPlatformFeed(gw.db, platformFor, gw.clock.now());
      await sleep(250);
    }
    const bets = await betsOf();
    expect(read).toBeGreaterThan(0);
    expect(bets.n).toBeGreaterThanOrEqual(1);
    // Every bet stored once, however often the feed was read.
    expect(bets.orders).toBe(bets.n);

    // Its bets paused (pushed by the trigger's queue): the platform refuses its next bet and it stands up.
    await gw.db.run(sql`UPDATE accounts SET bet_paused = true WHERE id = ${member}`);
    expect(await sendPlatformPushes(gw.db, platformFor, gw.clock.now())).toMatchObject({ failed: 0 });
    const seated = async () => (await adapter.lobby({ siteId: 'demo', now: new Date() })).players;
    for (let attempt = 0; attempt < 60 && (await seated()) > 0; attempt++) await sleep(250);
    expect(await seated()).toBe(0);
    // Out with all it has there; the platform moves nothing of a member standing.
    const out = await adapter.balance({ siteId: 'demo', memberId: member });
    const move = { siteId: 'demo', memberId: member, now: gw.clock.now() };
    if (out > 0n)
      expect(await transferOut(gw.db, platformFor, { ...move, amount: Number(out), transferId: 'PO1' })).toMatchObject({ state: 'done' });
    // It lost all it brought: its session ends with nothing to move.
    else expect(await endEmptySession(gw.db, platformFor, move)).toBe(true);
    expect(await adapter.balance({ siteId: 'demo', memberId: member })).toBe(0n);
    expect(await balanceOf()).toBe(before - 50_000n + out);
    await ingestPlatformFeed(gw.db, platformFor, gw.clock.now());
    const report = await checkLedger(gw.db, { siteId: 'demo' });
    expect(report.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`)).toEqual([]);
  });

  it("logs each call under the back office's request id, which the adapter sends from the request it serves", async () => {
    const member = await gw.accountId('mb01010102002');
    await runWithRequestId('bo-req-0123456789', () => adapter.balance({ siteId: 'demo', memberId: member }));
    await adapter.balance({ siteId: 'demo', memberId: member });
    const calls = platform
      .output()
      .split('\n')
      .filter((line) => line.includes('"platform API call"'))
      .map((line) => JSON.parse(line) as { reqId: string; call: string });
    expect(calls.filter((line) => line.reqId === 'bo-req-0123456789').map((line) => line.call)).toEqual(['balance']);
    // Outside a request, the platform names the call itself.
    expect(calls.at(-1)).toMatchObject({ call: 'balance' });
    expect(calls.at(-1)!.reqId).not.toBe('bo-req-0123456789');
  });

  it('passes npm run platform:check: one pass line per promise, exit 0', async () => {
    const { code, output } = await check(SECRET);
    expect(lines(output).length).toBeGreaterThanOrEqual(10);
    // Without --site the check of the key's site is not made: said so, neither a pass nor a failure.
    expect(lines(output).filter((line) => !line.startsWith('pass  '))).toEqual([
      "skip  a key serves its own site only: a request naming another site is refused (37100) and moves nothing: name the key's site (--site) to check it",
    ]);
    expect(output).toMatch(
      /^pass {2}a transfer id reused with another amount is refused \(409, 37101\) and moves nothing \(in and out\) \(transferIn 5000: HTTP 409 37101, transferOut 1000: HTTP 409 37101; balance \d+ unchanged\)$/m,
    );
    expect(output).toMatch(/pass {2}the feed's cursor never skips or repeats an item \(\d+ items, one read = pages of 7\)/);
    expect(output).toMatch(
      /^pass {2}the statement lists each transfer applied in its window once, with its id, and the closing balance \(a window over a day is refused\) \(\d+ transfers, \d+ groups of bets, [1-9]\d* wallets; a 25-hour window refused \(400, 100\)\)$/m,
    );
    // The member's bets of the test above are on the demo site's feed: read for that site, and for the check's own (none).
    expect(output).toMatch(
      /^pass {2}the feed read for one site \(readFeed with siteId\) holds only that site's items and its cursor never skips or repeats \(site demo: [1-9]\d* items; site conformance-[0-9a-f]+: 0 items; one read = pages of 7 = the site's items in the whole feed, 0 other sites there\)$/m,
    );
    expect(code).toBe(0);
  });

  it('fails npm run platform:check with a wrong secret: exit 1, the signature promise failing', async () => {
    const { code, output } = await check(`${SECRET}-but-not-quite`);
    expect(code).toBe(1);
    expect(output).toMatch(
      /^fail {2}a bad signature is refused \(37100\) and changes nothing: a request signed with the key given was answered HTTP 401 \(code 37100\)/m,
    );
  });

  it("fails the per-site feed promise for a platform that answers every site's items whatever siteId says, passes it for one that keeps to it", async () => {
    // Two sites' items, interleaved, on a platform served in this process over the gateway's database.
    const feed = Array.from({ length: 20 }, (_, i) => ({
      site: i % 3 === 0 ? 'conf-b' : 'conf-a',
      body: feedBet(aBet(String(8_000 + (i % 4)), { orderId: String(700_000_000_000 + i) })),
    }));
    await gw.db.run(sql`INSERT INTO platform_feed (site_id, kind, body, created_at)
      SELECT r.site, 'bet', r.body, now() FROM json_to_recordset(${JSON.stringify(feed)}::json) AS r (site text, body jsonb)`);
    const keeping = simulatorPlatform(gw.db);
    const ignoring: GamePlatform = { ...keeping, readFeed: ({ after, limit }) => keeping.readFeed({ after, limit }) };
    const outcomeWith = async (served: GamePlatform) => {
      const server = platformApiServer({ platform: served, keys: (keyId) => (keyId === KEY_ID ? SECRET : null), db: gw.db });
      await server.listen({ port: 0, host: '127.0.0.1' });
      try {
        const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
        const outcomes = await checkConformance({ url, keyId: KEY_ID, secret: SECRET });
        return outcomes.map(formatOutcome).find((line) => line.includes('the feed read for one site'));
      } finally {
        await server.close();
      }
    };
    expect(await outcomeWith(ignoring)).toMatch(
      /^fail {2}the feed read for one site [^:]+: the feed read for site ([a-z0-9-]+) holds an item of site (?!\1 )[a-z0-9-]+ \(seq \d+\)$/,
    );
    expect(await outcomeWith(keeping)).toMatch(/^pass {2}the feed read for one site .* [1-9]\d* other sites there\)$/);
  });

  it("ties a key to its site: a request naming another site is refused (37100) and moves nothing, a feed read naming none reads the key's site; the check passes it, and fails a platform whose key serves every site", async () => {
    const keeping = simulatorPlatform(gw.db);
    const serve = async (keySite: string | null) => {
      const server = platformApiServer({
        platform: keeping,
        keys: (keyId) => (keyId === KEY_ID ? SECRET : null),
        keySite: () => keySite,
        db: gw.db,
      });
      await server.listen({ port: 0, host: '127.0.0.1' });
      return { server, url: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}` };
    };
    const promise = 'a key serves its own site only';
    const tied = await serve('conf-tied');
    try {
      const own = httpPlatform({ baseUrl: tied.url, keyId: KEY_ID, secret: SECRET });
      await expect(own.balance({ siteId: 'conf-tied', memberId: '9001' })).resolves.toBe(0n);
      // Refused by the platform (its 401 and code are read below, by the check).
      await expect(own.balance({ siteId: 'demo', memberId: '9001' })).rejects.toThrow(/game platform/);
      await expect(
        own.transferIn({ siteId: 'demo', memberId: '9001', transferId: 'tie-test-1', amount: 1_000n, now: new Date() }),
      ).rejects.toThrow(/game platform/);
      expect(await keeping.queryTransfer({ siteId: 'demo', transferId: 'tie-test-1' })).toBeNull();
      // The whole feed, read with this key, is the key's site's.
      const whole = await own.readFeed({ after: '0', limit: 500 });
      expect(whole.every((item) => item.siteId === 'conf-tied')).toBe(true);
      const outcomes = await checkConformance({ url: tied.url, keyId: KEY_ID, secret: SECRET, siteId: 'conf-tied' });
      expect(outcomes.map(formatOutcome).find((line) => line.includes(promise))).toMatch(
        /^pass {2}a key serves its own site only: .* \(site x[0-9a-f]{8}-conf-tied: balance: HTTP 401 37100, transferIn: HTTP 401 37100\)$/,
      );
    } finally {
      await tied.server.close();
    }
    const shared = await serve(null);
    try {
      const outcomes = await checkConformance({ url: shared.url, keyId: KEY_ID, secret: SECRET, siteId: 'conf-tied' });
      expect(outcomes.map(formatOutcome).find((line) => line.includes(promise))).toMatch(
        /^fail {2}a key serves its own site only: .*: balance naming site x[0-9a-f]{8}-conf-tied with the key of conf-tied answered HTTP 200/,
      );
    } finally {
      await shared.server.close();
    }
  });
});
