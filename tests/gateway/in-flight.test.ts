import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingMidnight, DAY_MS } from '../../contract/beijing-time.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { InFlight } from '../../contract/reconciliation.contract';
import { TRANSFER_ALERT_MINUTES, type SystemSettings } from '../../contract/system-setting.contract';
import { sql } from '../../server/kernel/db/sql';
import { PlatformSilent, type PlatformFor } from '../../server/platform/game-platform';
import { repairStaleTransfers, transferIn, transferOut } from '../../server/points/game-transfers';
import { reconcileSite } from '../../server/reconciliation/reconciliation-job';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// The in-flight view (docs/operations.md, "In-flight transfers"), the site's transfer alert in the
// system settings, and the reports' "complete to" stamp. The embedded simulator in the gateway's
// database; a platform that never answers a transfer leaves it pending, as a lost answer does. The
// gateway's clock stands still unless a test moves it: each transfer is made that long before it.
let gw: TestGateway;
let members: string[];
const simulator: PlatformFor = (q) => simulatorPlatform(q);
const silent: PlatformFor = (q) => ({
  ...simulatorPlatform(q),
  transferIn: () => Promise.reject(new PlatformSilent('transferIn: timeout')),
  transferOut: () => Promise.reject(new PlatformSilent('transferOut: timeout')),
});
const SECOND = 1000;
const MINUTE = 60 * SECOND;
let seq = 0;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  const rows = await gw.db.rows<{ id: bigint }>(sql`SELECT id FROM accounts
    WHERE site_id = 'demo' AND kind = 'tree' AND level = 5 AND status = 1 AND NOT in_game AND balance >= 100000 ORDER BY id LIMIT 6`);
  members = rows.map((row) => String(row.id));
  expect(members).toHaveLength(6);
});
afterAll(async () => {
  await gw?.close();
});

const company = () => gw.sessionFor('admin');
const inFlight = async (loginId = 'admin') => gw.rpc('gw.credit.reconciliation.inflight.query', { opsId: await gw.sessionFor(loginId) });
const settings = async () => gw.rpc('gw.credit.sys.setting.get', { opsId: await company() });
const setAlert = async (minutes: number) =>
  gw.call('gw.credit.sys.setting', { opsId: await company(), safeCode: '1234', transferAlertMinutes: minutes });
const redDot = async () => (await gw.rpc('gw.credit.user.monitor.redpoint.count', { opsId: await company() })).platformAlert;
const health = async () => gw.rpc('gw.credit.platform.health', { opsId: await company() });
/** A transfer made `ago` milliseconds before the gateway's now. */
const request = (memberId: string, amount: number, ago: number) => ({
  siteId: 'demo',
  memberId,
  amount,
  transferId: `INFLIGHT-${++seq}`,
  now: new Date(gw.clock.now().getTime() - ago),
});
const settled = (): InFlight['in'] => ({
  count: 0,
  amount: '0.00',
  buckets: ['under1m', '1to10m', '10to60m', 'over1h'].map((bucket) => ({ bucket, count: 0, amount: '0.00' })) as InFlight['in']['buckets'],
});

describe("the reports' complete-to stamp", () => {
  const range = () => {
    const start = beijingMidnight(gw.clock.now().getTime());
    return { startTime: new Date(start).toISOString(), endTime: new Date(start + DAY_MS).toISOString() };
  };
  const stamps = async () => {
    const opsId = await company();
    const list = await gw.rpc('gw.credit.agent.list.total.report', { opsId, ...range() });
    const daily = await gw.rpc('gw.credit.agent.daily.report', { opsId, ...range() });
    // An agent below the company reads the same stamp: it is the site's.
    const agent = await gw.rpc('gw.credit.agent.list.total.report', { opsId: await gw.sessionFor('sh0301'), ...range() });
    return [list.completeTo, daily.completeTo, agent.completeTo];
  };

  it("answers none before a clean reconciliation, then the clean run's cut-off, and none once a later run finds a difference", async () => {
    expect(await stamps()).toEqual([null, null, null]);
    // A window of its own in the future, where nothing happened: clean.
    const from = beijingMidnight(gw.clock.now().getTime()) + 3 * DAY_MS;
    const to = new Date(from + 90 * MINUTE);
    const run = await reconcileSite(gw.db, simulator, { kind: 'intraday', window: { siteId: 'demo', from: new Date(from), to }, now: to });
    expect(run.state).toBe('clean');
    expect(await stamps()).toEqual([to.toISOString(), to.toISOString(), to.toISOString()]);
    const runs = await gw.rpc('gw.credit.reconciliation.run.query', { opsId: await company() });
    expect(runs.completeTo).toBe(to.toISOString());

    // A later run that failed to read the statement: the records are no longer known complete.
    await gw.db.run(sql`INSERT INTO reconciliation_runs (site_id, kind, from_at, to_at, started_at, finished_at, state, error)
      VALUES ('demo', 'intraday', ${to}, ${new Date(to.getTime() + 5 * MINUTE)}, ${new Date(to.getTime() + 6 * MINUTE)}, ${new Date(to.getTime() + 6 * MINUTE)}, 'failed', 'test')`);
    expect(await stamps()).toEqual([null, null, null]);
    await gw.db.run(sql`DELETE FROM reconciliation_runs WHERE site_id = 'demo' AND error = 'test'`);
    expect(await stamps()).toEqual([to.toISOString(), to.toISOString(), to.toISOString()]);
  });
});

describe('the transfer alert setting', () => {
  it('is 10 minutes by default on every site', async () => {
    expect((await settings()).transferAlertMinutes).toBe(TRANSFER_ALERT_MINUTES.default);
    expect(TRANSFER_ALERT_MINUTES.default).toBe(10);
    const other = await gw.rpc('gw.credit.sys.setting.get', { opsId: await gw.sessionFor('admin2', 'demo2') }, { host: 'demo2.localhost' });
    expect(other.transferAlertMinutes).toBe(10);
    expect((await health()).pendingAlertSeconds).toBe(600);
  });

  it('refuses minutes outside 1-1440 or not whole with the field and rule, and changes nothing', async () => {
    for (const minutes of [0, 1441, 2.5, -3]) {
      const refused = await setAlert(minutes);
      expect(refused.error, String(minutes)).toMatchObject({
        code: ErrorCode.invalidParams,
        data: { field: 'transferAlertMinutes', rule: 'transfer-alert' },
      });
    }
    expect((await settings()).transferAlertMinutes).toBe(10);
  });

  it('takes both bounds, records the change before -> after, and keeps the other site as it was', async () => {
    for (const minutes of [1, 1440, 10]) {
      const changed = await setAlert(minutes);
      expect((changed.result as SystemSettings).transferAlertMinutes).toBe(minutes);
    }
    const record = await gw.db.one<{ changes: unknown }>(
      sql`SELECT changes FROM operation_log WHERE method = 'gw.credit.sys.setting' ORDER BY id DESC LIMIT 1`,
    );
    expect(record!.changes).toEqual([{ field: 'transferAlertMinutes', before: 1440, after: 10 }]);
    const other = await gw.rpc('gw.credit.sys.setting.get', { opsId: await gw.sessionFor('admin2', 'demo2') }, { host: 'demo2.localhost' });
    expect(other.transferAlertMinutes).toBe(10);
  });
});

describe('transfers in flight', () => {
  it('answers everything settled when nothing is pending', async () => {
    expect(await inFlight()).toEqual<InFlight>({
      siteId: 'demo',
      alertMinutes: 10,
      oldestSeconds: null,
      in: settled(),
      out: settled(),
      overdueCount: 0,
      overdue: [],
    });
    expect(await redDot()).toBe(false);
  });

  it('counts and sums the pending ins and unconfirmed outs per age bucket, and lists those over the alert, oldest first', async () => {
    const [a, b, c, d, e, f] = members as [string, string, string, string, string, string];
    const pendingIn = async (memberId: string, amount: number, ago: number) => {
      const moved = await transferIn(gw.db, silent, request(memberId, amount, ago));
      expect(moved.state).toBe('pending');
      return moved.transferId;
    };
    const pendingOut = async (memberId: string, amount: number, ago: number) => {
      expect((await transferIn(gw.db, simulator, request(memberId, 60_000, ago + MINUTE))).state).toBe('done');
      const moved = await transferOut(gw.db, silent, request(memberId, amount, ago));
      expect(moved.state).toBe('pending');
      return moved.transferId;
    };
    await pendingIn(a, 10_000, 59 * SECOND);
    const inAt5 = await pendingIn(b, 20_000, 5 * MINUTE);
    const inAt601 = await pendingIn(c, 40_000, 601 * SECOND);
    const inAt2h = await pendingIn(d, 50_000, 2 * 60 * MINUTE);
    const outAt20 = await pendingOut(e, 30_000, 20 * MINUTE);
    // Exactly a minute old: the second bucket starts there.
    await pendingOut(f, 25_000, MINUTE);

    const answer = await inFlight();
    expect(answer.in).toEqual({
      count: 4,
      amount: '1200.00',
      buckets: [
        { bucket: 'under1m', count: 1, amount: '100.00' },
        { bucket: '1to10m', count: 1, amount: '200.00' },
        { bucket: '10to60m', count: 1, amount: '400.00' },
        { bucket: 'over1h', count: 1, amount: '500.00' },
      ],
    });
    expect(answer.out).toEqual({
      count: 2,
      amount: '550.00',
      buckets: [
        { bucket: 'under1m', count: 0, amount: '0.00' },
        { bucket: '1to10m', count: 1, amount: '250.00' },
        { bucket: '10to60m', count: 1, amount: '300.00' },
        { bucket: 'over1h', count: 0, amount: '0.00' },
      ],
    });
    expect(answer.oldestSeconds).toBe(7200);
    const login = async (id: string) =>
      (await gw.db.one<{ login_id: string }>(sql`SELECT login_id FROM accounts WHERE id = ${id}::bigint`))!.login_id;
    expect(answer.overdueCount).toBe(3);
    expect(answer.overdue).toEqual([
      {
        transferId: inAt2h,
        direction: 'in',
        memberId: d,
        memberLogin: await login(d),
        amount: '500.00',
        since: new Date(gw.clock.now().getTime() - 2 * 60 * MINUTE).toISOString(),
        ageSeconds: 7200,
      },
      expect.objectContaining({ transferId: outAt20, direction: 'out', memberId: e, amount: '300.00', ageSeconds: 1200 }),
      expect.objectContaining({ transferId: inAt601, direction: 'in', memberId: c, amount: '400.00', ageSeconds: 601 }),
    ]);

    // A shorter alert lists more: five minutes and a second takes the 5-minute one in, not the minute-old out.
    expect((await setAlert(4)).result).toMatchObject({ transferAlertMinutes: 4 });
    const shorter = await inFlight();
    expect(shorter.alertMinutes).toBe(4);
    expect(shorter.overdue.map((row) => row.transferId)).toEqual([inAt2h, outAt20, inAt601, inAt5]);
    expect(await setAlert(10)).toMatchObject({ result: { transferAlertMinutes: 10 } });
  });

  it("lights the red dot by the site's setting: the two-hour-old transfer is under a day but over ten minutes", async () => {
    expect(await redDot()).toBe(true);
    expect(await health()).toMatchObject({ oldestPendingSeconds: 7200, pendingAlertSeconds: 600, alert: true });
    await setAlert(1440);
    expect(await redDot()).toBe(false);
    expect(await health()).toMatchObject({ oldestPendingSeconds: 7200, pendingAlertSeconds: 86_400, alert: false });
    // 120 minutes exactly is not over it; 119 is.
    await setAlert(120);
    expect(await redDot()).toBe(false);
    await setAlert(119);
    expect(await redDot()).toBe(true);
    await setAlert(10);
  });

  it('answers level 1 as the company, and refuses level 2 (11003)', async () => {
    const level1 = await inFlight('ma03');
    expect(level1).toMatchObject({ siteId: 'demo', in: { count: 4 }, out: { count: 2 }, overdueCount: 3 });
    const refused = await gw.refusal('gw.credit.reconciliation.inflight.query', { opsId: await gw.sessionFor('sh0301') });
    expect(refused.code).toBe(ErrorCode.notAuthorized);
  });

  it("answers only the caller's site: demo2 sees none of demo's transfers", async () => {
    const other = await gw.rpc(
      'gw.credit.reconciliation.inflight.query',
      { opsId: await gw.sessionFor('admin2', 'demo2') },
      { host: 'demo2.localhost' },
    );
    expect(other).toMatchObject({ siteId: 'demo2', oldestSeconds: null, overdueCount: 0, in: { count: 0 }, out: { count: 0 } });
  });

  it('comes back to zero once the repair settles every pending transfer', async () => {
    gw.clock.advance(2 * MINUTE);
    await repairStaleTransfers(gw.db, simulator, gw.clock.now());
    expect(await inFlight()).toMatchObject({ oldestSeconds: null, in: settled(), out: settled(), overdueCount: 0, overdue: [] });
    expect(await redDot()).toBe(false);
  });
});
