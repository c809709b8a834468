import { sql } from '../../server/kernel/db/sql';
import { createTestModel } from 'xstate/graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStatusMachine, type AccountAction } from '../../machines/account-status.machine';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let ma01: string;
const idOf = async (loginId: string) =>
  String((await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!.id);
const statuses = async (loginId: string) =>
  (await gw.db.one<{ status: number; team_status: number }>(
    sql`SELECT status, team_status FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`,
  ))!;
/** Failed sign-ins hold the name locked, as the sign-in's counters record it. */
const lockName = (loginId: string) =>
  gw.db.run(sql`INSERT INTO attempt_counters (site_id, scope, login_key, taken, window_start, locked_until, updated_at)
    VALUES ('demo', 'name', ${loginId.toLowerCase()}, 5, now(), '2999-01-01', now())
    ON CONFLICT (site_id, scope, login_key, ip) DO UPDATE SET taken = 5, locked_until = '2999-01-01'`);

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  ma01 = await gw.sessionFor('ma01');
});
afterAll(async () => {
  await gw.close();
});

/**
 * The gateway call behind each action of the machine on an agent (REMOVE_LIMIT and betting are
 * a member's, tested on their own; MOVE_POINTS is the ledger's, tests/gateway/points.test.ts).
 */
const calls: Record<
  Exclude<AccountAction, 'REMOVE_LIMIT' | 'PAUSE_BET' | 'RESUME_BET' | 'MOVE_POINTS'>,
  { method: string; params?: Record<string, unknown> }
> = {
  ENABLE: { method: 'gw.credit.user.enable' },
  UNFREEZE: { method: 'gw.credit.user.enable' },
  DISABLE: { method: 'gw.credit.user.disable', params: { mode: 'lock' } },
  FREEZE: { method: 'gw.credit.user.disable', params: { mode: 'freeze' } },
  KICK_OUT: { method: 'gw.credit.user.logout' },
  UNLOCK: { method: 'gw.credit.user.unlock' },
  LINE_DISABLE: { method: 'gw.credit.agent.line.disable' },
  LINE_ENABLE: { method: 'gw.credit.agent.line.enable' },
  LINE_FREEZE: { method: 'gw.credit.agent.line.stop.right' },
  LINE_UNFREEZE: { method: 'gw.credit.agent.line.enable.right' },
};
const act = (opsId: string, action: keyof typeof calls, userId: string) =>
  gw.call(calls[action].method, { opsId, userId, ztsLang: 'en', ...calls[action].params });

describe('account-status machine paths against the gateway', () => {
  const model = createTestModel(accountStatusMachine, {
    events: Object.keys(calls).map((type) => ({ type })) as never,
    input: { level: 2, winBlocked: false },
  });
  const paths = model.getShortestPaths();

  it('reaches every combination of account and line state', () => {
    expect(paths.length).toBeGreaterThanOrEqual(9);
  });

  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${
      path.steps
        .slice(1)
        .map((s) => s.event.type)
        .join(' → ') || 'start'
    }`, async () => {
      const loginId = `path${String(index).padStart(2, '0')}x`;
      const userId = await gw.addAccount({ loginId, parent: 'ma01', level: 2 });
      let checked = 0;
      const expectStatus = (column: 'status' | 'team_status', value: number) => async () => {
        checked++;
        expect((await statuses(loginId))[column], `${column} of ${loginId}`).toBe(value);
      };
      await path.test({
        events: Object.fromEntries(
          Object.keys(calls).map((action) => [
            action,
            async () => {
              // Kick out and unlock have something to do only for an account signed in, or whose name is locked (else 20050, 20051).
              if (action === 'KICK_OUT') await gw.sessionFor(loginId);
              if (action === 'UNLOCK') await lockName(loginId);
              const answer = await act(ma01, action as keyof typeof calls, userId);
              expect(answer.error, action).toBeUndefined();
            },
          ]),
        ),
        // Each step's state is checked in the database, one region at a time.
        states: {
          'account.normal': expectStatus('status', 1),
          'account.disabled': expectStatus('status', 4),
          'account.frozen': expectStatus('status', 6),
          'team.enabled': expectStatus('team_status', 1),
          'team.disabled': expectStatus('team_status', 4),
          'team.frozen': expectStatus('team_status', 6),
        },
      });
      expect(checked).toBe(2 * path.steps.length);
    });
  });
});

describe('status actions', () => {
  it('ends the sessions of a disabled or frozen account, and of a whole locked line', async () => {
    const sh = await gw.sessionFor('sh0102');
    const ga = await gw.sessionFor('ga010201');
    expect((await act(ma01, 'FREEZE', await idOf('sh0102'))).result).toMatchObject({ status: 6, teamStatus: 1 });
    expect((await gw.call('gw.credit.agent.level', { opsId: sh })).error?.code).toBe(2202);
    expect((await gw.call('gw.credit.agent.level', { opsId: ga })).result).toBeDefined();
    await act(ma01, 'UNFREEZE', await idOf('sh0102'));
    expect((await act(ma01, 'LINE_DISABLE', await idOf('sh0102'))).result).toMatchObject({ status: 1, teamStatus: 4 });
    expect((await gw.call('gw.credit.agent.level', { opsId: ga })).error?.code).toBe(2202);
    // Below a locked line, sign-in answers 2242.
    expect(
      (await gw.call('gw.credit.agent.login', { loginId: 'ag01020101', password: 'Admin123', safeCode: '1234', ztsLang: 'en' })).error,
    ).toEqual({
      code: 2242,
      message: 'Agent line locked. Please try again after activating!',
    });
    await act(ma01, 'LINE_ENABLE', await idOf('sh0102'));
    expect(
      (await gw.call('gw.credit.agent.login', { loginId: 'ag01020101', password: 'Admin123', safeCode: '1234' })).result,
    ).toBeDefined();
  });

  it('answers a session its upline ended with why (2202, rule session-<reason>), and any other end with nothing more', async () => {
    const ended = async (opsId: string) => (await gw.call('gw.credit.agent.level', { opsId, ztsLang: 'en' })).error;
    const sh = await gw.sessionFor('sh0102');
    const below = await gw.sessionFor('ga010201');
    await act(ma01, 'FREEZE', await idOf('sh0102'));
    expect(await ended(sh)).toEqual({ code: 2202, message: expect.any(String), data: { rule: 'session-frozen' } });
    await act(ma01, 'UNFREEZE', await idOf('sh0102'));
    const kicked = await gw.sessionFor('sh0102');
    await act(ma01, 'KICK_OUT', await idOf('sh0102'));
    expect((await ended(kicked))?.data).toEqual({ rule: 'session-kicked' });
    await act(ma01, 'LINE_DISABLE', await idOf('sh0102'));
    expect((await ended(below))?.data).toEqual({ rule: 'session-line-locked' });
    await act(ma01, 'LINE_ENABLE', await idOf('sh0102'));
    const lineFrozen = await gw.sessionFor('ga010201');
    await act(ma01, 'LINE_FREEZE', await idOf('sh0102'));
    expect((await ended(lineFrozen))?.data).toEqual({ rule: 'session-line-frozen' });
    await act(ma01, 'LINE_UNFREEZE', await idOf('sh0102'));
    const disabled = await gw.sessionFor('sh0102');
    await act(ma01, 'DISABLE', await idOf('sh0102'));
    expect((await ended(disabled))?.data).toEqual({ rule: 'session-disabled' });
    await act(ma01, 'ENABLE', await idOf('sh0102'));
    // Its own logout, or a token never issued, says nothing more.
    const own = await gw.sessionFor('sh0102');
    await gw.call('gw.credit.agent.logout', { opsId: own });
    expect(await ended(own)).toEqual({ code: 2202, message: expect.any(String) });
    expect(await ended('0'.repeat(64))).toEqual({ code: 2202, message: expect.any(String) });
  });

  it('kicks out, and unlocks a name locked by failed sign-ins', async () => {
    const session = await gw.sessionFor('sh0101');
    expect((await act(ma01, 'KICK_OUT', await idOf('sh0101'))).result).toMatchObject({ status: 1 });
    expect((await gw.call('gw.credit.agent.level', { opsId: session })).error?.code).toBe(2202);
    for (let i = 0; i < 5; i++) await gw.call('gw.credit.agent.login', { loginId: 'sh0101', password: 'Wrong1aa', safeCode: '1234' });
    expect((await gw.call('gw.credit.agent.login', { loginId: 'sh0101', password: 'Admin123', safeCode: '1234' })).error?.code).toBe(2632);
    await act(ma01, 'UNLOCK', await idOf('sh0101'));
    expect((await gw.call('gw.credit.agent.login', { loginId: 'sh0101', password: 'Admin123', safeCode: '1234' })).result).toBeDefined();
  });

  it('refuses a kick out of an account with no live session (20050) and an unlock of a name not locked (20051), changing nothing', async () => {
    const sh = await idOf('sh0102');
    await gw.db.run(sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND account_id = ${sh}`);
    const before = await statuses('sh0102');
    expect((await act(ma01, 'KICK_OUT', sh)).error).toMatchObject({
      code: 20050,
      message: 'The account is not online: there is no session to end',
    });
    expect((await act(ma01, 'UNLOCK', sh)).error).toMatchObject({
      code: 20051,
      message: "The account's sign-in is not locked: there is nothing to unlock",
    });
    expect(await statuses('sh0102')).toEqual(before);
    // The edit screen reads the same facts to offer only what applies.
    const profile = async () => (await gw.call('gw.credit.user.profile', { opsId: ma01, userId: sh })).result;
    expect(await profile()).toMatchObject({ online: false, loginLocked: false });
    await gw.sessionFor('sh0102');
    for (let i = 0; i < 5; i++) await gw.call('gw.credit.agent.login', { loginId: 'sh0102', password: 'Wrong1aa', safeCode: '1234' });
    expect(await profile()).toMatchObject({ online: true, loginLocked: true });
    expect((await act(ma01, 'KICK_OUT', sh)).result).toMatchObject({ status: 1 });
    expect((await act(ma01, 'UNLOCK', sh)).result).toMatchObject({ status: 1 });
    expect(await profile()).toMatchObject({ online: false, loginLocked: false });
  });

  it('refuses what the machine refuses (20011), a non-direct child (20040), outside the line (20002)', async () => {
    expect((await act(ma01, 'ENABLE', await idOf('sh0101'))).error).toMatchObject({ code: 20011, message: 'Illegal operation' });
    expect((await act(ma01, 'DISABLE', await idOf('ga010101'))).error).toEqual({
      code: 20040,
      message: 'Non-direct relations cannot operate',
    });
    expect((await act(ma01, 'DISABLE', await idOf('sh0201'))).error?.code).toBe(20002);
    expect((await act(ma01, 'DISABLE', await idOf('admin'))).error?.code).toBe(20002);
    // A member has no line to lock.
    const agent = await gw.sessionFor('ag01010101');
    expect((await act(agent, 'LINE_DISABLE', await idOf('mb01010101001'))).error?.code).toBe(20011);
    expect((await act(agent, 'DISABLE', await idOf('mb01010101001'))).result).toMatchObject({ status: 4 });
    await act(agent, 'ENABLE', await idOf('mb01010101001'));
  });

  it("removes a member's max-win block only when it is blocked and the machine takes it, and offers it only then", async () => {
    const agent = await gw.sessionFor('ag01010101');
    const blocked = await idOf('mb01010101001');
    const free = await idOf('mb01010101003');
    const offered = async (userId: string) =>
      ((await gw.call('gw.credit.operate.button.show', { opsId: agent, userId })).result as { actions: string[] }).actions;
    // The demo seed leaves mb01010101001 blocked by its maximum win.
    expect(await offered(blocked)).toContain('REMOVE_LIMIT');
    expect(await offered(free)).not.toContain('REMOVE_LIMIT');
    expect((await gw.call('gw.credit.user.limit.remove', { opsId: agent, userId: free })).error?.code).toBe(20011);
    // A frozen member takes no limit removal (the machine allows it only from normal).
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE id = ${blocked}`);
    expect((await gw.call('gw.credit.user.limit.remove', { opsId: agent, userId: blocked })).error?.code).toBe(20011);
    expect(await offered(blocked)).not.toContain('REMOVE_LIMIT');
    await gw.db.run(sql`UPDATE accounts SET status = 1 WHERE id = ${blocked}`);
    expect((await gw.call('gw.credit.user.limit.remove', { opsId: agent, userId: blocked })).result).toMatchObject({ status: 1 });
    const row = await gw.db.one<{ win_blocked: boolean }>(sql`SELECT win_blocked FROM accounts WHERE id = ${blocked}`);
    expect(row!.win_blocked).toBe(false);
    expect((await gw.call('gw.credit.user.limit.remove', { opsId: agent, userId: blocked })).error?.code).toBe(20011);
  });

  it('lets a frozen caller change nothing below it (20012)', async () => {
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'ma02' AND site_id = 'demo'`);
    const ma02 = await gw.sessionFor('ma02');
    expect((await act(ma02, 'DISABLE', await idOf('sh0201'))).error?.code).toBe(20012);
    expect((await gw.call('gw.credit.operate.button.show', { opsId: ma02, userId: await idOf('sh0201') })).result).toEqual({
      userId: await idOf('sh0201'),
      actions: [],
    });
    await gw.db.run(sql`UPDATE accounts SET status = 1 WHERE login_id = 'ma02'`);
  });

  it("answers in its profile a caller's own status and its line's, an upline's line freeze included", async () => {
    const profileOf = async (loginId: string) => (await gw.call('gw.credit.user.profile', { opsId: await gw.sessionFor(loginId) })).result;
    expect(await profileOf('ga010201')).toMatchObject({ status: 1, teamStatus: 1, lineStatus: 1 });
    await act(ma01, 'LINE_FREEZE', await idOf('sh0102'));
    try {
      expect(await profileOf('sh0102')).toMatchObject({ status: 1, teamStatus: 6, lineStatus: 6 });
      expect(await profileOf('ga010201')).toMatchObject({ status: 1, teamStatus: 1, lineStatus: 6 });
    } finally {
      await act(ma01, 'LINE_UNFREEZE', await idOf('sh0102'));
    }
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'ma02' AND site_id = 'demo'`);
    try {
      expect(await profileOf('ma02')).toMatchObject({ status: 6, lineStatus: 1 });
    } finally {
      await gw.db.run(sql`UPDATE accounts SET status = 1 WHERE login_id = 'ma02'`);
    }
  });

  it('operate.button.show lists what the machine allows for a direct child', async () => {
    const show = async (loginId: string, opsId = ma01) =>
      (await gw.call('gw.credit.operate.button.show', { opsId, userId: await idOf(loginId) })).result as { actions: string[] };
    expect((await show('sh0101')).actions).toEqual(['DISABLE', 'FREEZE', 'KICK_OUT', 'UNLOCK', 'LINE_DISABLE', 'LINE_FREEZE']);
    await act(ma01, 'DISABLE', await idOf('sh0101'));
    expect((await show('sh0101')).actions).toEqual(['ENABLE', 'UNLOCK', 'LINE_DISABLE', 'LINE_FREEZE']);
    await act(ma01, 'ENABLE', await idOf('sh0101'));
    expect((await show('mb01010101003', await gw.sessionFor('ag01010101'))).actions).toEqual(['DISABLE', 'FREEZE', 'KICK_OUT', 'UNLOCK']);
    expect((await gw.call('gw.credit.operate.button.show', { opsId: ma01, userId: await idOf('ga010101') })).error?.code).toBe(20040);
  });
});

describe('the stop list: pausing and resuming betting', () => {
  it('pauses a member of the agent, lists it among the paused, and resumes it; once each way (20011)', async () => {
    const agent = await gw.sessionFor('ag01010102');
    const member = await idOf('mb01010102003');
    expect((await gw.call('gw.credit.user.bet.pause', { opsId: agent, userId: member })).result).toEqual({
      userId: member,
      betPaused: true,
    });
    expect((await gw.call('gw.credit.user.bet.pause', { opsId: agent, userId: member })).error?.code).toBe(20011);
    const paused = (await gw.call('gw.credit.user.query', { opsId: agent, betPaused: true })).result as {
      total: number;
      list: { loginId: string; betPaused: boolean }[];
    };
    expect(paused).toMatchObject({ total: 1, list: [{ loginId: 'mb01010102003', betPaused: true }] });
    // Above the agent, the stop list spans the whole line.
    expect(((await gw.call('gw.credit.user.query', { opsId: ma01, betPaused: true })).result as { total: number }).total).toBe(1);
    expect((await gw.call('gw.credit.user.bet.pursue', { opsId: agent, userId: member })).result).toEqual({
      userId: member,
      betPaused: false,
    });
    expect((await gw.call('gw.credit.user.bet.pursue', { opsId: agent, userId: member })).error?.code).toBe(20011);
    expect(((await gw.call('gw.credit.user.query', { opsId: agent, betPaused: true })).result as { total: number }).total).toBe(0);
  });

  it('refuses agents (20011), members of another agent (20002) and members further down (20040)', async () => {
    const agent = await gw.sessionFor('ag01010102');
    expect((await gw.call('gw.credit.user.bet.pause', { opsId: ma01, userId: await idOf('sh0101') })).error?.code).toBe(20011);
    expect((await gw.call('gw.credit.user.bet.pause', { opsId: agent, userId: await idOf('mb01010101001') })).error?.code).toBe(20002);
    expect((await gw.call('gw.credit.user.bet.pause', { opsId: ma01, userId: await idOf('mb01010101001') })).error?.code).toBe(20040);
  });
});
