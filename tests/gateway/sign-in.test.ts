import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type RpcAnswer, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
  await gw.addAccount({ loginId: 'major01', parent: 'admin', level: 1 });
  await gw.addAccount({ loginId: 'share01', parent: 'major01', level: 2 });
  await gw.addAccount({ loginId: 'general01', parent: 'share01', level: 3 });
  await gw.addAccount({ loginId: 'agent01', parent: 'general01', level: 4 });
  await gw.addAccount({ loginId: 'member01', parent: 'agent01', level: 5 });
  await gw.addAccount({ loginId: 'fresh01', parent: 'admin', level: 1, firstLogin: true });
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  gw.clock.set(new Date());
  await gw.db.run(sql`DELETE FROM attempt_counters`);
  await gw.db.run(sql`DELETE FROM login_log`);
  await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1`);
});

const newCaptcha = async () => (await gw.call('gw.credit.captcha.check')).result as { captchaId: string; image: string; expiresAt: string };
const codeOf = async (captchaId: string) =>
  (await gw.db.one<{ code: string }>(sql`SELECT code FROM captchas WHERE id = ${captchaId}`))!.code;
const loginWith = async (params: Record<string, unknown>) => {
  const captcha = await newCaptcha();
  return gw.call('gw.credit.agent.login', {
    captchaId: captcha.captchaId,
    captchaCode: await codeOf(captcha.captchaId),
    safeCode: '1234',
    ztsLang: 'en',
    ...params,
  });
};
const codeOfAnswer = (answer: RpcAnswer) => answer.error?.code;

describe('gw.credit.captcha.check', () => {
  it('makes a single-use SVG captcha that expires in two minutes', async () => {
    const captcha = await newCaptcha();
    expect(captcha.captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(captcha.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(captcha.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(new Date(captcha.expiresAt).getTime() - gw.clock.now().getTime()).toBe(120_000);
  });

  it('checks a code without using it up, case-insensitively', async () => {
    const { captchaId } = await newCaptcha();
    const code = await codeOf(captchaId);
    expect((await gw.call('gw.credit.captcha.check', { captchaId, captchaCode: code.toUpperCase() })).result).toEqual({ valid: true });
    expect((await gw.call('gw.credit.captcha.check', { captchaId, captchaCode: code })).result).toEqual({ valid: true });
    expect((await gw.call('gw.credit.captcha.check', { captchaId, captchaCode: 'zzzz' })).result).toEqual({ valid: false });
    gw.clock.advance(120_000);
    expect((await gw.call('gw.credit.captcha.check', { captchaId, captchaCode: code })).result).toEqual({ valid: false });
  });

  it("is not valid on another site's host", async () => {
    const { captchaId } = await newCaptcha();
    const code = await codeOf(captchaId);
    expect((await gw.call('gw.credit.captcha.check', { captchaId, captchaCode: code }, { host: 'demo2.localhost' })).result).toEqual({
      valid: false,
    });
  });

  it('asks for the missing half of a check (700) and refuses a malformed id (100)', async () => {
    expect((await gw.call('gw.credit.captcha.check', { captchaId: '6f1c2b1e-3c1d-4a51-9a5e-0d2f5c1b7a10' })).error).toMatchObject({
      code: 700,
      data: { field: 'captchaCode' },
    });
    expect((await gw.call('gw.credit.captcha.check', { captchaCode: 'abcd' })).error).toMatchObject({
      code: 700,
      data: { field: 'captchaId' },
    });
    expect((await gw.call('gw.credit.captcha.check', { captchaId: 'nope', captchaCode: 'abcd' })).error).toMatchObject({
      code: 100,
      data: { field: 'captchaId' },
    });
  });
});

describe('gw.credit.user.first.login.check', () => {
  const check = (params: Record<string, unknown>) => gw.call('gw.credit.user.first.login.check', params);

  it('answers no name without a session: an existing one, a first-login one and an unknown one get the same refusal', async () => {
    const answers = await Promise.all(['admin', 'FRESH01', 'nobody99'].map((loginId) => check({ loginId })));
    expect(answers.map((answer) => answer.error?.code)).toEqual([2202, 2202, 2202]);
    expect(answers.every((answer) => answer.result === undefined)).toBe(true);
  });

  it('answers a session about its own login only (any case); another name is 20002 whether it exists or not', async () => {
    const admin = await gw.sessionFor('admin');
    expect((await check({ opsId: admin, loginId: 'ADMIN' })).result).toEqual({ firstLogin: '0' });
    const fresh = await gw.sessionFor('fresh01');
    await gw.db.run(sql`UPDATE accounts SET first_login = true WHERE site_id = 'demo' AND login_id = 'fresh01'`);
    expect((await check({ opsId: fresh, loginId: 'fresh01' })).result).toEqual({ firstLogin: '1' });
    for (const loginId of ['fresh01', 'major01', 'nobody99']) expect((await check({ opsId: admin, loginId })).error?.code).toBe(20002);
    expect((await check({ opsId: admin })).error).toMatchObject({ code: 700, data: { field: 'loginId' } });
  });
});

describe('gw.credit.agent.login', () => {
  it('answers the session fields, a new token each time, and logs the attempt', async () => {
    const first = await gw.login('admin');
    expect(first.result).toMatchObject({
      loginId: 'admin',
      forcePwdUpdate: '0',
      sn: 'demo',
      status: 1,
      sessionType: 1,
      isMain: true,
      level: 0,
      firstLogin: '0',
      teamStatus: 1,
      accessCode: [1, 2, 3, 4, 5, 6, 7, 8, 11],
    });
    const session = first.result as { sessionId: string; userId: string; mainUserId: string };
    expect(session.mainUserId).toBe(session.userId);
    expect(Buffer.from(session.sessionId, 'base64url').length).toBeGreaterThanOrEqual(16);
    const second = (await gw.login('admin')).result as { sessionId: string };
    expect(second.sessionId).not.toBe(session.sessionId);
    for (const token of [session.sessionId, second.sessionId]) {
      expect((await gw.call('gw.credit.agent.level', { opsId: token })).result).toEqual({ level: 0 });
    }
    // Only a hash of the token is stored.
    const stored = await gw.db.rows<{ token_hash: Uint8Array }>(sql`SELECT token_hash FROM sessions`);
    expect(stored.some((row) => Buffer.from(row.token_hash).toString('base64url') === session.sessionId)).toBe(false);

    const log = await gw.db.rows<{
      login_id: string;
      result: string;
      ip: string;
      region: string;
      terminal: string;
      device: string;
      account_id: unknown;
    }>(sql`SELECT login_id, result, ip, region, terminal, device, account_id FROM login_log ORDER BY id`);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ login_id: 'admin', result: 'ok', ip: '127.0.0.1', region: 'LAN', terminal: '7', device: 'test-device' });
    expect(String(log[0]!.account_id)).toBe(session.userId);
    const lastLogin = await gw.db.one<{ last_login_at: unknown }>(sql`SELECT last_login_at FROM accounts WHERE login_id = 'admin'`);
    expect(lastLogin!.last_login_at).not.toBeNull();
  });

  it('gives a wrong password and an unknown name the same 2218 answer, logged either way', async () => {
    const wrong = await loginWith({ loginId: 'admin', password: 'Admin124' });
    const unknown = await loginWith({ loginId: 'nobody99', password: 'Admin123' });
    expect(wrong.error).toEqual({ code: 2218, message: 'Username or password wrong', data: { attemptsLeft: 4 } });
    expect(unknown.error).toEqual(wrong.error);
    const log = await gw.db.rows<{ login_id: string; code: number; account_id: unknown }>(
      sql`SELECT login_id, code, account_id FROM login_log ORDER BY id`,
    );
    expect(log.map((r) => [r.login_id, r.code])).toEqual([
      ['admin', 2218],
      ['nobody99', 2218],
    ]);
    expect(log[0]!.account_id).not.toBeNull();
    expect(log[1]!.account_id).toBeNull();
  });

  it('refuses a wrong, missing, used or expired captcha with 2240', async () => {
    const captcha = await newCaptcha();
    const code = await codeOf(captcha.captchaId);
    const attempt = (captchaCode: string | undefined) =>
      gw.call('gw.credit.agent.login', {
        loginId: 'admin',
        password: 'Admin123',
        safeCode: '1234',
        captchaId: captcha.captchaId,
        captchaCode,
        ztsLang: 'en',
      });
    expect((await attempt('zzzz')).error).toEqual({ code: 2240, message: 'Verification code error' });
    // The wrong attempt used it up: the right code no longer works.
    expect(codeOfAnswer(await attempt(code))).toBe(2240);
    expect(codeOfAnswer(await gw.call('gw.credit.agent.login', { loginId: 'admin', password: 'Admin123', safeCode: '1234' }))).toBe(2240);
    const late = await newCaptcha();
    gw.clock.advance(120_001);
    expect(
      codeOfAnswer(
        await gw.call('gw.credit.agent.login', {
          loginId: 'admin',
          password: 'Admin123',
          safeCode: '1234',
          captchaId: late.captchaId,
          captchaCode: await codeOf(late.captchaId),
        }),
      ),
    ).toBe(2240);
  });

  it('skips the captcha where the site does not require it', async () => {
    await gw.db.run(sql`UPDATE sites SET captcha_required = false WHERE id = 'demo'`);
    try {
      expect((await gw.call('gw.credit.agent.login', { loginId: 'admin', password: 'Admin123', safeCode: '1234' })).result).toBeDefined();
    } finally {
      await gw.db.run(sql`UPDATE sites SET captcha_required = true WHERE id = 'demo'`);
    }
  });

  it('refuses a wrong safe code with 2241', async () => {
    expect((await loginWith({ loginId: 'admin', password: 'Admin123', safeCode: '4321' })).error).toEqual({
      code: 2241,
      message: 'Two-factor verification failed!',
      data: { attemptsLeft: 4 },
    });
  });

  it('refuses a disabled account with 2217 and an account in a disabled line with 2242, but lets a frozen line in', async () => {
    await gw.db.run(sql`UPDATE accounts SET status = 4 WHERE login_id = 'agent01'`);
    expect((await loginWith({ loginId: 'agent01', password: 'Admin123' })).error).toEqual({
      code: 2217,
      message: 'Account disabled, please contact customer service',
    });
    // A wrong password still answers 2218: the status is only told to whoever knows the password.
    expect(codeOfAnswer(await loginWith({ loginId: 'agent01', password: 'Wrong123' }))).toBe(2218);
    await gw.db.run(sql`UPDATE accounts SET status = 1`);
    await gw.db.run(sql`UPDATE accounts SET team_status = 4 WHERE login_id = 'share01'`);
    expect((await loginWith({ loginId: 'agent01', password: 'Admin123' })).error).toEqual({
      code: 2242,
      message: 'Agent line locked. Please try again after activating!',
    });
    expect(codeOfAnswer(await loginWith({ loginId: 'major01', password: 'Admin123' }))).toBeUndefined();
    await gw.db.run(sql`UPDATE accounts SET team_status = 6 WHERE login_id = 'share01'`);
    expect((await loginWith({ loginId: 'agent01', password: 'Admin123' })).result).toMatchObject({ teamStatus: 6, level: 4 });
  });

  it('never lets a member (level 5) into the back office', async () => {
    expect(codeOfAnswer(await loginWith({ loginId: 'member01', password: 'Admin123' }))).toBe(2218);
  });

  it('lets only the company main accounts in during maintenance (2250 for others, once their credentials check), and nobody from a blocked IP (2251)', async () => {
    const now = gw.clock.now().getTime();
    await gw.db.run(
      sql`UPDATE sites SET maintenance_start = ${new Date(now - 1000)}, maintenance_end = ${new Date(now + 60_000)} WHERE id = 'demo'`,
    );
    // The sign-in form stays usable (the company may come in to end the window early).
    expect((await gw.call('gw.credit.captcha.check')).result).toHaveProperty('captchaId');
    expect(codeOfAnswer(await loginWith({ loginId: 'major01', password: 'Admin123' }))).toBe(2250);
    expect(codeOfAnswer(await loginWith({ loginId: 'major01', password: 'Wrong1aa' }))).toBe(2218);
    expect((await loginWith({ loginId: 'admin', password: 'Admin123' })).result).toHaveProperty('sessionId');
    const log = await gw.db.one<{ result: string; code: number }>(
      sql`SELECT result, code FROM login_log WHERE login_id = 'major01' AND result = 'maintenance' ORDER BY id DESC LIMIT 1`,
    );
    expect(log).toEqual({ result: 'maintenance', code: 2250 });
    await gw.db.run(sql`UPDATE sites SET maintenance_start = NULL, maintenance_end = NULL`);
    await gw.db.run(sql`INSERT INTO site_ip_rules (site_id, kind, network) VALUES ('demo', 'block', '127.0.0.1/32')`);
    expect(codeOfAnswer(await gw.call('gw.credit.agent.login', { loginId: 'admin', password: 'Admin123', safeCode: '1234' }))).toBe(2251);
    await gw.db.run(sql`DELETE FROM site_ip_rules`);
  });
});

describe('lockout', () => {
  it('answers 2218 to failures 1-5 with the attempts left, then 2632 (rule login-locked) for 15 minutes even with the right password', async () => {
    for (let i = 1; i <= 5; i++) {
      const { error } = await loginWith({ loginId: 'major01', password: `Wrong${i}aa` });
      expect(error?.code, `failure ${i}`).toBe(2218);
      expect(error?.data, `failure ${i}`).toEqual(i === 5 ? { attemptsLeft: 0, retryAfter: 900 } : { attemptsLeft: 5 - i });
    }
    expect((await loginWith({ loginId: 'major01', password: 'Admin123' })).error).toEqual({
      code: 2632,
      message: 'Too frequent access, please try again later',
      data: { rule: 'login-locked', retryAfter: 900 },
    });
    gw.clock.advance(14 * 60_000);
    expect((await loginWith({ loginId: 'major01', password: 'Admin123' })).error).toMatchObject({
      code: 2632,
      data: { rule: 'login-locked', retryAfter: 60 },
    });
    // Another name is not affected.
    expect((await loginWith({ loginId: 'share01', password: 'Admin123' })).result).toBeDefined();
    gw.clock.advance(60_001);
    expect((await loginWith({ loginId: 'major01', password: 'Admin123' })).result).toMatchObject({ loginId: 'major01' });
  });

  it('counts only failures in a row: a success starts again', async () => {
    for (let i = 0; i < 4; i++) await loginWith({ loginId: 'major01', password: 'Wrong1aa' });
    expect((await loginWith({ loginId: 'major01', password: 'Admin123' })).result).toBeDefined();
    for (let i = 0; i < 4; i++) await loginWith({ loginId: 'major01', password: 'Wrong1aa' });
    expect((await loginWith({ loginId: 'major01', password: 'Admin123' })).result).toBeDefined();
  });

  it('locks an unknown name the same way, so a lock never tells whether a name exists', async () => {
    for (let i = 0; i < 5; i++)
      expect((await loginWith({ loginId: 'ghost99', password: 'Wrong1aa' })).error).toMatchObject({
        code: 2218,
        data: { attemptsLeft: 4 - i },
      });
    expect((await loginWith({ loginId: 'ghost99', password: 'Wrong1aa' })).error).toMatchObject({
      code: 2632,
      data: { rule: 'login-locked' },
    });
  });

  it('counts wrong safe codes too', async () => {
    for (let i = 0; i < 5; i++)
      expect((await loginWith({ loginId: 'major01', password: 'Admin123', safeCode: '0000' })).error).toMatchObject({
        code: 2241,
        data: { attemptsLeft: 4 - i },
      });
    expect(codeOfAnswer(await loginWith({ loginId: 'major01', password: 'Admin123' }))).toBe(2632);
  });
});

describe('per-IP limit', () => {
  it('answers 2632 to every sign-in from an IP past LOGIN_IP_LIMIT failures in 10 minutes', async () => {
    const limited = await startTestGateway({ loginIpLimit: 3 });
    try {
      const attempt = async (loginId: string, password: string) => {
        const captcha = (await limited.call('gw.credit.captcha.check')).result as { captchaId: string };
        const row = await limited.db.one<{ code: string }>(sql`SELECT code FROM captchas WHERE id = ${captcha.captchaId}`);
        return limited.call('gw.credit.agent.login', {
          loginId,
          password,
          safeCode: '1234',
          captchaId: captcha.captchaId,
          captchaCode: row!.code,
        });
      };
      for (const name of ['nameone', 'nametwo', 'namethree']) expect(codeOfAnswer(await attempt(name, 'Wrong1aa'))).toBe(2218);
      // The address's limit is "too frequent", not a lock of the name.
      expect((await attempt('admin', 'Admin123')).error).toMatchObject({ code: 2632 });
      expect((await attempt('admin', 'Admin123')).error?.data).toBeUndefined();
      limited.clock.advance(10 * 60_000 + 1);
      expect((await attempt('admin', 'Admin123')).result).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('gives an IP at most CAPTCHA_ISSUE_LIMIT captcha images in 10 minutes (2632 after), another IP its own, and a sign-in goes on', async () => {
    const limited = await startTestGateway({ captchaIssueLimit: 3 });
    try {
      const issue = (remoteAddress = '127.0.0.1') =>
        limited
          .inject({
            method: 'POST',
            url: '/api',
            remoteAddress,
            headers: { 'content-type': 'application/json', host: 'localhost' },
            payload: { jsonrpc: '2.0', id: 1, method: 'gw.credit.captcha.check', params: {} },
          })
          .then((res) => res.json() as RpcAnswer);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(((await issue()).result as { captchaId: string }).captchaId);
      const countImages = async () => (await limited.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM captchas`))!.n;
      const before = await countImages();
      expect((await issue()).error?.code).toBe(2632);
      expect(await countImages()).toBe(before);
      expect((await issue('203.0.113.9')).result).toMatchObject({ captchaId: expect.any(String) });
      // The images already given still sign in.
      const row = await limited.db.one<{ code: string }>(sql`SELECT code FROM captchas WHERE id = ${ids[2]}`);
      const signIn = await limited.call('gw.credit.agent.login', {
        loginId: 'admin',
        password: 'Admin123',
        safeCode: '1234',
        captchaId: ids[2],
        captchaCode: row!.code,
      });
      expect(signIn.result).toBeDefined();
      limited.clock.advance(10 * 60_000 + 1);
      expect((await issue()).result).toMatchObject({ captchaId: expect.any(String) });
    } finally {
      await limited.close();
    }
  });

  it('skips the captcha with CAPTCHA=off', async () => {
    const open = await startTestGateway({ captcha: false });
    try {
      expect((await open.call('gw.credit.agent.login', { loginId: 'admin', password: 'Admin123', safeCode: '1234' })).result).toBeDefined();
    } finally {
      await open.close();
    }
  });
});
