import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let admin: string;
let ma01: string;
const idOf = async (loginId: string, siteId = 'demo') =>
  String((await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND login_id = ${loginId}`))!.id);

type Listing = {
  total: number;
  line: { loginId: string; level: number }[];
  list: { userId: string; loginId: string; level: number; online: boolean; childCount: number; balance: string; status: number }[];
};

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  admin = await gw.sessionFor('admin');
  ma01 = await gw.sessionFor('ma01');
});
afterAll(async () => {
  await gw.close();
});

const agents = async (opsId: string, params: Record<string, unknown> = {}) =>
  (await gw.call('gw.credit.agent.query', { opsId, ztsLang: 'en', ...params })).result as Listing;
const members = async (opsId: string, params: Record<string, unknown> = {}) =>
  (await gw.call('gw.credit.user.query', { opsId, ztsLang: 'en', ...params })).result as Listing;

describe('gw.credit.agent.query', () => {
  it("lists the caller's direct agents with the line down to the parent", async () => {
    const result = await agents(admin, { sort: 'loginId', order: 'asc' });
    expect(result.total).toBe(3);
    expect(result.list.map((a) => a.loginId)).toEqual(['ma01', 'ma02', 'ma03']);
    expect(result.list[0]).toMatchObject({ level: 1, childCount: 2, balance: '1000000.00', status: 1 });
    expect(result.line).toEqual([{ userId: expect.any(String), loginId: 'admin', level: 0 }]);
  });

  it('drills down the tree, and the line grows with each step', async () => {
    const ga = await agents(admin, { parentId: await idOf('sh0101'), sort: 'loginId', order: 'asc' });
    expect(ga.list.map((a) => a.loginId)).toEqual(['ga010101', 'ga010102']);
    expect(ga.line.map((s) => s.loginId)).toEqual(['admin', 'ma01', 'sh0101']);
    // An agent's children are members: no agents below it.
    expect((await agents(admin, { parentId: await idOf('ag01010101') })).total).toBe(0);
  });

  it('filters by name (any case, literally), status, level and online, and sorts', async () => {
    expect((await agents(admin, { loginId: 'MA02' })).list.map((a) => a.loginId)).toEqual(['ma02']);
    expect((await agents(admin, { loginId: '%' })).total).toBe(0);
    expect((await agents(admin, { loginId: '_' })).total).toBe(0);
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'ma03' AND site_id = 'demo'`);
    try {
      expect((await agents(admin, { status: 6 })).list.map((a) => a.loginId)).toEqual(['ma03']);
    } finally {
      await gw.db.run(sql`UPDATE accounts SET status = 1 WHERE login_id = 'ma03'`);
    }
    // A level looks through the whole line: every shareholder (level 2) below the company, or below ma01 only.
    const shareholders = await gw.db.rows<{ login_id: string }>(
      sql`SELECT login_id FROM accounts WHERE site_id = 'demo' AND level = 2 ORDER BY login_id`,
    );
    const everyLevel2 = await agents(admin, { level: 2, sort: 'loginId', order: 'asc' });
    expect(everyLevel2.list.map((a) => a.loginId)).toEqual(shareholders.map((row) => row.login_id));
    expect(everyLevel2.total).toBe(shareholders.length);
    expect((await agents(admin, { level: 2, parentId: await idOf('ma01') })).list.every((a) => a.loginId.startsWith('sh01'))).toBe(true);
    expect((await agents(admin, { level: 4, parentId: await idOf('ma01') })).total).toBe(8);
    expect((await agents(ma01, { level: 2, parentId: await idOf('ma01', 'demo') })).total).toBe(2);
    const online = await agents(admin, { online: true });
    expect(online.list.map((a) => a.loginId)).toEqual(['ma01']);
    expect((await agents(admin, { online: false })).total).toBe(2);
    expect((await agents(admin, { sort: 'loginId', order: 'desc' })).list[0]!.loginId).toBe('ma03');
  });

  it('shows a line lock and a sign-in lock on each row, and lists only the locked accounts (or only the others)', async () => {
    const sh = await idOf('sh0101');
    const byLogin = async (params: Record<string, unknown> = {}) =>
      Object.fromEntries(
        ((await agents(ma01, params)).list as unknown as { loginId: string; teamStatus: number; loginLocked: boolean }[]).map((row) => [
          row.loginId,
          { teamStatus: row.teamStatus, loginLocked: row.loginLocked },
        ]),
      );
    expect(await byLogin()).toEqual({ sh0101: { teamStatus: 1, loginLocked: false }, sh0102: { teamStatus: 1, loginLocked: false } });
    expect((await agents(ma01, { locked: true })).total).toBe(0);
    expect((await gw.call('gw.credit.agent.line.disable', { opsId: ma01, userId: sh })).error).toBeUndefined();
    for (let i = 0; i < 5; i++) await gw.call('gw.credit.agent.login', { loginId: 'sh0102', password: 'Wrong1aa', safeCode: '1234' });
    try {
      expect(await byLogin()).toEqual({ sh0101: { teamStatus: 4, loginLocked: false }, sh0102: { teamStatus: 1, loginLocked: true } });
      expect(Object.keys(await byLogin({ locked: true })).sort()).toEqual(['sh0101', 'sh0102']);
      expect((await agents(ma01, { locked: false })).total).toBe(0);
      await gw.call('gw.credit.user.unlock', { opsId: ma01, userId: await idOf('sh0102') });
      expect(Object.keys(await byLogin({ locked: true }))).toEqual(['sh0101']);
      expect(Object.keys(await byLogin({ locked: false }))).toEqual(['sh0102']);
      expect((await members(ma01, { locked: true })).total).toBe(0);
    } finally {
      await gw.call('gw.credit.agent.line.enable', { opsId: ma01, userId: sh });
      await gw.call('gw.credit.user.unlock', { opsId: ma01, userId: await idOf('sh0102') });
    }
  });

  it("refuses a parent outside the caller's line, above it, or on another site with 20002", async () => {
    for (const loginId of ['ma02', 'admin', 'sh0201']) {
      const answer = await gw.call('gw.credit.agent.query', { opsId: ma01, parentId: await idOf(loginId), ztsLang: 'en' });
      expect(answer.error, loginId).toEqual({ code: 20002, message: 'Account does not exist' });
    }
    const other = await gw.call('gw.credit.agent.query', { opsId: admin, parentId: await idOf('ma01', 'demo2') });
    expect(other.error?.code).toBe(20002);
    expect((await gw.call('gw.credit.agent.query', { opsId: admin, parentId: '999999999' })).error?.code).toBe(20002);
    // Its own line is fine.
    expect((await agents(ma01)).list.map((a) => a.loginId).sort()).toEqual(['sh0101', 'sh0102']);
    expect((await agents(ma01)).line.map((s) => s.loginId)).toEqual(['ma01']);
  });

  it('refuses bad params (100), no session (2202) and a session that must change its password (11003)', async () => {
    for (const params of [
      { pageSize: 501 },
      { sort: 'password' },
      { status: 3 },
      { order: 'up' },
      { parentId: 'x' },
      { online: 'yes' },
      { locked: 'yes' },
    ]) {
      expect((await gw.call('gw.credit.agent.query', { opsId: admin, ...params })).error?.code, JSON.stringify(params)).toBe(100);
    }
    expect((await gw.call('gw.credit.agent.query', {})).error?.code).toBe(2202);
    await gw.addAccount({ loginId: 'forcedq1', parent: 'admin', level: 1, forcePwdUpdate: true });
    expect((await gw.call('gw.credit.agent.query', { opsId: await gw.sessionFor('forcedq1') })).error?.code).toBe(11003);
  });
});

describe('gw.credit.user.query', () => {
  it("lists an agent's members, paged", async () => {
    const parentId = await idOf('ag01010101');
    const first = await members(admin, { parentId, sort: 'loginId', order: 'asc', pageSize: 50 });
    expect(first.total).toBe(300);
    expect(first.list).toHaveLength(50);
    expect(first.list[0]!.loginId).toBe('mb01010101001');
    const third = await members(admin, { parentId, sort: 'loginId', order: 'asc', pageSize: 50, pageIndex: 3 });
    expect(third.list[0]!.loginId).toBe('mb01010101101');
    const last = await members(admin, { parentId, pageSize: 500, pageIndex: 2 });
    expect(last.list).toHaveLength(0);
    expect(last.total).toBe(300);
  });

  it("lists every member of a higher account's line, and only those", async () => {
    const all = await members(admin, { pageSize: 1 });
    expect(all.total).toBe(415);
    const ofMa02 = await members(admin, { parentId: await idOf('ma02'), pageSize: 500 });
    expect(ofMa02.total).toBe(40);
    expect(ofMa02.list.every((m) => m.loginId.startsWith('mb02'))).toBe(true);
    expect((await members(ma01, { pageSize: 1 })).total).toBe(300 + 7 * 5);
  });

  it('refuses a parent outside the line (20002)', async () => {
    expect((await gw.call('gw.credit.user.query', { opsId: ma01, parentId: await idOf('ag02010101') })).error?.code).toBe(20002);
  });
});
