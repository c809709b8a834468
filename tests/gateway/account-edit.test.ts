import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let ma01: string;
let ag: string;

const idOf = async (loginId: string, siteId = 'demo') =>
  String((await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND login_id = ${loginId}`))!.id);
/** Everything an edit may change, as stored: to show that a refusal changed nothing. */
const stored = async (loginId: string) => ({
  account: await gw.db
    .one(sql`SELECT nickname, name, phone, tel, wechat, point_limit::text, agent_commision_rate, valid_amount_rate, max_win::text,
      password_hash, safe_code_hash, force_pwd_update FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`),
  settings: await gw.db
    .rows(sql`SELECT g.game_type, g.betting_ratio, g.agent_rate, g.agent_to_company_limit::text, g.spread, g.red_limit::text, g.enabled
      FROM game_settings g JOIN accounts a ON a.id = g.account_id WHERE a.site_id = 'demo' AND a.login_id = ${loginId} ORDER BY g.game_type`),
});
const profileOf = async (opsId: string, loginId: string) =>
  (await gw.call('gw.credit.user.profile', { opsId, userId: await idOf(loginId) })).result as Record<string, unknown> & {
    gameSettings: Record<string, unknown>[];
  };
const edit = async (opsId: string, loginId: string, params: Record<string, unknown>, method = 'gw.credit.agent.profile.edit') =>
  gw.call(method, { opsId, userId: await idOf(loginId), ...params });
const lastOperation = async () =>
  (await gw.db.one<{ method: string; summary: string; level: string }>(
    sql`SELECT method, summary, level FROM operation_log ORDER BY id DESC LIMIT 1`,
  ))!;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  ma01 = await gw.sessionFor('ma01');
  ag = await gw.sessionFor('ag01010101');
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1 WHERE site_id = 'demo'`);
});

// Seeded limits: ma01 50,000,000.00 / share 90 / ratio 1.1; sh0101 10,000,000.00 / 80 / 1.0;
// its children ga010101 and ga010102 5,000,000.00 / 70 / 0.9; game settings follow each account's.
describe('agent.profile.edit', () => {
  it("changes a direct child agent's fields and game settings, within its parent's and above its children's", async () => {
    const userId = await idOf('sh0101');
    const answer = await edit(ma01, 'sh0101', {
      nickname: ' Edited One ',
      name: 'Zhang',
      phone: '13800000000',
      wechat: 'zhang_w',
      pointLimit: '8000000.50',
      agentCommisionRate: 85,
      validAmountRate: '1.05',
      gameSettings: [
        {
          gameType: 'live',
          bettingRatio: 1.1,
          agentRate: 90,
          agentToCompanyLimit: '9000000',
          spread: 0.5,
          redLimit: '50000',
          enabled: false,
        },
      ],
    });
    expect(answer).toMatchObject({ result: { userId } });
    const profile = await profileOf(ma01, 'sh0101');
    expect(profile).toMatchObject({
      nickname: 'Edited One',
      name: 'Zhang',
      phone: '13800000000',
      tel: '',
      wechat: 'zhang_w',
      pointLimit: '8000000.50',
      agentCommisionRate: 85,
      validAmountRate: 1.05,
    });
    expect(profile.gameSettings).toEqual([
      {
        gameType: 'live',
        bettingRatio: 1.1,
        agentRate: 90,
        agentToCompanyLimit: '9000000.00',
        // The agent's open bill period against it (company-limit.test.ts checks the amounts).
        agentToCompanyUsed: expect.any(String),
        agentToCompanyReached: false,
        spread: 0.5,
        redLimit: '50000.00',
        enabled: false,
      },
      // The profile's rates are defaults for new game settings: the existing ones keep theirs.
      {
        gameType: 'electronic',
        bettingRatio: 1,
        agentRate: 80,
        agentToCompanyLimit: '10000000.00',
        agentToCompanyUsed: expect.any(String),
        agentToCompanyReached: false,
        spread: 0,
        redLimit: '0.00',
        enabled: true,
      },
    ]);
    expect(await lastOperation()).toMatchObject({
      method: 'gw.credit.agent.profile.edit',
      level: 'normal',
      summary: 'EDIT sh0101: nickname, name, phone, wechat, pointLimit, agentCommisionRate, validAmountRate, gameSettings.live',
    });
  });

  it('accepts the bounds themselves, and an edit that changes nothing', async () => {
    expect((await edit(ma01, 'sh0102', { pointLimit: '50000000', agentCommisionRate: 90, validAmountRate: 1.1 })).error).toBeUndefined();
    expect((await edit(ma01, 'sh0102', { pointLimit: '5000000', agentCommisionRate: 70, validAmountRate: 0.9 })).error).toBeUndefined();
    const before = await stored('sh0102');
    expect((await edit(ma01, 'sh0102', {})).result).toEqual({ userId: await idOf('sh0102') });
    expect(await lastOperation()).toMatchObject({ summary: 'EDIT sh0102: no change' });
    expect((await edit(ma01, 'sh0102', { pointLimit: '5000000.00', gameSettings: [{ gameType: 'live' }] })).error).toBeUndefined();
    expect(await stored('sh0102')).toEqual(before);
  });

  it('refuses a value above the parent\'s (100 "above-parent") naming the field, and changes nothing', async () => {
    const before = await stored('sh0101');
    const cases: [Record<string, unknown>, string][] = [
      [{ pointLimit: '50000000.01' }, 'pointLimit'],
      [{ agentCommisionRate: 90.01 }, 'agentCommisionRate'],
      [{ validAmountRate: 1.11 }, 'validAmountRate'],
      [{ gameSettings: [{ gameType: 'live', agentRate: 91 }] }, 'gameSettings.live.agentRate'],
      [{ gameSettings: [{ gameType: 'electronic', bettingRatio: 1.2 }] }, 'gameSettings.electronic.bettingRatio'],
      [{ gameSettings: [{ gameType: 'live', agentToCompanyLimit: '50000000.01' }] }, 'gameSettings.live.agentToCompanyLimit'],
    ];
    for (const [params, field] of cases) {
      expect((await edit(ma01, 'sh0101', { nickname: 'never saved', ...params })).error, field).toMatchObject({
        code: 100,
        data: { field, rule: 'above-parent' },
      });
    }
    expect(await stored('sh0101')).toEqual(before);
  });

  it('refuses a value below a child\'s (100 "below-child"), so no child is left above its parent', async () => {
    const before = await stored('sh0101');
    const cases: [Record<string, unknown>, string][] = [
      [{ pointLimit: '4999999.99' }, 'pointLimit'],
      [{ agentCommisionRate: 69.99 }, 'agentCommisionRate'],
      [{ validAmountRate: 0.89 }, 'validAmountRate'],
      [{ gameSettings: [{ gameType: 'electronic', bettingRatio: 0.89 }] }, 'gameSettings.electronic.bettingRatio'],
      [{ gameSettings: [{ gameType: 'live', agentRate: 69 }] }, 'gameSettings.live.agentRate'],
      [{ gameSettings: [{ gameType: 'live', agentToCompanyLimit: '4999999' }] }, 'gameSettings.live.agentToCompanyLimit'],
    ];
    for (const [params, field] of cases) {
      expect((await edit(ma01, 'sh0101', { nickname: 'never saved', ...params })).error, field).toMatchObject({
        code: 100,
        data: { field, rule: 'below-child' },
      });
    }
    expect(await stored('sh0101')).toEqual(before);
    // One child raised is enough to hold the parent up.
    await gw.db.run(sql`UPDATE accounts SET point_limit = 600000000 WHERE login_id = 'ga010102' AND site_id = 'demo'`);
    expect((await edit(ma01, 'sh0101', { pointLimit: '5500000' })).error).toMatchObject({
      data: { field: 'pointLimit', rule: 'below-child' },
    });
    await gw.db.run(sql`UPDATE accounts SET point_limit = 500000000 WHERE login_id = 'ga010102' AND site_id = 'demo'`);
  });

  it('refuses a game type twice (100), a member (20011 "not-an-agent"), and bad params', async () => {
    expect((await edit(ma01, 'sh0101', { gameSettings: [{ gameType: 'live' }, { gameType: 'live', spread: 1 }] })).error).toMatchObject({
      code: 100,
      data: { field: 'gameSettings', rule: 'duplicate-game-type' },
    });
    // The gateway's own adds never put a member under a general agent; the rule still holds.
    await gw.addAccount({ loginId: 'mbunderga', parent: 'ga010101', level: 5 });
    const before = await stored('mbunderga');
    expect((await edit(await gw.sessionFor('ga010101'), 'mbunderga', { nickname: 'never saved' })).error).toMatchObject({
      code: 20011,
      data: { rule: 'not-an-agent' },
    });
    expect(await stored('mbunderga')).toEqual(before);
    expect((await edit(ma01, 'sh0101', { nickname: 'abc' })).error).toMatchObject({
      code: 100,
      data: { field: 'nickname', rule: 'nickname-length' },
    });
    expect((await edit(ma01, 'sh0101', { pointLimit: '1.001' })).error).toMatchObject({ code: 100, data: { field: 'pointLimit' } });
    expect((await edit(ma01, 'sh0101', { agentCommisionRate: 100.5 })).error).toMatchObject({
      code: 100,
      data: { field: 'agentCommisionRate' },
    });
  });

  it('keeps the invariant under concurrent edits of a parent and its child', async () => {
    const sh = await gw.sessionFor('sh0102');
    const reset = sql`UPDATE accounts SET point_limit = CASE login_id WHEN 'sh0102' THEN 1000000000 ELSE 500000000 END
      WHERE login_id IN ('sh0102', 'ga010201') AND site_id = 'demo'`;
    for (let round = 0; round < 6; round++) {
      await gw.db.run(reset);
      const limit = 6_000_000 - round;
      const answers = await Promise.all([
        edit(ma01, 'sh0102', { pointLimit: String(limit) }),
        edit(sh, 'ga010201', { pointLimit: String(limit + 1) }),
      ]);
      // Whichever commits first, the other one would leave the child above its parent.
      expect(
        answers.filter((answer) => answer.error).map((answer) => answer.error!.data?.rule),
        `round ${round}`,
      ).toHaveLength(1);
      const rows = await gw.db.rows<{ login_id: string; point_limit: string }>(
        sql`SELECT login_id, point_limit::text FROM accounts WHERE login_id IN ('sh0102', 'ga010201') AND site_id = 'demo'`,
      );
      const of = (loginId: string) => Number(rows.find((row) => row.login_id === loginId)!.point_limit);
      expect(of('ga010201')).toBeLessThanOrEqual(of('sh0102'));
    }
    await gw.db.run(reset);
  });
});

describe('user.profile.edit', () => {
  it('changes a member of the calling agent, its maximum win included', async () => {
    const answer = await edit(
      ag,
      'mb01010101001',
      {
        nickname: 'lucky member',
        maxWin: '5000.50',
        pointLimit: '200000',
        validAmountRate: 0.75,
        gameSettings: [{ gameType: 'electronic', bettingRatio: 0.8, enabled: false }],
      },
      'gw.credit.user.profile.edit',
    );
    expect(answer.result).toEqual({ userId: await idOf('mb01010101001') });
    const profile = await profileOf(ag, 'mb01010101001');
    expect(profile).toMatchObject({ nickname: 'lucky member', maxWin: '5000.50', pointLimit: '200000.00', validAmountRate: 0.75 });
    expect(profile.gameSettings[1]).toMatchObject({ gameType: 'electronic', bettingRatio: 0.8, enabled: false });
    const switches = (await gw.call('gw.credit.user.game.switch.get', { opsId: ag, userId: await idOf('mb01010101001') })).result;
    expect(switches).toEqual({
      userId: await idOf('mb01010101001'),
      list: [
        { gameType: 'live', enabled: true },
        { gameType: 'electronic', enabled: false },
      ],
    });
    // A member has no children: any value down to 0 is fine.
    expect((await edit(ag, 'mb01010101001', { validAmountRate: 0, pointLimit: 0 }, 'gw.credit.user.profile.edit')).error).toBeUndefined();
  });

  it('refuses a member\'s value above its agent\'s, and an agent below the agent (20011 "not-a-member")', async () => {
    const before = await stored('mb01010101002');
    expect((await edit(ag, 'mb01010101002', { validAmountRate: 0.81 }, 'gw.credit.user.profile.edit')).error).toMatchObject({
      code: 100,
      data: { field: 'validAmountRate', rule: 'above-parent' },
    });
    expect((await edit(ag, 'mb01010101002', { pointLimit: '1000000.01' }, 'gw.credit.user.profile.edit')).error).toMatchObject({
      code: 100,
      data: { field: 'pointLimit', rule: 'above-parent' },
    });
    expect(
      (await edit(ag, 'mb01010101002', { gameSettings: [{ gameType: 'live', bettingRatio: 0.81 }] }, 'gw.credit.user.profile.edit')).error,
    ).toMatchObject({
      code: 100,
      data: { field: 'gameSettings.live.bettingRatio', rule: 'above-parent' },
    });
    expect(await stored('mb01010101002')).toEqual(before);
    await gw.addAccount({ loginId: 'agunderag', parent: 'ag01010101', level: 4 });
    expect((await edit(ag, 'agunderag', { nickname: 'never saved' }, 'gw.credit.user.profile.edit')).error).toMatchObject({
      code: 20011,
      data: { rule: 'not-a-member' },
    });
  });
});

describe('refusals common to the edits', () => {
  it('refuses a non-direct child (20040), outside the line or another site (20002), a wrong level (11003)', async () => {
    const before = await stored('ga010101');
    expect((await edit(ma01, 'ga010101', { nickname: 'never saved' })).error?.code).toBe(20040);
    expect((await edit(ma01, 'sh0201', { nickname: 'never saved' })).error?.code).toBe(20002);
    expect((await edit(ma01, 'admin', { nickname: 'never saved' })).error?.code).toBe(20002);
    expect(
      (await gw.call('gw.credit.agent.profile.edit', { opsId: ma01, userId: await idOf('sh0101', 'demo2'), nickname: 'never saved' })).error
        ?.code,
    ).toBe(20002);
    expect((await edit(ag, 'mb01010101001', { nickname: 'never saved' })).error?.code).toBe(11003);
    expect((await edit(ma01, 'sh0101', { nickname: 'never saved' }, 'gw.credit.user.profile.edit')).error?.code).toBe(11003);
    expect(await stored('ga010101')).toEqual(before);
  });

  it('lets a frozen caller (20012) or one in a frozen line (2243) edit nothing', async () => {
    const before = await stored('sh0101');
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    expect((await edit(ma01, 'sh0101', { nickname: 'never saved' })).error?.code).toBe(20012);
    expect(
      (await gw.call('gw.credit.user.password.reset', { opsId: ma01, userId: await idOf('sh0101'), password: 'Reset_123' })).error?.code,
    ).toBe(20012);
    await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    const sh = await gw.sessionFor('sh0101');
    expect((await edit(sh, 'ga010101', { nickname: 'never saved' })).error?.code).toBe(2243);
    expect(await stored('sh0101')).toEqual(before);
  });
});

describe('password.reset', () => {
  it('sets the password and safe code, ends the sessions, lifts a sign-in lock and forces a change at next sign-in', async () => {
    const old = await gw.sessionFor('ga010102');
    for (let i = 0; i < 5; i++) await gw.login('ga010102', { password: 'Wrong_123' });
    expect((await gw.login('ga010102')).error?.code).toBe(2632);
    const sh = await gw.sessionFor('sh0101');
    const userId = await idOf('ga010102');
    expect((await gw.call('gw.credit.user.password.reset', { opsId: sh, userId, password: 'Reset_123', safeCode: '4321' })).result).toEqual(
      { userId },
    );
    expect(await lastOperation()).toMatchObject({
      method: 'gw.credit.user.password.reset',
      summary: 'PASSWORD_RESET ga010102 (and safe code)',
    });
    expect((await gw.call('gw.credit.agent.level', { opsId: old })).error?.code).toBe(2202);
    expect((await gw.login('ga010102')).error?.code).toBe(2218);
    expect((await gw.login('ga010102', { password: 'Reset_123' })).error?.code).toBe(2241);
    const signedIn = await gw.login('ga010102', { password: 'Reset_123', safeCode: '4321' });
    expect(signedIn.result).toMatchObject({ userId, forcePwdUpdate: '1', firstLogin: '0' });
    const opsId = (signedIn.result as { sessionId: string }).sessionId;
    // Only the forced change is open until it is done.
    expect((await gw.call('gw.credit.agent.query', { opsId })).error?.code).toBe(11003);
    expect(
      (await gw.call('gw.credit.user.password.force.update', { opsId, newPassword: 'Mine_1234', confirmPassword: 'Mine_1234' })).error,
    ).toBeUndefined();
    expect((await gw.login('ga010102', { password: 'Mine_1234', safeCode: '4321' })).result).toMatchObject({ forcePwdUpdate: '0' });
  });

  it('keeps the safe code when none is given, and resets a member for its agent', async () => {
    expect(
      (await gw.call('gw.credit.user.password.reset', { opsId: ma01, userId: await idOf('sh0102'), password: 'Reset_456' })).error,
    ).toBeUndefined();
    expect((await gw.login('sh0102', { password: 'Reset_456' })).result).toMatchObject({ forcePwdUpdate: '1' });
    const before = await stored('mb01010101003');
    expect(
      (await gw.call('gw.credit.user.password.reset', { opsId: ag, userId: await idOf('mb01010101003'), password: 'Reset_789' })).error,
    ).toBeUndefined();
    const after = await stored('mb01010101003');
    expect(after.account).toMatchObject({
      force_pwd_update: true,
      safe_code_hash: (before.account as { safe_code_hash: string }).safe_code_hash,
    });
    expect((after.account as { password_hash: string }).password_hash).not.toBe(
      (before.account as { password_hash: string }).password_hash,
    );
  });

  it('refuses a weak password (100), a non-direct child (20040), outside the line (20002), a member caller (11003)', async () => {
    // Rights come before params: a caller whose password the tests above reset must change it first (11003).
    await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1, force_pwd_update = false WHERE site_id = 'demo'`);
    const before = await stored('ga010201');
    const reset = async (opsId: string, loginId: string, password = 'Reset_123', siteId = 'demo') =>
      (await gw.call('gw.credit.user.password.reset', { opsId, userId: await idOf(loginId, siteId), password })).error;
    expect(await reset(await gw.sessionFor('sh0102'), 'ga010201', 'reset_123')).toMatchObject({
      code: 100,
      data: { field: 'password', rule: 'password-uppercase' },
    });
    // One known from breaches, whatever its case (the list holds "monkey123").
    expect(await reset(await gw.sessionFor('sh0102'), 'ga010201', 'Monkey123')).toMatchObject({
      code: 100,
      data: { field: 'password', rule: 'password-breached' },
    });
    expect(
      (
        await gw.call('gw.credit.user.password.reset', {
          opsId: ma01,
          userId: await idOf('sh0102'),
          password: 'Reset_123',
          safeCode: '12a4',
        })
      ).error,
    ).toMatchObject({ code: 100, data: { field: 'safeCode' } });
    expect((await reset(ma01, 'ga010201'))?.code).toBe(20040);
    expect((await reset(ma01, 'sh0201'))?.code).toBe(20002);
    expect((await reset(ma01, 'sh0101', 'Reset_123', 'demo2'))?.code).toBe(20002);
    expect((await reset(await gw.sessionFor('mb01010101004'), 'mb01010101005'))?.code).toBe(11003);
    expect(await stored('ga010201')).toEqual(before);
  });
});

describe('rate.modify.allow', () => {
  it("allows a direct child's rates to change unless the caller or its line is frozen", async () => {
    const userId = await idOf('sh0101');
    const ask = async (opsId: string, target = userId) => gw.call('gw.credit.user.rate.modify.allow', { opsId, userId: target });
    expect((await ask(ma01)).result).toEqual({ userId, allowed: true, reason: null, lockedGameTypes: [] });
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    expect((await ask(ma01)).result).toEqual({
      userId,
      allowed: false,
      reason: 'frozen',
      lockedGameTypes: ['live', 'electronic'],
    });
    await gw.db.run(sql`UPDATE accounts SET status = 1 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    await gw.db.run(sql`UPDATE accounts SET team_status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    expect((await ask(await gw.sessionFor('sh0101'), await idOf('ga010101'))).result).toMatchObject({ allowed: false, reason: 'frozen' });
    await gw.db.run(sql`UPDATE accounts SET team_status = 1 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    expect((await ask(ma01, await idOf('ga010101'))).error?.code).toBe(20040);
    expect((await ask(ma01, await idOf('sh0201'))).error?.code).toBe(20002);
    expect((await ask(ma01, await idOf('sh0101', 'demo2'))).error?.code).toBe(20002);
  });
});

describe('game.switch.get', () => {
  it("reads any account of the caller's line, never another line's or site's", async () => {
    const admin = await gw.sessionFor('admin');
    const member = await idOf('mb02010101001');
    expect((await gw.call('gw.credit.user.game.switch.get', { opsId: admin, userId: member })).result).toEqual({
      userId: member,
      list: [
        { gameType: 'live', enabled: true },
        { gameType: 'electronic', enabled: true },
      ],
    });
    await gw.db.run(sql`UPDATE game_settings SET enabled = false WHERE account_id = ${member} AND game_type = 'live'`);
    expect(
      ((await gw.call('gw.credit.user.game.switch.get', { opsId: admin, userId: member })).result as { list: unknown[] }).list[0],
    ).toEqual({ gameType: 'live', enabled: false });
    expect((await gw.call('gw.credit.user.game.switch.get', { opsId: ma01, userId: member })).error?.code).toBe(20002);
    expect(
      (await gw.call('gw.credit.user.game.switch.get', { opsId: ma01, userId: await idOf('mb01010101001', 'demo2') })).error?.code,
    ).toBe(20002);
  });
});
