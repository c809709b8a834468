import { createServer, type AddressInfo } from 'node:net';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { BACK_OFFICE_PLATFORM_PREFIX, backOfficeCalls } from '../../contract/platform-api.contract';
import type { PlatformHealth } from '../../contract/monitoring.contract';
import { ingestHttpSiteFeeds } from '../../server/games/feed-ingest';
import { PlatformRefusal, PlatformSilent, type GamePlatform, type PlatformFor } from '../../server/platform/game-platform';
import { httpPlatform } from '../../server/platform/http-platform';
import { createPlatformWatch } from '../../server/platform/platform-watch';
import { sitePlatforms, SUCCESS_WRITE_EVERY_MS } from '../../server/games/site-platforms';
import { signRequest } from '../../server/platform/request-signature';
import { repairStaleTransfers, transferIn } from '../../server/points/game-transfers';
import { platformApiServer } from '../../server/simulator/platform-server';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { publish } from '../../server/simulator/simulator-runtime';
import { setPlatform } from '../../server/sites/site-admin.service';
import { aBet, feedBet } from '../support/bet-fixture';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// Platform health (docs/operations.md, "Platform health"): site `demo` on a platform served over
// HTTP (the simulator's books in a database of their own), `demo2` on the embedded one. The
// gateway's background work is off: each test runs the feed ingest and the repair itself, and moves
// the manual clock.
const KEY = 'demo-health-platform';
const SECRET = 'the demo site secret for the platform health tests 42';
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let gw: TestGateway;
let platformDb: TestDatabase;
let server: ReturnType<typeof platformApiServer>;
let books: GamePlatform;
let platformUrl: string;
/** The watch's lines (the app's log has them in production). */
const warnings: string[] = [];
const watch = createPlatformWatch({ warn: (_fields, message) => warnings.push(message) });
/** While true, every HTTP call goes to a port nobody listens on: the platform refuses connections. */
let platformDown = false;
let closedUrl: string;
const platformFor: PlatformFor = sitePlatforms({
  embedded: simulatorPlatform,
  now: () => gw.clock.now(),
  watch,
  http: (connection) =>
    httpPlatform({
      ...connection,
      now: () => gw.clock.now(),
      fetch: (input, init) => fetch(platformDown ? new URL(new URL(String(input)).pathname, closedUrl) : input, init),
    }),
});
/** The same platform, but a transfer in is never answered (it stays pending until the repair). */
const silentIn: PlatformFor = (db) => ({
  ...platformFor(db),
  transferIn: () => Promise.reject(new PlatformSilent('transferIn: timeout')),
});
/** The same platform answering, but never a page of its feed (an answer, so not a silence: the lag alone tells). */
const feedDown: PlatformFor = (db) => ({
  ...platformFor(db),
  readFeed: () => Promise.reject(new PlatformRefusal(ErrorCode.thirdPartyEmptyResult)),
});
let memberId: string;
let sessionId: string;
let orders = 0;

beforeAll(async () => {
  platformDb = await createTestDatabase();
  books = simulatorPlatform(platformDb.db);
  gw = await startTestGateway({ captcha: false, platformFor, platformWatch: watch, jobs: { run: false } });
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
  server = platformApiServer({ platform: books, keys: (keyId) => (keyId === KEY ? SECRET : null), db: platformDb.db, clock: gw.clock });
  await server.listen({ port: 0, host: '127.0.0.1' });
  platformUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  await setPlatform(gw.db, 'demo', { kind: 'http', url: platformUrl, keyId: KEY, secret: SECRET }, gw.clock.now());
  memberId = await gw.accountId('mb01010102001');
});
afterAll(async () => {
  await gw?.close();
  await server?.close();
  await platformDb?.close();
});

// A fresh session each time: the manual clock moves past the sessions' idle timeout.
const company = () => gw.sessionFor('admin');
const health = async () => gw.rpc('gw.credit.platform.health', { opsId: await company() });
const redDot = async () => (await gw.rpc('gw.credit.user.monitor.redpoint.count', { opsId: await company() })).platformAlert;
const ingest = (via: PlatformFor = platformFor, options: { limit?: number; pages?: number } = {}) =>
  ingestHttpSiteFeeds(gw.db, via, gw.clock.now(), { ...options, onFailure: () => undefined });
const plantBets = async (count: number) => {
  for (let i = 0; i < count; i++) {
    const orderId = String(810_000_000_000 + ++orders);
    await publish(platformDb.db, 'demo', 'bet', feedBet(aBet(memberId, { orderId, transactionId: sessionId })), gw.clock.now());
  }
};
/** GET /api/health, from loopback unless `relayed` (a proxy's header: then the request is not a local one). */
const healthRoute = (options: { query?: string; relayed?: boolean; token?: string; host?: string } = {}) =>
  gw.raw({
    method: 'GET',
    path: `/api/health${options.query ?? '?detail=1'}`,
    ...(options.host ? { host: options.host } : {}),
    headers: {
      ...(options.relayed ? { 'x-forwarded-for': '203.0.113.9' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });

describe("an HTTP site's platform health", () => {
  it('shows the URL, no call yet, and a feed lag counted from when the platform was connected', async () => {
    expect(await health()).toEqual<PlatformHealth>({
      siteId: 'demo',
      kind: 'http',
      url: `${platformUrl}/`,
      lastSuccessAt: null,
      feed: { lagSeconds: 0, lagItems: 0 },
      pendingTransfers: 0,
      oldestPendingSeconds: null,
      pendingAlertSeconds: 600,
      signatureRefusals: 0,
      failedCalls: 0,
      lastFailure: null,
      unsentPushes: 0,
      reconciliationDifferences: 0,
      pausedAt: null,
      alert: false,
    });
  });

  it('records the last successful call: a transfer, then a feed read', async () => {
    const moved = await transferIn(gw.db, platformFor, {
      siteId: 'demo',
      memberId,
      amount: 50_000,
      transferId: 'HEALTH-IN-1',
      now: gw.clock.now(),
    });
    expect(moved.state).toBe('done');
    sessionId = moved.sessionId!;
    expect((await health()).lastSuccessAt).toBe(gw.clock.now().toISOString());
    gw.clock.advance(20 * SECOND);
    await ingest();
    expect((await health()).lastSuccessAt).toBe(gw.clock.now().toISOString());
  });

  it('lights the red dot when the feed has not been read to its end for over a minute, and clears it once it is', async () => {
    await ingest();
    expect((await health()).feed).toEqual({ lagSeconds: 0, lagItems: 0 });
    expect(await redDot()).toBe(false);

    // The platform stops answering its feed: the cursor stays, the lag grows.
    gw.clock.advance(60 * SECOND);
    await ingest(feedDown);
    expect(await health()).toMatchObject({ feed: { lagSeconds: 60 }, alert: false });
    expect(await redDot()).toBe(false);
    gw.clock.advance(1 * SECOND);
    await ingest(feedDown);
    expect(await health()).toMatchObject({ feed: { lagSeconds: 61 }, alert: true });
    expect(await redDot()).toBe(true);

    // Back: one read to the end clears it.
    await ingest();
    expect(await health()).toMatchObject({ feed: { lagSeconds: 0, lagItems: 0 }, alert: false });
    expect(await redDot()).toBe(false);
  });

  it('counts the items a full page found beyond the cursor until a page comes short', async () => {
    await plantBets(5);
    // A run stopped after one full page of 2: at least 2 were waiting, and the feed was not read to its end.
    await ingest(platformFor, { limit: 2, pages: 1 });
    expect((await health()).feed).toEqual({ lagSeconds: 0, lagItems: 2 });
    gw.clock.advance(61 * SECOND);
    await ingest(platformFor, { limit: 2, pages: 1 });
    expect(await health()).toMatchObject({ feed: { lagSeconds: 61, lagItems: 2 }, alert: true });
    // The last item comes in a short page: read to the end.
    await ingest(platformFor, { limit: 2, pages: 1 });
    expect(await health()).toMatchObject({ feed: { lagSeconds: 0, lagItems: 0 }, alert: false });
  });

  it("counts transfers pending over a minute, lights the red dot past the site's ten minutes, and clears it when the repair settles them", async () => {
    const pending = await transferIn(gw.db, silentIn, {
      siteId: 'demo',
      memberId: await gw.accountId('mb01010102002'),
      amount: 10_000,
      transferId: 'HEALTH-IN-PENDING',
      now: gw.clock.now(),
    });
    expect(pending.state).toBe('pending');
    expect(await health()).toMatchObject({ pendingTransfers: 0, oldestPendingSeconds: 0, alert: false });

    gw.clock.advance(61 * SECOND);
    await ingest();
    expect(await health()).toMatchObject({ pendingTransfers: 1, oldestPendingSeconds: 61, alert: false });
    expect(await redDot()).toBe(false);

    // The site's transfer alert is 10 minutes by default (system settings): five minutes is no alert yet.
    gw.clock.advance(4 * MINUTE);
    await ingest();
    expect(await health()).toMatchObject({ pendingTransfers: 1, oldestPendingSeconds: 301, alert: false });
    gw.clock.advance(5 * MINUTE);
    await ingest();
    expect(await health()).toMatchObject({ pendingTransfers: 1, oldestPendingSeconds: 601, alert: true });
    expect(await redDot()).toBe(true);

    await repairStaleTransfers(gw.db, platformFor, gw.clock.now());
    expect(await health()).toMatchObject({ pendingTransfers: 0, oldestPendingSeconds: null, alert: false });
    expect(await redDot()).toBe(false);
  });

  it('writes the last successful call at most once every few seconds per site', async () => {
    const writes = async () =>
      (await gw.db.one<{ at: Date | string }>(sql`SELECT last_success_at AS at FROM site_platform_calls WHERE site_id = 'demo'`))!.at;
    gw.clock.advance(SUCCESS_WRITE_EVERY_MS);
    await platformFor(gw.db).balance({ siteId: 'demo', memberId });
    const first = new Date(await writes()).toISOString();
    expect(first).toBe(gw.clock.now().toISOString());
    gw.clock.advance(SUCCESS_WRITE_EVERY_MS - 1);
    await platformFor(gw.db).balance({ siteId: 'demo', memberId });
    expect(new Date(await writes()).toISOString()).toBe(first);
    gw.clock.advance(1);
    await platformFor(gw.db).balance({ siteId: 'demo', memberId });
    expect(new Date(await writes()).toISOString()).toBe(gw.clock.now().toISOString());
  });
});

describe('signature refusals', () => {
  /** A lobby sign-in check signed with `keyId` and `secret`. */
  const signedCall = async (keyId: string, secret: string, siteId = 'demo') => {
    const path = BACK_OFFICE_PLATFORM_PREFIX + backOfficeCalls.lobbySignIn.path;
    const body = JSON.stringify({ siteId, loginId: 'mb01010102001', password: 'Admin123', ip: '203.0.113.7', device: 'health' });
    const headers = signRequest({ keyId, secret, method: 'POST', path, body, now: gw.clock.now() });
    return gw.raw({ path, headers: { 'content-type': 'application/json', ...headers }, body });
  };

  it("counts the site's refusals of the last hour; an unknown key names no site and is not counted", async () => {
    const before = (await health()).signatureRefusals;
    expect((await signedCall(KEY, 'not the secret at all, but long enough 0123')).status).toBe(401);
    expect((await signedCall(KEY, 'another wrong secret, long enough too 4567')).status).toBe(401);
    expect((await signedCall('nobody-knows-this-key', SECRET)).status).toBe(401);
    expect((await signedCall(KEY, SECRET)).status).not.toBe(401);
    expect((await health()).signatureRefusals).toBe(before + 2);
    // Well signed, but for another site than its key's: refused for the signature, counted on the key's site.
    expect((await signedCall(KEY, SECRET, 'demo2')).status).toBe(401);
    expect((await health()).signatureRefusals).toBe(before + 3);
    const demo2 = await gw.rpc('gw.credit.platform.health', { opsId: await gw.sessionFor('admin2', 'demo2') }, { host: 'demo2.localhost' });
    expect(demo2.signatureRefusals).toBe(0);

    gw.clock.advance(61 * MINUTE);
    expect((await health()).signatureRefusals).toBe(0);
  });
});

describe('GET /api/health?detail=1', () => {
  it('answers every site in detail to loopback, and never a secret or a key id', async () => {
    const answer = await healthRoute();
    expect(answer.status).toBe(200);
    const body = answer.json as { ok: boolean; sn: string; platforms: PlatformHealth[] };
    expect(body).toMatchObject({ ok: true, sn: 'demo' });
    expect(body.platforms.map((p) => p.siteId)).toEqual(['demo', 'demo2']);
    expect(body.platforms[0]).toMatchObject({ kind: 'http', url: `${platformUrl}/` });
    expect(body.platforms[1]).toMatchObject({ kind: 'embedded', url: null, feed: null, lastSuccessAt: null });
    expect(answer.text).not.toContain(SECRET);
    expect(answer.text).not.toContain(KEY);
  });

  it("answers the site's own detail to its company main account's session, from anywhere", async () => {
    const body = (await healthRoute({ relayed: true, token: await company() })).json as { platforms: PlatformHealth[] };
    expect(body.platforms.map((p) => p.siteId)).toEqual(['demo']);
    const demo2 = (await healthRoute({ relayed: true, token: await gw.sessionFor('admin2', 'demo2'), host: 'demo2.localhost' })).json as {
      platforms: PlatformHealth[];
    };
    expect(demo2.platforms.map((p) => p.siteId)).toEqual(['demo2']);
  });

  it('answers anyone else the plain answer only: no session, an agent, a clerk, a token of another site, or no detail asked', async () => {
    await gw.addSubAccount({ loginId: 'healthclerk', main: 'admin', accessCodes: [4] });
    const plain = { ok: true, sn: 'demo' };
    expect((await healthRoute({ relayed: true })).json).toEqual(plain);
    expect((await healthRoute({ relayed: true, token: await gw.sessionFor('ma01') })).json).toEqual(plain);
    expect((await healthRoute({ relayed: true, token: await gw.sessionForSub('healthclerk') })).json).toEqual(plain);
    expect((await healthRoute({ relayed: true, token: await gw.sessionFor('admin2', 'demo2') })).json).toEqual(plain);
    expect((await healthRoute({ relayed: true, token: 'not-a-token' })).json).toEqual(plain);
    expect((await healthRoute({ query: '' })).json).toEqual(plain);
  });
});

describe('a platform that stops answering', () => {
  const scrape = async () => (await gw.raw({ path: '/metrics', method: 'GET' })).text;
  const errorsCounted = async (site: string) =>
    Number(new RegExp(`^credit_platform_call_errors_total\\{site="${site}"\\} (\\d+)$`, 'm').exec(await scrape())?.[1] ?? NaN);

  it('turns red 15 s without an answer; one warning line with the cause when it stops, one a minute at most, one when it answers again', async () => {
    await ingest();
    expect(await health()).toMatchObject({ failedCalls: 0, alert: false });
    const errorsBefore = await errorsCounted('demo');
    warnings.length = 0;

    platformDown = true;
    onTestFinished(() => {
      platformDown = false;
    });
    await ingest();
    expect(await health()).toMatchObject({
      failedCalls: 1,
      lastFailure: { at: gw.clock.now().toISOString(), cause: 'readFeed: connection refused' },
      alert: false,
    });
    expect(warnings).toEqual(['the game platform of demo stopped answering: readFeed: connection refused']);
    gw.clock.advance(16 * SECOND);
    await ingest();
    expect(await health()).toMatchObject({ failedCalls: 2, alert: true });
    expect(await redDot()).toBe(true);
    // Silent calls within the minute write no line; the next after it one.
    gw.clock.advance(40 * SECOND);
    await ingest();
    expect(warnings).toHaveLength(1);
    gw.clock.advance(20 * SECOND);
    await ingest();
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toBe('the game platform of demo is still not answering after 76 s and 4 calls: readFeed: connection refused');
    expect(await errorsCounted('demo')).toBe(errorsBefore + 4);
    // Every site's series is there, 0 included.
    expect(await errorsCounted('demo2')).toBe(0);
    expect(await scrape()).toMatch(/^credit_platform_last_success_timestamp_seconds\{site="demo2"\} 0$/m);

    platformDown = false;
    await ingest();
    expect(warnings).toHaveLength(3);
    expect(warnings[2]).toBe('the game platform of demo answers again, after 76 s and 4 calls without an answer');
    expect(await health()).toMatchObject({ failedCalls: 0, alert: false, lastSuccessAt: gw.clock.now().toISOString() });
    expect(await scrape()).toContain(`credit_platform_last_success_timestamp_seconds{site="demo"} ${gw.clock.now().getTime() / 1000}`);
  });

  it('shows a paused platform in the metrics (1 while paused, 0 once resumed, 0 for every other site)', async () => {
    const paused = async (site: string) =>
      Number(new RegExp(`^credit_platform_paused\\{site="${site}"\\} (\\d+)$`, 'm').exec(await scrape())?.[1] ?? NaN);
    expect([await paused('demo'), await paused('demo2')]).toEqual([0, 0]);
    await gw.db.run(sql`UPDATE site_platforms SET paused_at = now() WHERE site_id = 'demo'`);
    onTestFinished(async () => {
      await gw.db.run(sql`UPDATE site_platforms SET paused_at = NULL WHERE site_id = 'demo'`);
    });
    expect((await health()).pausedAt).not.toBeNull();
    expect([await paused('demo'), await paused('demo2')]).toEqual([1, 0]);
    await gw.db.run(sql`UPDATE site_platforms SET paused_at = NULL WHERE site_id = 'demo'`);
    expect([await paused('demo'), await paused('demo2')]).toEqual([0, 0]);
  });

  it('turns red after 3 calls in a row without an answer, whatever the time', async () => {
    platformDown = true;
    try {
      await ingest();
      await ingest();
      expect(await health()).toMatchObject({ failedCalls: 2, alert: false });
      await ingest();
      expect(await health()).toMatchObject({ failedCalls: 3, alert: true });
    } finally {
      platformDown = false;
    }
    await ingest();
    expect(await health()).toMatchObject({ failedCalls: 0, alert: false });
  });
});
