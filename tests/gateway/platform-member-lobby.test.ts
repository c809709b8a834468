import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from '../../server/kernel/db/sql';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { manualClock } from '../../server/kernel/clock';
import { httpPlatform } from '../../server/platform/http-platform';
import { setPlatform } from '../../server/sites/site-admin.service';
import { backOfficeClient, BackOfficeRefusal, BackOfficeSilent, type BackOfficeClient } from '../../server/simulator/back-office-client';
import { MEMBER_TOKEN_TTL_MS, registerMemberLobby } from '../../server/simulator/member-lobby';
import {
  parsePlatformArgs,
  PlatformArgsError,
  startPlatformProcess,
  type PlatformProcessOptions,
  type RunningPlatform,
} from '../../server/simulator/platform-process';
import { platformDataDir } from '../support/platform-process';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';
import { secretFile } from '../support/secret-file';

// The standalone platform's member lobby (server/simulator/member-lobby.ts) and its client of the
// back office (back-office-client.ts): the platform process started in this process with its
// books in a database of its own, the back office a real gateway whose site `demo` has that
// platform over HTTP. A member signs in at the platform and moves points both ways; the back
// office's sign-in check and lobby transfers decide.
const KEY_ID = 'demo-member-lobby';
const SECRET = 'the-demo-site-secret-of-the-member-lobby-test-0123456789';
const cleanups: (() => Promise<unknown> | unknown)[] = [];
let gw: TestGateway;
let platform: RunningPlatform;

beforeAll(async () => {
  let database: PlatformProcessOptions['database'];
  if (testDatabaseKind() === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'credit-member-lobby-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    await platformDataDir(folder);
    database = { kind: 'pglite', dataDir: folder };
  } else {
    const empty = await createEmptyPostgresDatabase();
    cleanups.push(() => empty.drop());
    database = { kind: 'postgres', url: empty.url };
  }
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  // Nobody plays here (rate 0): the wallets move only by the transfers this file makes.
  platform = await startPlatformProcess(
    {
      port: 0,
      host: '127.0.0.1',
      backOffice: gw.url,
      keyId: KEY_ID,
      secret: SECRET,
      site: 'demo',
      seed: 'lobby',
      rate: 0,
      database,
      logLevel: 'warn',
    },
    (error) => {
      throw error;
    },
  );
  await setPlatform(gw.db, 'demo', { kind: 'http', url: platform.url, keyId: KEY_ID, secret: SECRET }, gw.clock.now());
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await gw?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

async function lobby(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${platform.url}/member/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'member-lobby-test', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function balanceOf(id: string) {
  return BigInt((await gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE id = ${id}`))!.balance);
}
const walletOf = (memberId: string) =>
  httpPlatform({ baseUrl: platform.url, keyId: KEY_ID, secret: SECRET }).balance({ siteId: 'demo', memberId });
const scoreLogRows = async () => (await gw.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM score_log WHERE site_id = 'demo'`))!.n;

describe("the standalone platform's member lobby", () => {
  const loginId = 'mb01010102001';
  let member = '';
  let token = '';

  it("refuses a wrong password with the back office's code, counted in its login log (terminal lobby)", async () => {
    member = await gw.accountId(loginId);
    const refused = await lobby('sign-in', { loginId, password: 'Wrong999' });
    expect(refused).toEqual({ status: 409, json: { code: ErrorCode.wrongCredentials } });
    const log = await gw.db.one<{ result: string; code: number; terminal: string; device: string }>(
      sql`SELECT result, code, terminal, device FROM login_log WHERE account_id = ${member} ORDER BY id DESC LIMIT 1`,
    );
    expect(log).toEqual({ result: 'wrong-password', code: ErrorCode.wrongCredentials, terminal: 'lobby', device: 'member-lobby-test' });
    // A site the key is not for: the back office refuses the signature's site (nothing counted there).
    expect(await lobby('sign-in', { siteId: 'demo2', loginId, password: 'Admin123' })).toEqual({
      status: 409,
      json: { code: ErrorCode.thirdPartySignature },
    });
  });

  it('signs the member in: a token, its points at the back office and its empty wallet here', async () => {
    const signedIn = await lobby('sign-in', { loginId, password: 'Admin123' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({
      siteId: 'demo',
      memberId: member,
      loginId,
      balance: String(await balanceOf(member)),
      wallet: '0',
    });
    token = signedIn.json.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(signedIn.json.expiresAt as string) - Date.now();
    expect(expires).toBeGreaterThan(MEMBER_TOKEN_TTL_MS - 60_000);
    expect(expires).toBeLessThanOrEqual(MEMBER_TOKEN_TTL_MS);
    const log = await gw.db.one(sql`SELECT result, terminal FROM login_log WHERE account_id = ${member} ORDER BY id DESC LIMIT 1`);
    expect(log).toEqual({ result: 'ok', terminal: 'lobby' });
    expect(await lobby('balance', { token })).toEqual({ status: 200, json: { siteId: 'demo', memberId: member, wallet: '0' } });
  });

  it('moves points in to the wallet once per request id, and out again', async () => {
    const before = await balanceOf(member);
    const first = await lobby('transfers', { token, requestId: 'member-in-1', type: 'in', amount: '15000' });
    expect(first).toEqual({
      status: 200,
      json: { transferId: 'LB-member-in-1', type: 'in', state: 'done', balance: String(before - 15_000n), wallet: '15000' },
    });
    expect(await balanceOf(member)).toBe(before - 15_000n);
    expect(await walletOf(member)).toBe(15_000n);

    // The same request again moves nothing more; the same id for another amount is refused.
    const rows = await scoreLogRows();
    expect(await lobby('transfers', { token, requestId: 'member-in-1', type: 'in', amount: '15000' })).toEqual(first);
    expect(await lobby('transfers', { token, requestId: 'member-in-1', type: 'in', amount: '15001' })).toEqual({
      status: 409,
      json: { code: ErrorCode.thirdPartyEmptyResult },
    });
    expect(await scoreLogRows()).toBe(rows);
    expect(await walletOf(member)).toBe(15_000n);

    expect(await lobby('transfers', { token, requestId: 'member-out-0', type: 'out', amount: '15001' })).toEqual({
      status: 409,
      json: { code: ErrorCode.platformBalanceLow },
    });
    const out = await lobby('transfers', { token, requestId: 'member-out-1', type: 'out', amount: '15000' });
    expect(out).toEqual({
      status: 200,
      json: { transferId: 'LB-member-out-1', type: 'out', state: 'done', balance: String(before), wallet: '0' },
    });
    expect(await balanceOf(member)).toBe(before);
    expect(await walletOf(member)).toBe(0n);
  });

  it('refuses bad input and unknown tokens with catalogue codes, no stack, nothing moved', async () => {
    const rows = await scoreLogRows();
    const refusals: [string, unknown, number, Record<string, unknown>][] = [
      ['transfers', 'not json', 400, { code: ErrorCode.parseError }],
      ['transfers', { token, requestId: 'bad-1', type: 'in', amount: '12.50' }, 400, { code: ErrorCode.invalidParams, field: 'amount' }],
      [
        'transfers',
        { token, requestId: 'bad-1b', type: 'in', amount: '9007199254740992' },
        400,
        { code: ErrorCode.invalidParams, field: 'amount' },
      ],
      ['transfers', { token, requestId: 'bad 2', type: 'in', amount: '100' }, 400, { code: ErrorCode.invalidParams, field: 'requestId' }],
      ['transfers', { token, requestId: 'bad-3', type: 'sideways', amount: '100' }, 400, { code: ErrorCode.invalidParams, field: 'type' }],
      ['transfers', { token, requestId: 'bad-4', type: 'in' }, 400, { code: ErrorCode.missingParams, field: 'amount' }],
      ['transfers', { token: 'x'.repeat(43), requestId: 'bad-5', type: 'in', amount: '100' }, 401, { code: ErrorCode.authFailed }],
      ['balance', { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` }, 401, { code: ErrorCode.authFailed }],
      ['sign-in', { loginId }, 400, { code: ErrorCode.missingParams, field: 'password' }],
      ['no-such-call', {}, 404, { code: ErrorCode.methodNotFound }],
    ];
    for (const [path, body, status, json] of refusals)
      expect(await lobby(path, body), `${path} ${JSON.stringify(body)}`).toEqual({ status, json });
    expect(await scoreLogRows()).toBe(rows);
    expect(await lobby('sign-out', { token })).toEqual({ status: 200, json: {} });
    expect(await lobby('balance', { token })).toEqual({ status: 401, json: { code: ErrorCode.authFailed } });
  });
});

describe('the back office client', () => {
  const client = (fetcher: typeof fetch, attempts?: number) =>
    backOfficeClient({
      baseUrl: `${gw.url}/`,
      keyId: KEY_ID,
      secret: SECRET,
      fetch: fetcher,
      now: () => gw.clock.now(),
      ...(attempts ? { transferAttempts: attempts } : {}),
    });

  it('asks a transfer whose answer was lost again with its request id: applied once, answered as it stands', async () => {
    const member = await gw.accountId('mb01010102002');
    const before = await balanceOf(member);
    const nonces: string[] = [];
    let lose = 1;
    // The back office applies the call, then its answer is thrown away on the way back.
    const losing: typeof fetch = async (input, init) => {
      nonces.push(new Headers(init?.headers).get('x-platform-nonce')!);
      const response = await fetch(input, init);
      if (lose-- > 0) {
        await response.text();
        throw new TypeError('fetch failed');
      }
      return response;
    };
    const answer = await client(losing).lobbyTransfer({
      siteId: 'demo',
      requestId: 'lost-answer-1',
      memberId: member,
      type: 'in',
      amount: 700n,
    });
    expect(answer).toEqual({ transferId: 'LB-lost-answer-1', type: 'in', state: 'done', balance: before - 700n });
    // Two deliveries, each signed anew (a nonce is used once), one transfer.
    expect(nonces).toHaveLength(2);
    expect(new Set(nonces).size).toBe(2);
    expect(await balanceOf(member)).toBe(before - 700n);
    expect(await walletOf(member)).toBe(700n);

    // Every answer lost: unknown, never guessed; the next ask reads it as it stands.
    lose = 2;
    await expect(
      client(losing, 2).lobbyTransfer({ siteId: 'demo', requestId: 'lost-answer-2', memberId: member, type: 'out', amount: 700n }),
    ).rejects.toBeInstanceOf(BackOfficeSilent);
    expect(
      await client(fetch).lobbyTransfer({ siteId: 'demo', requestId: 'lost-answer-2', memberId: member, type: 'out', amount: 700n }),
    ).toEqual({ transferId: 'LB-lost-answer-2', type: 'out', state: 'done', balance: before });
    expect(await walletOf(member)).toBe(0n);

    // A hop lost the answer and sent the same bytes again: the copy is refused 37100 (its nonce
    // seen) while the first delivery was applied. Not a refusal of the transfer: asked again.
    let deliveries = 0;
    const onceResent: typeof fetch = async (input, init) => {
      if (deliveries++ > 0) return fetch(input, init);
      await (await fetch(input, init)).text();
      return fetch(input, init);
    };
    expect(
      await client(onceResent).lobbyTransfer({ siteId: 'demo', requestId: 'resent-1', memberId: member, type: 'in', amount: 300n }),
    ).toEqual({ transferId: 'LB-resent-1', type: 'in', state: 'done', balance: before - 300n });
    expect(deliveries).toBe(2);
    expect(await walletOf(member)).toBe(300n);
  });

  it('surfaces refusals as their codes and reads anything unreadable as 37101', async () => {
    const signIn = { siteId: 'demo', loginId: 'mb01010102002', password: 'Wrong999', ip: '203.0.113.9' };
    const refusal = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(BackOfficeRefusal);
      return (error as BackOfficeRefusal).code;
    };
    expect(await refusal(client(fetch).lobbySignIn(signIn))).toBe(ErrorCode.wrongCredentials);
    const answering =
      (status: number, body: string): typeof fetch =>
      async () =>
        new Response(body, { status });
    for (const [status, body] of [
      [200, ''],
      [200, '{"member":{}}'],
      [502, '{"code":2218}'],
      [409, '{"code":123456}'],
      [302, '{}'],
    ] as const) {
      expect(await refusal(client(answering(status, body)).lobbySignIn(signIn)), `${status} ${body}`).toBe(ErrorCode.thirdPartyEmptyResult);
    }
    const slow: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)));
    const timed = backOfficeClient({ baseUrl: gw.url, keyId: KEY_ID, secret: SECRET, fetch: slow, timeoutMs: 20 });
    expect(await refusal(timed.lobbySignIn(signIn))).toBe(ErrorCode.thirdPartyEmptyResult);
  });
});

describe('the member lobby on its own (fake clock, fake back office)', () => {
  it('lets a token expire after an hour and answers an unknown transfer outcome 502 (37101), never a stack', async () => {
    const clock = manualClock('2026-11-27T12:00:00Z');
    let silent = false;
    const backOffice: BackOfficeClient = {
      lobbySignIn: async (request) => ({
        member: {
          accountId: '4242',
          level: 5,
          path: '/1/4242/',
          status: 1,
          teamStatus: 1,
          betStopped: false,
          betPaused: false,
          devices: { pc: true, h5: true, app: true },
          maxWin: 0n,
          winBlocked: false,
          exclusion: null,
          gameTypes: {},
        },
        loginId: request.loginId,
        nickname: 'N',
        balance: 100n,
      }),
      lobbyTransfer: async () => {
        if (silent) throw new BackOfficeSilent('lost');
        throw new Error('a bug with a secret inside');
      },
    };
    const app = Fastify();
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const wallets = { balance: async () => 0n } as unknown as Parameters<typeof registerMemberLobby>[1]['platform'];
    // No --site: a sign-in names its site or is refused.
    registerMemberLobby(app, { backOffice, platform: wallets, clock });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${url}/member/${path}`, { method: 'POST', body: JSON.stringify(body) });
      return { status: response.status, text: await response.text() };
    };
    try {
      expect(await post('sign-in', { loginId: 'm', password: 'p' })).toEqual({
        status: 400,
        text: JSON.stringify({ code: ErrorCode.missingParams, field: 'siteId' }),
      });
      const token = (JSON.parse((await post('sign-in', { siteId: 'demo', loginId: 'm', password: 'p' })).text) as { token: string }).token;
      const transfer = { token, requestId: 'r1', type: 'in', amount: '100' };
      expect(await post('transfers', transfer)).toEqual({ status: 500, text: JSON.stringify({ code: ErrorCode.unknownException }) });
      silent = true;
      expect(await post('transfers', transfer)).toEqual({ status: 502, text: JSON.stringify({ code: ErrorCode.thirdPartyEmptyResult }) });
      clock.advance(MEMBER_TOKEN_TTL_MS - 1);
      expect((await post('balance', { token })).status).toBe(200);
      clock.advance(1);
      expect(await post('balance', { token })).toEqual({ status: 401, text: JSON.stringify({ code: ErrorCode.authFailed }) });
    } finally {
      await app.close();
    }
  });
});

describe('npm run platform -- --site', () => {
  it("takes the key's site for the lobby, and refuses a site id the back office would not have", async () => {
    const args = ['--port', '0', '--back-office', 'http://127.0.0.1:3000', '--key-id', KEY_ID, '--secret-file', secretFile(SECRET)];
    expect(await parsePlatformArgs([...args, '--site', 'acme'], {})).toMatchObject({ site: 'acme', secret: SECRET });
    expect(await parsePlatformArgs(args, {})).not.toHaveProperty('site');
    await expect(parsePlatformArgs([...args, '--site', 'Acme_1'], {})).rejects.toThrow(PlatformArgsError);
  });
});
