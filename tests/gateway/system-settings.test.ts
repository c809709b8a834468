import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SystemSettings } from '../../contract/system-setting.contract';
import { startTestGateway, type RpcAnswer, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
const sessions: Record<string, string> = {};

// TRUST_PROXY on: a call names its address in X-Forwarded-For, as behind a load balancer.
beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false }, trustProxy: 1 });
  await gw.addSubAccount({ loginId: 'clerk0', main: 'admin', accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11] });
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  gw.clock.set(new Date());
  await gw.db.run(sql`DELETE FROM site_ip_rules`);
  await gw.db.run(sql`UPDATE sites SET maintenance_start = NULL, maintenance_end = NULL, ip_whitelist_on = false, finance_visible = true,
    logo = '', logo_image = NULL, logo_type = NULL, title = 'Demo', ui = 'black'`);
  for (const login of ['admin', 'ma01', 'ag01010101']) sessions[login] = await gw.sessionFor(login);
  sessions.clerk0 = await gw.sessionForSub('clerk0');
});

const get = async () => (await gw.call('gw.credit.sys.setting.get', { opsId: sessions.admin })).result as SystemSettings;
const set = (changes: Record<string, unknown>, safeCode = '1234') =>
  gw.call('gw.credit.sys.setting', { opsId: sessions.admin, safeCode, ...changes });
/** A call as the gateway sees it from `ip` (TRUST_PROXY is on in this file). */
const callFrom = async (ip: string, method: string, params: Record<string, unknown>): Promise<RpcAnswer> =>
  (
    await gw.raw({
      path: '/api',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  ).json as RpcAnswer;
const lastRecord = () =>
  gw.db.one<{ changes: { field: string; before: unknown; after: unknown }[] | string; level: string; code: number | null }>(
    sql`SELECT changes, level, code FROM operation_log WHERE method = 'gw.credit.sys.setting' ORDER BY id DESC LIMIT 1`,
  );
const changesOf = (record: Awaited<ReturnType<typeof lastRecord>>) =>
  typeof record!.changes === 'string' ? JSON.parse(record!.changes) : record!.changes;

describe('gw.credit.sys.setting.get and its rights', () => {
  it('answers the site settings to a company main account, with the address it calls from', async () => {
    const settings = await get();
    expect(settings).toMatchObject({
      maintenance: null,
      ipWhitelistOn: false,
      ipWhitelist: [],
      subAccountLimit: 15,
      captchaRequired: true,
      warningSwitch: false,
      monitorThresholds: { bet: '0.00', win: '0.00', score: '0.00' },
      ui: 'black',
      financeVisible: true,
      callerIp: '127.0.0.1',
    });
  });

  it('refuses agents and the company sub-accounts (main accounts only) with 11003', async () => {
    for (const who of ['ma01', 'ag01010101', 'clerk0']) {
      expect((await gw.call('gw.credit.sys.setting.get', { opsId: sessions[who] })).error?.code, who).toBe(11003);
      expect(
        (await gw.call('gw.credit.sys.setting', { opsId: sessions[who], safeCode: '1234', warningSwitch: true })).error?.code,
        who,
      ).toBe(11003);
    }
    expect((await get()).warningSwitch).toBe(false);
  });
});

describe('gw.credit.sys.setting', () => {
  it('refuses a wrong safe code with 2241 and changes nothing', async () => {
    expect((await set({ warningSwitch: true, title: 'Changed' }, '9999')).error?.code).toBe(2241);
    expect(await get()).toMatchObject({ warningSwitch: false, title: 'Demo' });
  });

  it('changes what it is given, leaves the rest, and records each change before -> after', async () => {
    const answer = await set({
      subAccountLimit: 5,
      minScoreIntervalMs: 3000,
      idleTimeoutSeconds: 600,
      captchaRequired: false,
      warningSwitch: true,
      monitorThresholds: { bet: '5000', win: '20000.50' },
      ui: 'red',
      title: '  Red House  ',
    });
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({
      subAccountLimit: 5,
      minScoreIntervalMs: 3000,
      idleTimeoutSeconds: 600,
      captchaRequired: false,
      warningSwitch: true,
      monitorThresholds: { bet: '5000.00', win: '20000.50', score: '0.00' },
      ui: 'red',
      title: 'Red House',
      financeVisible: true,
    });
    const record = await lastRecord();
    expect(record?.level).toBe('normal');
    expect(changesOf(record)).toEqual(
      expect.arrayContaining([
        { field: 'subAccountLimit', before: 15, after: 5 },
        { field: 'idleTimeoutSeconds', before: 1800, after: 600 },
        { field: 'warningSwitch', before: false, after: true },
        { field: 'monitorBet', before: '0', after: '500000' },
        { field: 'monitorWin', before: '0', after: '2000050' },
        { field: 'title', before: 'Demo', after: 'Red House' },
        { field: 'ui', before: 'black', after: 'red' },
      ]),
    );
    expect(changesOf(record).some((change: { field: string }) => change.field === 'monitorScore')).toBe(false);

    // At once, for every caller: the theme and timeout the login page reads, the sub-account limit.
    expect((await gw.call('gw.credit.sn.template.get')).result).toMatchObject({ ui: 'red', title: 'Red House', idleTimeout: 600 });
    await set({ subAccountLimit: 15, idleTimeoutSeconds: 1800, captchaRequired: true, ui: 'black', title: 'Demo', minScoreIntervalMs: 0 });
  });

  it('refuses values outside the rules with 100 naming the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ subAccountLimit: 10 }, 'subAccountLimit'],
      [{ idleTimeoutSeconds: 30 }, 'idleTimeoutSeconds'],
      [{ minScoreIntervalMs: -1 }, 'minScoreIntervalMs'],
      [{ monitorThresholds: { bet: '-1' } }, 'monitorThresholds.bet'],
      [{ ui: 'blue' }, 'ui'],
      [{ title: 'x'.repeat(61) }, 'title'],
      [{ ipWhitelist: ['not-an-ip'] }, 'ipWhitelist.0'],
      [{ ipWhitelist: ['10.0.0.0/33'] }, 'ipWhitelist.0'],
    ];
    for (const [changes, field] of cases) {
      const answer = await set(changes);
      expect(answer.error?.code, field).toBe(100);
      expect(answer.error?.data?.field, field).toBe(field);
    }
    expect(await get()).toMatchObject({ subAccountLimit: 15, idleTimeoutSeconds: 1800, ui: 'black', title: 'Demo', ipWhitelist: [] });
  });
});

describe('maintenance window', () => {
  const window = (fromSeconds: number, toSeconds: number) => {
    const now = gw.clock.now().getTime();
    return { startTime: new Date(now + fromSeconds * 1000).toISOString(), endTime: new Date(now + toSeconds * 1000).toISOString() };
  };

  it('refuses a window that ends before it starts, or is already over, with 37160', async () => {
    expect((await set({ maintenance: window(60, 30) })).error).toMatchObject({ code: 37160, data: { field: 'maintenance.endTime' } });
    expect((await set({ maintenance: window(-120, -60) })).error).toMatchObject({ code: 37160, data: { rule: 'in-the-past' } });
    expect((await get()).maintenance).toBeNull();
  });

  it('shuts agents and sub-accounts out from its start, keeps the company main accounts in, and ends early when lifted', async () => {
    const planned = window(5, 3600);
    expect((await set({ maintenance: planned })).result).toMatchObject({ maintenance: planned });
    const notices = (who: string) => gw.call('gw.credit.notice.layer.list', { opsId: sessions[who] });
    expect((await notices('ma01')).error).toBeUndefined();

    gw.clock.set(new Date(Date.parse(planned.startTime) + 1000));
    expect((await notices('ma01')).error?.code).toBe(2250);
    expect((await notices('clerk0')).error?.code).toBe(2250);
    expect((await notices('admin')).error).toBeUndefined();
    expect((await gw.call('sn.agent.maintain', { opsId: sessions.ma01 })).result).toMatchObject({ flag: 1, exempt: false });
    expect((await gw.call('sn.agent.maintain', { opsId: sessions.admin })).result).toMatchObject({ flag: 1, exempt: true });
    expect((await gw.call('sn.agent.maintain', { opsId: sessions.clerk0 })).result).toMatchObject({ flag: 1, exempt: false });

    // Signing in: the company gets in, an agent is refused after its credentials (nothing leaks before).
    expect((await gw.login('admin')).result).toMatchObject({ loginId: 'admin' });
    expect((await gw.login('ma01')).error?.code).toBe(2250);
    expect((await gw.login('ma01', { password: 'Wrong123' })).error?.code).toBe(2218);

    // The company ends it early.
    expect((await set({ maintenance: null })).result).toMatchObject({ maintenance: null });
    expect((await notices('ma01')).error).toBeUndefined();
    const record = await lastRecord();
    expect(changesOf(record)).toEqual([
      { field: 'maintenanceStart', before: expect.any(String), after: null },
      { field: 'maintenanceEnd', before: expect.any(String), after: null },
    ]);
  });
});

describe('back-office IP whitelist', () => {
  it('refuses to switch on empty with 37161', async () => {
    expect((await set({ ipWhitelistOn: true })).error?.code).toBe(37161);
    expect((await set({ ipWhitelistOn: true, ipWhitelist: [] })).error?.code).toBe(37161);
    expect((await get()).ipWhitelistOn).toBe(false);
  });

  it('never locks out its author: a list without the caller address is refused with 20011', async () => {
    const answer = await set({ ipWhitelistOn: true, ipWhitelist: ['10.0.0.0/8'] });
    expect(answer.error).toMatchObject({ code: 20011, data: { field: 'ipWhitelist', rule: 'locks-out-caller' } });
    expect(await get()).toMatchObject({ ipWhitelistOn: false, ipWhitelist: [] });
    // Behind the proxy the author is 198.51.100.20: the list must hold that address, not the proxy's.
    const fromAuthor = await callFrom('198.51.100.20', 'gw.credit.sys.setting', {
      opsId: sessions.admin,
      safeCode: '1234',
      ipWhitelistOn: true,
      ipWhitelist: ['127.0.0.1'],
    });
    expect(fromAuthor.error?.data?.rule).toBe('locks-out-caller');
  });

  it('lets in only the listed networks while on, normalised and sorted, and everyone again when off', async () => {
    const answer = await set({ ipWhitelistOn: true, ipWhitelist: ['10.1.2.3/8', '127.0.0.1', '10.0.0.0/8', '2001:db8::1/32'] });
    expect(answer.error).toBeUndefined();
    expect((answer.result as SystemSettings).ipWhitelist).toEqual(['10.0.0.0/8', '127.0.0.1/32', '2001:db8::/32']);
    const list = (ip: string) => callFrom(ip, 'gw.credit.notice.layer.list', { opsId: sessions.ma01 });
    expect((await list('203.0.113.9')).error?.code).toBe(2251);
    expect((await list('10.20.30.40')).error).toBeUndefined();
    expect((await callFrom('203.0.113.9', 'gw.credit.sn.template.get', {})).result).toMatchObject({ isBlock: true });
    expect(changesOf(await lastRecord())).toEqual(
      expect.arrayContaining([
        { field: 'ipWhitelistOn', before: false, after: true },
        { field: 'ipWhitelist', before: '', after: '10.0.0.0/8, 127.0.0.1/32, 2001:db8::/32' },
      ]),
    );

    expect((await set({ ipWhitelistOn: false })).result).toMatchObject({
      ipWhitelistOn: false,
      ipWhitelist: ['10.0.0.0/8', '127.0.0.1/32', '2001:db8::/32'],
    });
    expect((await list('203.0.113.9')).error).toBeUndefined();
  });
});

describe('site logo', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

  it('takes a PNG, serves it at its address, and refuses a picture that is not what it says', async () => {
    const answer = await set({ logoImage: `data:image/png;base64,${png.toString('base64')}` });
    const logo = (answer.result as SystemSettings).logo;
    expect(logo).toMatch(/^\/site-logo\/[0-9a-f]{16}$/);
    const served = await gw.raw({ method: 'GET', path: logo });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Number(served.headers['content-length'])).toBe(png.length);
    expect((await gw.call('gw.credit.sn.template.get')).result).toMatchObject({ logo });

    const fake = await set({ logoImage: `data:image/jpeg;base64,${png.toString('base64')}` });
    expect(fake.error).toMatchObject({ code: 100, data: { field: 'logoImage', rule: 'logo-type' } });
    expect((await set({ logoImage: 'data:image/gif;base64,R0lGOD' })).error?.code).toBe(100);
    expect((await get()).logo).toBe(logo);

    expect((await set({ logoImage: '' })).result).toMatchObject({ logo: '' });
    expect((await gw.raw({ method: 'GET', path: logo })).status).toBe(404);
  });
});

describe('finance visibility (system.finance.isvisit)', () => {
  it('hides the finance methods from agents while off, never from the company', async () => {
    const visit = async (who: string) =>
      ((await gw.call('system.finance.isvisit', { opsId: sessions[who] })).result as { isVisit: boolean }).isVisit;
    expect(await visit('ag01010101')).toBe(true);
    expect((await set({ financeVisible: false })).result).toMatchObject({ financeVisible: false });
    expect(await visit('ag01010101')).toBe(false);
    expect(await visit('admin')).toBe(true);
    expect((await gw.call('gw.credit.score.log.query', { opsId: sessions.ag01010101 })).error?.code).toBe(11003);
    expect((await gw.call('gw.credit.score.log.query', { opsId: sessions.admin })).error).toBeUndefined();
    expect((await gw.call('gw.credit.score.log.query', { opsId: sessions.clerk0 })).error).toBeUndefined();
    expect((await set({ financeVisible: true })).result).toMatchObject({ financeVisible: true });
    expect((await gw.call('gw.credit.score.log.query', { opsId: sessions.ag01010101 })).error).toBeUndefined();
  });
});
