import type { AddressInfo } from 'node:net';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { ingestHttpSiteFeeds, ingestPlatformFeed } from '../../server/games/feed-ingest';
import { PlatformRefusal, type GamePlatform, type PlatformFor } from '../../server/platform/game-platform';
import { sitePlatforms } from '../../server/games/site-platforms';
import { createBackgroundWork } from '../../server/gateway/http/background-work';
import { transferIn } from '../../server/points/game-transfers';
import { platformApiServer } from '../../server/simulator/platform-server';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { publish, simulatorTick } from '../../server/simulator/simulator-runtime';
import { setPlatform } from '../../server/sites/site-admin.service';
import { aBet, feedBet } from '../support/bet-fixture';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';
import { simulatorBackOffice } from '../../server/gateway/simulator-back-office';

// Each site's own feed (docs/platform-api.md, "The feed and its cursor"): site `demo` is switched
// to a platform served over HTTP with its own database (the simulator's books); its bets are
// published in that platform's feed, which also carries another site's items. The gateway reads
// demo's feed from demo's own cursor through the routing platform, whether or not the demo
// simulator plays.
const KEY = 'demo-feed-platform';
const SECRET = 'the demo site secret for the feed ingest tests 0123';

let gw: TestGateway;
let platformDb: TestDatabase;
let server: ReturnType<typeof platformApiServer>;
let books: GamePlatform;
const platformFor: PlatformFor = sitePlatforms({ embedded: simulatorPlatform, now: () => gw.clock.now() });
let memberId: string;
let sessionId: string;

beforeAll(async () => {
  platformDb = await createTestDatabase();
  books = simulatorPlatform(platformDb.db);
  gw = await startTestGateway({ captcha: false, platformFor, jobs: { run: false } });
  server = platformApiServer({ platform: books, keys: (keyId) => (keyId === KEY ? SECRET : null), db: platformDb.db, clock: gw.clock });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  await setPlatform(gw.db, 'demo', { kind: 'http', url, keyId: KEY, secret: SECRET }, gw.clock.now());
  memberId = await gw.accountId('mb01010102001');
  const moved = await transferIn(gw.db, platformFor, {
    siteId: 'demo',
    memberId,
    amount: 50_000,
    transferId: 'FEED-IN-1',
    now: gw.clock.now(),
  });
  expect(moved.state).toBe('done');
  sessionId = moved.sessionId!;
});
afterAll(async () => {
  await gw?.close();
  await server?.close();
  await platformDb?.close();
});

/** A bet of the demo member in the platform's feed (its own database), under the member's session. */
const plant = (siteId: string, member: string, orderId: string) =>
  publish(platformDb.db, siteId, 'bet', feedBet(aBet(member, { orderId, transactionId: sessionId })), gw.clock.now());
const storedOrders = async (siteId: string) =>
  (await gw.db.rows<{ order_id: string }>(sql`SELECT order_id FROM bets WHERE site_id = ${siteId} ORDER BY order_id`)).map(
    (row) => row.order_id,
  );
const betRows = async (orderId: string) =>
  (await gw.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM bets WHERE order_id = ${orderId}`))!.n;
const cursorOf = async (siteId: string) =>
  (await gw.db.one<{ seq: string }>(sql`SELECT seq::text AS seq FROM site_feed_cursors WHERE site_id = ${siteId}`))?.seq;
const lastSeqOf = async (siteId: string) =>
  (await platformDb.db.one<{ seq: string }>(sql`SELECT max(seq)::text AS seq FROM platform_feed WHERE site_id = ${siteId}`))!.seq;

describe("an HTTP site's feed", () => {
  it('stores each of its bets once from its own cursor, and none of another site', async () => {
    const other = (await gw.db.one<{ id: string }>(sql`SELECT id::text AS id FROM accounts WHERE site_id = 'demo2' AND level = 5 LIMIT 1`))!
      .id;
    await plant('demo', memberId, '800000000001');
    await plant('demo2', other, '800000000002');
    await plant('demo', memberId, '800000000003');
    await plant('demo', memberId, '800000000004');
    await plant('demo2', other, '800000000005');

    expect(await ingestHttpSiteFeeds(gw.db, platformFor, gw.clock.now())).toBe(3);
    expect(await storedOrders('demo')).toEqual(['800000000001', '800000000003', '800000000004']);
    expect(await betRows('800000000002')).toBe(0);
    expect(await betRows('800000000005')).toBe(0);
    expect(await cursorOf('demo')).toBe(await lastSeqOf('demo'));
    // The embedded platform's cursor is not this feed's.
    expect((await gw.db.one<{ seq: string }>(sql`SELECT seq::text AS seq FROM platform_feed_cursor`))!.seq).toBe('0');

    // A second run finds nothing new; a later bet is read from where the cursor stands.
    expect(await ingestHttpSiteFeeds(gw.db, platformFor, gw.clock.now())).toBe(0);
    await plant('demo', memberId, '800000000006');
    expect(await ingestHttpSiteFeeds(gw.db, platformFor, gw.clock.now(), { limit: 1 })).toBe(1);
    expect(await betRows('800000000006')).toBe(1);
    expect(await cursorOf('demo')).toBe(await lastSeqOf('demo'));
    expect(await storedOrders('demo')).toHaveLength(4);
  });

  it("refuses a page holding another site's item whole: nothing stored, the cursor stays", async () => {
    const other = (await gw.db.one<{ id: string }>(sql`SELECT id::text AS id FROM accounts WHERE site_id = 'demo2' AND level = 5 LIMIT 1`))!
      .id;
    await plant('demo', memberId, '800000000007');
    await plant('demo2', other, '800000000008');
    const before = await cursorOf('demo');
    // A platform that ignores the siteId it is asked for answers every site's items.
    const careless: PlatformFor = (q) => ({
      ...platformFor(q),
      readFeed: (call) => books.readFeed({ after: call.after, limit: call.limit }),
    });
    const refusal = await ingestPlatformFeed(gw.db, careless, gw.clock.now(), { siteId: 'demo' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PlatformRefusal);
    expect((refusal as PlatformRefusal).code).toBe(ErrorCode.thirdPartyEmptyResult);
    expect(await betRows('800000000007')).toBe(0);
    expect(await betRows('800000000008')).toBe(0);
    expect(await cursorOf('demo')).toBe(before);
    // The honest platform then brings demo's bet alone.
    expect(await ingestHttpSiteFeeds(gw.db, platformFor, gw.clock.now())).toBe(1);
    expect(await betRows('800000000007')).toBe(1);
    expect(await betRows('800000000008')).toBe(0);
  });

  it("is read by the gateway's background work", async () => {
    await plant('demo', memberId, '800000000009');
    const errors: object[] = [];
    const work = createBackgroundWork(
      gw.db,
      gw.clock,
      platformFor,
      { feedEveryMs: 20, repairEveryMs: 3_600_000, pushEveryMs: 3_600_000, drainEveryMs: 3_600_000, pollMs: 3_600_000 },
      { error: (fields) => errors.push(fields) },
    );
    work.start();
    try {
      await expect.poll(() => betRows('800000000009'), { timeout: 30_000, interval: 50 }).toBe(1);
    } finally {
      await work.stop();
    }
    expect(errors).toEqual([]);
    expect(await cursorOf('demo')).toBe(await lastSeqOf('demo'));
  });
});

describe('the demo simulator', () => {
  it('never seats a member of a site on an HTTP platform', async () => {
    const options = { seed: 'feed-test', rate: 600, holder: 'feed-test', platformFor, backOffice: simulatorBackOffice };
    const start = gw.clock.now().getTime();
    for (let tick = 0; tick < 3; tick++) await simulatorTick(gw.db, options, new Date(start + tick * 2_000));
    const seated = await gw.db.rows<{ site_id: string; n: number }>(
      sql`SELECT site_id, count(*)::int AS n FROM simulator_players GROUP BY site_id ORDER BY site_id`,
    );
    // demo2 (embedded) is played; demo is not.
    expect(seated.map((row) => row.site_id)).toEqual(['demo2']);
  });
});
