import { freePort } from '../support/free-port';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { httpPlatform } from '../../server/platform/http-platform';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { rawRequest } from '../support/http-client';
import { startPlatformProcess, type PlatformProcess } from '../support/platform-process';
import { runServerScript } from '../support/server-script';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../support/test-database';
import { secretFile } from '../support/secret-file';

// A site going live from nothing, as an operator and a member would go through it, every step a
// process or an HTTP call: on a fresh empty database without the demo, `npm run site -- add` makes
// the site acme; its one-time password signs in at Host bo.acme.test and must be changed; the
// company adds a line down to a member and gives it points; `npm run platform` runs and `npm run
// site -- platform` connects it; `npm run platform:check` passes against it; the member signs in at
// the platform's lobby, moves points in, plays (its bets reach the back office through the
// gateway's feed ingest), moves them out; `npm run ledger:check` passes.
//
// PostgreSQL only, the database a site goes live on (a fresh clone, with PostgreSQL): on PGlite the
// first command migrates an empty folder from nothing, which alone takes 15 to 40 s, and the whole
// file 90 s and more on a busy machine. What PGlite adds is covered elsewhere: `npm run site` on an
// empty PGlite folder (site-cli.test.ts), the platform process on PGlite (platform-process.test.ts)
// and its member lobby (platform-member-lobby.test.ts). The steps still run in the order PGlite
// would need (the site commands before the gateway starts, ledger:check after it stops), so the
// flow is the one an operator on either database follows.

const HOST = 'bo.acme.test';
const KEY_ID = 'acme-bo';
const SECRET = 'the-acme-site-secret-of-the-going-live-test-0123';
const PASSWORD = 'Line2026x';
const SAFE_CODE = '4321';

let env: Record<string, string>;
let platformEnv: Record<string, string>;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
let gateway: GatewayProcess | undefined;
let platform: PlatformProcess | undefined;

beforeAll(async () => {
  if (testDatabaseKind() !== 'postgres') return;
  const backOffice = await createEmptyPostgresDatabase();
  const books = await createEmptyPostgresDatabase();
  cleanups.push(
    () => backOffice.drop(),
    () => books.drop(),
  );
  // Without DEMO: a PostgreSQL database gets no demo unless DEMO=on.
  env = { DATABASE_URL: backOffice.url, DEMO: '' };
  platformEnv = { PLATFORM_DATABASE_URL: books.url };
}, 60_000);

afterAll(async () => {
  await gateway?.stop();
  await platform?.stop();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const site = (...args: string[]) => runServerScript('server/cli/site.ts', env, args);

interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number };
}

/** A JSON-RPC call at the site's host, as its back office screen makes it. */
async function call(method: string, params: Record<string, unknown>): Promise<RpcAnswer> {
  const response = await rawRequest(gateway!.url, {
    path: '/api',
    host: HOST,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return response.json as RpcAnswer;
}
async function rpc(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await call(method, params);
  if (!answer.result) throw new Error(`${method} refused: ${JSON.stringify(answer.error)}`);
  return answer.result;
}
const signIn = (loginId: string, password: string, safeCode: string) =>
  call('gw.credit.agent.login', { loginId, password, safeCode, terminal: 7, fingerOSModel: 'going-live' });

/** A first sign-in: the password and safe code someone else set must be changed before anything else. */
async function firstSignIn(loginId: string, password: string): Promise<string> {
  const first = await signIn(loginId, password, '0000');
  expect(first.result, loginId).toMatchObject({ firstLogin: '1' });
  const forced = first.result!.sessionId as string;
  expect((await call('gw.credit.agent.level', { opsId: forced })).error?.code).toBe(ErrorCode.notAuthorized);
  await rpc('gw.credit.user.password.force.update', {
    opsId: forced,
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
    safeCode: SAFE_CODE,
  });
  const second = await signIn(loginId, PASSWORD, SAFE_CODE);
  expect(second.result, loginId).toMatchObject({ firstLogin: '0', forcePwdUpdate: '0' });
  return second.result!.sessionId as string;
}

async function lobby(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${platform!.url}/member/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, string> };
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(300);
  }
}

// PostgreSQL only: why at the top of the file.
describe.runIf(testDatabaseKind() === 'postgres')('going live', () => {
  it('a new site, its platform over HTTP, a member who moves points in, plays and moves them out; the ledger holds', async () => {
    // The platform, pointed at the back office's address-to-be, starts while the site is made (the
    // two are independent until the site is pointed at the platform; side by side saves a start).
    const port = await freePort();
    const backOffice = `http://127.0.0.1:${port}`;
    const [added, started] = await Promise.all([
      // The site, on a database nobody has used: its company's one-time password and the safe code 0000.
      site('add', 'acme', '--host', HOST, '--title', 'Acme'),
      startPlatformProcess(
        // A busy platform: a member with points there sits down at the next tick.
        [
          '--port',
          '0',
          '--back-office',
          backOffice,
          '--key-id',
          KEY_ID,
          '--secret-file',
          secretFile(SECRET),
          '--seed',
          'going-live',
          '--rate',
          '600',
        ],
        platformEnv,
      ),
    ]);
    platform = started;
    expect(added.code, added.output).toBe(0);
    const oneTime = /password:\s+(\S+)/.exec(added.output)?.[1] ?? '';
    expect(oneTime).toMatch(/^[A-Za-z0-9]{6,15}$/);
    // Its banner names the lobby and the back office it calls (no "none yet" any more).
    expect(platform.output()).toMatch(/Lobby:\s+http:\/\/127\.0\.0\.1:\d+\/ {2}\(POST \/member\/sign-in, \/member\/transfers, /);
    expect(platform.output()).toContain(
      `Back office:  ${backOffice}  (the lobby's sign-ins and transfers: POST /api/platform/lobby/sign-in`,
    );
    expect(platform.output()).not.toMatch(/none yet/);
    const connected = await site('platform', 'acme', '--url', platform.url, '--key-id', KEY_ID, '--secret-file', secretFile(SECRET));
    expect(connected.code, connected.output).toBe(0);

    gateway = await startGatewayProcess({ ...env, PORT: String(port), CAPTCHA: 'off' });
    expect(gateway.output()).toMatch(/no demo play/);
    // The demo's password is nobody's here.
    expect((await signIn('admin', 'Admin123', '1234')).error?.code).toBe(ErrorCode.wrongCredentials);

    // The company signs in with the one-time password, must change it, then builds a line down to a member.
    const company = await firstSignIn('admin', oneTime);
    await rpc('gw.credit.score.issue', { opsId: company, amount: '10000' });
    let parent = company;
    for (const level of [1, 2, 3, 4]) {
      const loginId = `acmeag${level}`;
      const { userId } = await rpc('gw.credit.agent.add', {
        opsId: parent,
        loginId,
        nickname: loginId,
        password: 'Start2026a',
        pointLimit: '10000',
        agentCommisionRate: 90 - level * 10,
        validAmountRate: 0,
      });
      await rpc('gw.credit.user.score.up', { opsId: parent, userId, amount: String(6000 - level * 1000) });
      parent = await firstSignIn(loginId, 'Start2026a');
    }
    const agent = parent;
    const { userId: member } = (await rpc('gw.credit.user.add', {
      opsId: agent,
      loginId: 'acmeplayer1',
      nickname: 'Player One',
      password: 'Play2026a',
      pointLimit: '5000',
    })) as { userId: string };
    await rpc('gw.credit.user.score.up', { opsId: agent, userId: member, amount: '1000' });
    // The live games closed for the site (pushed to the platform): the member plays slots, whose spins settle at once.
    const games = (await rpc('gw.credit.game.list', { opsId: company })).list as { gameCode: string; gameType: string }[];
    for (const game of games.filter((g) => g.gameType === 'live')) {
      await rpc('gw.credit.game.switch', { opsId: company, gameCode: game.gameCode, open: false });
    }

    // The conformance check against the running platform.
    const check = await runServerScript('server/cli/platform-check.ts', {}, [
      '--url',
      platform.url,
      '--key-id',
      KEY_ID,
      '--secret-file',
      secretFile(SECRET),
    ]);
    expect(check.code, check.output).toBe(0);
    expect(check.output).not.toMatch(/^fail/m);

    // The member at the platform's lobby: the back office checks its name and password.
    expect(await lobby('sign-in', { siteId: 'acme', loginId: 'acmeplayer1', password: 'Wrong2026a' })).toEqual({
      status: 409,
      json: { code: ErrorCode.wrongCredentials },
    });
    const signedIn = await lobby('sign-in', { siteId: 'acme', loginId: 'acmeplayer1', password: 'Play2026a' });
    expect(signedIn).toMatchObject({ status: 200, json: { siteId: 'acme', memberId: member, balance: '100000', wallet: '0' } });
    const token = signedIn.json.token!;
    const moved = await lobby('transfers', { token, requestId: 'acme-in-1', type: 'in', amount: '50000' });
    expect(moved).toEqual({
      status: 200,
      json: { transferId: 'LB-acme-in-1', type: 'in', state: 'done', balance: '50000', wallet: '50000' },
    });
    const profile = async () => (await rpc('gw.credit.user.profile', { opsId: agent, userId: member })).balance;
    expect(await profile()).toBe('500.00');

    // It plays at the platform; the gateway's background work reads the site's feed every 3 s.
    const now = Date.now();
    const betsAtBackOffice = async () =>
      (
        (await rpc('gw.credit.bet.query', {
          opsId: company,
          userId: member,
          startTime: new Date(now - 3_600_000).toISOString(),
          endTime: new Date(now + 3_600_000).toISOString(),
          pageIndex: 1,
          pageSize: 500,
        })) as { list: { orderId: string; status: string }[] }
      ).list;
    await until('bets at the back office', betsAtBackOffice, (list) => list.length > 0);

    // Its bets paused (pushed): it stands up at its next turn, and its wallet stays still.
    await rpc('gw.credit.user.bet.pause', { opsId: agent, userId: member });
    const books = httpPlatform({ baseUrl: platform.url, keyId: KEY_ID, secret: SECRET });
    await until(
      'members seated',
      async () => (await books.lobby({ siteId: 'acme', now: new Date() })).players,
      (n) => n === 0,
    );

    // Every bet of the platform's feed stored once at the back office, as it stands there.
    const feedBets = async () => {
      const last = new Map<string, string>();
      for (const item of await books.readFeed({ after: '0', limit: 10_000, siteId: 'acme' })) {
        if (item.kind === 'bet' && item.bet.memberId === member) last.set(item.bet.orderId, item.bet.status);
      }
      return last;
    };
    const atPlatform = await feedBets();
    expect(atPlatform.size).toBeGreaterThan(0);
    const stored = await until(
      'the feed stored',
      betsAtBackOffice,
      (list) => list.length === atPlatform.size && list.every((bet) => atPlatform.get(bet.orderId) === bet.status),
    );
    expect(new Set(stored.map((bet) => bet.orderId)).size).toBe(stored.length);

    // Out with what it has left there.
    const wallet = (await lobby('balance', { token })).json.wallet!;
    if (wallet !== '0') {
      const out = await lobby('transfers', { token, requestId: 'acme-out-1', type: 'out', amount: wallet });
      expect(out.json).toMatchObject({ transferId: 'LB-acme-out-1', type: 'out', state: 'done', wallet: '0' });
      expect(out.json.balance).toBe(String(50_000n + BigInt(wallet)));
    }
    expect((await lobby('balance', { token })).json.wallet).toBe('0');

    // The ledger, checked by the operator's command once the server has stopped (as PGlite would need).
    expect(await gateway.stop()).toBe(0);
    gateway = undefined;
    const ledger = await runServerScript('server/cli/ledger-check.ts', env, ['--site', 'acme']);
    expect(ledger.code, ledger.output).toBe(0);
  }, 180_000);
});
