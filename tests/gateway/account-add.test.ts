import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let admin: string;
let agent: string;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  admin = await gw.sessionFor('admin');
  agent = await gw.sessionFor('ag01010101');
});
afterAll(async () => {
  await gw.close();
});

const newAgent = (loginId: string, extra: Record<string, unknown> = {}) => ({
  loginId,
  nickname: `${loginId} nick`,
  password: 'Agent_123',
  agentCommisionRate: 85.5,
  validAmountRate: '1.1',
  pointLimit: '2500000.50',
  ...extra,
});

describe('gw.credit.agent.add', () => {
  it('adds a direct child agent one level down, with first login, its rates and game settings', async () => {
    const answer = await gw.call('gw.credit.agent.add', {
      opsId: admin,
      ...newAgent('newma01', { safeCode: '4321', phone: '+66 81 234 5678' }),
    });
    expect(answer.result).toEqual({ userId: expect.stringMatching(/^\d+$/) });
    const userId = (answer.result as { userId: string }).userId;
    const row = await gw.db.one<Record<string, unknown>>(
      sql`SELECT level, parent_id, first_login, point_limit, agent_commision_rate, valid_amount_rate, phone, path FROM accounts WHERE id = ${userId}`,
    );
    expect(Number(row!.level)).toBe(1);
    expect(row).toMatchObject({ first_login: true, agent_commision_rate: 8550, valid_amount_rate: 110, phone: '+66 81 234 5678' });
    expect(Number(row!.point_limit)).toBe(250_000_050);
    expect(String(row!.path)).toMatch(new RegExp(`/${userId}/$`));
    const settings = await gw.db.rows<{ game_type: string; agent_rate: number; betting_ratio: number }>(
      sql`SELECT game_type, agent_rate, betting_ratio FROM game_settings WHERE account_id = ${userId} ORDER BY game_type`,
    );
    expect(settings).toEqual([
      { game_type: 'electronic', agent_rate: 8550, betting_ratio: 110 },
      { game_type: 'live', agent_rate: 8550, betting_ratio: 110 },
    ]);
    // The new agent signs in with the password and code it was given, and must set its own first.
    const login = await gw.call('gw.credit.agent.login', { loginId: 'newma01', password: 'Agent_123', safeCode: '4321' });
    expect(login.result).toMatchObject({ level: 1, firstLogin: '1' });
    // It appears in the caller's list, and the operation record names it.
    const list = (await gw.call('gw.credit.agent.query', { opsId: admin, loginId: 'newma01' })).result as { total: number };
    expect(list.total).toBe(1);
    const record = await gw.db.one<{ summary: string; target_id: string | number; params: Record<string, unknown> }>(
      sql`SELECT summary, target_id, params FROM operation_log WHERE method = 'gw.credit.agent.add' AND level = 'normal' ORDER BY id DESC LIMIT 1`,
    );
    expect(record).toMatchObject({ summary: 'added agent newma01' });
    expect(String(record!.target_id)).toBe(userId);
    expect(record!.params).toMatchObject({ password: '***', safeCode: '***', loginId: 'newma01' });
  });

  it('takes game settings per game type within the parent’s, and refuses one above it naming the game type and field', async () => {
    // Demo: the company's live and electronic agent rate is 100 %, betting ratio 1.2 %; ma01's 90 % and 1.1 %.
    const ma01 = await gw.sessionFor('ma01');
    const given = [{ gameType: 'live', agentRate: '70', bettingRatio: '0.5', spread: '3', redLimit: '5000', enabled: false }];
    const answer = await gw.call('gw.credit.agent.add', {
      opsId: ma01,
      ...newAgent('newsh91', { agentCommisionRate: 80, validAmountRate: '1', pointLimit: 1000, gameSettings: given }),
    });
    const userId = (answer.result as { userId: string }).userId;
    const settings = await gw.db.rows<Record<string, unknown>>(
      sql`SELECT game_type, agent_rate, betting_ratio, spread, red_limit, enabled FROM game_settings WHERE account_id = ${userId} ORDER BY game_type`,
    );
    expect(settings.map((row) => ({ ...row, red_limit: Number(row.red_limit) }))).toEqual([
      // Not given: the child's own share and ratio (lower than the parent's), the parent's spread and limits.
      { game_type: 'electronic', agent_rate: 8000, betting_ratio: 100, spread: 0, red_limit: 0, enabled: true },
      { game_type: 'live', agent_rate: 7000, betting_ratio: 50, spread: 300, red_limit: 500_000, enabled: false },
    ]);

    const before = await gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM accounts`);
    for (const [setting, field] of [
      [{ gameType: 'electronic', agentRate: '90.01' }, 'gameSettings.electronic.agentRate'],
      [{ gameType: 'live', bettingRatio: '1.2' }, 'gameSettings.live.bettingRatio'],
    ] as const) {
      const refused = await gw.call('gw.credit.agent.add', {
        opsId: ma01,
        ...newAgent('newsh92', { agentCommisionRate: 80, validAmountRate: '1', pointLimit: 1000, gameSettings: [setting] }),
      });
      expect(refused.error).toMatchObject({ code: 100, data: { field, rule: 'above-parent' } });
    }
    const twice = await gw.call('gw.credit.agent.add', {
      opsId: ma01,
      ...newAgent('newsh93', {
        agentCommisionRate: 80,
        validAmountRate: '1',
        pointLimit: 1000,
        gameSettings: [{ gameType: 'live' }, { gameType: 'live' }],
      }),
    });
    expect(twice.error).toMatchObject({ code: 100, data: { field: 'gameSettings', rule: 'duplicate-game-type' } });
    expect(await gw.db.one(sql`SELECT count(*) AS n FROM accounts`)).toEqual(before);
  });

  it('refuses values above the parent: point limit, share and wash-code ratio (100 with the field)', async () => {
    const ma01 = await gw.sessionFor('ma01');
    const cases: [Record<string, unknown>, string][] = [
      [{ pointLimit: '50000000.01' }, 'pointLimit'],
      [{ agentCommisionRate: 90.01 }, 'agentCommisionRate'],
      [{ validAmountRate: 1.11 }, 'validAmountRate'],
    ];
    for (const [extra, field] of cases) {
      const answer = await gw.call('gw.credit.agent.add', { opsId: ma01, ...newAgent('newsh99', extra) });
      expect(answer.error, field).toMatchObject({ code: 100, data: { field, rule: 'above-parent' } });
    }
    expect(
      (
        await gw.call('gw.credit.agent.add', {
          opsId: ma01,
          ...newAgent('newsh99', { pointLimit: '50000000.00', agentCommisionRate: 90, validAmountRate: 1.1 }),
        })
      ).result,
    ).toBeDefined();
  });

  it('refuses a taken name (any case), bad fields and malformed amounts (100), a missing field (700)', async () => {
    expect((await gw.call('gw.credit.agent.add', { opsId: admin, ...newAgent('MA01') })).error).toMatchObject({
      code: 100,
      data: { field: 'loginId', rule: 'login-id-taken' },
    });
    const bad: [Record<string, unknown>, string][] = [
      [{ loginId: 'ab' }, 'loginId'],
      [{ loginId: 'bad name!' }, 'loginId'],
      [{ nickname: 'abc' }, 'nickname'],
      [{ password: 'weak' }, 'password'],
      [{ password: 'nouppercase1' }, 'password'],
      [{ safeCode: '12a4' }, 'safeCode'],
      [{ pointLimit: '1.234' }, 'pointLimit'],
      [{ pointLimit: -5 }, 'pointLimit'],
      [{ pointLimit: '1e5' }, 'pointLimit'],
      [{ agentCommisionRate: 100.5 }, 'agentCommisionRate'],
      [{ validAmountRate: 'much' }, 'validAmountRate'],
    ];
    for (const [extra, field] of bad) {
      expect(
        (await gw.call('gw.credit.agent.add', { opsId: admin, ...newAgent('okname1', extra) })).error,
        JSON.stringify(extra),
      ).toMatchObject({ code: 100, data: { field } });
    }
    const { pointLimit: _missing, ...withoutLimit } = newAgent('okname1');
    expect((await gw.call('gw.credit.agent.add', { opsId: admin, ...withoutLimit })).error).toMatchObject({
      code: 700,
      data: { field: 'pointLimit' },
    });
    expect((await gw.db.rows(sql`SELECT 1 FROM accounts WHERE login_id = 'okname1'`)).length).toBe(0);
  });

  it('refuses an agent below level 4 (20045, nothing added), needs a session (2202), and a frozen parent or line adds nothing', async () => {
    expect((await gw.call('gw.credit.agent.add', { opsId: agent, ...newAgent('deep0001') })).error?.code).toBe(20045);
    expect((await gw.db.rows(sql`SELECT 1 FROM accounts WHERE login_id = 'deep0001'`)).length).toBe(0);
    // Level 3 still adds agents: they are level 4.
    const ga = await gw.sessionFor('ga010101');
    const added = await gw.call('gw.credit.agent.add', {
      opsId: ga,
      ...newAgent('level4new', { pointLimit: 1, agentCommisionRate: 1, validAmountRate: 0 }),
    });
    const level = await gw.db.one<{ level: number }>(
      sql`SELECT level FROM accounts WHERE id = ${(added.result as { userId: string }).userId}`,
    );
    expect(Number(level!.level)).toBe(4);
    expect((await gw.call('gw.credit.agent.add', newAgent('deep0001'))).error?.code).toBe(2202);
    const sh = await gw.sessionFor('sh0101');
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'sh0101'`);
    expect(
      (
        await gw.call('gw.credit.agent.add', {
          opsId: sh,
          ...newAgent('frozen01', { pointLimit: 1, agentCommisionRate: 1, validAmountRate: 0 }),
        })
      ).error?.code,
    ).toBe(20012);
    await gw.db.run(sql`UPDATE accounts SET status = 1 WHERE login_id = 'sh0101'`);
    await gw.db.run(sql`UPDATE accounts SET team_status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    expect(
      (
        await gw.call('gw.credit.agent.add', {
          opsId: sh,
          ...newAgent('frozen01', { pointLimit: 1, agentCommisionRate: 1, validAmountRate: 0 }),
        })
      ).error,
    ).toMatchObject({
      code: 2243,
    });
    await gw.db.run(sql`UPDATE accounts SET team_status = 1 WHERE login_id = 'ma01'`);
  });

  it('applies once for a replayed requestKey and refuses the key with other values (20011)', async () => {
    const first = await gw.call('gw.credit.agent.add', { opsId: admin, requestKey: 'add-1', ...newAgent('keyed001') });
    const again = await gw.call('gw.credit.agent.add', { opsId: admin, requestKey: 'add-1', ...newAgent('keyed001') });
    expect(again.result).toEqual(first.result);
    expect((await gw.call('gw.credit.agent.add', { opsId: admin, requestKey: 'add-1', ...newAgent('keyed002') })).error?.code).toBe(20011);
  });
});

describe("the site's member limit per agent (20046)", () => {
  const setLimit = async (memberLimit: number) =>
    expect((await gw.call('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', memberLimit })).result).toMatchObject({ memberLimit });
  const membersOf = async (loginId: string) =>
    Number(
      (await gw.db.one<{ n: string | number }>(sql`
        SELECT count(*) AS n FROM accounts a JOIN accounts p ON p.id = a.parent_id WHERE p.site_id = 'demo' AND p.login_id = ${loginId} AND a.level = 5`))!
        .n,
    );
  const newMember = (loginId: string) => ({ loginId, nickname: `${loginId} nick`, password: 'Member_1', pointLimit: 1 });

  it('is 0 (no limit) by default, refuses the add past it and a batch that cannot fit, and counts per agent', async () => {
    expect(((await gw.call('gw.credit.sys.setting.get', { opsId: admin })).result as { memberLimit: number }).memberLimit).toBe(0);
    const agent2 = await gw.sessionFor('ag01010102');
    const held = await membersOf('ag01010102');
    try {
      await setLimit(held + 1);
      expect((await gw.call('gw.credit.user.add', { opsId: agent2, ...newMember('limit001') })).result).toBeDefined();
      const refused = await gw.call('gw.credit.user.add', { opsId: agent2, ...newMember('limit002') });
      expect(refused.error?.code).toBe(20046);
      const batch = await gw.call('gw.credit.user.add.batch', {
        opsId: agent2,
        prefix: 'limb',
        count: 2,
        password: 'Member_1',
        pointLimit: 1,
      });
      expect(batch.error?.code).toBe(20046);
      expect(await membersOf('ag01010102')).toBe(held + 1);
      expect((await gw.db.rows(sql`SELECT 1 FROM accounts WHERE login_id IN ('limit002', 'limb001')`)).length).toBe(0);
      // Raised, the same agent adds again.
      await setLimit(held + 2);
      expect((await gw.call('gw.credit.user.add', { opsId: agent2, ...newMember('limit002') })).result).toBeDefined();
    } finally {
      await setLimit(0);
    }
  });

  it('holds under concurrent adds to one agent: exactly the limit is left', async () => {
    const agent1 = await gw.sessionFor('ag01010201');
    const held = await membersOf('ag01010201');
    const room = 3;
    try {
      await setLimit(held + room);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          gw.call('gw.credit.user.add', { opsId: agent1, ...newMember(`race${String(i).padStart(3, '0')}`) }),
        ),
      );
      expect(answers.filter((answer) => answer.result !== undefined).length).toBe(room);
      expect(answers.filter((answer) => answer.error?.code === 20046).length).toBe(12 - room);
      expect(await membersOf('ag01010201')).toBe(held + room);
    } finally {
      await setLimit(0);
    }
  });
});

describe('gw.credit.user.add', () => {
  it('adds a member under an agent, wash-code ratio at most the agent’s', async () => {
    const member = { loginId: 'newmb001', nickname: 'new member', password: 'Member_1', pointLimit: 1000 };
    const answer = await gw.call('gw.credit.user.add', { opsId: agent, ...member, validAmountRate: 0.8 });
    const userId = (answer.result as { userId: string }).userId;
    const row = await gw.db.one<{ level: number; valid_amount_rate: number; agent_commision_rate: number }>(
      sql`SELECT level, valid_amount_rate, agent_commision_rate FROM accounts WHERE id = ${userId}`,
    );
    expect(row).toMatchObject({ level: 5, valid_amount_rate: 80, agent_commision_rate: 0 });
    expect(
      (await gw.call('gw.credit.user.add', { opsId: agent, ...member, loginId: 'newmb002', validAmountRate: 0.81 })).error,
    ).toMatchObject({
      code: 100,
      data: { field: 'validAmountRate', rule: 'above-parent' },
    });
    // The wash-code ratio is optional for members (0 by default).
    expect((await gw.call('gw.credit.user.add', { opsId: agent, ...member, loginId: 'newmb003' })).result).toBeDefined();
  });

  it('is for agents (level 4) only (11003)', async () => {
    expect(
      (
        await gw.call('gw.credit.user.add', {
          opsId: admin,
          loginId: 'newmb009',
          nickname: 'member 9',
          password: 'Member_1',
          pointLimit: 1,
        })
      ).error?.code,
    ).toBe(11003);
  });
});
