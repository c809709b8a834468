import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { testDatabaseKind } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let admin: string;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`DELETE FROM sub_accounts WHERE login_id LIKE 'tsub%'`);
  await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1, force_pwd_update = false`);
  await gw.db.run(sql`UPDATE sites SET sub_account_limit = 15, min_score_interval_ms = 0`);
  await gw.db.run(sql`DELETE FROM attempt_counters`);
  admin = await gw.sessionFor('admin');
});

let added = 0;
const nextName = () => `tsub${String(++added).padStart(3, '0')}`;

async function addSub(opsId: string, overrides: Record<string, unknown> = {}) {
  const loginId = nextName();
  const { subAccountId } = await gw.rpc('gw.credit.subaccount.add', {
    opsId,
    safeCode: '1234',
    loginId,
    nickname: 'test clerk',
    password: 'Clerk_123',
    subSafeCode: '4321',
    accessCode: '1,5',
    ...overrides,
  } as never);
  return { subAccountId, loginId };
}

const subCount = async () => Number((await gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM sub_accounts`))!.n);

/** Signs a sub-account in (its first sign-in sets its own password and safe code) and answers its session. */
async function signInSub(loginId: string, password = 'Clerk_123', safeCode = '4321') {
  const answer = await gw.login(loginId, { password, safeCode });
  if (answer.error) throw new Error(`sign-in of ${loginId} refused with ${answer.error.code}`);
  return answer.result as {
    sessionId: string;
    firstLogin: string;
    userId: string;
    mainUserId: string;
    sessionType: number;
    isMain: boolean;
    accessCode: number[];
    level: number;
  };
}

async function clerkSession(codes = '1,5') {
  const { subAccountId, loginId } = await addSub(admin, { accessCode: codes });
  await gw.db.run(sql`UPDATE sub_accounts SET first_login = false WHERE id = ${subAccountId}`);
  const session = await signInSub(loginId);
  return { subAccountId, loginId, opsId: session.sessionId, session };
}

describe('gw.credit.subaccount.add', () => {
  it('adds a sub-account with normalized codes, on the accounts id sequence, listed by its main account', async () => {
    const before = await gw.db.one<{ max: string | number }>(sql`SELECT max(id) AS max FROM accounts`);
    const { subAccountId, loginId } = await addSub(admin, { accessCode: '5, 2,6' });
    expect(BigInt(subAccountId)).toBeGreaterThan(BigInt(before!.max));
    const list = await gw.rpc('gw.credit.subaccount.query', { opsId: admin });
    const item = list.list.find((row) => row.subAccountId === subAccountId)!;
    expect(item).toMatchObject({
      loginId,
      agentId: await gw.accountId('admin'),
      status: 1,
      accessCode: '1,2,5,6',
      online: false,
      lastLoginAt: null,
    });
    // The next account takes an id after the sub-account's: one sequence.
    const { userId } = await gw.rpc('gw.credit.agent.add', {
      opsId: admin,
      loginId: nextName(),
      nickname: 'after sub',
      password: 'Agent_123',
      pointLimit: '1',
      agentCommisionRate: 1,
      validAmountRate: 0,
    });
    expect(BigInt(userId)).toBeGreaterThan(BigInt(subAccountId));
  });

  it('refuses a name taken by an account or a sub-account of the site, in any case, both ways (100 login-id-taken)', async () => {
    const count = await subCount();
    expect(
      await gw.refusal('gw.credit.subaccount.add', {
        opsId: admin,
        safeCode: '1234',
        loginId: 'MA01',
        nickname: 'taken name',
        password: 'Clerk_123',
        accessCode: '1',
      }),
    ).toMatchObject({
      code: 100,
      data: { field: 'loginId', rule: 'login-id-taken' },
    });
    const { loginId } = await addSub(admin);
    expect(
      (
        await gw.refusal('gw.credit.subaccount.add', {
          opsId: admin,
          safeCode: '1234',
          loginId: loginId.toUpperCase(),
          nickname: 'taken name',
          password: 'Clerk_123',
          accessCode: '1',
        })
      ).data,
    ).toEqual({ field: 'loginId', rule: 'login-id-taken' });
    const agentAdd = await gw.refusal('gw.credit.agent.add', {
      opsId: admin,
      loginId,
      nickname: 'taken name',
      password: 'Agent_123',
      pointLimit: '1',
      agentCommisionRate: 1,
      validAmountRate: 0,
    });
    expect(agentAdd).toMatchObject({ code: 100, data: { field: 'loginId', rule: 'login-id-taken' } });
    expect(await subCount()).toBe(count + 1);
    // Another site has its own namespace.
    const admin2 = await gw.sessionFor('admin2', 'demo2');
    await gw.rpc(
      'gw.credit.subaccount.add',
      { opsId: admin2, safeCode: '1234', loginId, nickname: 'other site', password: 'Clerk_123', accessCode: '1' },
      { host: 'demo2.localhost' },
    );
  });

  it('needs the main account safe code (2241) and known codes (100 access-code); a refusal adds nothing', async () => {
    const count = await subCount();
    expect(
      (
        await gw.refusal('gw.credit.subaccount.add', {
          opsId: admin,
          safeCode: '9999',
          loginId: nextName(),
          nickname: 'no safe',
          password: 'Clerk_123',
          accessCode: '1',
        })
      ).code,
    ).toBe(2241);
    for (const accessCode of ['9', '1,12', 'a', '1;5']) {
      expect(
        (
          await gw.refusal('gw.credit.subaccount.add', {
            opsId: admin,
            safeCode: '1234',
            loginId: nextName(),
            nickname: 'bad code',
            password: 'Clerk_123',
            accessCode,
          })
        ).data,
      ).toEqual({
        field: 'accessCode',
        rule: 'access-code',
      });
    }
    expect(
      (
        await gw.refusal('gw.credit.subaccount.add', {
          opsId: admin,
          safeCode: '1234',
          loginId: nextName(),
          nickname: 'weak',
          password: 'weak',
          accessCode: '1',
        })
      ).code,
    ).toBe(100);
    expect(await subCount()).toBe(count);
  });

  it('holds the site limit per main account (20047) and answers a replay with its first result', async () => {
    await gw.db.run(sql`UPDATE sites SET sub_account_limit = 5 WHERE id = 'demo'`);
    const main = await gw.sessionFor('ma02');
    const params = {
      opsId: main,
      safeCode: '1234',
      loginId: nextName(),
      nickname: 'first one',
      password: 'Clerk_123',
      accessCode: '1',
      requestKey: 'sub-add-1',
    };
    const first = await gw.rpc('gw.credit.subaccount.add', params);
    expect(await gw.rpc('gw.credit.subaccount.add', params)).toEqual(first);
    for (let i = 0; i < 4; i++) await addSub(main);
    const count = await subCount();
    expect((await gw.refusal('gw.credit.subaccount.add', { ...params, loginId: nextName(), requestKey: 'sub-add-2' })).code).toBe(20047);
    expect(await subCount()).toBe(count);
    // Another main account has its own five.
    await addSub(await gw.sessionFor('ma03'));
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'holds the limit when adds race on PostgreSQL: exactly the free places are taken',
    async () => {
      await gw.db.run(sql`UPDATE sites SET sub_account_limit = 5 WHERE id = 'demo'`);
      const main = await gw.sessionFor('ma01');
      for (let i = 0; i < 3; i++) await addSub(main);
      const answers = await Promise.all(
        // Four at once: step-up checks of one name from one IP may run five at a time (the sign-in limit).
        Array.from({ length: 4 }, () =>
          gw.call('gw.credit.subaccount.add', {
            opsId: main,
            safeCode: '1234',
            loginId: nextName(),
            nickname: 'racing clerk',
            password: 'Clerk_123',
            accessCode: '1',
          }),
        ),
      );
      expect(answers.filter((answer) => !answer.error)).toHaveLength(2);
      expect(answers.filter((answer) => answer.error).map((answer) => answer.error!.code)).toEqual([20047, 20047]);
      const own = await gw.db.one<{ n: string | number }>(
        sql`SELECT count(*) AS n FROM sub_accounts WHERE main_account_id = ${await gw.accountId('ma01')}`,
      );
      expect(Number(own!.n)).toBe(5);
    },
  );

  it.runIf(testDatabaseKind() === 'postgres')(
    'gives a name to one of two racing adds (an account and a sub-account) on PostgreSQL',
    async () => {
      const name = nextName();
      const [sub, agent] = await Promise.all([
        gw.call('gw.credit.subaccount.add', {
          opsId: admin,
          safeCode: '1234',
          loginId: name,
          nickname: 'racing name',
          password: 'Clerk_123',
          accessCode: '1',
        }),
        gw.call('gw.credit.agent.add', {
          opsId: await gw.sessionFor('ma01'),
          loginId: name,
          nickname: 'racing name',
          password: 'Agent_123',
          pointLimit: '1',
          agentCommisionRate: 1,
          validAmountRate: 0,
        }),
      ]);
      expect([sub, agent].filter((answer) => !answer.error)).toHaveLength(1);
      expect([sub, agent].find((answer) => answer.error)!.error).toMatchObject({ code: 100, data: { rule: 'login-id-taken' } });
    },
  );
});

describe('signing in as a sub-account', () => {
  it('answers session type 9 acting for the main account, first sets its own secrets, and acts with its codes', async () => {
    const { subAccountId, loginId } = await addSub(admin, { accessCode: '5' });
    const first = await signInSub(loginId);
    expect(first).toMatchObject({
      sessionType: 9,
      isMain: false,
      userId: subAccountId,
      mainUserId: await gw.accountId('admin'),
      level: 0,
      accessCode: [1, 5],
      firstLogin: '1',
    });
    // Until its own password and safe code are set, nothing else.
    expect((await gw.refusal('gw.credit.user.profile', { opsId: first.sessionId })).code).toBe(11003);
    await gw.rpc('gw.credit.user.password.force.update', {
      opsId: first.sessionId,
      newPassword: 'Mine_1234',
      confirmPassword: 'Mine_1234',
      safeCode: '5678',
    });
    // The main account's secrets did not change: it still signs in with its own.
    expect((await gw.login('admin')).error).toBeUndefined();
    const clerk = await signInSub(loginId, 'Mine_1234', '5678');
    expect(clerk.firstLogin).toBe('0');
    const profile = await gw.rpc('gw.credit.user.profile', { opsId: clerk.sessionId });
    expect(profile.loginId).toBe('admin');
    const own = await gw.rpc('gw.credit.subaccount.get', { opsId: clerk.sessionId });
    expect(own).toMatchObject({ subAccountId, accessCode: '1,5' });
    expect(own.lastLoginAt).not.toBeNull();

    const ma01 = await gw.accountId('ma01');
    await gw.rpc('gw.credit.user.score.up', { opsId: clerk.sessionId, userId: ma01, amount: '1.00', requestKey: 'clerk-up-1' });
    const row = await gw.db.one<{ operator_login: string; operator_account_id: string | number; operator_sub_account_id: string | number }>(
      sql`SELECT operator_login, operator_account_id, operator_sub_account_id FROM score_log WHERE request_key = 'clerk-up-1'`,
    );
    expect(row).toEqual({ operator_login: loginId, operator_account_id: expect.anything(), operator_sub_account_id: expect.anything() });
    expect(String(row!.operator_account_id)).toBe(await gw.accountId('admin'));
    expect(String(row!.operator_sub_account_id)).toBe(subAccountId);
    const logged1 = await gw.rpc('gw.credit.score.log.query', { opsId: admin, userId: ma01, pageSize: 1 });
    expect(logged1.list[0]).toMatchObject({
      operator: loginId,
      operatorSubAccountId: subAccountId,
      mainUserId: await gw.accountId('admin'),
    });
    const record = await gw.db.one<{ account_id: string | number; sub_account_id: string | number; operator_login: string }>(
      sql`SELECT account_id, sub_account_id, operator_login FROM operation_log WHERE request_key = 'clerk-up-1'`,
    );
    expect([String(record!.account_id), String(record!.sub_account_id), record!.operator_login]).toEqual([
      await gw.accountId('admin'),
      subAccountId,
      loginId,
    ]);
    const logged = await gw.db.one<{ account_id: string | number; sub_account_id: string | number }>(
      sql`SELECT account_id, sub_account_id FROM login_log WHERE login_id = ${loginId} AND code IS NULL ORDER BY id DESC LIMIT 1`,
    );
    expect([String(logged!.account_id), String(logged!.sub_account_id)]).toEqual([await gw.accountId('admin'), subAccountId]);

    // Without code 2 or 3: refused whatever the params, and the main account's own methods too.
    expect(
      (
        await gw.refusal('gw.credit.agent.add', {
          opsId: clerk.sessionId,
          loginId: nextName(),
          nickname: 'not allowed',
          password: 'Agent_123',
          pointLimit: '1',
          agentCommisionRate: 1,
          validAmountRate: 0,
        })
      ).code,
    ).toBe(11003);
    expect((await gw.refusal('gw.credit.agent.profile.edit', { opsId: clerk.sessionId, userId: ma01, nickname: 'not allowed' })).code).toBe(
      11003,
    );
    expect((await gw.refusal('gw.credit.score.issue', { opsId: clerk.sessionId, amount: '1' })).code).toBe(11003);
    expect((await gw.refusal('gw.credit.subaccount.query', { opsId: clerk.sessionId })).code).toBe(11003);
    expect((await gw.refusal('gw.credit.subaccount.get', { opsId: clerk.sessionId, subAccountId: await gw.accountId('admin') })).code).toBe(
      11003,
    );
  });

  it('changes its own password with its own old password, never the main account’s', async () => {
    const { opsId, loginId } = await clerkSession();
    expect(
      (
        await gw.refusal('gw.credit.user.password.update', {
          opsId,
          oldPassword: 'Admin123',
          newPassword: 'Other_123',
          confirmPassword: 'Other_123',
        })
      ).code,
    ).toBe(2232);
    const fresh = (await signInSub(loginId)).sessionId;
    await gw.rpc('gw.credit.user.password.update', {
      opsId: fresh,
      oldPassword: 'Clerk_123',
      newPassword: 'Other_123',
      confirmPassword: 'Other_123',
    });
    expect((await gw.call('gw.credit.agent.level', { opsId: fresh })).error?.code).toBe(2202);
    expect((await gw.login(loginId, { password: 'Other_123', safeCode: '4321' })).error).toBeUndefined();
    expect((await gw.login('admin')).error).toBeUndefined();
    expect((await gw.rpc('gw.credit.safe.code.check', { opsId: admin, safeCode: '1234' })).valid).toBe(true);
  });

  it('is stopped by everything that stops its main account', async () => {
    const { opsId } = await clerkSession();
    const adminId = await gw.accountId('admin');
    const ma01 = await gw.accountId('ma01');
    // Frozen main account: it may read, not move points.
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE id = ${adminId}`);
    expect((await gw.refusal('gw.credit.user.score.up', { opsId, userId: ma01, amount: '1.00' })).code).toBe(20005);
    await gw.db.run(sql`UPDATE accounts SET status = 1 WHERE id = ${adminId}`);
    // Disabled main account (through the gateway, so its sessions end): the clerk is out and cannot sign in.
    const ma02 = await gw.sessionFor('ma02');
    const shOfMa02 = await gw.accountId('sh0201');
    await gw.db
      .run(sql`INSERT INTO sub_accounts (site_id, main_account_id, login_id, nickname, password_hash, safe_code_hash, access_codes, first_login, created_at)
      SELECT site_id, id, 'tsubsh02', 'sh clerk', password_hash, safe_code_hash, '{1,5}', false, now() FROM accounts WHERE id = ${shOfMa02}`);
    const shClerk = (await signInSub('tsubsh02', 'Admin123', '1234')).sessionId;
    await gw.rpc('gw.credit.user.disable', { opsId: ma02, userId: shOfMa02 });
    expect((await gw.call('gw.credit.agent.level', { opsId: shClerk })).error?.code).toBe(2202);
    expect((await gw.login('tsubsh02')).error?.code).toBe(2217);
    await gw.rpc('gw.credit.user.enable', { opsId: ma02, userId: shOfMa02 });
    // A line locked above the main account: no sign-in.
    await gw.rpc('gw.credit.agent.line.disable', { opsId: admin, userId: await gw.accountId('ma02') });
    expect((await gw.login('tsubsh02')).error?.code).toBe(ErrorCode.agentLineLocked);
    await gw.rpc('gw.credit.agent.line.enable', { opsId: admin, userId: await gw.accountId('ma02') });
    expect((await gw.login('tsubsh02')).error).toBeUndefined();
  });
});

describe('managing sub-accounts', () => {
  it('gets one of its own (20048 for another main account’s; 700 without an id)', async () => {
    const { subAccountId } = await addSub(admin);
    expect((await gw.rpc('gw.credit.subaccount.get', { opsId: admin, subAccountId })).subAccountId).toBe(subAccountId);
    expect((await gw.refusal('gw.credit.subaccount.get', { opsId: await gw.sessionFor('ma01'), subAccountId })).code).toBe(20048);
    expect((await gw.refusal('gw.credit.subaccount.disable', { opsId: await gw.sessionFor('ma01'), subAccountId })).code).toBe(20048);
    expect((await gw.refusal('gw.credit.subaccount.get', { opsId: admin })).code).toBe(700);
    const admin2 = await gw.sessionFor('admin2', 'demo2');
    expect((await gw.refusal('gw.credit.subaccount.get', { opsId: admin2, subAccountId }, { host: 'demo2.localhost' })).code).toBe(20048);
  });

  it('changes codes for the next call of a live session, and records before and after', async () => {
    const { opsId, subAccountId } = await clerkSession('1,5');
    expect((await gw.refusal('gw.credit.score.log.query', { opsId })).code).toBe(11003);
    expect(
      (await gw.refusal('gw.credit.subaccount.access.code.update', { opsId: admin, safeCode: '0000', subAccountId, accessCode: '6' })).code,
    ).toBe(2241);
    await gw.rpc('gw.credit.subaccount.access.code.update', {
      opsId: admin,
      safeCode: '1234',
      subAccountId,
      accessCode: '6',
      requestKey: 'codes-1',
    });
    await gw.rpc('gw.credit.score.log.query', { opsId });
    expect((await gw.refusal('gw.credit.user.score.up', { opsId, userId: await gw.accountId('ma01'), amount: '1' })).code).toBe(11003);
    const record = await gw.db.one<{ changes: unknown }>(sql`SELECT changes FROM operation_log WHERE request_key = 'codes-1'`);
    expect(record!.changes).toEqual([{ field: 'accessCode', before: '1,5', after: '6' }]);
  });

  it('disables (sessions end, no sign-in: 2217) and enables again', async () => {
    const { opsId, subAccountId, loginId } = await clerkSession();
    await gw.rpc('gw.credit.subaccount.disable', { opsId: admin, subAccountId });
    expect((await gw.call('gw.credit.agent.level', { opsId })).error?.code).toBe(2202);
    expect((await gw.login(loginId, { password: 'Clerk_123', safeCode: '4321' })).error?.code).toBe(2217);
    expect((await gw.rpc('gw.credit.subaccount.get', { opsId: admin, subAccountId })).status).toBe(4);
    await gw.rpc('gw.credit.subaccount.enable', { opsId: admin, subAccountId });
    expect((await gw.login(loginId, { password: 'Clerk_123', safeCode: '4321' })).error).toBeUndefined();
  });

  it('kicks out: every session of the sub-account ends, the main account’s stay', async () => {
    const { opsId, subAccountId } = await clerkSession();
    expect((await gw.rpc('gw.credit.subaccount.get', { opsId: admin, subAccountId })).online).toBe(true);
    await gw.rpc('gw.credit.subaccount.logout', { opsId: admin, subAccountId });
    expect((await gw.call('gw.credit.agent.level', { opsId })).error?.code).toBe(2202);
    expect((await gw.rpc('gw.credit.subaccount.get', { opsId: admin, subAccountId })).online).toBe(false);
    expect((await gw.call('gw.credit.agent.level', { opsId: admin })).error).toBeUndefined();
  });

  it('resets the password (the sub-account must change it at its next sign-in) and changes the nickname', async () => {
    const { opsId, subAccountId, loginId } = await clerkSession();
    expect((await gw.refusal('gw.credit.subaccount.update', { opsId: admin, safeCode: '1234', subAccountId })).code).toBe(700);
    expect(
      (await gw.refusal('gw.credit.subaccount.update', { opsId: admin, safeCode: '1111', subAccountId, password: 'Reset_123' })).code,
    ).toBe(2241);
    await gw.rpc('gw.credit.subaccount.update', {
      opsId: admin,
      safeCode: '1234',
      subAccountId,
      password: 'Reset_123',
      nickname: 'renamed clerk',
    });
    expect((await gw.call('gw.credit.agent.level', { opsId })).error?.code).toBe(2202);
    expect((await gw.login(loginId, { password: 'Clerk_123', safeCode: '4321' })).error?.code).toBe(2218);
    const next = await gw.login(loginId, { password: 'Reset_123', safeCode: '4321' });
    expect((next.result as { forcePwdUpdate: string }).forcePwdUpdate).toBe('1');
    expect((await gw.rpc('gw.credit.subaccount.get', { opsId: admin, subAccountId })).nickname).toBe('renamed clerk');
  });

  it('deletes with the safe code: its sessions end, its name is free, what it did stays recorded', async () => {
    const { opsId, subAccountId, loginId } = await clerkSession();
    await gw.rpc('gw.credit.user.score.up', { opsId, userId: await gw.accountId('ma01'), amount: '1', requestKey: 'before-delete' });
    expect((await gw.refusal('gw.credit.subaccount.delete', { opsId: admin, safeCode: '0001', subAccountId })).code).toBe(2241);
    expect((await gw.rpc('gw.credit.subaccount.get', { opsId: admin, subAccountId })).subAccountId).toBe(subAccountId);
    await gw.rpc('gw.credit.subaccount.delete', { opsId: admin, safeCode: '1234', subAccountId });
    expect((await gw.call('gw.credit.agent.level', { opsId })).error?.code).toBe(2202);
    expect((await gw.refusal('gw.credit.subaccount.get', { opsId: admin, subAccountId })).code).toBe(20048);
    expect((await gw.login(loginId, { password: 'Clerk_123', safeCode: '4321' })).error?.code).toBe(2218);
    const kept = await gw.db.one<{ operator_login: string }>(sql`SELECT operator_login FROM score_log WHERE request_key = 'before-delete'`);
    expect(kept!.operator_login).toBe(loginId);
    await gw.rpc('gw.credit.agent.add', {
      opsId: admin,
      loginId,
      nickname: 'name reused',
      password: 'Agent_123',
      pointLimit: '1',
      agentCommisionRate: 1,
      validAmountRate: 0,
    });
    await gw.db.run(sql`DELETE FROM game_settings WHERE account_id = (SELECT id FROM accounts WHERE login_id = ${loginId})`);
    await gw.db.run(sql`DELETE FROM accounts WHERE login_id = ${loginId}`);
  });

  it('is for main accounts only: a sub-account managing sub-accounts gets 11003 for every method', async () => {
    const { opsId, subAccountId } = await clerkSession('1,2,3,4,5,6,7,8,11');
    const calls: [string, Record<string, unknown>][] = [
      [
        'gw.credit.subaccount.add',
        { safeCode: '4321', loginId: nextName(), nickname: 'by a clerk', password: 'Clerk_123', accessCode: '1' },
      ],
      ['gw.credit.subaccount.query', {}],
      ['gw.credit.subaccount.update', { safeCode: '4321', subAccountId, nickname: 'by a clerk' }],
      ['gw.credit.subaccount.access.code.update', { safeCode: '4321', subAccountId, accessCode: '1' }],
      ['gw.credit.subaccount.disable', { subAccountId }],
      ['gw.credit.subaccount.enable', { subAccountId }],
      ['gw.credit.subaccount.delete', { safeCode: '4321', subAccountId }],
      ['gw.credit.subaccount.logout', { subAccountId }],
    ];
    for (const [method, params] of calls) expect((await gw.call(method, { opsId, ...params })).error?.code, method).toBe(11003);
    expect((await gw.rpc('gw.credit.subaccount.get', { opsId, subAccountId })).subAccountId).toBe(subAccountId);
  });

  it('shows a sub-account its own jobs and files only; the main account sees its clerks’', async () => {
    const first = await clerkSession('6');
    const second = await clerkSession('6');
    const { jobId } = await gw.rpc('gw.credit.score.log.export', { opsId: first.opsId, format: 'csv' });
    let job = await gw.rpc('gw.credit.job.get', { opsId: first.opsId, jobId });
    for (let tries = 0; job.status !== 'done' && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = await gw.rpc('gw.credit.job.get', { opsId: first.opsId, jobId });
    }
    expect(job.status).toBe('done');
    expect((await gw.rpc('gw.credit.job.get', { opsId: admin, jobId })).fileId).toBe(job.fileId);
    expect((await gw.refusal('gw.credit.job.get', { opsId: second.opsId, jobId })).code).toBe(20049);
    const download = (opsId: string) =>
      fetch(`${gw.url}/api/files/${job.fileId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ opsId }),
      });
    const fileType = async (opsId: string) => (await download(opsId)).headers.get('content-type');
    expect(await fileType(first.opsId)).toBe('text/csv; charset=utf-8');
    expect(await fileType(admin)).toBe('text/csv; charset=utf-8');
    const refused = (await (await download(second.opsId)).json()) as { error?: { code: number } };
    expect(refused.error?.code).toBe(20049);
    const job2 = await gw.db.one<{ sub_account_id: string | number }>(sql`SELECT sub_account_id FROM jobs WHERE id = ${jobId}`);
    expect(String(job2!.sub_account_id)).toBe(first.subAccountId);
  });

  it('answers a replay of every write method with its first answer, doing it once', async () => {
    const { subAccountId } = await clerkSession();
    const calls: [string, Record<string, unknown>][] = [
      ['gw.credit.subaccount.add', { safeCode: '1234', loginId: nextName(), nickname: 'replayed', password: 'Clerk_123', accessCode: '1' }],
      ['gw.credit.subaccount.update', { safeCode: '1234', subAccountId, nickname: 'replayed nick' }],
      ['gw.credit.subaccount.access.code.update', { safeCode: '1234', subAccountId, accessCode: '1,6' }],
      ['gw.credit.subaccount.disable', { subAccountId }],
      ['gw.credit.subaccount.enable', { subAccountId }],
      ['gw.credit.subaccount.logout', { subAccountId }],
      ['gw.credit.subaccount.delete', { safeCode: '1234', subAccountId }],
    ];
    for (const [method, params] of calls) {
      const requestKey = `replay-${method}`;
      const first = await gw.call(method, { opsId: admin, requestKey, ...params });
      const again = await gw.call(method, { opsId: admin, requestKey, ...params });
      expect(first.error, method).toBeUndefined();
      expect(again.result, method).toEqual(first.result);
      const recorded = await gw.db.one<{ n: string | number }>(
        sql`SELECT count(*) AS n FROM operation_log WHERE request_key = ${requestKey} AND level = 'normal'`,
      );
      expect(Number(recorded!.n), method).toBe(1);
      // The same key with other values is refused (20011), as for every write.
      const changed = 'nickname' in params ? { nickname: 'other values' } : { subAccountId: '1' };
      const other = await gw.call(method, { opsId: admin, requestKey, ...params, ...changed });
      expect(other.error?.code, method).toBe(20011);
    }
  });
});
