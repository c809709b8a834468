import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSession } from '../../server/kernel/session.store';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let ma01: string;
let ag: string;

const idOf = async (loginId: string, siteId = 'demo') =>
  String((await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND login_id = ${loginId}`))!.id);
const flags = async (loginId: string) =>
  (await gw.db.one<{ exception_marked: boolean; bet_stopped: boolean }>(
    sql`SELECT exception_marked, bet_stopped FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`,
  ))!;
const stopped = async () =>
  (await gw.db.rows<{ login_id: string }>(sql`SELECT login_id FROM accounts WHERE bet_stopped ORDER BY login_id`)).map(
    (row) => row.login_id,
  );
const on = async (method: string, opsId: string, loginId: string) => gw.call(method, { opsId, userId: await idOf(loginId) });
const lastOperation = async () =>
  (await gw.db.one<{ method: string; target_id: string | number | null; summary: string; level: string; code: number | null }>(
    sql`SELECT method, target_id, summary, level, code FROM operation_log ORDER BY id DESC LIMIT 1`,
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
  await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1, bet_stopped = false, exception_marked = false`);
});

describe('exception marks', () => {
  it('marks and unmarks a direct child agent, once each way (20011), and records it', async () => {
    const sh = await idOf('sh0101');
    expect((await on('gw.credit.agent.exception.mark', ma01, 'sh0101')).result).toEqual({ userId: sh, exceptionMarked: true });
    expect((await flags('sh0101')).exception_marked).toBe(true);
    expect(await lastOperation()).toMatchObject({
      method: 'gw.credit.agent.exception.mark',
      summary: 'MARK_EXCEPTION sh0101',
      level: 'normal',
    });
    expect(String((await lastOperation()).target_id)).toBe(sh);
    expect((await on('gw.credit.agent.exception.mark', ma01, 'sh0101')).error).toMatchObject({
      code: 20011,
      data: { field: 'userId', rule: 'already-marked' },
    });
    expect(await lastOperation()).toMatchObject({ level: 'warn', code: 20011 });
    const listed = (await gw.call('gw.credit.agent.query', { opsId: ma01 })).result as {
      list: { loginId: string; exceptionMarked: boolean }[];
    };
    expect(listed.list.find((row) => row.loginId === 'sh0101')!.exceptionMarked).toBe(true);
    expect((await on('gw.credit.agent.exception.remove', ma01, 'sh0101')).result).toEqual({ userId: sh, exceptionMarked: false });
    expect((await flags('sh0101')).exception_marked).toBe(false);
    expect((await on('gw.credit.agent.exception.remove', ma01, 'sh0101')).error).toMatchObject({
      code: 20011,
      data: { rule: 'not-marked' },
    });
  });

  it('marks a member through the user.* pair only, an agent through the agent.* pair only', async () => {
    expect((await on('gw.credit.user.exception.mark', ag, 'mb01010101001')).result).toMatchObject({ exceptionMarked: true });
    expect((await on('gw.credit.user.exception.remove', ag, 'mb01010101001')).result).toMatchObject({ exceptionMarked: false });
    expect((await on('gw.credit.agent.exception.mark', ag, 'mb01010101002')).error).toMatchObject({
      code: 20011,
      data: { rule: 'not-an-agent' },
    });
    expect((await on('gw.credit.user.exception.mark', ma01, 'sh0101')).error).toMatchObject({
      code: 20011,
      data: { rule: 'not-a-member' },
    });
    expect((await flags('mb01010101002')).exception_marked).toBe(false);
    expect((await flags('sh0101')).exception_marked).toBe(false);
  });
});

describe('stop-bet of a line', () => {
  it('team.bolck stops a direct child agent once (20011 again), never a member, and the list shows it', async () => {
    const sh = await idOf('sh0101');
    expect((await on('gw.credit.team.bolck', ma01, 'sh0101')).result).toEqual({ userId: sh, betStopped: true });
    expect(await stopped()).toEqual(['sh0101']);
    expect((await on('gw.credit.team.bolck', ma01, 'sh0101')).error).toMatchObject({ code: 20011, data: { rule: 'already-stopped' } });
    expect((await on('gw.credit.team.bolck', ag, 'mb01010101001')).error).toMatchObject({ code: 20011, data: { rule: 'not-an-agent' } });
    expect(await stopped()).toEqual(['sh0101']);
    const listed = (await gw.call('gw.credit.agent.query', { opsId: ma01 })).result as { list: { loginId: string; betStopped: boolean }[] };
    expect(listed.list.map((row) => [row.loginId, row.betStopped])).toEqual(
      expect.arrayContaining([
        ['sh0101', true],
        ['sh0102', false],
      ]),
    );
  });

  it("team.unbolck clears the agent's stop-bet and every one below it, not a sibling line's", async () => {
    await on('gw.credit.team.bolck', ma01, 'sh0101');
    await on('gw.credit.team.bolck', ma01, 'sh0102');
    await on('gw.credit.team.bolck', await gw.sessionFor('sh0101'), 'ga010101');
    await on('gw.credit.team.bolck', await gw.sessionFor('ga010102'), 'ag01010201');
    expect(await stopped()).toEqual(['ag01010201', 'ga010101', 'sh0101', 'sh0102']);
    expect((await on('gw.credit.team.unbolck', ma01, 'sh0101')).result).toEqual({ userId: await idOf('sh0101'), betStopped: false });
    expect(await stopped()).toEqual(['sh0102']);
    expect((await lastOperation()).summary).toBe('RESUME_BET_LINE sh0101 (3 agents)');
    expect((await on('gw.credit.team.unbolck', ma01, 'sh0101')).error).toMatchObject({ code: 20011, data: { rule: 'not-stopped' } });
    // A stop-bet only below the agent is lifted too.
    await on('gw.credit.team.bolck', await gw.sessionFor('sh0101'), 'ga010102');
    expect((await on('gw.credit.team.unbolck', ma01, 'sh0101')).result).toMatchObject({ betStopped: false });
    expect(await stopped()).toEqual(['sh0102']);
  });

  it("agent.stopBet.disable lifts only the agent's own stop-bet", async () => {
    await on('gw.credit.team.bolck', ma01, 'sh0101');
    await on('gw.credit.team.bolck', await gw.sessionFor('sh0101'), 'ga010101');
    expect((await on('gw.credit.agent.stopBet.disable', ma01, 'sh0101')).result).toEqual({
      userId: await idOf('sh0101'),
      betStopped: false,
    });
    expect(await stopped()).toEqual(['ga010101']);
    expect((await on('gw.credit.agent.stopBet.disable', ma01, 'sh0101')).error).toMatchObject({
      code: 20011,
      data: { rule: 'not-stopped' },
    });
    expect(await stopped()).toEqual(['ga010101']);
  });
});

describe('ending every session of a line', () => {
  it('ends the live sessions of the child and of every account below it, and says how many', async () => {
    const inLine = [
      await gw.sessionFor('sh0102'),
      await gw.sessionFor('sh0102'),
      await gw.sessionFor('ga010201'),
      await gw.sessionFor('ag01020101'),
    ];
    const sibling = await gw.sessionFor('sh0101');
    // An idle session is over already: not counted.
    await createSession(gw.db, {
      siteId: 'demo',
      accountId: await idOf('ga010202'),
      now: new Date(gw.clock.now().getTime() - 2 * 60 * 60 * 1000),
    });
    const answer = await on('gw.credit.user.session.all.kill', ma01, 'sh0102');
    expect(answer.result).toEqual({ userId: await idOf('sh0102'), ended: 4 });
    for (const opsId of inLine) expect((await gw.call('gw.credit.agent.level', { opsId })).error?.code).toBe(2202);
    expect((await gw.call('gw.credit.agent.level', { opsId: sibling })).result).toEqual({ level: 2 });
    expect((await gw.call('gw.credit.agent.level', { opsId: ma01 })).result).toEqual({ level: 1 });
    expect((await lastOperation()).summary).toBe('KILL_SESSIONS sh0102 (4 ended)');
    expect((await on('gw.credit.user.session.all.kill', ma01, 'sh0102')).result).toMatchObject({ ended: 0 });
  });

  it("ends a member's sessions for its agent", async () => {
    const member = await gw.sessionFor('mb01010101003');
    expect((await gw.call('gw.credit.agent.level', { opsId: member })).result).toEqual({ level: 5 });
    expect((await on('gw.credit.user.session.all.kill', ag, 'mb01010101003')).result).toMatchObject({ ended: 1 });
    expect((await gw.call('gw.credit.agent.level', { opsId: member })).error?.code).toBe(2202);
    expect((await gw.call('gw.credit.agent.level', { opsId: ag })).result).toEqual({ level: 4 });
  });
});

describe('refusals', () => {
  const writes = [
    'gw.credit.agent.exception.mark',
    'gw.credit.agent.exception.remove',
    'gw.credit.team.bolck',
    'gw.credit.team.unbolck',
    'gw.credit.agent.stopBet.disable',
    'gw.credit.user.session.all.kill',
  ];

  it('refuses a non-direct child (20040), outside the line or on another site (20002)', async () => {
    const admin2 = await gw.sessionFor('admin2', 'demo2');
    for (const method of writes) {
      expect((await on(method, ma01, 'ga010101')).error?.code, method).toBe(20040);
      expect((await on(method, ma01, 'sh0201')).error?.code, method).toBe(20002);
      expect((await on(method, ma01, 'admin')).error?.code, method).toBe(20002);
      expect((await gw.call(method, { opsId: ma01, userId: await idOf('ma01', 'demo2') })).error?.code, method).toBe(20002);
      expect((await gw.call(method, { opsId: admin2, userId: await idOf('ma01') }, { host: 'demo2.localhost' })).error?.code, method).toBe(
        20002,
      );
    }
    expect(await stopped()).toEqual([]);
  });

  it('lets a frozen caller (20012) or one in a frozen line (2243) change nothing', async () => {
    await on('gw.credit.team.bolck', ma01, 'sh0101');
    const sh = await gw.sessionFor('sh0101');
    const kept = await gw.sessionFor('ga010101');
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    for (const method of writes) expect((await on(method, ma01, 'sh0101')).error?.code, method).toBe(20012);
    await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    for (const method of writes) expect((await on(method, sh, 'ga010101')).error?.code, method).toBe(2243);
    expect(await stopped()).toEqual(['sh0101']);
    expect((await flags('sh0101')).exception_marked).toBe(false);
    expect((await gw.call('gw.credit.agent.level', { opsId: kept })).result).toEqual({ level: 3 });
  });

  it('refuses a caller whose level may not (11003) and a missing or malformed userId', async () => {
    const member = await gw.sessionFor('mb01010101004');
    for (const method of [...writes, 'gw.credit.user.exception.mark']) {
      expect((await on(method, member, 'mb01010101005')).error?.code, method).toBe(11003);
      expect((await gw.call(method, { opsId: ma01 })).error, method).toMatchObject({ code: 700, data: { field: 'userId' } });
      expect((await gw.call(method, { opsId: ma01, userId: 'x1' })).error, method).toMatchObject({ code: 100, data: { field: 'userId' } });
    }
  });
});
