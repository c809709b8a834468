import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedIp } from '../../contract/audit.contract';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
const sessions: Record<string, string> = {};
const at = new Date('2026-11-20T04:00:00Z');

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  await gw.db.run(sql`DELETE FROM login_log`);
  const signIn = async (loginId: string, ip: string, minutes: number, result = 'ok') =>
    gw.db.run(sql`INSERT INTO login_log (site_id, account_id, login_id, result, ip, region, created_at)
      VALUES ('demo', ${await gw.accountId(loginId)}, ${loginId}, ${result}, ${ip}, 'TH', ${new Date(at.getTime() + minutes * 60_000)})`);
  await signIn('ma01', '203.0.113.5', 0);
  await signIn('ma01', '203.0.113.5', 5);
  await signIn('sh0101', '203.0.113.5', 10);
  await signIn('ma02', '203.0.113.5', 20);
  // A failed attempt is no sign-in.
  await signIn('ga010101', '203.0.113.5', 30, 'wrong-password');
  await signIn('ma01', '198.51.100.7', 40);
  await signIn('ga010101', '198.51.100.8', 50);
  await signIn('sh0101', '198.51.100.8', 55);
  for (const login of ['admin', 'ma01', 'ga010101']) sessions[login] = await gw.sessionFor(login);
});
afterAll(async () => {
  await gw.close();
});

const check = async (who: string, from = at, hours = 24) =>
  (
    await gw.rpc('gw.credit.ip.check', {
      opsId: sessions[who],
      startTime: from.toISOString(),
      endTime: new Date(from.getTime() + hours * 3_600_000).toISOString(),
    })
  ).list as SharedIp[];
const shape = (list: SharedIp[]) =>
  list.map((row) => [row.ip, row.accounts.map((account) => `${account.loginId}:${account.signIns}`), row.signIns]);

describe('gw.credit.ip.check', () => {
  it('lists the addresses several accounts of the line signed in from, most accounts first', async () => {
    expect(shape(await check('admin'))).toEqual([
      ['203.0.113.5', ['ma01:2', 'ma02:1', 'sh0101:1'], 4],
      ['198.51.100.8', ['ga010101:1', 'sh0101:1'], 2],
    ]);
    const [first] = await check('admin');
    expect(first).toMatchObject({ region: 'TH', lastAt: new Date(at.getTime() + 20 * 60_000).toISOString() });
  });

  it('keeps to the caller’s line and the range', async () => {
    expect(shape(await check('ma01'))).toEqual([
      ['203.0.113.5', ['ma01:2', 'sh0101:1'], 3],
      ['198.51.100.8', ['ga010101:1', 'sh0101:1'], 2],
    ]);
    expect(await check('admin', new Date(at.getTime() + 86_400_000))).toEqual([]);
    const tooLong = await gw.refusal('gw.credit.ip.check', {
      opsId: sessions.admin,
      startTime: at.toISOString(),
      endTime: new Date(at.getTime() + 16 * 86_400_000).toISOString(),
    });
    expect(tooLong).toMatchObject({ code: 100, data: { rule: 'range-over-15-days' } });
  });

  it('is for levels 0 to 2 (the line-wide sign-in log)', async () => {
    const refused = await gw.refusal('gw.credit.ip.check', {
      opsId: sessions.ga010101,
      startTime: at.toISOString(),
      endTime: new Date(at.getTime() + 3_600_000).toISOString(),
    });
    expect(refused.code).toBe(11003);
  });
});
