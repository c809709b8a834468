/**
 * Sign-in and session hardening, tried as an attacker on loopback would. Each attack is kept
 * here with its bar: no more secrets
 * checked than a limit allows, no session surviving a change of credentials, no captcha solved
 * by guessing.
 *
 * The racing attacks run on PGlite in one process and, on PostgreSQL, split over two gateway
 * processes on one database.
 */
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_IP_LIMIT, NAME_CEILING } from '../../server/credentials/attempt-counters';
import { hashSecret } from '../../server/kernel/password';
import { recordOperation } from '../../server/kernel/operation-log';
import { createSession } from '../../server/kernel/session.store';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { rawRequest } from '../support/http-client';
import { runServerScript } from '../support/server-script';
import { testDatabaseKind } from '../support/test-database';
import { startTestGateway, type RpcAnswer, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
/** Where racing requests go: this process's gateway on PGlite, two gateway processes on PostgreSQL. */
let targets: string[];
const processes: GatewayProcess[] = [];

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  for (const loginId of [
    'racer01',
    'lock01',
    'lock02',
    'lock03',
    'lock04',
    'step01',
    'step02',
    'owner01',
    'text01',
    'replay01',
    'trust01',
    'mixed01',
    'mixed02',
    'mixed03',
    'mixed04',
  ]) {
    await gw.addAccount({ loginId, parent: 'admin', level: 1 });
  }
  // Room for the score ups below: the point limit caps a child's balance (20030).
  await gw.db.run(sql`UPDATE accounts SET point_limit = 100000000 WHERE login_id = 'text01'`);
  targets = [gw.url];
  if (testDatabaseKind() === 'postgres') {
    const env = { DATABASE_URL: gw.databaseUrl!, CAPTCHA: 'off' };
    processes.push(await startGatewayProcess(env), await startGatewayProcess(env));
    targets = processes.map((p) => p.url);
  }
});
afterAll(async () => {
  for (const p of processes) await p.stop('SIGKILL');
  await gw?.close();
});
beforeEach(async () => {
  gw.clock.set(new Date());
  await gw.db.run(sql`DELETE FROM attempt_counters`);
  await gw.db.run(sql`DELETE FROM login_log`);
});

let nextId = 1;
async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<RpcAnswer> {
  const res = await rawRequest(url, {
    path: '/api',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ztsLang: 'en', ...params } }),
  });
  return res.json as RpcAnswer;
}
/** The i-th racing request's gateway: they alternate between the processes. */
const target = (i: number) => targets[i % targets.length]!;
const signIn = (i: number, loginId: string, password: string, safeCode = '1234') =>
  rpc(target(i), 'gw.credit.agent.login', { loginId, password, safeCode });
const codeOf = (answer: RpcAnswer) => answer.error?.code;
const checked = async (loginId: string) =>
  Number(
    (await gw.db.one<{ n: string }>(sql`SELECT count(*) AS n FROM login_log WHERE login_id = ${loginId} AND code IN (2218, 2241)`))!.n,
  );

const pairTaken = async (loginId: string) =>
  (await gw.db.one<{ taken: number }>(sql`SELECT taken FROM attempt_counters WHERE scope = 'pair' AND login_key = ${loginId}`))?.taken ?? 0;

describe('a change of credentials ends every session, even of a sign-in racing it', () => {
  it('leaves no session made with the old password alive once a password change is done (4 racing threads, 4 rounds)', async () => {
    const passwords = ['Admin123', 'Racer456', 'Racer789', 'Racer012', 'Racer345'];
    let oldTokens = 0;
    for (let round = 0; round < 4; round++) {
      const [oldPassword, newPassword] = [passwords[round]!, passwords[round + 1]!];
      await gw.db.run(sql`DELETE FROM attempt_counters`);
      const changer = await gw.sessionFor('racer01');
      const tokens: string[] = [];
      let changed = false;
      // Each thread signs in with the old password until the gateway refuses it.
      const thread = async (t: number) => {
        for (let i = 0; i < 20; i++) {
          const answer = await signIn(t + i, 'racer01', oldPassword);
          if (answer.result) tokens.push((answer.result as { sessionId: string }).sessionId);
          else if (changed) return;
        }
      };
      const change = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 30 + round * 15));
        const answer = await rpc(target(round), 'gw.credit.user.password.update', {
          opsId: changer,
          oldPassword,
          newPassword,
          confirmPassword: newPassword,
        });
        expect(answer.result, JSON.stringify(answer.error)).toEqual({});
        changed = true;
      })();
      await Promise.all([change, thread(0), thread(1), thread(2), thread(3)]);
      oldTokens += tokens.length;
      const alive = [];
      for (const [i, token] of tokens.entries()) {
        const answer = await rpc(target(i), 'gw.credit.user.profile', { opsId: token });
        if (answer.result) alive.push(token);
      }
      expect(alive, `round ${round}: sessions made with the old password still alive`).toEqual([]);
      expect(codeOf(await signIn(round, 'racer01', oldPassword))).toBe(2218);
    }
    expect(oldTokens).toBeGreaterThan(0);
    await gw.db.run(sql`DELETE FROM attempt_counters`);
    expect((await signIn(0, 'racer01', passwords[4]!)).result).toBeDefined();
  });

  it('refuses a session made under an epoch that a change has since moved on, whatever the change', async () => {
    const account = await gw.db.one<{ id: string }>(sql`SELECT id::text FROM accounts WHERE login_id = 'owner01'`);
    const admin = await gw.sessionFor('admin');
    const changes: [string, () => Promise<RpcAnswer>][] = [
      [
        'password reset',
        () => gw.call('gw.credit.user.password.reset', { opsId: admin, userId: account!.id, password: 'Owner123', safeCode: '1234' }),
      ],
      ['freeze', () => gw.call('gw.credit.user.disable', { opsId: admin, userId: account!.id, mode: 'freeze' })],
      ['kick out', () => gw.call('gw.credit.user.logout', { opsId: admin, userId: account!.id })],
      ['line freeze', () => gw.call('gw.credit.agent.line.stop.right', { opsId: admin, userId: account!.id })],
      ['kill every session of the line', () => gw.call('gw.credit.user.session.all.kill', { opsId: admin, userId: account!.id })],
    ];
    const epoch = async () =>
      (await gw.db.one<{ e: number }>(sql`SELECT credentials_epoch AS e FROM accounts WHERE id = ${account!.id}`))!.e;
    for (const [name, change] of changes) {
      const before = await epoch();
      // A sign-in that read the account (and its epoch) before the change makes its session after it.
      expect((await change()).error, name).toBeUndefined();
      expect(await epoch(), name).toBeGreaterThan(before);
      await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1, force_pwd_update = false WHERE id = ${account!.id}`);
      const late = await createSession(gw.db, { siteId: 'demo', accountId: account!.id, epoch: before, now: gw.clock.now() });
      expect(codeOf(await gw.call('gw.credit.agent.level', { opsId: late })), name).toBe(2202);
      // A session made after the change is fine.
      const fresh = await createSession(gw.db, { siteId: 'demo', accountId: account!.id, now: gw.clock.now() });
      expect((await gw.call('gw.credit.agent.level', { opsId: fresh })).result, name).toEqual({ level: 1 });
    }
  });
});

describe('lockouts hold under parallel requests', () => {
  it('7 wrong sign-ins at once, then the right password 5 ms later: refused, 3 times of 3', async () => {
    for (const loginId of ['lock01', 'lock02', 'lock03']) {
      const wrong = Array.from({ length: 7 }, (_, i) => signIn(i, loginId, `Wrong${i}aa`));
      await new Promise((resolve) => setTimeout(resolve, 5));
      // Sent once the wrong ones hold their five slots (still being checked), however the two
      // processes ordered them: a name with five failures in flight is locked already.
      for (let waited = 0; waited < 3000 && (await pairTaken(loginId)) < 5; waited += 5)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const right = signIn(7, loginId, 'Admin123');
      const answers = await Promise.all([...wrong, right]);
      expect(codeOf(answers[7]!), loginId).toBe(2632);
      expect(answers.filter((a) => codeOf(a) === 2218)).toHaveLength(5);
      expect(await checked(loginId)).toBe(5);
    }
  });

  it('100 parallel wrong sign-ins check 5 passwords, not more', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(i, 'lock04', `Wrong${i}aa`)));
    expect(answers.filter((a) => codeOf(a) === 2218)).toHaveLength(5);
    expect(answers.filter((a) => codeOf(a) === 2632)).toHaveLength(95);
    expect(await checked('lock04')).toBe(5);
  });

  it('300 parallel failures from one IP check LOGIN_IP_LIMIT (50) passwords, not more', async () => {
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => signIn(i, `nobody${String(i).padStart(3, '0')}`, 'Wrong1aa')));
    expect(answers.filter((a) => codeOf(a) === 2218)).toHaveLength(50);
    const logged = await gw.db.one<{ n: string }>(sql`SELECT count(*) AS n FROM login_log WHERE code = 2218`);
    expect(Number(logged!.n)).toBe(50);
    // The owner of a real name cannot sign in from that IP either, until the window ends.
    expect(codeOf(await signIn(0, 'admin', 'Admin123'))).toBe(2632);
  });

  it('right and wrong sign-ins of a few names at once, from one IP: each answered, never a deadlock (code 0)', async () => {
    // A success gives its slots back while other attempts take theirs: both lock the same
    // counter rows (the IP's, each name's), and must do so in one order.
    for (let round = 0; round < 4; round++) {
      const names = ['mixed01', 'mixed02', 'mixed03', 'mixed04'];
      const answers = await Promise.all(
        Array.from({ length: 48 }, (_, i) => signIn(i, names[i % 4]!, i % 3 === 0 ? 'Admin123' : `Wrong${i}aa`)),
      );
      for (const answer of answers)
        expect(answer.result !== undefined || [2218, 2632].includes(codeOf(answer)!), JSON.stringify(answer)).toBe(true);
      await gw.db.run(sql`DELETE FROM attempt_counters`);
    }
  });

  it('41 parallel safe-code checks check 5 codes, or 5 more after the right one if it was among them', async () => {
    const token = await gw.sessionFor('step01');
    const codes = Array.from({ length: 41 }, (_, i) => (i === 40 ? '1234' : String(5000 + i)));
    const answers = await Promise.all(codes.map((safeCode, i) => rpc(target(i), 'gw.credit.safe.code.check', { opsId: token, safeCode })));
    const answered = answers.filter((a) => a.result);
    const valid = answered.filter((a) => (a.result as { valid: boolean }).valid);
    // The right code is the last sent, but parallel requests are checked in any order: at most it
    // was among the five checked. If it was, it ended the run of failures (settleAttempt "success"
    // gives its slots back), so up to five more may have been checked after it.
    expect(valid.length).toBeLessThanOrEqual(1);
    const checked = valid.length === 0 ? 5 : 10;
    expect(answered.length).toBeLessThanOrEqual(checked);
    expect(answers.filter((a) => codeOf(a) === 2632).length).toBeGreaterThanOrEqual(41 - checked);
    if (valid.length === 0)
      expect(codeOf(await rpc(target(0), 'gw.credit.safe.code.check', { opsId: token, safeCode: '1234' }))).toBe(2632);
  });
});

describe('one counter per account for password, safe code and old password', () => {
  it('locks after five wrong old passwords, and the sign-in from that IP with it', async () => {
    const token = await gw.sessionFor('step02');
    const change = (oldPassword: string) =>
      gw.call('gw.credit.user.password.update', { opsId: token, oldPassword, newPassword: 'Step0123', confirmPassword: 'Step0123' });
    for (let i = 0; i < 5; i++) expect(codeOf(await change(`Wrong${i}aa`)), `try ${i + 1}`).toBe(2232);
    expect(codeOf(await change('Admin123'))).toBe(2632);
    expect(codeOf(await gw.call('gw.credit.agent.login', { loginId: 'step02', password: 'Admin123', safeCode: '1234' }))).toBe(2632);
    // Each refusal is in the operation record, and so is the lock.
    const records = await gw.db.rows<{ level: string; code: number; summary: string }>(sql`SELECT level, code, summary FROM operation_log
      WHERE method = 'gw.credit.user.password.update' AND account_id = (SELECT id FROM accounts WHERE login_id = 'step02') ORDER BY id`);
    expect(records.filter((r) => r.code === 2232)).toHaveLength(5);
    expect(records.filter((r) => r.summary.startsWith('LOGIN_LOCKED step02'))).toHaveLength(1);
  });

  it('counts sign-in failures and wrong safe-code checks together: 3 + 2 lock', async () => {
    const token = await gw.sessionFor('step01');
    for (let i = 0; i < 3; i++)
      expect(codeOf(await gw.call('gw.credit.agent.login', { loginId: 'step01', password: `Wrong${i}aa`, safeCode: '1234' }))).toBe(2218);
    for (let i = 0; i < 2; i++)
      expect((await gw.call('gw.credit.safe.code.check', { opsId: token, safeCode: '9999' })).result).toEqual({ valid: false });
    expect(codeOf(await gw.call('gw.credit.safe.code.check', { opsId: token, safeCode: '1234' }))).toBe(2632);
    expect(codeOf(await gw.call('gw.credit.agent.login', { loginId: 'step01', password: 'Admin123', safeCode: '1234' }))).toBe(2632);
  });

  it('replays a password change by its key with the old password it carried, no longer the current one', async () => {
    const token = await gw.sessionFor('owner01');
    const params = { opsId: token, oldPassword: 'Admin123', newPassword: 'Owner456', confirmPassword: 'Owner456', requestKey: 'change-1' };
    // Compared before the old password: a mismatch changes nothing and counts no attempt.
    expect((await gw.call('gw.credit.user.password.update', { ...params, confirmPassword: 'Owner457' })).error).toMatchObject({
      code: 100,
      data: { field: 'confirmPassword', rule: 'password-mismatch' },
    });
    await gw.db.run(sql`UPDATE accounts SET password_hash = ${await hashSecret('Admin123')} WHERE login_id = 'owner01'`);
    const fresh = await gw.sessionFor('owner01');
    const first = await gw.call('gw.credit.user.password.update', { ...params, opsId: fresh });
    expect(first.result).toEqual({});
    // The session ended with the change; a new one replays the same key (the old password is no longer right).
    const again = await gw.sessionFor('owner01');
    expect((await gw.call('gw.credit.user.password.update', { ...params, opsId: again })).result).toEqual({});
    // Another old password is checked and counted, replay or not.
    expect(codeOf(await gw.call('gw.credit.user.password.update', { ...params, opsId: again, oldPassword: 'Wrong1aa' }))).toBe(2232);
    expect(await pairTaken('owner01')).toBe(1);
    await gw.db.run(sql`UPDATE accounts SET password_hash = ${await hashSecret('Admin123')} WHERE login_id = 'owner01'`);
  });
});

describe('a replayed key is no oracle for the safe code', () => {
  it('checks and counts the safe code of every replay: five wrong codes lock, and then the right one is answered like them', async () => {
    const token = await gw.sessionFor('replay01');
    const params = {
      opsId: token,
      loginId: 'replay01c',
      nickname: 'clerk',
      password: 'Clerk_123',
      accessCode: '1',
      requestKey: 'sub-add-1',
    };
    const add = (safeCode: string) => gw.call('gw.credit.subaccount.add', { ...params, safeCode });
    const first = await add('1234');
    expect(first.result).toMatchObject({ subAccountId: expect.any(String) });
    // The right code replays the first answer, and its check gives its slot back.
    expect((await add('1234')).result).toEqual(first.result);
    expect(await pairTaken('replay01')).toBe(0);
    const answers = new Map<string, RpcAnswer>();
    for (let code = 1220; code <= 1249; code++) answers.set(String(code), await add(String(code)));
    const codes = [...answers].map(([safeCode, answer]) => [safeCode, codeOf(answer)]);
    // Five wrong codes are checked and refused (2241); then the name is locked for this IP and
    // every replay, the right code's too, gets the wrong codes' 2632.
    expect(codes.slice(0, 5)).toEqual(['1220', '1221', '1222', '1223', '1224'].map((safeCode) => [safeCode, 2241]));
    expect(codes.slice(5).filter(([, code]) => code !== 2632)).toEqual([]);
    expect(answers.get('1234')!.error).toEqual(answers.get('1235')!.error);
    expect(await pairTaken('replay01')).toBe(5);
    expect(codeOf(await gw.call('gw.credit.agent.login', { loginId: 'replay01', password: 'Admin123', safeCode: '1234' }))).toBe(2632);
    const records = await gw.db.rows<{ code: number; summary: string }>(sql`SELECT code, summary FROM operation_log
      WHERE account_id = (SELECT id FROM accounts WHERE login_id = 'replay01') AND level = 'warn' ORDER BY id`);
    expect(records.filter((r) => r.code === 2241)).toHaveLength(5);
    expect(records.filter((r) => r.summary.startsWith('LOGIN_LOCKED replay01'))).toHaveLength(1);
    const subs = await gw.db.one<{ n: string }>(sql`SELECT count(*) AS n FROM sub_accounts WHERE login_id = 'replay01c'`);
    expect(Number(subs!.n)).toBe(1);
  });
});

describe('lockout without denial of service', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  let proxied: TestGateway;
  beforeAll(async () => {
    // One load balancer in front: the entry it appends is the visitor's IP.
    proxied = await startTestGateway({ captcha: false, trustProxy: 1, db: gw.db });
  });
  afterAll(async () => {
    await proxied.close();
  });
  const attempt = (ip: string, loginId: string, password: string) =>
    rpc(proxied.url, 'gw.credit.agent.login', { loginId, password, safeCode: '1234' }, from(ip));

  it('locks a name only for the IP that failed: the owner signs in from another', async () => {
    for (let i = 0; i < 5; i++) expect(codeOf(await attempt('198.51.100.7', 'admin', `Wrong${i}aa`))).toBe(2218);
    expect(codeOf(await attempt('198.51.100.7', 'admin', 'Admin123'))).toBe(2632);
    expect((await attempt('203.0.113.9', 'admin', 'Admin123')).result).toMatchObject({ loginId: 'admin' });
  });

  it('shows a locked name in the account list until its parent unlocks it', async () => {
    const admin = await gw.sessionFor('admin');
    const listed = async () =>
      (
        (await gw.call('gw.credit.agent.query', { opsId: admin, loginId: 'lock0', pageIndex: 1, pageSize: 10 })).result as {
          list: { loginId: string; userId: string; loginLocked: boolean }[];
        }
      ).list;
    expect((await listed()).every((row) => !row.loginLocked)).toBe(true);
    for (let i = 0; i < 5; i++) await attempt('198.51.100.8', 'lock02', `Wrong${i}aa`);
    const rows = await listed();
    expect(rows.filter((row) => row.loginLocked).map((row) => row.loginId)).toEqual(['lock02']);
    const lock02 = rows.find((row) => row.loginId === 'lock02')!;
    expect((await gw.call('gw.credit.user.unlock', { opsId: admin, userId: lock02.userId })).result).toMatchObject({
      userId: lock02.userId,
    });
    expect((await listed()).every((row) => !row.loginLocked)).toBe(true);
    expect((await attempt('198.51.100.8', 'lock02', 'Admin123')).result).toMatchObject({ loginId: 'lock02' });
  });

  it('slows a name down across IPs past its ceiling, one attempt per growing delay, and never for good', async () => {
    proxied.clock.set(gw.clock.now());
    for (let i = 0; i < NAME_CEILING; i++) {
      expect(codeOf(await attempt(`198.51.100.${10 + Math.floor(i / 4)}`, 'owner01', `Wrong${i}aa`))).toBe(2218);
    }
    expect(codeOf(await attempt('198.51.100.99', 'owner01', 'Wrong0aa'))).toBe(2218);
    // The next must wait a second, whoever sends it.
    expect(codeOf(await attempt('203.0.113.9', 'owner01', 'Admin123'))).toBe(2632);
    proxied.clock.advance(1000);
    expect((await attempt('203.0.113.9', 'owner01', 'Admin123')).result).toMatchObject({ loginId: 'owner01' });
  });

  it('lets the right secrets in past the ceiling only from an IP that signed the name in within 30 days; its failures still count', async () => {
    proxied.clock.set(gw.clock.now());
    const [home, oldHome, fresh] = ['192.0.2.44', '192.0.2.45', '203.0.113.50'];
    expect((await attempt(oldHome, 'trust01', 'Admin123')).result).toMatchObject({ loginId: 'trust01' });
    proxied.clock.advance(2 * 24 * 3600 * 1000);
    expect((await attempt(home, 'trust01', 'Admin123')).result).toMatchObject({ loginId: 'trust01' });
    // 29 days later the sign-in from home is within 30 days, the one from oldHome is not.
    proxied.clock.advance(29 * 24 * 3600 * 1000);
    for (let i = 0; i <= NAME_CEILING; i++) {
      expect(codeOf(await attempt(`198.51.100.${30 + Math.floor(i / 4)}`, 'trust01', `Wrong${i}aa`))).toBe(2218);
    }
    expect(codeOf(await attempt(fresh, 'trust01', 'Admin123'))).toBe(2632);
    expect(codeOf(await attempt(oldHome, 'trust01', 'Admin123'))).toBe(2632);
    const signedIn = (await attempt(home, 'trust01', 'Admin123')).result as { loginId: string; sessionId: string };
    expect(signedIn).toMatchObject({ loginId: 'trust01' });
    // The same holds for the safe-code checks of its session (one counter).
    const check = await rpc(proxied.url, 'gw.credit.safe.code.check', { opsId: signedIn.sessionId, safeCode: '1234' }, from(home));
    expect(check.result).toEqual({ valid: true });
    // Wrong passwords from home are counted and refused, and its own lock applies.
    for (let i = 0; i < 5; i++) expect(codeOf(await attempt(home, 'trust01', `Wrong${i}bb`))).toBe(2218);
    const pair = await gw.db.one<{ taken: number }>(
      sql`SELECT taken FROM attempt_counters WHERE scope = 'pair' AND login_key = 'trust01' AND ip = ${home}`,
    );
    expect(pair?.taken).toBe(5);
    expect(codeOf(await attempt(home, 'trust01', 'Admin123'))).toBe(2632);
    expect(codeOf(await attempt(fresh, 'trust01', 'Admin123'))).toBe(2632);
    proxied.clock.set(gw.clock.now());
  });

  it("lets another company main account lift a company account's lock; both are in the operation record", async () => {
    const second = await gw.db.one<{
      id: string;
    }>(sql`INSERT INTO accounts (site_id, parent_id, level, login_id, nickname, password_hash, safe_code_hash, first_login)
      SELECT site_id, NULL, 0, 'admin9', 'second admin', password_hash, safe_code_hash, false FROM accounts WHERE login_id = 'admin' AND site_id = 'demo'
      RETURNING id::text`);
    const adminId = (await gw.db.one<{ id: string }>(
      sql`SELECT id::text AS id FROM accounts WHERE login_id = 'admin' AND site_id = 'demo'`,
    ))!.id;
    const since = (await gw.db.one<{ id: string }>(sql`SELECT COALESCE(max(id), 0)::text AS id FROM operation_log`))!.id;
    for (let i = 0; i < 5; i++) await attempt('127.0.0.9', 'admin', `Wrong${i}aa`);
    expect(codeOf(await attempt('127.0.0.9', 'admin', 'Admin123'))).toBe(2632);
    const other = await gw.sessionFor('admin9');
    // Not a peer of a child: a company cannot unlock itself, an agent no company.
    expect(codeOf(await gw.call('gw.credit.user.unlock', { opsId: await gw.sessionFor('admin'), userId: adminId }))).toBe(20040);
    expect((await gw.call('gw.credit.user.unlock', { opsId: other, userId: adminId })).result).toMatchObject({
      userId: adminId,
      status: 1,
    });
    expect((await attempt('127.0.0.9', 'admin', 'Admin123')).result).toMatchObject({ loginId: 'admin' });
    const records = await gw.db.rows<{
      summary: string;
      account_id: string;
      level: string;
    }>(sql`SELECT summary, account_id::text, level FROM operation_log
      WHERE id > ${since} AND target_id = ${adminId} AND (summary LIKE 'LOGIN_LOCKED%' OR summary LIKE 'UNLOCK%') ORDER BY id`);
    expect(records.map((r) => [r.summary, r.level])).toEqual([
      ['LOGIN_LOCKED admin from 127.0.0.9', 'warn'],
      ['UNLOCK admin', 'normal'],
    ]);
    expect(records[1]!.account_id).toBe(second!.id);
    await gw.db.run(sql`DELETE FROM sessions WHERE account_id = ${second!.id}`);
    await gw.db.run(sql`DELETE FROM operation_log WHERE account_id = ${second!.id}`);
    await gw.db.run(sql`DELETE FROM accounts WHERE id = ${second!.id}`);
  });
});

const runUnlock = (env: Record<string, string>, args: string[]) => runServerScript('server/cli/unlock.ts', env, args);

describe('npm run unlock', () => {
  it('says how to use it (exit 2) and that there is no database (exit 2)', async () => {
    expect(await runUnlock({}, [])).toMatchObject({ code: 2, output: expect.stringContaining('Usage: npm run unlock -- <site> <login>') });
    expect(await runUnlock({ DATABASE_URL: '', DATA_DIR: '/nonexistent-unlock-dir' }, ['demo', 'admin'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('No database'),
    });
  });

  it.runIf(testDatabaseKind() === 'postgres')("lifts a company account's lock on the server, in the operation record", async () => {
    for (let i = 0; i < 5; i++) await signIn(0, 'admin', `Wrong${i}aa`);
    expect(codeOf(await signIn(0, 'admin', 'Admin123'))).toBe(2632);
    const done = await runUnlock({ DATABASE_URL: gw.databaseUrl! }, ['demo', 'ADMIN']);
    expect(done).toMatchObject({ code: 0, output: expect.stringContaining('Unlocked admin on demo.') });
    expect((await signIn(0, 'admin', 'Admin123')).result).toMatchObject({ loginId: 'admin' });
    const record = await gw.db.one<{ operator_login: string; summary: string; method: string }>(
      sql`SELECT operator_login, summary, method FROM operation_log WHERE method = 'system.unlock' ORDER BY id DESC LIMIT 1`,
    );
    expect(record).toEqual({ operator_login: 'server', summary: 'UNLOCK admin', method: 'system.unlock' });
    expect(await runUnlock({ DATABASE_URL: gw.databaseUrl! }, ['demo', 'nobody99'])).toMatchObject({
      code: 1,
      output: expect.stringContaining('No account'),
    });
  });
});

describe('TRUST_PROXY believes only the balancers', () => {
  it('counts a client that prepends forged addresses as the address its balancer saw', async () => {
    const limited = await startTestGateway({ captcha: false, trustProxy: 1, loginIpLimit: 3, db: gw.db });
    try {
      const send = (forwardedFor: string) =>
        rpc(
          limited.url,
          'gw.credit.agent.login',
          { loginId: 'nobody77', password: 'Wrong1aa', safeCode: '1234' },
          { 'x-forwarded-for': forwardedFor },
        );
      for (let i = 0; i < 3; i++) expect(codeOf(await send(`198.51.100.${i}, 203.0.113.7`))).toBe(2218);
      for (let i = 3; i < 8; i++) expect(codeOf(await send(`198.51.100.${i}, 203.0.113.7`))).toBe(2632);
      const ips = await gw.db.rows<{ ip: string }>(sql`SELECT DISTINCT ip FROM login_log WHERE login_id = 'nobody77'`);
      expect(ips).toEqual([{ ip: '203.0.113.7' }]);
      // Site IP blocks see the same address.
      await gw.db.run(sql`INSERT INTO site_ip_rules (site_id, kind, network) VALUES ('demo', 'block', '203.0.113.7/32')`);
      try {
        expect(codeOf(await send('198.51.100.1, 203.0.113.7'))).toBe(2251);
        expect(codeOf(await send('203.0.113.7, 198.51.100.1'))).toBe(2218);
      } finally {
        await gw.db.run(sql`DELETE FROM site_ip_rules`);
      }
    } finally {
      await limited.close();
    }
  });

  it("with the balancers' addresses, believes only what they appended", async () => {
    const listed = await startTestGateway({ captcha: false, trustProxy: ['127.0.0.1'], db: gw.db });
    try {
      expect((await rpc(listed.url, 'host.info', {}, { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' })).result).toMatchObject({
        ip: '203.0.113.7',
      });
      // Without a trusted proxy in front, the socket's address counts.
      expect((await rpc(gw.url, 'host.info', {}, { 'x-forwarded-for': '203.0.113.7' })).result).toMatchObject({ ip: '127.0.0.1' });
    } finally {
      await listed.close();
    }
  });
});

describe('the captcha is single-try and its checks are limited per IP', () => {
  let guarded: TestGateway;
  beforeAll(async () => {
    guarded = await startTestGateway({ captcha: true, db: gw.db });
  });
  afterAll(async () => {
    await guarded.close();
  });
  const newCaptcha = async () => (await guarded.call('gw.credit.captcha.check')).result as { captchaId: string };
  const codeOfCaptcha = async (id: string) => (await gw.db.one<{ code: string }>(sql`SELECT code FROM captchas WHERE id = ${id}`))!.code;

  it('a wrong check uses the captcha up; a right one leaves it for the sign-in', async () => {
    const right = await newCaptcha();
    const code = await codeOfCaptcha(right.captchaId);
    expect((await guarded.call('gw.credit.captcha.check', { captchaId: right.captchaId, captchaCode: code })).result).toEqual({
      valid: true,
    });
    expect(
      (
        await guarded.call('gw.credit.agent.login', {
          loginId: 'admin',
          password: 'Admin123',
          safeCode: '1234',
          captchaId: right.captchaId,
          captchaCode: code,
        })
      ).result,
    ).toBeDefined();
    const wrong = await newCaptcha();
    const wrongCode = await codeOfCaptcha(wrong.captchaId);
    expect((await guarded.call('gw.credit.captcha.check', { captchaId: wrong.captchaId, captchaCode: 'zzzz' })).result).toEqual({
      valid: false,
    });
    expect((await guarded.call('gw.credit.captcha.check', { captchaId: wrong.captchaId, captchaCode: wrongCode })).result).toEqual({
      valid: false,
    });
    expect(
      codeOf(
        await guarded.call('gw.credit.agent.login', {
          loginId: 'admin',
          password: 'Admin123',
          safeCode: '1234',
          captchaId: wrong.captchaId,
          captchaCode: wrongCode,
        }),
      ),
    ).toBe(2240);
  });

  it('guessing in batches solves no captcha: one guess per image, CAPTCHA_IP_LIMIT wrong guesses per IP', async () => {
    const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
    let solved = 0;
    let answeredFalse = 0;
    let refused = 0;
    const started = Date.now();
    // 40 batches of 50 guesses, each batch at one captcha, as a guessing attack sends them.
    for (let batch = 0; batch < 40 && Date.now() - started < 15_000; batch++) {
      const { captchaId } = await newCaptcha();
      const body = Array.from({ length: 50 }, (_, i) => ({
        jsonrpc: '2.0',
        id: i,
        method: 'gw.credit.captcha.check',
        params: {
          captchaId,
          captchaCode: Array.from({ length: 4 }, (_, k) => alphabet[((batch * 50 + i) * (k + 7)) % alphabet.length]).join(''),
        },
      }));
      const res = await rawRequest(guarded.url, {
        path: '/api',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      for (const answer of res.json as RpcAnswer[]) {
        if (answer.error?.code === 2632) refused++;
        else if ((answer.result as { valid: boolean }).valid) solved++;
        else answeredFalse++;
      }
    }
    expect(solved).toBe(0);
    expect(answeredFalse).toBe(CAPTCHA_IP_LIMIT);
    expect(refused).toBeGreaterThan(0);
    // Past the limit even a right code is refused from this IP, at the check and at sign-in.
    const { captchaId } = await newCaptcha();
    const code = await codeOfCaptcha(captchaId);
    expect(codeOf(await guarded.call('gw.credit.captcha.check', { captchaId, captchaCode: code }))).toBe(2632);
    expect(
      codeOf(
        await guarded.call('gw.credit.agent.login', {
          loginId: 'admin',
          password: 'Admin123',
          safeCode: '1234',
          captchaId,
          captchaCode: code,
        }),
      ),
    ).toBe(2632);
  });
});

describe('text params', () => {
  it('refuses unpaired surrogates (100) as it refuses NUL, before anything is written', async () => {
    const admin = await gw.sessionFor('admin');
    const child = (await gw.db.one<{ id: string }>(sql`SELECT id::text AS id FROM accounts WHERE login_id = 'text01'`))!.id;
    const balance = async () =>
      (await gw.db.one<{ balance: string }>(sql`SELECT balance::text FROM accounts WHERE id = ${child}`))!.balance;
    const before = await balance();
    const up = await gw.call('gw.credit.user.score.up', { opsId: admin, userId: child, amount: '1', comment: '\ud800x' });
    expect(up.error).toMatchObject({ code: 100, data: { field: 'comment', rule: 'unpaired-surrogate' } });
    expect((await gw.call('gw.credit.agent.profile.edit', { opsId: admin, userId: child, nickname: 'ab\udc00cd' })).error).toMatchObject({
      code: 100,
      data: { field: 'nickname', rule: 'unpaired-surrogate' },
    });
    expect(await balance()).toBe(before);
    // A well-formed pair (an emoji) is text like any other.
    expect(
      (await gw.call('gw.credit.user.score.up', { opsId: admin, userId: child, amount: '1', comment: 'ok \ud83d\ude00' })).result,
    ).toBeDefined();
  });

  it('names are NFC and must show something: no zero-width or bidi control characters', async () => {
    const admin = await gw.sessionFor('admin');
    const child = (await gw.db.one<{ id: string }>(sql`SELECT id::text AS id FROM accounts WHERE login_id = 'text01'`))!.id;
    const edit = (fields: Record<string, unknown>) => gw.call('gw.credit.agent.profile.edit', { opsId: admin, userId: child, ...fields });
    for (const nickname of ['\u200b\u200b\u200b\u200b', 'abc\u200bd', 'ab\u202ecd', 'admin\u2066x', '\u3164\u3164\u3164\u3164']) {
      const answer = await edit({ nickname });
      expect(answer.error?.code, JSON.stringify(nickname)).toBe(100);
      expect(answer.error?.data?.field).toBe('nickname');
      expect(['invisible-characters', 'no-visible-character']).toContain(answer.error?.data?.rule);
    }
    expect((await edit({ name: '\u200f' })).error).toMatchObject({ code: 100, data: { field: 'name', rule: 'invisible-characters' } });
    expect((await edit({ nickname: 'e\u0301cole' })).result).toBeDefined();
    const row = await gw.db.one<{ nickname: string }>(sql`SELECT nickname FROM accounts WHERE id = ${child}`);
    expect(row!.nickname).toBe('\u00e9cole');
  });

  it('writes the operation record whatever text a failing call held', async () => {
    await recordOperation(gw.db, {
      siteId: 'demo',
      accountId: (await gw.db.one<{ id: string }>(sql`SELECT id FROM accounts WHERE login_id = 'admin' AND site_id = 'demo'`))!.id,
      subAccountId: null,
      operatorLogin: 'admin',
      method: 'gw.credit.test.bad.text',
      summary: 'odd \ud800 summary\u0000',
      params: { comment: 'x\ud800y', nested: { z: '\u0000' } },
      ip: '127.0.0.1',
      level: 'error',
      code: 0,
      at: gw.clock.now(),
    });
    const row = await gw.db.one<{ summary: string; params: { comment: string; nested: { z: string } } }>(
      sql`SELECT summary, params FROM operation_log WHERE method = 'gw.credit.test.bad.text'`,
    );
    expect(row).toEqual({ summary: 'odd \ufffd summary', params: { comment: 'x\ufffdy', nested: { z: '' } } });
  });
});

describe('what a caller may learn', () => {
  it("shows the operator's IP only for operations of the caller or its downline", async () => {
    const admin = await gw.sessionFor('admin');
    const child = (await gw.db.one<{ id: string }>(sql`SELECT id::text AS id FROM accounts WHERE login_id = 'text01'`))!.id;
    expect((await gw.call('gw.credit.user.score.up', { opsId: admin, userId: child, amount: '2' })).result).toBeDefined();
    const asChild = await gw.call('gw.credit.score.log.query', { opsId: await gw.sessionFor('text01'), pageIndex: 1, pageSize: 50 });
    const rows = (asChild.result as { list: { operator: string; operatorIp: string }[] }).list;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.operator === 'admin').every((r) => r.operatorIp === '')).toBe(true);
    const asAdmin = await gw.call('gw.credit.score.log.query', { opsId: admin, userId: child, pageIndex: 1, pageSize: 50 });
    expect((asAdmin.result as { list: { operatorIp: string }[] }).list.every((r) => r.operatorIp === '127.0.0.1')).toBe(true);
  });

  it('node.version needs a session; the frame headers agree; openrpc.json names only hosts of the site', async () => {
    expect(codeOf(await gw.call('node.version'))).toBe(2202);
    expect((await gw.call('node.version', { opsId: await gw.sessionFor('admin') })).result).toMatchObject({ node: process.version });
    const doc = await gw.raw({ method: 'GET', path: '/api/openrpc.json', host: 'evil.example:8080' });
    expect(doc.headers['x-frame-options']).toBe('DENY');
    expect(String(doc.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect((doc.json as { servers: { url: string }[] }).servers[0]!.url).toBe('http://127.0.0.1:8080/api');
    const own = await gw.raw({ method: 'GET', path: '/api/openrpc.json', host: 'demo2.localhost:9000' });
    expect((own.json as { servers: { url: string }[] }).servers[0]!.url).toBe('http://demo2.localhost:9000/api');
    const discovered = await gw.call('rpc.discover', {}, { host: 'x"><script>.example' });
    expect((discovered.result as { servers: { url: string }[] }).servers[0]!.url).toBe('http://127.0.0.1/api');
  });
});
