import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from '../../server/kernel/db/sql';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { platformCalls, type PlatformCallName } from '../../contract/platform-api.contract';
import { manualClock } from '../../server/kernel/clock';
import { PlatformRefusal, PlatformSilent, type FeedItem, type GamePlatform } from '../../server/platform/game-platform';
import { httpPlatform } from '../../server/platform/http-platform';
import { signRequest } from '../../server/platform/request-signature';
import { platformApiServer } from '../../server/simulator/platform-server';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { publish } from '../../server/simulator/simulator-runtime';
import { aBet, feedBet } from '../support/bet-fixture';
import { startFaultProxy } from '../support/fault-proxy';
import '../support/fast-check-seed';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// The platform in its own database, served over HTTP on a random port; the back office's adapter
// calls it as it would call a vendor's platform.
const KEY_ID = 'bo-demo';
const SECRET = 'a secret of the demo site, 32 characters or more';
const clock = manualClock(new Date());
let platformDb: TestDatabase;
let server: ReturnType<typeof platformApiServer>;
let baseUrl: string;
let platform: GamePlatform;
let books: GamePlatform;
let seq = 0;
const nextId = () => `PA${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  platformDb = await createTestDatabase();
  books = simulatorPlatform(platformDb.db);
  server = platformApiServer({
    platform: books,
    keys: (keyId) => (keyId === KEY_ID ? SECRET : null),
    db: platformDb.db,
    clock,
    prefix: '/api/v1',
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/api/v1`;
  platform = httpPlatform({ baseUrl, keyId: KEY_ID, secret: SECRET, now: () => clock.now() });
});
afterAll(async () => {
  await server?.close();
  await platformDb?.close();
});

async function failure(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
const refusedWith = async (work: Promise<unknown>) => {
  const error = await failure(work);
  if (!(error instanceof PlatformRefusal)) throw error;
  return error.code;
};

/** A signed POST made by hand, so a test can break one part of it. */
async function signedPost(path: string, body: string, change: { secret?: string; now?: Date; nonce?: string } = {}) {
  const headers = signRequest({
    keyId: KEY_ID,
    secret: change.secret ?? SECRET,
    method: 'POST',
    path: `/api/v1${path}`,
    body,
    now: change.now ?? clock.now(),
    ...(change.nonce ? { nonce: change.nonce } : {}),
  });
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, json: (await response.json()) as unknown };
}
const transferBody = (transferId: string, amount = '700', memberId = '9001') =>
  JSON.stringify({ siteId: 'demo', transferId, memberId, amount, now: clock.now().toISOString() });

describe('the adapter against the platform served over HTTP', () => {
  it('moves points in and out; the balances the transfers answer, the balance call and the books agree', async () => {
    const member = { siteId: 'demo', memberId: '8001' };
    expect(await platform.transferIn({ ...member, transferId: nextId(), amount: 12_345n, now: clock.now() })).toEqual({ balance: 12_345n });
    expect(await platform.transferOut({ ...member, transferId: nextId(), amount: 2_345n, now: clock.now() })).toEqual({
      balance: 10_000n,
      inPlay: 0n,
    });
    expect(await platform.balance(member)).toBe(10_000n);
    expect(await platform.holding(member)).toEqual({ balance: 10_000n, inPlay: 0n });
    expect(await books.balance(member)).toBe(10_000n);
    expect(await refusedWith(platform.transferOut({ ...member, transferId: nextId(), amount: 10_001n, now: clock.now() }))).toBe(
      ErrorCode.platformBalanceLow,
    );
    expect(await books.balance(member)).toBe(10_000n);
  });

  it('applies a repeated transfer id once and keeps its record; an unknown id has none', async () => {
    const member = { siteId: 'demo', memberId: '8002' };
    const call = { ...member, transferId: nextId(), amount: 500n, now: clock.now() };
    await platform.transferIn(call);
    expect(await platform.transferIn(call)).toEqual({ balance: 500n });
    expect(await platform.balance(member)).toBe(500n);
    expect(await platform.queryTransfer({ siteId: 'demo', transferId: call.transferId })).toEqual({
      state: 'applied',
      memberId: '8002',
      type: 'in',
      amount: 500n,
    });
    expect(await platform.queryTransfer({ siteId: 'demo', transferId: nextId() })).toBeNull();
  });

  it('refuses a transfer id reused with another amount (409, 37101), in and out, and moves nothing', async () => {
    const member = { siteId: 'demo', memberId: '8004' };
    const call = { ...member, transferId: nextId(), amount: 700n, now: clock.now() };
    await platform.transferIn(call);
    expect(await refusedWith(platform.transferIn({ ...call, amount: 7_000n }))).toBe(ErrorCode.thirdPartyEmptyResult);
    expect(await refusedWith(platform.transferOut({ ...call, amount: 100n }))).toBe(ErrorCode.thirdPartyEmptyResult);
    expect(await platform.balance(member)).toBe(700n);
    expect(await platform.queryTransfer({ siteId: 'demo', transferId: call.transferId })).toMatchObject({ state: 'applied', amount: 700n });
    // The same transfer again is still answered as the first time.
    expect(await platform.transferIn(call)).toEqual({ balance: 700n });
  });

  it('settles an unseen id as void: a late request with it is refused and moves nothing', async () => {
    const call = { siteId: 'demo', memberId: '8003', transferId: nextId(), amount: 900n, now: clock.now() };
    expect(await platform.settleTransfer({ ...call, type: 'in' })).toEqual({ state: 'void', memberId: '8003', type: 'in', amount: 900n });
    expect(await refusedWith(platform.transferIn(call))).toBe(ErrorCode.thirdPartyEmptyResult);
    expect(await platform.balance({ siteId: 'demo', memberId: '8003' })).toBe(0n);
    // An applied one settles as its record.
    const applied = { ...call, transferId: nextId() };
    await platform.transferIn(applied);
    expect((await platform.settleTransfer({ ...applied, type: 'in' })).state).toBe('applied');
  });

  it('reads the feed page by page from a cursor, never skipping or repeating an item, each as the books hold it', async () => {
    const last = await platformDb.db.one<{ seq: string | null }>(sql`SELECT max(seq)::text AS seq FROM platform_feed`);
    const start = last?.seq ?? '0';
    const at = new Date('2026-11-20T04:00:00.000Z');
    for (let n = 0; n < 23; n++) {
      const bet = aBet('8004', { orderId: `88${String(n).padStart(6, '0')}`, betTime: at, settleTime: n % 3 ? at : null, winLoss: n - 11 });
      if (n % 5 === 0) {
        await publish(
          platformDb.db,
          'demo',
          'round',
          {
            gameCode: 'baccarat',
            gameId: 'BAC-01',
            round: `R${n}`,
            startedAt: at.toISOString(),
            endedAt: at.toISOString(),
            result: { banker: [1, 2], player: [3, 4] },
          },
          at,
        );
      } else if (n % 7 === 0) {
        await publish(
          platformDb.db,
          'demo2',
          'suggestion',
          {
            suggestionId: `S${n}`,
            memberId: '8004',
            kind: 'complaint',
            title: 'slow',
            content: '慢',
            device: 'h5',
            sentAt: at.toISOString(),
          },
          at,
        );
      } else {
        await publish(platformDb.db, 'demo', 'bet', feedBet(bet), at);
      }
    }
    const pages: FeedItem[][] = [];
    let after = start;
    for (;;) {
      const page = await platform.readFeed({ after, limit: 4 });
      pages.push(page);
      if (page.length < 4) break;
      after = page.at(-1)!.seq;
    }
    const read = pages.flat();
    expect(read.map((item) => item.seq)).toEqual((await books.readFeed({ after: start, limit: 100 })).map((item) => item.seq));
    expect(new Set(read.map((item) => item.seq)).size).toBe(23);
    expect(read).toEqual(await books.readFeed({ after: start, limit: 100 }));
    expect(read.map((item) => item.kind)).toContain('suggestion');
  });

  it("answers the site's statement signed: its bets per member and game, its transfers with their ids, the balances at the start and cut-off", async () => {
    const now = clock.now();
    const from = new Date(now.getTime() - 60 * 60_000);
    const to = new Date(now.getTime() + 60_000);
    const member = { siteId: 'demo', memberId: '8101' };
    const moved = [nextId(), nextId()];
    await platform.transferIn({ ...member, transferId: moved[0]!, amount: 5_000n, now });
    await platform.transferOut({ ...member, transferId: moved[1]!, amount: 2_000n, now });
    // Another site's transfer, and a bet before the window, are not in it.
    await platform.transferIn({ siteId: 'demo2', memberId: '8101', transferId: nextId(), amount: 100n, now });
    const betAt = new Date(now.getTime() - 60_000);
    const bets = [
      aBet('8102', { orderId: '81020001', betTime: betAt, settleTime: betAt, winLoss: -10_000, validBet: 10_000 }),
      aBet('8102', { orderId: '81020002', betTime: betAt, settleTime: betAt, winLoss: 9_500, settle: 19_500, validBet: 9_500 }),
      aBet('8102', { orderId: '81020003', betTime: betAt, settleTime: betAt, gameCode: 'roulette', winLoss: -10_000, validBet: 10_000 }),
      aBet('8102', { orderId: '81020004', betTime: new Date(from.getTime() - 1), settleTime: from, winLoss: 5 }),
    ];
    for (const bet of bets) await publish(platformDb.db, 'demo', 'bet', feedBet(bet), betAt);
    // A bet published again, settled otherwise: the statement has its latest state.
    await publish(platformDb.db, 'demo', 'bet', feedBet({ ...bets[0]!, winLoss: -5_000, settle: 5_000 }), now);

    const statement = await platform.statement({ siteId: 'demo', from, to });
    expect(statement).toMatchObject({ siteId: 'demo', from, to });
    expect(statement.bets.filter((row) => row.memberId === '8102')).toEqual([
      { memberId: '8102', gameCode: 'baccarat', count: 2, bet: 20_000n, validBet: 19_500n, winLoss: 4_500n },
      { memberId: '8102', gameCode: 'roulette', count: 1, bet: 10_000n, validBet: 10_000n, winLoss: -10_000n },
    ]);
    const byType = (a: { type: string }, b: { type: string }) => a.type.localeCompare(b.type);
    expect(statement.transfers.filter((row) => row.memberId === '8101').sort(byType)).toEqual([
      { transferId: moved[0], memberId: '8101', type: 'in', amount: 5_000n, at: now },
      { transferId: moved[1], memberId: '8101', type: 'out', amount: 2_000n, at: now },
    ]);
    expect(statement.wallets.find((row) => row.memberId === '8101')).toEqual({ memberId: '8101', opening: 0n, closing: 3_000n });
    // An intraday cut-off before the transfers: none of them, and the balance at it.
    const early = await platform.statement({ siteId: 'demo', from, to: new Date(now.getTime() - 1) });
    expect(early.transfers.filter((row) => row.memberId === '8101')).toEqual([]);
    expect(early.wallets.find((row) => row.memberId === '8101')).toBeUndefined();
    // Signed as every call; a window over a day is refused (400, 100).
    const tooLong = JSON.stringify({ siteId: 'demo', from: new Date(to.getTime() - 25 * 3_600_000).toISOString(), to: to.toISOString() });
    expect(await signedPost('/statement', tooLong)).toEqual({ status: 400, json: { code: ErrorCode.invalidParams } });
    expect((await signedPost('/statement', tooLong, { secret: 'not the secret' })).status).toBe(401);
  });

  it('has its pushes acknowledged and taken by the platform; the lobby and the game list answer', async () => {
    const now = clock.now();
    await platform.setClosedGames({ siteId: 'demo2', gameCodes: ['roulette', 'sic-bo'] });
    const closed = await platformDb.db.rows<{ game_code: string }>(
      sql`SELECT game_code FROM simulator_games_closed WHERE site_id = 'demo2' ORDER BY game_code`,
    );
    expect(closed.map((row) => row.game_code)).toEqual(['roulette', 'sic-bo']);
    await platform.setAccounts({
      siteId: 'demo2',
      accounts: [
        {
          accountId: '8005',
          level: 5,
          path: '/1/2/8005/',
          status: 0,
          teamStatus: 0,
          betStopped: false,
          betPaused: true,
          devices: { pc: true, h5: false, app: true },
          maxWin: 123_456_789_012n,
          winBlocked: false,
          exclusion: null,
          gameTypes: { live: { enabled: true, redLimit: 50_000n, limitReached: false } },
        },
      ],
    });
    const account = await platformDb.db.one<{ max_win: string | number; bet_paused: boolean }>(
      sql`SELECT max_win, bet_paused FROM simulator_accounts WHERE site_id = 'demo2' AND account_id = 8005`,
    );
    expect([String(account!.max_win), account!.bet_paused]).toEqual(['123456789012', true]);
    await platform.setGameNotices({
      siteId: 'demo2',
      notices: [
        {
          noticeId: 'N1',
          title: { zh: '维护', en: 'Upkeep' },
          content: { zh: '<p>今晚</p>' },
          gameCodes: ['baccarat'],
          startTime: new Date(now.getTime() - 60_000),
          endTime: new Date(now.getTime() + 60_000),
        },
      ],
    });
    await platform.replySuggestions({
      siteId: 'demo2',
      replies: [{ suggestionId: 'S7', memberId: '8004', reply: 'thanks', repliedAt: now }],
    });
    const reply = await platformDb.db.one<{ reply: string }>(
      sql`SELECT reply FROM simulator_suggestion_replies WHERE site_id = 'demo2' AND suggestion_id = 'S7'`,
    );
    expect(reply!.reply).toBe('thanks');
    expect(await platform.lobby({ siteId: 'demo2', now })).toEqual(await books.lobby({ siteId: 'demo2', now }));
    expect((await platform.lobby({ siteId: 'demo2', now })).notices).toEqual([{ noticeId: 'N1', title: { zh: '维护', en: 'Upkeep' } }]);
    const games = await platform.games();
    expect(games).toEqual(await books.games());
    expect(games.map((game) => game.gameCode)).toContain('baccarat');
  });
});

describe('signatures', () => {
  it('refuses a wrong signature, a replayed nonce and a timestamp 6 minutes off with 37100, and nothing changes', async () => {
    const wrong = nextId();
    expect(await signedPost('/transfers/in', transferBody(wrong), { secret: 'another secret' })).toEqual({
      status: 401,
      json: { code: ErrorCode.thirdPartySignature },
    });
    const late = nextId();
    for (const minutes of [6, -6]) {
      expect(await signedPost('/transfers/in', transferBody(late), { now: new Date(clock.now().getTime() + minutes * 60_000) })).toEqual({
        status: 401,
        json: { code: ErrorCode.thirdPartySignature },
      });
    }
    for (const transferId of [wrong, late]) expect(await books.queryTransfer({ siteId: 'demo', transferId })).toBeNull();
    expect(await books.balance({ siteId: 'demo', memberId: '9001' })).toBe(0n);

    // The same request twice: served once; the replay is refused before anything is read.
    const once = nextId();
    const nonce = `nonce-${once}-0123456789`;
    expect((await signedPost('/transfers/in', transferBody(once), { nonce })).status).toBe(200);
    expect(await signedPost('/transfers/in', transferBody(once), { nonce })).toEqual({
      status: 401,
      json: { code: ErrorCode.thirdPartySignature },
    });
    // A replay with another body under the same nonce (a signature copied onto a new request) is refused too.
    expect((await signedPost('/transfers/in', transferBody(nextId()), { nonce })).status).toBe(401);
    expect(await books.balance({ siteId: 'demo', memberId: '9001' })).toBe(700n);
  });

  it('the adapter with a wrong secret or an unknown key gets PlatformRefusal(37100); a transfer so refused is unknown', async () => {
    const wrongSecret = httpPlatform({ baseUrl, keyId: KEY_ID, secret: 'not it', now: () => clock.now() });
    expect(await refusedWith(wrongSecret.balance({ siteId: 'demo', memberId: '8001' }))).toBe(ErrorCode.thirdPartySignature);
    const unknownKey = httpPlatform({ baseUrl, keyId: 'nobody', secret: SECRET, now: () => clock.now() });
    const call = { siteId: 'demo', memberId: '8009', transferId: nextId(), amount: 1n, now: clock.now() };
    // The adapter cannot tell this refusal from that of a copy of an applied request (below): the record decides.
    expect(await failure(unknownKey.transferIn(call))).toBeInstanceOf(PlatformSilent);
    expect(await books.queryTransfer(call)).toBeNull();
  });

  it('a transfer whose answer a hop lost, and whose copy the hop sent got 37100 (its nonce replayed), is unknown, not refused: it was applied', async () => {
    // Found by the faults-on-the-wire test (platform-faults.test.ts): read as a refusal, the back
    // office reversed transfers in the platform held, and made points.
    const hop = await startFaultProxy({ target: new URL(baseUrl).origin, seed: 'replay', lateMs: 0, faults: { retriedByHop: 1 } });
    try {
      const behindHop = httpPlatform({ baseUrl: `${hop.url}/api/v1`, keyId: KEY_ID, secret: SECRET, now: () => clock.now() });
      const member = { siteId: 'demo', memberId: '8011' };
      for (const [type, amount] of [
        ['in', 800n],
        ['out', 300n],
      ] as const) {
        const call = { ...member, transferId: nextId(), amount, now: clock.now() };
        const move = type === 'in' ? behindHop.transferIn(call) : behindHop.transferOut(call);
        expect(await failure(move)).toBeInstanceOf(PlatformSilent);
        expect(await books.queryTransfer(call)).toEqual({ state: 'applied', memberId: '8011', type, amount });
      }
      expect(await books.balance(member)).toBe(500n);
      expect(hop.counts().retriedByHop).toBe(2);
    } finally {
      await hop.close();
    }
  });

  it('purges nonces whose timestamps can no longer be accepted', async () => {
    await signedPost('/balance', JSON.stringify({ siteId: 'demo', memberId: '8001' }));
    clock.advance(11 * 60_000);
    await signedPost('/balance', JSON.stringify({ siteId: 'demo', memberId: '8001' }));
    const old = await platformDb.db.one<{ n: string | number }>(
      sql`SELECT count(*) AS n FROM platform_api_nonces WHERE signed_at < ${new Date(clock.now().getTime() - 10 * 60_000)}`,
    );
    expect(Number(old!.n)).toBe(0);
  });
});

describe('bad requests to the platform server', () => {
  it('answers a catalogue code with a 4xx for a body that is not JSON, breaks the schema or calls nothing', async () => {
    expect(await signedPost('/transfers/in', '{"siteId":')).toEqual({ status: 400, json: { code: ErrorCode.parseError } });
    const id = nextId();
    for (const amount of ['-5', '0', '1.5', '99999999999999999999', 'x']) {
      expect(await signedPost('/transfers/in', transferBody(id, amount))).toEqual({ status: 400, json: { code: ErrorCode.invalidParams } });
    }
    expect(await books.queryTransfer({ siteId: 'demo', transferId: id })).toBeNull();
    expect(await signedPost('/transfers/sideways', '{}')).toEqual({ status: 404, json: { code: ErrorCode.methodNotFound } });
    // A push naming one thing twice is refused whole, not left to whichever entry the platform takes last.
    const reply = { suggestionId: 's-1', memberId: '9001', reply: 'thanks', repliedAt: clock.now().toISOString() };
    for (const [path, body] of [
      ['/games/closed', { siteId: 'demo', gameCodes: ['bac', 'bac'] }],
      ['/suggestion-replies', { siteId: 'demo', replies: [reply, { ...reply, reply: 'again' }] }],
    ] as const)
      expect(await signedPost(path, JSON.stringify(body))).toEqual({ status: 400, json: { code: ErrorCode.invalidParams } });
    const unsigned = await fetch(`${baseUrl}/balance`, { method: 'POST', body: '{}' });
    expect([unsigned.status, await unsigned.json()]).toEqual([401, { code: ErrorCode.thirdPartySignature }]);
  });
});

describe('hostile bodies', () => {
  it('every call answers a signed body of any JSON with a 4xx and a catalogue code, or an answer; never a 5xx', async () => {
    const names = Object.keys(platformCalls) as PlatformCallName[];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.oneof(fc.json(), fc.string()), async (name, body) => {
        const { status, json } = await signedPost(platformCalls[name].path, body);
        expect(status).toBeLessThan(500);
        if (status !== 200) expect(json).toEqual({ code: expect.any(Number) });
      }),
      { numRuns: 60 },
    );
  });
});

describe('answers the adapter cannot read', () => {
  let fake: Server;
  let fakeUrl: string;
  let answer: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
  beforeAll(async () => {
    fake = createServer((request, response) => answer(request, response));
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
  });
  const replying = (status: number, body: string) => (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  };
  const adapter = (timeoutMs = 5000) => httpPlatform({ baseUrl: fakeUrl, keyId: KEY_ID, secret: SECRET, timeoutMs });
  const transfer = () => ({ siteId: 'demo', memberId: '8010', transferId: nextId(), amount: 100n, now: new Date() });

  it('an empty or malformed answer is 37101 for a read, and unknown (PlatformSilent) for a transfer or a push', async () => {
    for (const [status, body] of [
      [200, ''],
      [200, 'not json'],
      [200, '{"balance":100}'],
      [200, '{"balance":"1e3"}'],
      [418, '<html>teapot</html>'],
      [409, '{"code":424242}'],
    ] as const) {
      answer = replying(status, body);
      expect(await refusedWith(adapter().balance({ siteId: 'demo', memberId: '8010' }))).toBe(ErrorCode.thirdPartyEmptyResult);
      expect(await refusedWith(adapter().queryTransfer({ siteId: 'demo', transferId: 'T1' }))).toBe(ErrorCode.thirdPartyEmptyResult);
      expect(await failure(adapter().transferIn(transfer()))).toBeInstanceOf(PlatformSilent);
      expect(await failure(adapter().settleTransfer({ ...transfer(), type: 'out' }))).toBeInstanceOf(PlatformSilent);
      expect(await failure(adapter().setClosedGames({ siteId: 'demo', gameCodes: [] }))).toBeInstanceOf(PlatformSilent);
    }
  });

  it('a catalogue code is that refusal; a 5xx is unknown', async () => {
    answer = replying(409, '{"code":37112}');
    expect(await refusedWith(adapter().transferOut(transfer()))).toBe(ErrorCode.platformBalanceLow);
    answer = replying(503, '{"code":37112}');
    expect(await failure(adapter().transferOut(transfer()))).toBeInstanceOf(PlatformSilent);
    expect(await failure(adapter().balance({ siteId: 'demo', memberId: '8010' }))).toBeInstanceOf(PlatformSilent);
  });

  it('a platform that never answers is PlatformSilent once the timeout passes, and a closed port too', async () => {
    answer = () => undefined;
    expect(await failure(adapter(100).transferIn(transfer()))).toBeInstanceOf(PlatformSilent);
    expect(await failure(adapter(100).balance({ siteId: 'demo', memberId: '8010' }))).toBeInstanceOf(PlatformSilent);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nobody = httpPlatform({ baseUrl: `http://127.0.0.1:${port}`, keyId: KEY_ID, secret: SECRET });
    expect(await failure(nobody.balance({ siteId: 'demo', memberId: '8010' }))).toBeInstanceOf(PlatformSilent);
  });

  it('signs what it sends: the fake platform sees the headers, and the path under the base URL', async () => {
    let seen: IncomingMessage | undefined;
    answer = (request, response) => {
      seen = request;
      replying(200, '{"games":[]}')(request, response);
    };
    const prefixed = httpPlatform({ baseUrl: `${fakeUrl}/vendor/api/`, keyId: KEY_ID, secret: SECRET });
    expect(await prefixed.games()).toEqual([]);
    expect(seen!.url).toBe('/vendor/api/games');
    expect(seen!.headers['x-platform-key-id']).toBe(KEY_ID);
    expect(seen!.headers['x-platform-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(seen!.headers)).not.toContain(SECRET);
  });
});

describe('the published description', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('GET /api/platform/openapi.json is OpenAPI 3.1 with a path, a request and an answer schema for every call', async () => {
    const response = await gw.raw({ method: 'GET', path: '/api/platform/openapi.json' });
    expect(response.status).toBe(200);
    const document = response.json as {
      openapi: string;
      paths: Record<
        string,
        {
          post: {
            operationId: string;
            requestBody: { content: Record<string, { schema: object }> };
            responses: Record<string, { content?: Record<string, { schema: object }> }>;
          };
        }
      >;
    };
    expect(document.openapi).toBe('3.1.0');
    const names = Object.keys(platformCalls) as PlatformCallName[];
    expect(Object.values(document.paths).map((path) => path.post.operationId)).toEqual(names);
    for (const name of names) {
      const post = document.paths[platformCalls[name].path]!.post;
      expect(post.requestBody.content['application/json']!.schema).toHaveProperty('type', 'object');
      expect(post.responses['200']!.content!['application/json']!.schema).toHaveProperty('type', 'object');
      expect(post.responses['401']).toBeDefined();
    }
    // Cents and times as the wire carries them: strings.
    const transferIn = document.paths['/transfers/in']!.post.requestBody.content['application/json']!.schema as {
      properties: Record<string, { type: string; format?: string }>;
    };
    expect(transferIn.properties.amount!.type).toBe('string');
    expect(transferIn.properties.now).toMatchObject({ type: 'string', format: 'date-time' });
    expect(JSON.stringify(document)).not.toContain(SECRET);
  });
});
