import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let admin: string;
let ma01: string;

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.sessionFor('admin');
  ma01 = await gw.sessionFor('ma01');
});
afterAll(async () => {
  await gw.close();
});

type Tips = { list: { loginId: string; level: number }[] };

describe('name suggestions', () => {
  it('suggests names of the line starting with the keyword, any case, in name order, up to the limit', async () => {
    const tips = (await gw.call('gw.credit.fuzzy.search.tips', { opsId: admin, keyword: 'SH01' })).result as Tips;
    expect(tips.list.map((t) => t.loginId)).toEqual(['sh0101', 'sh0102']);
    const members = (await gw.call('gw.credit.fuzzy.search.tips', { opsId: admin, keyword: 'mb0101010', limit: 5 })).result as Tips;
    expect(members.list.map((t) => t.loginId)).toEqual([
      'mb01010101001',
      'mb01010101002',
      'mb01010101003',
      'mb01010101004',
      'mb01010101005',
    ]);
    const agents = (await gw.call('gw.credit.fuzzy.agent.search.tips', { opsId: admin, keyword: 'mb', limit: 50 })).result as Tips;
    expect(agents.list).toEqual([]);
  });

  it("never suggests outside the caller's line, and takes % and _ literally", async () => {
    const tips = (await gw.call('gw.credit.fuzzy.search.tips', { opsId: ma01, keyword: 'sh', limit: 50 })).result as Tips;
    expect(tips.list.map((t) => t.loginId)).toEqual(['sh0101', 'sh0102']);
    expect(((await gw.call('gw.credit.fuzzy.search.tips', { opsId: admin, keyword: '%' })).result as Tips).list).toEqual([]);
    expect(((await gw.call('gw.credit.fuzzy.search.tips', { opsId: admin, keyword: '_' })).result as Tips).list).toEqual([]);
  });

  it('refuses an empty keyword or a limit out of range (100), and needs a session (2202)', async () => {
    expect((await gw.call('gw.credit.fuzzy.search.tips', { opsId: admin, keyword: ' ' })).error?.code).toBe(100);
    expect((await gw.call('gw.credit.fuzzy.search.tips', { opsId: admin, keyword: 'a', limit: 51 })).error?.code).toBe(100);
    expect((await gw.call('gw.credit.fuzzy.search.tips', { opsId: admin })).error?.code).toBe(700);
    expect((await gw.call('gw.credit.fuzzy.search.tips', { keyword: 'ma' })).error?.code).toBe(2202);
  });
});

describe('gw.credit.account.search', () => {
  it('finds an account of the line by its exact name, with the line down to it', async () => {
    const found = (await gw.call('gw.credit.account.search', { opsId: admin, loginId: 'GA010101' })).result as {
      list: { loginId: string; level: number; line: { loginId: string }[] }[];
    };
    expect(found.list).toHaveLength(1);
    expect(found.list[0]).toMatchObject({ loginId: 'ga010101', level: 3 });
    expect(found.list[0]!.line.map((s) => s.loginId)).toEqual(['admin', 'ma01', 'sh0101', 'ga010101']);
    expect(((await gw.call('gw.credit.account.search', { opsId: ma01, loginId: 'ga020101' })).result as { list: unknown[] }).list).toEqual(
      [],
    );
    expect(((await gw.call('gw.credit.account.search', { opsId: admin, loginId: 'ga01010' })).result as { list: unknown[] }).list).toEqual(
      [],
    );
    const row = await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE login_id = 'ga010101' AND site_id = 'demo'`);
    expect(String((found.list[0] as unknown as { userId: string }).userId)).toBe(String(row!.id));
  });
});

describe("reading an account of one's line", () => {
  it('profile, balance and simple info of any account of the line; 20002 outside it', async () => {
    const id = async (loginId: string) =>
      String((await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE login_id = ${loginId} AND site_id = 'demo'`))!.id);
    const ga = await id('ga010101');
    expect((await gw.call('gw.credit.user.profile', { opsId: admin, userId: ga })).result).toMatchObject({
      loginId: 'ga010101',
      level: 3,
      agentCommisionRate: 70,
      validAmountRate: 0.9,
      pointLimit: '5000000.00',
    });
    expect((await gw.call('gw.credit.user.balance.get', { opsId: ma01, userId: ga })).result).toEqual({ balance: '60000.00' });
    expect((await gw.call('gw.credit.user.simple.info.get', { opsId: ma01, userId: ga })).result).toEqual({
      userId: ga,
      loginId: 'ga010101',
      nickname: 'ga010101',
      level: 3,
      parentId: await id('sh0101'),
      status: 1,
      teamStatus: 1,
      balance: '60000.00',
      pointLimit: '5000000.00',
    });
    for (const method of ['gw.credit.user.profile', 'gw.credit.user.balance.get', 'gw.credit.user.simple.info.get']) {
      expect((await gw.call(method, { opsId: ma01, userId: await id('ga020101') })).error?.code, method).toBe(20002);
      expect((await gw.call(method, { opsId: ma01, userId: await id('admin') })).error?.code, method).toBe(20002);
    }
  });
});

describe('the bare call names', () => {
  const idOf = async (loginId: string) =>
    String((await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!.id);

  it('answer the reads exactly as their gw.credit. methods, refusals included', async () => {
    const sh = await idOf('sh0101');
    const reads: [string, Record<string, unknown>][] = [
      ['fuzzy.search.tips', { opsId: admin, keyword: 'sh01' }],
      ['fuzzy.agent.search.tips', { opsId: admin, keyword: 'ga0101', limit: 3 }],
      ['account.search', { opsId: admin, loginId: 'GA010101' }],
      ['limitation.list', { opsId: admin, gameType: 'live' }],
      ['currency.list', { opsId: admin }],
      ['operate.button.show', { opsId: ma01, userId: sh }],
    ];
    for (const [bare, params] of reads) {
      const answer = await gw.call(bare, params);
      expect(answer.result, bare).toBeDefined();
      expect(answer.result, bare).toEqual((await gw.call(`gw.credit.${bare}`, params)).result);
    }
    // The same rights and the same checks: a foreign account, a missing session, a bad param.
    expect((await gw.call('operate.button.show', { opsId: ma01, userId: await idOf('ma02') })).error?.code).toBe(
      (await gw.call('gw.credit.operate.button.show', { opsId: ma01, userId: await idOf('ma02') })).error?.code,
    );
    expect((await gw.call('account.search', { loginId: 'sh0101' })).error?.code).toBe(2202);
    expect((await gw.call('fuzzy.search.tips', { opsId: admin, keyword: 'x'.repeat(200) })).error?.code).toBe(100);
    // Only the kept bare names (docs/product.md#the-gateway): other gw.credit. methods have no bare name.
    expect((await gw.call('user.query', { opsId: admin })).error?.code).toBe(110);
  });

  it('team.bolck and team.unbolck stop and resume a line as the gw.credit. methods do, recorded under the method', async () => {
    const sh = await idOf('sh0102');
    await gw.db.run(sql`UPDATE accounts SET bet_stopped = false WHERE id = ${sh}`);
    expect((await gw.call('team.bolck', { opsId: ma01, userId: sh })).result).toEqual({ userId: sh, betStopped: true });
    const recorded = await gw.db.one<{ method: string }>(sql`SELECT method FROM operation_log ORDER BY id DESC LIMIT 1`);
    expect(recorded!.method).toBe('gw.credit.team.bolck');
    expect((await gw.call('team.bolck', { opsId: ma01, userId: sh })).error).toMatchObject({ code: 20011 });
    expect((await gw.call('team.unbolck', { opsId: ma01, userId: sh })).result).toEqual({ userId: sh, betStopped: false });
    expect((await gw.db.one<{ bet_stopped: boolean }>(sql`SELECT bet_stopped FROM accounts WHERE id = ${sh}`))!.bet_stopped).toBe(false);
  });

  it('are listed in the OpenRPC document with their method’s params and result', async () => {
    const doc = (await gw.raw({ method: 'GET', path: '/api/openrpc.json' })).json as {
      methods: { name: string; params: unknown; result: unknown; errors: unknown; 'x-alias-of'?: string }[];
    };
    const byName = new Map(doc.methods.map((method) => [method.name, method]));
    for (const bare of [
      'fuzzy.search.tips',
      'fuzzy.agent.search.tips',
      'account.search',
      'limitation.list',
      'currency.list',
      'operate.button.show',
      'team.bolck',
      'team.unbolck',
    ]) {
      const alias = byName.get(bare);
      const method = byName.get(`gw.credit.${bare}`)!;
      expect(alias, bare).toMatchObject({
        'x-alias-of': `gw.credit.${bare}`,
        params: method.params,
        result: method.result,
        errors: method.errors,
      });
    }
    expect(byName.get('gw.credit.team.bolck')!['x-alias-of']).toBeUndefined();
  });
});
