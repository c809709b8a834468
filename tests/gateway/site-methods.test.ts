import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  gw.clock.set(new Date());
  await gw.db.run(sql`DELETE FROM site_ip_rules`);
  await gw.db.run(sql`UPDATE sites SET maintenance_start = NULL, maintenance_end = NULL, ip_whitelist_on = false`);
  // Seeded notices have an author; the ones a test adds have none.
  await gw.db.run(sql`DELETE FROM notices WHERE created_by IS NULL`);
});

describe('gw.credit.sn.template.get', () => {
  it('answers the theme of the site of the Host header and the visitor', async () => {
    const demo = await gw.call('gw.credit.sn.template.get', { ztsLang: 'en' });
    expect(demo.result).toEqual({
      ui: 'black',
      isBlock: false,
      fromIp: '127.0.0.1',
      location: 'Local network',
      title: '信用代理后台',
      sn: 'demo',
      login: 'default',
      logo: '',
      idleTimeout: 1800,
      captcha: true,
      currency: 'CNY',
    });
    const red = await gw.call('gw.credit.sn.template.get', {}, { host: 'demo2.localhost:8080' });
    expect(red.result).toMatchObject({ ui: 'red', sn: 'demo2', title: 'Red Dragon Club', location: '本地网络', currency: 'THB' });
  });

  it('reports a block rule matching the visitor and an allow-list that misses it', async () => {
    await gw.db.run(sql`INSERT INTO site_ip_rules (site_id, kind, network) VALUES ('demo', 'block', '127.0.0.0/8')`);
    expect((await gw.call('gw.credit.sn.template.get')).result).toMatchObject({ isBlock: true, fromIp: '127.0.0.1' });
    // The other site has no rule: not blocked there.
    expect((await gw.call('gw.credit.sn.template.get', {}, { host: 'demo2.localhost' })).result).toMatchObject({ isBlock: false });

    await gw.db.run(sql`DELETE FROM site_ip_rules`);
    await gw.db.run(sql`INSERT INTO site_ip_rules (site_id, kind, network) VALUES ('demo', 'allow', '10.0.0.0/8')`);
    // Allow rules are the whitelist: they apply only while its switch is on.
    expect((await gw.call('gw.credit.sn.template.get')).result).toMatchObject({ isBlock: false });
    await gw.db.run(sql`UPDATE sites SET ip_whitelist_on = true WHERE id = 'demo'`);
    expect((await gw.call('gw.credit.sn.template.get')).result).toMatchObject({ isBlock: true });
    await gw.db.run(sql`INSERT INTO site_ip_rules (site_id, kind, network) VALUES ('demo', 'allow', '127.0.0.1/32')`);
    expect((await gw.call('gw.credit.sn.template.get')).result).toMatchObject({ isBlock: false });
  });

  it('tells whether sign-in asks for a captcha: the site setting, and never on a gateway running with CAPTCHA=off', async () => {
    const off = await startTestGateway({ captcha: false, db: gw.db });
    try {
      const asks = async (on: TestGateway) => ((await on.call('gw.credit.sn.template.get')).result as { captcha: boolean }).captcha;
      expect([await asks(gw), await asks(off)]).toEqual([true, false]);
      const settingsOf = async (on: TestGateway) =>
        (await on.call('gw.credit.sys.setting.get', { opsId: await on.sessionFor('admin') })).result as { captchaOff: boolean };
      expect(await settingsOf(gw)).toMatchObject({ captchaOff: false });
      expect(await settingsOf(off)).toMatchObject({ captchaOff: true });
      // CAPTCHA=off: signing in takes no captcha.
      const signIn = await off.call('gw.credit.agent.login', { loginId: 'admin', password: 'Admin123', safeCode: '1234' });
      expect(signIn.result).toMatchObject({ loginId: 'admin' });
      await gw.db.run(sql`UPDATE sites SET captcha_required = false WHERE id = 'demo'`);
      expect(await asks(gw)).toBe(false);
      expect((await gw.call('gw.credit.sn.template.get', {}, { host: 'demo2.localhost' })).result).toMatchObject({ captcha: true });
    } finally {
      await gw.db.run(sql`UPDATE sites SET captcha_required = true`);
      await off.close();
    }
  });

  it("tells the site's currency: its default one, as currency.list puts first", async () => {
    const currency = async () => ((await gw.call('gw.credit.sn.template.get')).result as { currency: string }).currency;
    try {
      await gw.db.run(sql`UPDATE site_currencies SET is_default = false WHERE site_id = 'demo'`);
      await gw.db.run(sql`UPDATE site_currencies SET is_default = true WHERE site_id = 'demo' AND code = 'USD'`);
      expect(await currency()).toBe('USD');
      const listed = (await gw.call('gw.credit.currency.list', { opsId: await gw.sessionFor('admin') })).result as {
        list: { code: string }[];
      };
      expect(listed.list[0]!.code).toBe('USD');
    } finally {
      await gw.db.run(sql`UPDATE site_currencies SET is_default = false WHERE site_id = 'demo'`);
      await gw.db.run(sql`UPDATE site_currencies SET is_default = true WHERE site_id = 'demo' AND code = 'CNY'`);
    }
    expect(await currency()).toBe('CNY');
  });

  it('refuses a param of the wrong type with 100 naming the field', async () => {
    const answer = await gw.call('gw.credit.sn.template.get', { domain: 42 });
    expect(answer.error).toMatchObject({ code: 100, data: { field: 'domain', rule: 'type:string' } });
  });
});

describe('sn.agent.maintain', () => {
  it('says flag 0 without a window', async () => {
    expect((await gw.call('sn.agent.maintain', { domain: 'localhost' })).result).toEqual({
      flag: 0,
      startTime: null,
      endTime: null,
      beijing: { startTime: null, endTime: null },
      exempt: false,
    });
  });

  it('says flag 1 inside the window, with the times in UTC and in Beijing time', async () => {
    await gw.db.run(
      sql`UPDATE sites SET maintenance_start = '2026-03-01T16:00:00Z', maintenance_end = '2026-03-01T18:30:00Z' WHERE id = 'demo'`,
    );
    gw.clock.set('2026-03-01T17:00:00Z');
    expect((await gw.call('sn.agent.maintain')).result).toEqual({
      flag: 1,
      startTime: '2026-03-01T16:00:00.000Z',
      endTime: '2026-03-01T18:30:00.000Z',
      beijing: { startTime: '2026-03-02 00:00:00', endTime: '2026-03-02 02:30:00' },
      exempt: false,
    });
    gw.clock.set('2026-03-01T18:30:00Z');
    expect((await gw.call('sn.agent.maintain')).result).toMatchObject({ flag: 0 });
    gw.clock.set('2026-03-01T15:59:59Z');
    expect((await gw.call('sn.agent.maintain')).result).toMatchObject({ flag: 0 });
  });

  it('refuses a domain that is not a string', async () => {
    expect((await gw.call('sn.agent.maintain', { domain: ['x'] })).error).toMatchObject({ code: 100, data: { field: 'domain' } });
  });
});

describe('closed sites', () => {
  it('answers 2250 during maintenance except for the site, theme, maintenance and meta calls', async () => {
    const now = gw.clock.now().getTime();
    await gw.db.run(
      sql`UPDATE sites SET maintenance_start = ${new Date(now - 60_000)}, maintenance_end = ${new Date(now + 60_000)} WHERE id = 'demo'`,
    );
    expect((await gw.call('gw.credit.sn.notice.query', { ztsLang: 'en' })).error).toEqual({
      code: 2250,
      message: 'The site is under maintenance, please come back later',
    });
    const token = await gw.sessionFor('ma01');
    expect((await gw.call('gw.credit.notice.layer.list', { opsId: token })).error?.code).toBe(2250);
    for (const method of ['gw.credit.sn.template.get', 'sn.agent.maintain', 'host.info', 'node.version', 'rpc.discover']) {
      expect((await gw.call(method, method === 'node.version' ? { opsId: token } : {})).result, method).toBeDefined();
    }
    // The other site is open.
    expect((await gw.call('gw.credit.sn.notice.query', {}, { host: 'demo2.localhost' })).result).toBeDefined();
    // The window ends: open again.
    gw.clock.set(new Date(now + 60_000));
    expect((await gw.call('gw.credit.sn.notice.query')).result).toBeDefined();
  });

  it('answers 2251 to a blocked visitor except for the same open calls', async () => {
    await gw.db.run(sql`INSERT INTO site_ip_rules (site_id, kind, network) VALUES ('demo', 'block', '127.0.0.1/32')`);
    expect((await gw.call('gw.credit.sn.notice.query', { ztsLang: 'en' })).error).toEqual({
      code: 2251,
      message: 'Access from your IP address is blocked',
    });
    expect((await gw.call('gw.credit.sn.template.get')).result).toMatchObject({ isBlock: true });
    expect((await gw.call('sn.agent.maintain')).result).toMatchObject({ flag: 0 });
  });
});

describe('notices', () => {
  async function addNotice(input: { site?: string; level?: number | null; start: Date; end: Date; status?: string; title?: string }) {
    const title = JSON.stringify({ zh: `${input.title ?? '测试'}`, en: `${input.title ?? 'Test'} EN`, th: 'ทดสอบ' });
    await gw.db.run(sql`INSERT INTO notices (site_id, title, content, status, target_level, publish_time, start_time, end_time)
      VALUES (${input.site ?? 'demo'}, ${title}::jsonb, ${JSON.stringify({ zh: '<p>内容 &amp; <b>粗体</b></p>', en: '<p>Body</p>' })}::jsonb,
              ${input.status ?? 'published'}, ${input.level ?? null}, ${input.start}, ${input.start}, ${input.end})`);
  }

  it('sn.notice.query lists current notices sent to no level, in the caller language', async () => {
    const answer = await gw.call('gw.credit.sn.notice.query', { ztsLang: 'en', pageIndex: 1, pageSize: 99 });
    const result = answer.result as {
      total: number;
      list: { title: string; level: number | null; contentRich: string; content: string }[];
    };
    expect(result.total).toBe(2);
    expect(result.list.map((n) => n.title).sort()).toEqual(['Scheduled maintenance', 'Welcome to the credit back office']);
    expect(result.list.every((n) => n.level === null)).toBe(true);
    const welcome = result.list.find((n) => n.title.startsWith('Welcome'))!;
    expect(welcome.contentRich).toContain('<strong>score log</strong>');
    expect(welcome.content).toBe('Every score up and down is recorded in the score log.');
  });

  it('leaves out drafts, future and ended notices, and pages the rest', async () => {
    const now = gw.clock.now().getTime();
    await addNotice({ start: new Date(now - 1000), end: new Date(now + 1000), status: 'draft', title: 'draft' });
    await addNotice({ start: new Date(now + 60_000), end: new Date(now + 120_000), title: 'future' });
    await addNotice({ start: new Date(now - 120_000), end: new Date(now - 60_000), title: 'ended' });
    await addNotice({ start: new Date(now - 1000), end: new Date(now + 100_000), title: 'fresh' });
    const page1 = (await gw.call('gw.credit.sn.notice.query', { pageIndex: 1, pageSize: 2 })).result as {
      total: number;
      list: { title: string; content: string }[];
    };
    expect(page1.total).toBe(3);
    expect(page1.list[0]).toMatchObject({ title: 'fresh', content: '内容 & 粗体' });
    const page2 = (await gw.call('gw.credit.sn.notice.query', { pageIndex: 2, pageSize: 2 })).result as { total: number; list: unknown[] };
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.list).toHaveLength(1);
    // Vietnamese is optional for a notice: Chinese stands in.
    const vi = (await gw.call('gw.credit.sn.notice.query', { ztsLang: 'vi', pageSize: 1 })).result as { list: { title: string }[] };
    expect(vi.list[0]!.title).toBe('fresh');
  });

  it('refuses page sizes outside 1..500 and a page index below 1 with 100', async () => {
    for (const params of [{ pageSize: 0 }, { pageSize: 501 }, { pageIndex: 0 }, { pageSize: 2.5 }, { pageSize: '99' }]) {
      const answer = await gw.call('gw.credit.sn.notice.query', params);
      expect(answer.error?.code, JSON.stringify(params)).toBe(100);
      expect(['pageSize', 'pageIndex']).toContain(answer.error?.data?.field);
    }
  });

  it('layer.list needs a session (2202) and shows the notices of the user level too', async () => {
    expect((await gw.call('gw.credit.notice.layer.list', { ztsLang: 'en' })).error).toEqual({
      code: 2202,
      message: 'Authentication failed, please log in again',
    });
    expect((await gw.call('gw.credit.notice.layer.list', { opsId: 'x'.repeat(43) })).error?.code).toBe(2202);
    const company = await gw.sessionFor('admin');
    const forCompany = (await gw.call('gw.credit.notice.layer.list', { opsId: company, pageSize: 99 })).result as {
      total: number;
      list: { level: number | null }[];
    };
    expect(forCompany.total).toBe(2);
    expect(forCompany.list.every((n) => n.level === null)).toBe(true);

    // A major shareholder (level 1) also sees the notice sent to level 1.
    await gw.addAccount({ loginId: 'major01', parent: 'admin', level: 1 });
    const major = await gw.sessionFor('major01');
    const forMajor = (await gw.call('gw.credit.notice.layer.list', { opsId: major, ztsLang: 'en' })).result as {
      total: number;
      list: { title: string; level: number | null }[];
    };
    expect(forMajor.total).toBe(3);
    expect(forMajor.list.find((n) => n.level === 1)?.title).toBe('For major shareholders');
  });
});

describe('host.info and node.version', () => {
  it('host.info names the site of the host and the caller', async () => {
    expect((await gw.call('host.info', { ztsLang: 'en' }, { host: 'DEMO2.localhost:8080' })).result).toEqual({
      host: 'demo2.localhost',
      sn: 'demo2',
      title: 'Red Dragon Club',
      ip: '127.0.0.1',
      location: 'Local network',
      countryCode: null,
    });
    // An unknown host gets the default site.
    expect((await gw.call('host.info', {}, { host: 'unknown.example' })).result).toMatchObject({ sn: 'demo', host: 'unknown.example' });
  });

  it('node.version names the gateway version, the runtime and the database, to a session only', async () => {
    expect((await gw.call('node.version')).error?.code).toBe(2202);
    expect((await gw.call('node.version', { opsId: await gw.sessionFor('admin') })).result).toEqual({
      version: '0.1.0',
      node: process.version,
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('methods without params ignore unknown fields but refuse a params array', async () => {
    expect((await gw.call('sn.agent.maintain', { extra: 1 })).result).toBeDefined();
    const res = await gw.raw({
      path: '/api',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'sn.agent.maintain', params: [1] }),
    });
    expect(res.json).toMatchObject({ id: 9, error: { code: 100, data: { field: 'params' } } });
  });
});
