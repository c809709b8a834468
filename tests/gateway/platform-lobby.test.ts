import type { AddressInfo } from 'node:net';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus } from '../../contract/account-levels.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { BACK_OFFICE_PLATFORM_PREFIX, backOfficeCalls, type BackOfficeCallName } from '../../contract/platform-api.contract';
import { withFaults, type Fault, type GamePlatform } from '../../server/platform/game-platform';
import { sitePlatforms } from '../../server/games/site-platforms';
import { signRequest } from '../../server/platform/request-signature';
import { REPAIR_AFTER_MS } from '../../server/points/game-transfers';
import { checkLedger } from '../../server/points/ledger-check';
import { platformApiServer } from '../../server/simulator/platform-server';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { setPlatform, SiteAdminRefusal } from '../../server/sites/site-admin.service';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// The platform -> back office direction: a platform served over HTTP with its own database is
// the platform of site `demo` (its `npm run site -- platform` row), and calls the gateway's
// /api/platform/lobby/... as its lobby would: sign-in checks and the members' transfers, which the
// gateway's default (per-site) platform sends back to it over HTTP.
const KEY = 'demo-platform';
const SECRET = 'the demo site secret for the lobby tests 0123456789';
const OTHER_KEY = 'demo2-platform';
const OTHER_SECRET = 'the demo2 site secret for the lobby tests 987654321';
const MEMBER_IP = '203.0.113.7';

let gw: TestGateway;
let platformDb: TestDatabase;
let server: ReturnType<typeof platformApiServer>;
let books: GamePlatform;
/** Faults of the platform server: its answer lost after it applied a call (a 500 to the back office). */
const faults: Fault[] = [];
let seq = 0;

beforeAll(async () => {
  platformDb = await createTestDatabase();
  books = simulatorPlatform(platformDb.db);
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  const keys: Record<string, string> = { [KEY]: SECRET, [OTHER_KEY]: OTHER_SECRET };
  server = platformApiServer({
    platform: withFaults(books, faults),
    keys: (keyId) => keys[keyId] ?? null,
    db: platformDb.db,
    clock: gw.clock,
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  await setPlatform(gw.db, 'demo', { kind: 'http', url, keyId: KEY, secret: SECRET }, gw.clock.now());
  await setPlatform(gw.db, 'demo2', { kind: 'http', url, keyId: OTHER_KEY, secret: OTHER_SECRET }, gw.clock.now());
});
afterAll(async () => {
  await gw?.close();
  await server?.close();
  await platformDb?.close();
});

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

/** A signed POST of the platform to the back office; `tamper` spoils one part of it. */
async function platformCall(
  name: BackOfficeCallName,
  body: Record<string, unknown>,
  options: { keyId?: string; secret?: string; at?: Date; nonce?: string; tamper?: 'signature' } = {},
): Promise<Answer> {
  const path = BACK_OFFICE_PLATFORM_PREFIX + backOfficeCalls[name].path;
  const text = JSON.stringify(body);
  const headers = signRequest({
    keyId: options.keyId ?? KEY,
    secret: options.secret ?? SECRET,
    method: 'POST',
    path,
    body: text,
    now: options.at ?? gw.clock.now(),
    ...(options.nonce ? { nonce: options.nonce } : {}),
  });
  if (options.tamper === 'signature')
    headers['x-platform-signature'] = headers['x-platform-signature']!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
  const response = await fetch(gw.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const signIn = (loginId: string, password = 'Admin123', ip = MEMBER_IP) =>
  platformCall('lobbySignIn', { siteId: 'demo', loginId, password, ip, device: 'lobby test' });
const move = (memberId: string, type: 'in' | 'out', amount: number, requestId = `R${++seq}`) =>
  platformCall('lobbyTransfer', { siteId: 'demo', requestId, memberId, type, amount: String(amount) });

async function balanceOf(id: string) {
  return BigInt((await gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE id = ${id}`))!.balance);
}
async function parentOf(loginId: string) {
  return (await gw.db.one<{ login_id: string }>(sql`SELECT p.login_id FROM accounts p JOIN accounts m ON m.parent_id = p.id
    WHERE m.site_id = 'demo' AND m.login_id = ${loginId}`))!.login_id;
}
async function scoreLogCount() {
  return (await gw.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM score_log WHERE site_id = 'demo'`))!.n;
}

describe('the sign-in check at the lobby', () => {
  it("answers the member, its rules and its points; the login log has the attempt from the member's address", async () => {
    const answer = await signIn('mb01010102001');
    expect(answer.status).toBe(200);
    const id = await gw.accountId('mb01010102001');
    expect(answer.json).toMatchObject({
      loginId: 'mb01010102001',
      balance: String(await balanceOf(id)),
      member: { accountId: id, level: 5, status: AccountStatus.normal, teamStatus: AccountStatus.normal },
    });
    const member = answer.json.member as { path: string; gameTypes: Record<string, { enabled: boolean; redLimit: string }> };
    expect(member.path).toMatch(new RegExp(`/${id}/$`));
    expect(Object.keys(member.gameTypes).length).toBeGreaterThan(0);
    const log = await gw.db.one<{ result: string; ip: string; terminal: string }>(
      sql`SELECT result, ip, terminal FROM login_log WHERE account_id = ${id} ORDER BY id DESC LIMIT 1`,
    );
    expect(log).toEqual({ result: 'ok', ip: MEMBER_IP, terminal: 'lobby' });
  });

  it("counts wrong passwords with the back office's sign-in: five lock the name, for the lobby and the back office alike", async () => {
    const parent = await parentOf('mb01010102001');
    await gw.addAccount({ loginId: 'lobbylock1', parent, level: 5 });
    // The member's address at the lobby is the one the back office sees here (the test's loopback).
    for (let i = 0; i < 4; i += 1)
      expect((await signIn('lobbylock1', 'Wrong999', '127.0.0.1')).json).toEqual({ code: ErrorCode.wrongCredentials });
    expect((await signIn('lobbylock1', 'Wrong999', '127.0.0.1')).json).toEqual({ code: ErrorCode.wrongCredentials });
    // Locked: the right password is refused at the lobby, and at the back office's sign-in.
    expect((await signIn('lobbylock1', 'Admin123', '127.0.0.1')).json).toEqual({ code: ErrorCode.tooFrequentAccess });
    expect((await gw.login('lobbylock1')).error?.code).toBe(ErrorCode.tooFrequentAccess);
    const locked = await gw.db.one<{ summary: string }>(
      sql`SELECT summary FROM operation_log WHERE summary LIKE 'LOGIN_LOCKED lobbylock1%'`,
    );
    expect(locked?.summary).toBe('LOGIN_LOCKED lobbylock1 from 127.0.0.1');

    // The other way: failures at the back office lock the name at the lobby.
    await gw.addAccount({ loginId: 'lobbylock2', parent, level: 5 });
    for (let i = 0; i < 5; i += 1)
      expect((await gw.login('lobbylock2', { password: 'Wrong999' })).error?.code).toBe(ErrorCode.wrongCredentials);
    expect((await signIn('lobbylock2', 'Admin123', '127.0.0.1')).json).toEqual({ code: ErrorCode.tooFrequentAccess });
    // From another address the name is not locked (the pair counter is per address).
    expect((await signIn('lobbylock2', 'Admin123', MEMBER_IP)).status).toBe(200);
  });

  it('refuses a disabled or frozen member, a member of a disabled or frozen line, an agent, an unknown name', async () => {
    const parent = await parentOf('mb01010102001');
    await gw.addAccount({ loginId: 'lobbyoff1', parent, level: 5, status: AccountStatus.disabled });
    await gw.addAccount({ loginId: 'lobbyice1', parent, level: 5, status: AccountStatus.frozen });
    const grand = (await gw.db.one<{ login_id: string }>(sql`SELECT g.login_id FROM accounts g JOIN accounts p ON p.parent_id = g.id
      WHERE p.site_id = 'demo' AND p.login_id = ${parent}`))!.login_id;
    await gw.addAccount({ loginId: 'lobbyagoff', parent: grand, level: 4, teamStatus: AccountStatus.disabled });
    await gw.addAccount({ loginId: 'lobbylnoff', parent: 'lobbyagoff', level: 5 });
    await gw.addAccount({ loginId: 'lobbyagice', parent: grand, level: 4, teamStatus: AccountStatus.frozen });
    await gw.addAccount({ loginId: 'lobbylnice', parent: 'lobbyagice', level: 5 });
    expect((await signIn('lobbyoff1')).json).toEqual({ code: ErrorCode.accountDisabled });
    expect((await signIn('lobbyice1')).json).toEqual({ code: ErrorCode.targetStatusForbidsScore });
    expect((await signIn('lobbylnoff')).json).toEqual({ code: ErrorCode.agentLineLocked });
    expect((await signIn('lobbylnice')).json).toEqual({ code: ErrorCode.agentLineFrozen });
    expect((await signIn(parent)).json).toEqual({ code: ErrorCode.memberNotFound });
    expect((await signIn('nosuchname')).json).toEqual({ code: ErrorCode.wrongCredentials });
    expect((await signIn(parent)).status).toBe(409);
  });
});

describe('transfers asked for at the lobby', () => {
  it('moves points in (applied once per request id), then out; both books and the score log agree', async () => {
    // A member of the demo with points enough, none of this file's others.
    const member = String(
      (await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND level = 5 AND status = 1
        AND balance >= 20000 AND login_id NOT IN ('mb01010101002', 'mb01010101003') ORDER BY id LIMIT 1`))!.id,
    );
    const before = await balanceOf(member);
    const at = { siteId: 'demo', memberId: member };
    const first = await move(member, 'in', 12_000, 'lobby-in-1');
    expect(first).toEqual({
      status: 200,
      json: { transferId: 'LB-lobby-in-1', type: 'in', state: 'done', balance: String(before - 12_000n) },
    });
    expect(await books.balance(at)).toBe(12_000n);
    const row = await gw.db.one<{ state: string; amount: string | number; game_session: string }>(
      sql`SELECT state, amount, game_session FROM score_log WHERE site_id = 'demo' AND transfer_id = 'LB-lobby-in-1'`,
    );
    expect(row).toMatchObject({ state: 'done', game_session: 'LB-lobby-in-1' });
    expect(Number(row!.amount)).toBe(12_000);
    expect(await gw.db.one(sql`SELECT 1 FROM game_sessions WHERE session_id = 'LB-lobby-in-1' AND ended_at IS NULL`)).toBeDefined();

    // The same request again: the same answer, nothing moves; the id with another amount: refused.
    const rows = await scoreLogCount();
    expect(await move(member, 'in', 12_000, 'lobby-in-1')).toEqual(first);
    expect(await move(member, 'in', 12_001, 'lobby-in-1')).toEqual({ status: 409, json: { code: ErrorCode.thirdPartyEmptyResult } });
    expect(await scoreLogCount()).toBe(rows);
    expect(await books.balance(at)).toBe(12_000n);
    expect(await balanceOf(member)).toBe(before - 12_000n);

    expect(await move(member, 'out', 12_001)).toEqual({ status: 409, json: { code: ErrorCode.platformBalanceLow } });
    const out = await move(member, 'out', 12_000, 'lobby-out-1');
    expect(out).toEqual({ status: 200, json: { transferId: 'LB-lobby-out-1', type: 'out', state: 'done', balance: String(before) } });
    expect(await move(member, 'out', 12_000, 'lobby-out-1')).toEqual(out);
    expect(await books.balance(at)).toBe(0n);
    expect(await balanceOf(member)).toBe(before);
    expect(await gw.db.one(sql`SELECT 1 FROM game_sessions WHERE session_id = 'LB-lobby-in-1' AND ended_at IS NOT NULL`)).toBeDefined();
  });

  it('applies a request delivered twice at once once: both deliveries answer the one transfer', async () => {
    const member = await gw.accountId('mb01010102003');
    const before = await balanceOf(member);
    const answers = await Promise.all([move(member, 'in', 900, 'twice-1'), move(member, 'in', 900, 'twice-1')]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ transferId: 'LB-twice-1', type: 'in' });
      expect(['pending', 'done']).toContain(answer.json.state);
    }
    expect(await balanceOf(member)).toBe(before - 900n);
    expect(await books.balance({ siteId: 'demo', memberId: member })).toBe(900n);
    expect((await move(member, 'in', 900, 'twice-1')).json).toMatchObject({ state: 'done' });
    expect((await move(member, 'out', 900)).json).toMatchObject({ state: 'done', balance: String(before) });
  });

  it('refuses what the transfer path refuses: too many points, not a member of the site', async () => {
    const member = await gw.accountId('mb01010101002');
    const points = await balanceOf(member);
    expect(await move(member, 'in', Number(points) + 1)).toEqual({ status: 409, json: { code: ErrorCode.targetBalanceLow } });
    const elsewhere = await gw.accountId(
      (await gw.db.one<{ login_id: string }>(sql`SELECT login_id FROM accounts
      WHERE site_id = 'demo2' AND level = 5 ORDER BY id LIMIT 1`))!.login_id,
      'demo2',
    );
    expect(await move(elsewhere, 'in', 100)).toEqual({ status: 409, json: { code: ErrorCode.accountNotFound } });
    expect(await balanceOf(member)).toBe(points);
  });

  it("refuses a bad signature, another site's key, an old timestamp, a replayed nonce (37100) and a switched-off site (2250): nothing changes", async () => {
    const member = await gw.accountId('mb01010101003');
    const before = await balanceOf(member);
    const rows = await scoreLogCount();
    const body = { siteId: 'demo', requestId: 'refused-1', memberId: member, type: 'in', amount: '1000' };
    const signature = { status: 401, json: { code: ErrorCode.thirdPartySignature } };
    expect(await platformCall('lobbyTransfer', body, { tamper: 'signature' })).toEqual(signature);
    expect(await platformCall('lobbyTransfer', body, { secret: OTHER_SECRET })).toEqual(signature);
    expect(await platformCall('lobbyTransfer', body, { keyId: OTHER_KEY, secret: OTHER_SECRET })).toEqual(signature);
    expect(await platformCall('lobbyTransfer', body, { keyId: 'no-such-key' })).toEqual(signature);
    expect(await platformCall('lobbyTransfer', body, { at: new Date(gw.clock.now().getTime() - 6 * 60_000) })).toEqual(signature);
    expect(
      await platformCall(
        'lobbySignIn',
        { siteId: 'demo', loginId: 'mb01010101003', password: 'Admin123', ip: MEMBER_IP },
        { keyId: OTHER_KEY, secret: OTHER_SECRET },
      ),
    ).toEqual(signature);
    const nonce = 'lobby-replay-nonce-0001';
    const signedOnce = { siteId: 'demo', loginId: 'mb01010101003', password: 'Admin123', ip: MEMBER_IP };
    expect((await platformCall('lobbySignIn', signedOnce, { nonce })).status).toBe(200);
    expect(await platformCall('lobbySignIn', signedOnce, { nonce })).toEqual(signature);
    await gw.db.run(sql`UPDATE sites SET disabled = true WHERE id = 'demo2'`);
    const other = { siteId: 'demo2', loginId: 'whoever', password: 'Admin123', ip: MEMBER_IP };
    expect(await platformCall('lobbySignIn', other, { keyId: OTHER_KEY, secret: OTHER_SECRET })).toEqual({
      status: 409,
      json: { code: ErrorCode.siteMaintenance },
    });
    await gw.db.run(sql`UPDATE sites SET disabled = false WHERE id = 'demo2'`);
    // Bad bodies: a catalogue code, no stack.
    expect(await platformCall('lobbyTransfer', { ...body, amount: '12.5' })).toEqual({
      status: 400,
      json: { code: ErrorCode.invalidParams },
    });
    expect(await balanceOf(member)).toBe(before);
    expect(await scoreLogCount()).toBe(rows);
    expect(await books.balance({ siteId: 'demo', memberId: member })).toBe(0n);
  });

  it('answers a transfer whose platform answer was lost as pending, never guessed; asked again after the repair, done', async () => {
    const member = await gw.accountId('mb01010102002');
    const before = await balanceOf(member);
    faults.push({ call: 'transferIn', when: 'after' });
    expect(await move(member, 'in', 700, 'lost-1')).toEqual({
      status: 200,
      json: { transferId: 'LB-lost-1', type: 'in', state: 'pending', balance: String(before - 700n) },
    });
    // Another transfer of the member waits for this one to settle.
    expect(await move(member, 'out', 700)).toEqual({ status: 409, json: { code: ErrorCode.repairTooEarly } });
    gw.clock.advance(REPAIR_AFTER_MS + 1_000);
    const admin = await gw.sessionFor('admin');
    expect(await gw.rpc('gw.credit.transfer.repair', { opsId: admin, transferId: 'LB-lost-1' })).toMatchObject({ state: 'done' });
    expect((await move(member, 'in', 700, 'lost-1')).json).toMatchObject({ state: 'done', balance: String(before - 700n) });
    expect(await books.balance({ siteId: 'demo', memberId: member })).toBe(700n);
    expect((await move(member, 'out', 700)).json).toMatchObject({ state: 'done', balance: String(before) });
  });

  it('leaves the ledger of the site whole', async () => {
    const report = await checkLedger(gw.db, { siteId: 'demo' });
    expect(report.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual([]);
  });
});

describe('the published description', () => {
  it('lists the lobby calls as webhooks of the OpenAPI document, with their paths on the back office', async () => {
    const response = await gw.raw({ method: 'GET', path: '/api/platform/openapi.json' });
    const document = response.json as { webhooks: Record<string, { 'x-path': string; post: { operationId: string } }> };
    expect(Object.keys(document.webhooks)).toEqual(Object.keys(backOfficeCalls));
    expect(document.webhooks.lobbySignIn).toMatchObject({ 'x-path': '/api/platform/lobby/sign-in', post: { operationId: 'lobbySignIn' } });
    expect(JSON.stringify(document)).not.toContain(SECRET);
  });
});

describe('the per-site platform', () => {
  it("sends an embedded site's calls to the embedded platform and an HTTP site's to its adapter", async () => {
    const seen: string[] = [];
    const fake = (label: string): GamePlatform =>
      new Proxy({} as GamePlatform, {
        // Not a thenable: `then` stays undefined, so awaiting the platform answers the platform itself.
        get: (_target, method: string) =>
          method === 'then'
            ? undefined
            : async (call?: { siteId?: string }) => {
                seen.push(`${label}.${method}(${call?.siteId ?? ''})`);
                return method === 'readFeed' || method === 'games' ? [] : { balance: 0n };
              },
      });
    const connections: string[] = [];
    const platformFor = sitePlatforms({
      embedded: () => fake('embedded'),
      now: () => gw.clock.now(),
      http: (connection) => {
        connections.push(`${connection.keyId} ${connection.baseUrl}`);
        return fake('http');
      },
    });
    // A key id names one site: demo's key for demo2 is refused, and demo2 keeps its own.
    const url = (await gw.db.one<{ url: string }>(sql`SELECT url FROM site_platforms WHERE site_id = 'demo'`))!.url;
    await expect(setPlatform(gw.db, 'demo2', { kind: 'http', url, keyId: KEY, secret: OTHER_SECRET }, gw.clock.now())).rejects.toThrow(
      SiteAdminRefusal,
    );
    expect(await gw.db.one(sql`SELECT key_id FROM site_platforms WHERE site_id = 'demo2'`)).toEqual({ key_id: OTHER_KEY });
    await setPlatform(gw.db, 'demo2', { kind: 'embedded' }, gw.clock.now());
    const platform = platformFor(gw.db);
    const call = { transferId: 'X1', memberId: '1', amount: 1n, now: gw.clock.now() };
    await platform.transferIn({ ...call, siteId: 'demo' });
    await platform.transferIn({ ...call, siteId: 'demo2' });
    await platform.balance({ siteId: 'no-row-site', memberId: '1' });
    await platform.readFeed({ after: '0', limit: 1 });
    expect(seen).toEqual(['http.transferIn(demo)', 'embedded.transferIn(demo2)', 'embedded.balance(no-row-site)', 'embedded.readFeed()']);
    expect(connections).toEqual([
      `${KEY} ${(await gw.db.one<{ url: string }>(sql`SELECT url FROM site_platforms WHERE site_id = 'demo'`))!.url}`,
    ]);
  });
});
