import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw.close();
});

const DEMO = 'localhost:8080';
const DEMO2 = 'demo2.localhost:8080';

type Notices = { total: number; list: { noticeId: string; title: string }[] };

describe('site isolation', () => {
  it('each host gets its own site, and unknown hosts the default one', async () => {
    expect((await gw.call('host.info', {}, { host: DEMO })).result).toMatchObject({ sn: 'demo' });
    expect((await gw.call('host.info', {}, { host: '127.0.0.1:8080' })).result).toMatchObject({ sn: 'demo' });
    expect((await gw.call('host.info', {}, { host: DEMO2 })).result).toMatchObject({ sn: 'demo2' });
    expect((await gw.call('host.info', {}, { host: 'elsewhere.example:443' })).result).toMatchObject({ sn: 'demo' });
  });

  it("never lists one site's notices on the other, whatever the params say", async () => {
    const ids = async (host: string) => {
      const result = (
        await gw.call('gw.credit.sn.notice.query', { pageSize: 500, domain: 'demo2.localhost', host: 'demo2.localhost' }, { host })
      ).result as Notices;
      return result.list.map((n) => n.noticeId);
    };
    const siteOf = async (id: string) => (await gw.db.one<{ site_id: string }>(sql`SELECT site_id FROM notices WHERE id = ${id}`))!.site_id;
    const demoIds = await ids(DEMO);
    const demo2Ids = await ids(DEMO2);
    expect(demoIds.length).toBeGreaterThan(0);
    expect(demo2Ids.length).toBeGreaterThan(0);
    for (const id of demoIds) expect(await siteOf(id)).toBe('demo');
    for (const id of demo2Ids) expect(await siteOf(id)).toBe('demo2');
  });

  it("treats a session of one site as no session on the other's host (2202)", async () => {
    const demoToken = await gw.sessionFor('admin', 'demo');
    const demo2Token = await gw.sessionFor('admin2', 'demo2');
    expect((await gw.call('gw.credit.notice.layer.list', { opsId: demoToken }, { host: DEMO })).result).toBeDefined();
    expect((await gw.call('gw.credit.notice.layer.list', { opsId: demoToken }, { host: DEMO2 })).error?.code).toBe(2202);
    expect((await gw.call('gw.credit.notice.layer.list', { opsId: demo2Token }, { host: DEMO })).error?.code).toBe(2202);
    const own = (await gw.call('gw.credit.notice.layer.list', { opsId: demo2Token, ztsLang: 'en' }, { host: DEMO2 })).result as Notices;
    expect(own.list.map((n) => n.title)).toEqual(['Red Dragon Club is open']);
  });

  it("keeps one site's maintenance and IP rules off the other", async () => {
    const now = gw.clock.now().getTime();
    await gw.db.run(
      sql`UPDATE sites SET maintenance_start = ${new Date(now - 1000)}, maintenance_end = ${new Date(now + 60_000)} WHERE id = 'demo2'`,
    );
    await gw.db.run(sql`INSERT INTO site_ip_rules (site_id, kind, network) VALUES ('demo2', 'block', '0.0.0.0/0')`);
    try {
      expect((await gw.call('sn.agent.maintain', {}, { host: DEMO2 })).result).toMatchObject({ flag: 1 });
      expect((await gw.call('sn.agent.maintain', {}, { host: DEMO })).result).toMatchObject({ flag: 0 });
      expect((await gw.call('gw.credit.sn.template.get', {}, { host: DEMO2 })).result).toMatchObject({ isBlock: true });
      expect((await gw.call('gw.credit.sn.template.get', {}, { host: DEMO })).result).toMatchObject({ isBlock: false });
      expect((await gw.call('gw.credit.sn.notice.query', {}, { host: DEMO })).result).toBeDefined();
    } finally {
      await gw.db.run(sql`UPDATE sites SET maintenance_start = NULL, maintenance_end = NULL`);
      await gw.db.run(sql`DELETE FROM site_ip_rules`);
    }
  });
});
