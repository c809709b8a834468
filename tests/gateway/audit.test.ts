import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldChange, OperationRecordRow } from '../../contract/audit.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { ParamsIn } from '../../contract/methods.contract';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let gw: TestGateway;
const ids: Record<string, string> = {};
const sessions: Record<string, string> = {};
const idOf = async (loginId: string, siteId = 'demo') => (ids[loginId] ??= await gw.accountId(loginId, siteId));
const opsOf = async (loginId: string, siteId = 'demo') => (sessions[loginId] ??= await gw.sessionFor(loginId, siteId));

/** A window of its own for each test's rows, far from the calls' "now" and from each other. */
const windowAt = (days: number) => new Date(Date.UTC(2025, 0, 1) + days * DAY);
const range = (start: Date, ms = DAY) => ({ startTime: start.toISOString(), endTime: new Date(start.getTime() + ms).toISOString() });
const aroundNow = () => range(new Date(gw.clock.now().getTime() - HOUR), 2 * HOUR);

type Op = {
  account: string;
  sub?: string;
  login?: string;
  method?: string;
  target?: string;
  level?: 'normal' | 'warn' | 'error';
  code?: number;
  at: Date;
  changes?: FieldChange[];
};

/** Operation rows as the dispatcher writes them (line_path = the acting main account's path), for what calls cannot make. */
async function insertOps(ops: Op[]) {
  for (const op of ops) {
    await gw.db.run(sql`INSERT INTO operation_log
        (site_id, account_id, sub_account_id, operator_login, method, target_id, level, code, ip, region, terminal, changes, line_path, created_at)
      SELECT a.site_id, a.id, ${op.sub ?? null}, ${op.login ?? 'someone'}, ${op.method ?? 'gw.credit.user.enable'}, ${op.target ?? null},
             ${op.level ?? 'normal'}, ${op.code ?? null}, '10.0.0.1', 'LAN', '7', ${JSON.stringify(op.changes ?? [])}::jsonb, a.path, ${op.at}
        FROM accounts a WHERE a.id = ${op.account}`);
  }
}

async function addSubAccount(mainLogin: string, loginId: string, accessCodes = '{1,8}'): Promise<string> {
  const row = await gw.db.one<{ id: string | number }>(sql`INSERT INTO sub_accounts
      (site_id, main_account_id, login_id, nickname, password_hash, safe_code_hash, access_codes, first_login, created_at)
    SELECT a.site_id, a.id, ${loginId}, ${loginId}, a.password_hash, a.safe_code_hash, ${accessCodes}, false, ${gw.clock.now()}
      FROM accounts a WHERE a.site_id = 'demo' AND a.login_id = ${mainLogin}
    RETURNING id`);
  return (ids[loginId] = String(row!.id));
}

const records = (loginId: string, params: ParamsIn<'gw.credit.operation.record.query'>, host?: string) =>
  opsOf(loginId, host ? 'demo2' : 'demo').then((opsId) =>
    gw.rpc('gw.credit.operation.record.query', { opsId, ...params }, host ? { host } : undefined),
  );
const logins = async (loginId: string, params: ParamsIn<'gw.credit.login.log.query'>) =>
  gw.rpc('gw.credit.login.log.query', { opsId: await opsOf(loginId), ...params });

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
});
afterAll(async () => {
  await gw.close();
});

describe('gw.credit.operation.record.query', () => {
  it("shows the caller's line and nothing else: a level 1 not its sibling's line, the company its whole site, never another site", async () => {
    const start = windowAt(0);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const actors = ['admin', 'ma01', 'sh0101', 'ga010101', 'ma02', 'sh0201'];
    for (const [index, login] of actors.entries()) await insertOps([{ account: await idOf(login), login, at: at(index) }]);
    await insertOps([{ account: await idOf('admin2', 'demo2'), login: 'admin2', at: at(10) }]);

    const seenBy = async (login: string, host?: string) =>
      (await records(login, range(start), host)).list.map((row) => row.operatorLoginId).sort();
    expect(await seenBy('ma01')).toEqual(['ga010101', 'ma01', 'sh0101']);
    expect(await seenBy('ma02')).toEqual(['ma02', 'sh0201']);
    expect(await seenBy('sh0101')).toEqual(['ga010101', 'sh0101']);
    expect(await seenBy('admin')).toEqual([...actors].sort());
    expect(await seenBy('admin2', 'demo2.localhost')).toEqual(['admin2']);
  });

  it('answers newest first with every field, and maps a sub-account operator to itself and its main account', async () => {
    const start = windowAt(2);
    const [ma01, sh0101] = [await idOf('ma01'), await idOf('sh0101')];
    const sub = await addSubAccount('ma01', 'ma01aud1');
    const changes = [{ field: 'status', before: 1, after: 4 }];
    await insertOps([
      { account: ma01, login: 'ma01', target: sh0101, at: new Date(start.getTime() + 1000), changes },
      { account: ma01, sub, login: 'ma01aud1', target: sub, method: 'gw.credit.user.disable', at: new Date(start.getTime() + 2000) },
      { account: ma01, login: 'ma01', at: new Date(start.getTime() + 2000), level: 'error', code: ErrorCode.unknownException },
    ]);
    const { total, list } = await records('ma01', range(start));
    expect(total).toBe(3);
    // Same instant: the later record first.
    expect(list.map((row) => row.operatorLoginId)).toEqual(['ma01', 'ma01aud1', 'ma01']);
    expect(Number(list[0]!.id)).toBeGreaterThan(Number(list[1]!.id));
    expect(list[0]).toEqual({
      id: list[0]!.id,
      time: new Date(start.getTime() + 2000).toISOString(),
      operatorId: ma01,
      operatorLoginId: 'ma01',
      mainUserId: ma01,
      mainLoginId: 'ma01',
      action: 'gw.credit.user.enable',
      changes: [],
      level: 'error',
      code: ErrorCode.unknownException,
      ip: '10.0.0.1',
      region: 'LAN',
      terminal: '7',
    } satisfies OperationRecordRow);
    expect(list[1]).toMatchObject({ operatorId: sub, mainUserId: ma01, mainLoginId: 'ma01', targetId: sub, targetLoginId: 'ma01aud1' });
    expect(list[2]).toMatchObject({ operatorId: ma01, targetId: sh0101, targetLoginId: 'sh0101', changes });
  });

  it('filters by operator, target, action, level and the range [start, end)', async () => {
    const start = windowAt(4);
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const [ma01, sh0101, ga010101] = [await idOf('ma01'), await idOf('sh0101'), await idOf('ga010101')];
    const sub = await addSubAccount('ma01', 'ma01aud2');
    await insertOps([
      { account: ma01, login: 'ma01', target: sh0101, method: 'gw.credit.user.disable', at: at(0) },
      { account: ma01, sub, login: 'ma01aud2', target: sh0101, method: 'gw.credit.user.enable', at: at(1) },
      { account: ma01, sub, login: 'ma01aud2', target: ga010101, method: 'gw.credit.user.disable', level: 'warn', code: 20040, at: at(2) },
      { account: sh0101, login: 'sh0101', target: ga010101, method: 'gw.credit.user.disable', at: at(3) },
      { account: sh0101, login: 'sh0101', target: ga010101, method: 'gw.credit.user.enable', at: at(60) },
    ]);
    const seen = async (params: Omit<ParamsIn<'gw.credit.operation.record.query'>, 'startTime' | 'endTime'>, ms = DAY) =>
      (await records('ma01', { ...range(start, ms), ...params })).list.map((row) => `${row.operatorLoginId}@${row.time.slice(17, 19)}`);

    // The main account itself, not what its sub-account did for it.
    expect(await seen({ operatorId: ma01 })).toEqual(['ma01@00']);
    expect(await seen({ operatorId: sub })).toEqual(['ma01aud2@02', 'ma01aud2@01']);
    expect(await seen({ operatorId: sh0101 })).toEqual(['sh0101@00', 'sh0101@03']);
    expect(await seen({ targetId: ga010101 })).toEqual(['sh0101@00', 'sh0101@03', 'ma01aud2@02']);
    expect(await seen({ action: 'gw.credit.user.enable' })).toEqual(['sh0101@00', 'ma01aud2@01']);
    expect(await seen({ level: 'warn' })).toEqual(['ma01aud2@02']);
    expect(await seen({ operatorId: sub, level: 'normal', targetId: sh0101 })).toEqual(['ma01aud2@01']);
    // [start, end): the row at the end is out, the one at the start in.
    expect(await seen({}, 60_000)).toEqual(['sh0101@03', 'ma01aud2@02', 'ma01aud2@01', 'ma01@00']);
    expect(await seen({ operatorId: '999999999' })).toEqual([]);
  });

  it('counts and shows only the newest 1000 rows of the range; pages beyond them are empty', async () => {
    const start = windowAt(6);
    await gw.db.run(sql`INSERT INTO operation_log
        (site_id, account_id, operator_login, method, level, line_path, created_at)
      SELECT a.site_id, a.id, a.login_id, 'gw.credit.user.enable', 'normal', a.path, ${start}::timestamptz + g * interval '1 second'
        FROM accounts a CROSS JOIN generate_series(1, 1100) AS g
       WHERE a.site_id = 'demo' AND a.login_id = 'ma03'`);
    const page = (pageIndex: number, pageSize: number) => records('ma03', { ...range(start), pageIndex, pageSize });
    const second = (row: { time: string } | undefined) => (row ? (Date.parse(row.time) - start.getTime()) / 1000 : undefined);

    const first = await page(1, 100);
    expect(first.total).toBe(1000);
    expect(second(first.list[0])).toBe(1100);
    const last = await page(10, 100);
    expect(last.list).toHaveLength(100);
    expect(second(last.list.at(-1))).toBe(101);
    expect(await page(11, 100)).toEqual({ total: 1000, list: [] });
    // A page across row 1000 stops there.
    const across = await page(3, 400);
    expect(across.list).toHaveLength(200);
    expect(second(across.list.at(-1))).toBe(101);
    // Under the cap the total is the count.
    expect((await records('ma03', { ...range(start, 50_500), pageSize: 10 })).total).toBe(50);
  });

  it('refuses a range over 15 x 24 h (100 range-over-15-days) and a start not before the end (100 start-after-end), for both methods', async () => {
    const start = windowAt(8);
    const opsId = await opsOf('ma01');
    for (const method of ['gw.credit.operation.record.query', 'gw.credit.login.log.query'] as const) {
      expect(await gw.rpc(method, { opsId, ...range(start, 15 * DAY) })).toMatchObject({ total: expect.any(Number) });
      expect(await gw.refusal(method, { opsId, ...range(start, 15 * DAY + 1) })).toMatchObject({
        code: ErrorCode.invalidParams,
        data: { field: 'endTime' },
      });
      for (const ms of [0, -HOUR]) {
        expect(await gw.refusal(method, { opsId, ...range(start, ms) })).toMatchObject({
          code: ErrorCode.invalidParams,
          data: { field: 'startTime', rule: 'start-after-end' },
        });
      }
    }
  });

  it('names the rule of a range over 15 x 24 h: range-over-15-days', async () => {
    const refused = await gw.refusal('gw.credit.operation.record.query', { opsId: await opsOf('ma01'), ...range(windowAt(8), 16 * DAY) });
    expect(refused.data).toEqual({ field: 'endTime', rule: 'range-over-15-days' });
  });

  it('is refused to levels 3 and 4 (11003), and answers levels 0 to 2', async () => {
    for (const login of ['ga010101', 'ag01010101']) {
      expect((await gw.refusal('gw.credit.operation.record.query', { opsId: await opsOf(login), ...aroundNow() })).code).toBe(
        ErrorCode.notAuthorized,
      );
    }
    for (const login of ['admin', 'ma01', 'sh0101']) await expect(records(login, aroundNow())).resolves.toHaveProperty('list');
  });

  describe('what the write calls record', () => {
    const lastOf = async (loginId: string, action: string) => (await records(loginId, { ...aroundNow(), action, pageSize: 1 })).list[0]!;
    const accountRow = async (loginId: string) =>
      (await gw.db.one<{ status: number; balance: string | number; nickname: string; phone: string; point_limit: string | number }>(
        sql`SELECT status, balance, nickname, phone, point_limit FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`,
      ))!;

    it('a status change: status before -> after, as numbers', async () => {
      const opsId = await opsOf('ma01');
      const before = (await accountRow('sh0102')).status;
      await gw.rpc('gw.credit.user.disable', { opsId, userId: await idOf('sh0102'), mode: 'lock' });
      const after = (await accountRow('sh0102')).status;
      expect(after).not.toBe(before);
      const record = await lastOf('ma01', 'gw.credit.user.disable');
      expect(record).toMatchObject({ targetId: await idOf('sh0102'), targetLoginId: 'sh0102', level: 'normal', code: null });
      expect(record.changes).toEqual([{ field: 'status', before, after }]);
      await gw.rpc('gw.credit.user.enable', { opsId, userId: await idOf('sh0102') });
      expect((await lastOf('ma01', 'gw.credit.user.enable')).changes).toEqual([{ field: 'status', before: after, after: before }]);
    });

    it('a profile edit: only the fields that changed, before -> after (amounts in cents as strings)', async () => {
      const was = await accountRow('sh0302');
      const live = (await gw.db.one<{ red_limit: string | number; enabled: boolean }>(
        sql`SELECT red_limit, enabled FROM game_settings WHERE account_id = ${await idOf('sh0302')} AND game_type = 'live'`,
      ))!;
      expect(live.enabled).toBe(true);
      await gw.rpc('gw.credit.agent.profile.edit', {
        opsId: await opsOf('ma03'),
        userId: await idOf('sh0302'),
        nickname: 'Renamed',
        phone: '555-0100',
        wechat: '',
        pointLimit: '9000000.00',
        gameSettings: [{ gameType: 'live', redLimit: '123.45', enabled: false }],
      });
      const record = await lastOf('ma03', 'gw.credit.agent.profile.edit');
      expect(record.changes).toEqual([
        { field: 'nickname', before: was.nickname, after: 'Renamed' },
        { field: 'phone', before: was.phone, after: '555-0100' },
        { field: 'pointLimit', before: String(was.point_limit), after: '900000000' },
        { field: 'gameSettings.live.redLimit', before: String(live.red_limit), after: '12345' },
        { field: 'gameSettings.live.enabled', before: true, after: false },
      ]);
    });

    it('a score up: the target balance before -> after, in cents as strings', async () => {
      const before = String((await accountRow('sh0101')).balance);
      await gw.rpc('gw.credit.user.score.up', { opsId: await opsOf('ma01'), userId: await idOf('sh0101'), amount: '12.34' });
      const after = String((await accountRow('sh0101')).balance);
      expect(BigInt(after) - BigInt(before)).toBe(1234n);
      const record = await lastOf('ma01', 'gw.credit.user.score.up');
      expect(record.changes).toEqual([{ field: 'balance', before, after }]);
    });

    it('a flag and an added account: exceptionMarked false -> true, loginId null -> the new login', async () => {
      const opsId = await opsOf('ma01');
      await gw.rpc('gw.credit.agent.exception.mark', { opsId, userId: await idOf('sh0101') });
      expect((await lastOf('ma01', 'gw.credit.agent.exception.mark')).changes).toEqual([
        { field: 'exceptionMarked', before: false, after: true },
      ]);
      const added = await gw.rpc('gw.credit.agent.add', {
        opsId,
        loginId: 'audnew01',
        nickname: 'audit new',
        password: 'Authz_123',
        pointLimit: '1.00',
        agentCommisionRate: 1,
        validAmountRate: 0,
      });
      const record = await lastOf('ma01', 'gw.credit.agent.add');
      expect(record).toMatchObject({ targetId: added.userId, targetLoginId: 'audnew01' });
      expect(record.changes).toEqual([{ field: 'loginId', before: null, after: 'audnew01' }]);
    });

    it('a password reset records that the secrets changed, never their values', async () => {
      await gw.rpc('gw.credit.user.password.reset', {
        opsId: await opsOf('ma02'),
        userId: await idOf('sh0202'),
        password: 'Reset_123',
        safeCode: '4321',
      });
      expect((await lastOf('ma02', 'gw.credit.user.password.reset')).changes).toEqual([
        { field: 'password', before: null, after: null },
        { field: 'safeCode', before: null, after: null },
      ]);
    });

    it('a refused call: level warn with its code, and no changes', async () => {
      const refused = await gw.refusal('gw.credit.user.disable', {
        opsId: await opsOf('ma01'),
        userId: await idOf('sh0201'),
        mode: 'lock',
      });
      expect(refused.code).toBe(ErrorCode.accountNotFound);
      const record = await lastOf('ma01', 'gw.credit.user.disable');
      expect(record).toMatchObject({ level: 'warn', code: ErrorCode.accountNotFound, changes: [] });
      const warned = await records('ma01', { ...aroundNow(), level: 'warn' });
      expect(warned.list.every((row) => row.changes.length === 0)).toBe(true);
    });
  });
});

describe('gw.credit.login.log.query', () => {
  beforeAll(async () => {
    expect((await gw.login('ga010102')).error).toBeUndefined();
    expect((await gw.login('ga010102', { password: 'Wrong_123' })).error?.code).toBe(2218);
    expect((await gw.login('ga020101')).error).toBeUndefined();
    expect((await gw.login('nobody42')).error?.code).toBe(2218);
  });

  it("answers the line's attempts, successful or not, with their codes, newest first; not another line's, not unknown names", async () => {
    const { total, list } = await logins('ma01', aroundNow());
    expect(total).toBe(list.length);
    expect(list.map((row) => [row.loginId, row.code])).toEqual([
      ['ga010102', 2218],
      ['ga010102', 0],
    ]);
    expect(list[1]).toMatchObject({
      userId: await idOf('ga010102'),
      ip: '127.0.0.1',
      region: 'LAN',
      terminal: '7',
      deviceId: 'test-device',
    });
    expect((await logins('admin', aroundNow())).list.map((row) => row.loginId).sort()).toEqual(['ga010102', 'ga010102', 'ga020101']);
  });

  it('answers one account of the line by userId (its own included), and 20002 for one outside', async () => {
    expect((await logins('ma01', { ...aroundNow(), userId: await idOf('ga010102') })).total).toBe(2);
    expect((await logins('sh0101', { ...aroundNow(), userId: await idOf('sh0101') })).total).toBe(0);
    expect((await logins('sh0101', { ...aroundNow(), userId: await idOf('ga010102') })).total).toBe(2);
    const outside = await gw.refusal('gw.credit.login.log.query', {
      opsId: await opsOf('ma01'),
      ...aroundNow(),
      userId: await idOf('ga020101'),
    });
    expect(outside.code).toBe(ErrorCode.accountNotFound);
    const upward = await gw.refusal('gw.credit.login.log.query', {
      opsId: await opsOf('sh0101'),
      ...aroundNow(),
      userId: await idOf('ma01'),
    });
    expect(upward.code).toBe(ErrorCode.accountNotFound);
  });

  it('refuses levels 3 and 4 (11003), the line-wide form and one account alike, their own sign-ins included', async () => {
    for (const login of ['ga010101', 'ag01010101']) {
      const opsId = await opsOf(login);
      expect((await gw.refusal('gw.credit.login.log.query', { opsId, ...aroundNow() })).code).toBe(ErrorCode.notAuthorized);
      for (const userId of [await idOf(login), await idOf('ga010102')]) {
        expect((await gw.refusal('gw.credit.login.log.query', { opsId, ...aroundNow(), userId })).code).toBe(ErrorCode.notAuthorized);
      }
    }
  });

  it("refuses a clerk without code 8 one account's sign-ins (11003), code 1 or not; with code 8 it reads them", async () => {
    await addSubAccount('ma01', 'ma01code1', '{1,2,3,4,5}');
    const clerk = await gw.sessionForSub('ma01code1');
    const ma01 = { ...aroundNow(), userId: await idOf('ma01') };
    expect((await gw.refusal('gw.credit.login.log.query', { opsId: clerk, ...ma01 })).code).toBe(ErrorCode.notAuthorized);
    await addSubAccount('ma01', 'ma01code8', '{8}');
    const withCode = await gw.sessionForSub('ma01code8');
    expect(await gw.rpc('gw.credit.login.log.query', { opsId: withCode, ...ma01 })).toMatchObject({ total: expect.any(Number) });
  });

  describe('filters', () => {
    const start = windowAt(24);

    beforeAll(async () => {
      const attempt = async (login: string, result: string, code: number | null, ip: string, seconds: number) =>
        gw.db.run(sql`INSERT INTO login_log (site_id, account_id, login_id, result, code, ip, region, terminal, device, created_at)
          VALUES ('demo', ${await idOf(login)}, ${login.toUpperCase()}, ${result}, ${code}, ${ip}, 'LAN', '7', 'dev',
                  ${new Date(start.getTime() + seconds * 1000)})`);
      await attempt('sh0101', 'ok', null, '10.1.0.1', 1);
      await attempt('sh0101', 'bad-password', 2218, '10.1.0.2', 2);
      await attempt('ga010101', 'ok', null, '10.1.0.2', 3);
      await attempt('ga010101', 'locked', 2632, '10.1.0.1', 4);
      await attempt('ga020101', 'ok', null, '10.1.0.1', 5);
    });
    const seen = async (filters: Partial<ParamsIn<'gw.credit.login.log.query'>>) =>
      (await logins('ma01', { ...range(start), ...filters })).list.map((row) => `${row.loginId}:${row.code}`);

    it('by the name tried (any case), the address and the outcome, each alone and together; within the line only', async () => {
      expect(await seen({ loginId: 'sh0101' })).toEqual(['SH0101:2218', 'SH0101:0']);
      expect(await seen({ loginId: 'GA010101' })).toEqual(['GA010101:2632', 'GA010101:0']);
      expect(await seen({ loginId: 'ga020101' })).toEqual([]);
      expect(await seen({ ip: '10.1.0.1' })).toEqual(['GA010101:2632', 'SH0101:0']);
      expect(await seen({ result: 'ok' })).toEqual(['GA010101:0', 'SH0101:0']);
      expect(await seen({ result: 'failed' })).toEqual(['GA010101:2632', 'SH0101:2218']);
      expect(await seen({ loginId: 'sh0101', ip: '10.1.0.2', result: 'failed' })).toEqual(['SH0101:2218']);
      expect(await seen({ loginId: 'sh0101', ip: '10.1.0.2', result: 'ok' })).toEqual([]);
      expect((await logins('ma01', { ...range(start), ip: '10.1.0.1' })).total).toBe(2);
    });

    it('refuses a bad name, address or outcome with 100 naming the field and rule', async () => {
      const opsId = await opsOf('ma01');
      const cases: [Record<string, unknown>, string, string][] = [
        [{ loginId: 'a b' }, 'loginId', 'login-id'],
        [{ loginId: "x' OR 1=1" }, 'loginId', 'login-id'],
        [{ ip: '10.1.0' }, 'ip', 'ip-address'],
        [{ ip: '10.1.0.1%' }, 'ip', 'ip-address'],
        [{ result: 'refused' }, 'result', 'invalid_value'],
      ];
      for (const [filters, field, rule] of cases) {
        expect(await gw.refusal('gw.credit.login.log.query', { opsId, ...range(start), ...filters })).toMatchObject({
          code: ErrorCode.invalidParams,
          data: { field, rule },
        });
      }
    });
  });

  describe('sub-accounts', () => {
    const start = windowAt(20);
    let ma01: string;
    let sub: string;
    let sibling: string;
    let foreign: string;

    beforeAll(async () => {
      ma01 = await idOf('ma01');
      sub = await addSubAccount('ma01', 'ma01log1');
      sibling = await addSubAccount('ma01', 'ma01log2');
      foreign = await addSubAccount('ma02', 'ma02log1');
      const attempt = (account: string, subId: string | null, loginId: string, code: number | null, seconds: number) =>
        gw.db
          .run(sql`INSERT INTO login_log (site_id, account_id, sub_account_id, login_id, result, code, ip, region, terminal, device, created_at)
          VALUES ('demo', ${account}, ${subId}, ${loginId}, ${code === null ? 'ok' : 'refused'}, ${code}, '10.0.0.2', 'LAN', '7', 'dev',
                  ${new Date(start.getTime() + seconds * 1000)})`);
      await attempt(ma01, null, 'ma01', null, 1);
      await attempt(ma01, sub, 'ma01log1', 2218, 2);
      await attempt(ma01, sub, 'ma01log1', null, 3);
      await attempt(ma01, sibling, 'ma01log2', null, 4);
      await attempt(await idOf('ma02'), foreign, 'ma02log1', null, 5);
    });

    it("the line-wide form holds the sub-accounts' attempts, each under its own id", async () => {
      const { list } = await logins('ma01', range(start));
      expect(list.map((row) => [row.loginId, row.userId, row.code])).toEqual([
        ['ma01log2', sibling, 0],
        ['ma01log1', sub, 0],
        ['ma01log1', sub, 2218],
        ['ma01', ma01, 0],
      ]);
    });

    it("one account's own attempts leave its sub-accounts' out; a sub-account's are its own; another account's sub-account is not found", async () => {
      expect((await logins('ma01', { ...range(start), userId: ma01 })).list.map((row) => row.loginId)).toEqual(['ma01']);
      expect((await logins('ma01', { ...range(start), userId: sub })).list.map((row) => row.code)).toEqual([0, 2218]);
      const refused = await gw.refusal('gw.credit.login.log.query', { opsId: await opsOf('ma01'), ...range(start), userId: foreign });
      expect(refused.code).toBe(ErrorCode.accountNotFound);
      // The upline's main session does not reach a sub-account of its downline either.
      expect((await gw.refusal('gw.credit.login.log.query', { opsId: await opsOf('admin'), ...range(start), userId: sub })).code).toBe(
        ErrorCode.accountNotFound,
      );
    });

    it('a sub-account reads its own attempts, not a sibling sub-account’s (11003)', async () => {
      const opsId = await gw.sessionForSub('ma01log1');
      const ask = (userId: string) => gw.call('gw.credit.login.log.query', { opsId, ...range(start), userId });
      const own = (await ask(sub)).result as { list: { loginId: string }[] };
      expect(own.list.map((row) => row.loginId)).toEqual(['ma01log1', 'ma01log1']);
      expect((await ask(sibling)).error?.code).toBe(ErrorCode.notAuthorized);
      expect((await ask(foreign)).error?.code).toBe(ErrorCode.accountNotFound);
    });
  });
});
