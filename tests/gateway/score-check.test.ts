import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoreCheckRow } from '../../contract/score-check.contract';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
const sessions: Record<string, string> = {};
const serials: Record<string, string> = {};
let startedAt: Date;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  // Only operations of 5,000.00 or more wait for a check.
  await gw.db.run(sql`UPDATE sites SET monitor_score_cents = 500000, min_score_interval_ms = 0 WHERE id = 'demo'`);
  await gw.addSubAccount({ loginId: 'check01', main: 'admin', accessCodes: [1, 6] });
  await gw.addSubAccount({ loginId: 'check02', main: 'admin', accessCodes: [1, 5] });
  startedAt = gw.clock.now();
  for (const login of ['admin', 'ma01']) sessions[login] = await gw.sessionFor(login);
  for (const login of ['check01', 'check02']) sessions[login] = await gw.sessionForSub(login);
  const score = async (name: string, who: string, method: 'up' | 'down', target: string, amount: string) => {
    gw.clock.advance(60_000);
    const answer = await gw.rpc(`gw.credit.user.score.${method}`, { opsId: sessions[who], userId: await gw.accountId(target), amount });
    serials[name] = answer.serialNo as string;
  };
  await score('big-up', 'admin', 'up', 'ma01', '6000');
  await score('small-up', 'admin', 'up', 'ma02', '4999.99');
  await score('big-down', 'ma01', 'down', 'sh0101', '5000');
  await score('exact-up', 'ma01', 'up', 'sh0101', '5000.00');
});
afterAll(async () => {
  await gw.close();
});

const queue = (who: string, params: Record<string, unknown> = {}) =>
  gw.rpc('gw.credit.score.check.query', { opsId: sessions[who], ...params });
const mark = (who: string, names: string[]) =>
  gw.call('gw.credit.score.check.mark', { opsId: sessions[who], serialNos: names.map((name) => serials[name]) });
const checks = async () =>
  (
    await gw.db.rows<{ serial_no: string | number; checked_login: string }>(
      sql`SELECT serial_no, checked_login FROM score_checks ORDER BY serial_no`,
    )
  ).map((row) => `${row.serial_no}:${row.checked_login}`);

describe('gw.credit.score.check.query', () => {
  it('queues the ups and downs at or above the threshold, oldest first, with both sides and the operator', async () => {
    const answer = await queue('admin');
    expect(answer.threshold).toBe('5000.00');
    const mine = (answer.list as ScoreCheckRow[]).filter((row) => Object.values(serials).includes(row.serialNo));
    expect(
      mine.map((row) => [row.serialNo, row.type, row.amount, row.parentLoginId, row.childLoginId, row.childLevel, row.operator]),
    ).toEqual([
      [serials['big-up'], 'up', '6000.00', 'admin', 'ma01', 1, 'admin'],
      [serials['big-down'], 'down', '5000.00', 'ma01', 'sh0101', 2, 'ma01'],
      [serials['exact-up'], 'up', '5000.00', 'ma01', 'sh0101', 2, 'ma01'],
    ]);
    expect(mine.every((row) => row.checkedBy === null && row.checkedAt === null)).toBe(true);
    expect(answer.unchecked).toBe(answer.total);
    // The seed's own large operations are in the queue too; none below the threshold is.
    const all = (await queue('admin', { pageSize: 500 })).list as ScoreCheckRow[];
    expect(all.every((row) => Number(row.amount) >= 5000)).toBe(true);
    expect(all.map((row) => row.serialNo)).not.toContain(serials['small-up']);
  });

  it('takes a range and pages', async () => {
    const from = gw.clock.now().getTime() - 150_000;
    const ranged = await queue('admin', { startTime: new Date(from).toISOString(), endTime: gw.clock.now().toISOString() });
    expect(ranged.list.map((row: ScoreCheckRow) => row.serialNo)).toEqual([serials['big-down']]);
    const second = await queue('admin', { startTime: new Date(startedAt.getTime() + 1).toISOString(), pageSize: 1, pageIndex: 2 });
    expect(second.total).toBe(3);
    expect(second.list.map((row: ScoreCheckRow) => row.serialNo)).toEqual([serials['big-down']]);
    const backwards = await gw.refusal('gw.credit.score.check.query', {
      opsId: sessions.admin,
      startTime: gw.clock.now().toISOString(),
      endTime: new Date(from).toISOString(),
    });
    expect(backwards).toMatchObject({ code: 100, data: { rule: 'start-after-end' } });
  });
});

describe('gw.credit.score.check.mark', () => {
  it('marks operations checked by the login that looked, once, and records it', async () => {
    const before = (await queue('admin')).unchecked as number;
    const first = await mark('check01', ['big-up', 'big-down']);
    expect(first.result).toEqual({ checked: 2, alreadyChecked: 0 });
    const again = await mark('admin', ['big-up', 'exact-up']);
    expect(again.result).toEqual({ checked: 1, alreadyChecked: 1 });
    expect(await checks()).toEqual([`${serials['big-up']}:check01`, `${serials['big-down']}:check01`, `${serials['exact-up']}:admin`]);

    const after = await queue('admin');
    expect(after.unchecked).toBe(before - 3);
    expect(after.list.map((row: ScoreCheckRow) => row.serialNo)).not.toContain(serials['big-up']);
    const checked = (await queue('admin', { state: 'checked' })).list as ScoreCheckRow[];
    expect(checked.map((row) => [row.serialNo, row.checkedBy])).toEqual([
      [serials['exact-up'], 'admin'],
      [serials['big-down'], 'check01'],
      [serials['big-up'], 'check01'],
    ]);
    expect(checked[0]!.checkedAt).toBe(gw.clock.now().toISOString());
    const logged = await gw.db.one<{ summary: string; operator_login: string }>(
      sql`SELECT summary, operator_login FROM operation_log WHERE method = 'gw.credit.score.check.mark' ORDER BY id LIMIT 1`,
    );
    expect(logged).toMatchObject({ summary: `CHECK_SCORE 2: ${serials['big-up']},${serials['big-down']}`, operator_login: 'check01' });
  });

  it('never moves points', async () => {
    const balances = async () => gw.db.rows(sql`SELECT id, balance FROM accounts ORDER BY id`);
    const before = await balances();
    await mark('admin', ['big-down']);
    expect(await balances()).toEqual(before);
  });

  it('refuses a serial outside the queue and changes nothing', async () => {
    const before = await checks();
    for (const names of [['small-up'], ['big-up', 'small-up']]) {
      const refused = await mark('admin', names);
      expect(refused.error).toMatchObject({ code: 20011, data: { field: 'serialNos', rule: 'not-in-queue' } });
    }
    const missing = await gw.call('gw.credit.score.check.mark', { opsId: sessions.admin, serialNos: ['999999999'] });
    expect(missing.error).toMatchObject({ code: 20011 });
    const duplicate = await gw.call('gw.credit.score.check.mark', {
      opsId: sessions.admin,
      serialNos: [serials['big-up'], serials['big-up']],
    });
    expect(duplicate.error).toMatchObject({ code: 100, data: { rule: 'duplicate-serial' } });
    expect(await checks()).toEqual(before);
  });

  it('refuses a login that checks again within the minimum score interval (37151), others may', async () => {
    await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 30000 WHERE id = 'demo'`);
    await gw.db.run(sql`DELETE FROM score_checks`);
    expect((await mark('check01', ['big-up'])).result).toEqual({ checked: 1, alreadyChecked: 0 });
    gw.clock.advance(29_000);
    const tooFast = await mark('check01', ['big-down']);
    expect(tooFast.error).toMatchObject({ code: 37151 });
    expect(await checks()).toEqual([`${serials['big-up']}:check01`]);
    expect((await mark('admin', ['big-down'])).result).toEqual({ checked: 1, alreadyChecked: 0 });
    gw.clock.advance(1_000);
    expect((await mark('check01', ['exact-up'])).result).toEqual({ checked: 1, alreadyChecked: 0 });
    await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0 WHERE id = 'demo'`);
  });

  it('is the company’s: agents and clerks without code 6 are refused', async () => {
    for (const who of ['ma01', 'check02']) {
      expect((await gw.refusal('gw.credit.score.check.query', { opsId: sessions[who] })).code, who).toBe(11003);
      expect((await mark(who, ['big-up'])).error?.code, who).toBe(11003);
    }
  });
});
