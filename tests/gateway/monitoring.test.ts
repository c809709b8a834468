import { sql } from '../../server/kernel/db/sql';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WatchedAccount } from '../../contract/monitoring.contract';
import { storeBets } from '../../server/games/bet.store';
import type { PlatformBet } from '../../server/platform/game-platform';
import { aBet } from '../support/bet-fixture';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
const sessions: Record<string, string> = {};
const AGENT = 'ma01';
const MEMBER = 'mb01010101001';
const OTHER_MEMBER = 'mb01010101002';

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  await gw.addSubAccount({ loginId: 'watch01', main: 'admin', accessCodes: [1, 4] });
  await gw.addSubAccount({ loginId: 'watch02', main: 'admin', accessCodes: [1] });
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  gw.clock.set(new Date());
  await gw.db.run(sql`DELETE FROM monitor_events`);
  // Each test signs in afresh: the first sign-in from an address is a new IP again.
  await gw.db.run(sql`DELETE FROM login_log`);
  await gw.db.run(sql`UPDATE accounts SET monitored = false, exception_marked = false`);
  await gw.db.run(sql`UPDATE sites SET monitor_bet_cents = 0, monitor_win_cents = 0, monitor_score_cents = 0, min_score_interval_ms = 0`);
  for (const login of ['admin', AGENT, 'sh0101', 'ag01010101']) sessions[login] = await gw.sessionFor(login);
  for (const login of ['watch01', 'watch02']) sessions[login] = await gw.sessionForSub(login);
});

const counts = async (who = 'admin') => {
  const { agentCount, userCount } = await gw.rpc('gw.credit.user.monitor.redpoint.count', { opsId: sessions[who] });
  return { agentCount, userCount };
};
const agents = () => gw.rpc('gw.credit.agent.monitor.query', { opsId: sessions.admin });
const members = () => gw.rpc('gw.credit.user.monitor.query', { opsId: sessions.admin });
const watched = (list: WatchedAccount[], loginId: string) => list.find((row) => row.loginId === loginId);
const kinds = async (loginId: string) =>
  (
    await gw.db.rows<{ kind: string }>(
      sql`SELECT e.kind FROM monitor_events e JOIN accounts a ON a.id = e.account_id WHERE a.login_id = ${loginId} ORDER BY e.id`,
    )
  ).map((row) => row.kind);

describe('watch lists', () => {
  it('adds and removes an agent and a member, each as what it is, and records who did it', async () => {
    const agentId = await gw.accountId(AGENT);
    const memberId = await gw.accountId(MEMBER);
    expect(await gw.rpc('gw.credit.agent.monitor.add', { opsId: sessions.admin, userId: agentId })).toEqual({
      userId: agentId,
      monitored: true,
    });
    expect(await gw.rpc('gw.credit.user.monitor.set', { opsId: sessions.watch01, userId: memberId, monitored: true })).toEqual({
      userId: memberId,
      monitored: true,
    });
    expect(watched((await agents()).list, AGENT)).toMatchObject({
      monitored: true,
      exceptionMarked: false,
      unseen: 0,
      latest: null,
      level: 1,
    });
    expect(watched((await members()).list, MEMBER)).toMatchObject({ monitored: true, parentLoginId: 'ag01010101' });
    // Each list holds its own side only.
    expect(watched((await agents()).list, MEMBER)).toBeUndefined();

    // An agent is not a member, a member not an agent, the company not either; another site's account is not there.
    expect((await gw.refusal('gw.credit.user.monitor.set', { opsId: sessions.admin, userId: agentId, monitored: true })).code).toBe(20004);
    expect((await gw.refusal('gw.credit.agent.monitor.add', { opsId: sessions.admin, userId: memberId })).code).toBe(20002);
    expect((await gw.refusal('gw.credit.agent.monitor.add', { opsId: sessions.admin, userId: await gw.accountId('admin') })).code).toBe(
      20002,
    );
    const otherSite = await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo2' AND level = 1 LIMIT 1`);
    expect((await gw.refusal('gw.credit.agent.monitor.add', { opsId: sessions.admin, userId: String(otherSite!.id) })).code).toBe(20002);

    const record = await gw.db.one<{ sub_account_id: string | number | null; changes: unknown }>(
      sql`SELECT sub_account_id, changes FROM operation_log WHERE method = 'gw.credit.user.monitor.set' AND level = 'normal' ORDER BY id DESC LIMIT 1`,
    );
    const clerk = await gw.db.one<{ id: string | number }>(sql`SELECT id FROM sub_accounts WHERE login_id = 'watch01'`);
    expect(String(record?.sub_account_id)).toBe(String(clerk!.id));
    expect(record?.changes).toEqual([{ field: 'monitored', before: false, after: true }]);

    expect(await gw.rpc('gw.credit.agent.monitor.delete', { opsId: sessions.admin, userId: agentId })).toEqual({
      userId: agentId,
      monitored: false,
    });
    expect(watched((await agents()).list, AGENT)).toBeUndefined();
  });

  it('watches a member its parent marked, without the company list', async () => {
    await gw.rpc('gw.credit.user.exception.mark', { opsId: sessions.ag01010101, userId: await gw.accountId(MEMBER) });
    expect(watched((await members()).list, MEMBER)).toMatchObject({ monitored: false, exceptionMarked: true });
  });

  it('gives the counts and lists to the company and its clerks holding code 4 only', async () => {
    for (const who of [AGENT, 'sh0101', 'ag01010101', 'watch02']) {
      expect((await gw.refusal('gw.credit.user.monitor.redpoint.count', { opsId: sessions[who] })).code, who).toBe(11003);
      expect((await gw.refusal('gw.credit.agent.monitor.query', { opsId: sessions[who] })).code, who).toBe(11003);
    }
    expect(await counts('watch01')).toEqual({ agentCount: 0, userCount: 0 });
    // The counts say whether the warning switch runs the 12-second refresh.
    const switchNow = async () => (await gw.rpc('gw.credit.user.monitor.redpoint.count', { opsId: sessions.watch01 })).warningSwitch;
    expect(await switchNow()).toBe(false);
    await gw.db.run(sql`UPDATE sites SET warning_switch = true WHERE id = 'demo'`);
    expect(await switchNow()).toBe(true);
    await gw.db.run(sql`UPDATE sites SET warning_switch = false WHERE id = 'demo'`);
    const memberId = await gw.accountId(MEMBER);
    expect((await gw.refusal('gw.credit.user.monitor.set', { opsId: sessions.watch02, userId: memberId, monitored: true })).code).toBe(
      11003,
    );
    expect((await gw.refusal('gw.credit.agent.monitor.export', { opsId: sessions.watch01 })).code).toBe(11003);
  });
});

describe('what a watched account does', () => {
  it('raises a sign-in each time and a new-ip the first time from an address; the unwatched raise nothing', async () => {
    await gw.rpc('gw.credit.agent.monitor.add', { opsId: sessions.admin, userId: await gw.accountId(AGENT) });
    expect((await gw.login(AGENT)).result).toBeDefined();
    expect(await kinds(AGENT)).toEqual(['sign-in', 'new-ip']);
    expect((await gw.login(AGENT)).result).toBeDefined();
    expect(await kinds(AGENT)).toEqual(['sign-in', 'new-ip', 'sign-in']);
    expect((await gw.login('sh0101')).result).toBeDefined();
    expect(await kinds('sh0101')).toEqual([]);
    expect(await counts()).toEqual({ agentCount: 3, userCount: 0 });
    expect(watched((await agents()).list, AGENT)).toMatchObject({
      unseen: 3,
      latest: { kind: 'sign-in', detail: '127.0.0.1', amount: null },
    });
  });

  it('raises a score movement of the watched account and by it, from the threshold on', async () => {
    await gw.rpc('gw.credit.agent.monitor.add', { opsId: sessions.admin, userId: await gw.accountId(AGENT) });
    await gw.db.run(sql`UPDATE sites SET monitor_score_cents = 10000 WHERE id = 'demo'`);
    await gw.rpc('gw.credit.user.score.up', { opsId: sessions.admin, userId: await gw.accountId(AGENT), amount: '99.99' });
    expect(await kinds(AGENT)).toEqual([]);
    await gw.rpc('gw.credit.user.score.up', { opsId: sessions.admin, userId: await gw.accountId(AGENT), amount: '100.00' });
    await gw.rpc('gw.credit.user.score.down', { opsId: sessions[AGENT], userId: await gw.accountId('sh0101'), amount: '150.00' });
    const events = await gw.db.rows<{ kind: string; amount: string | number; detail: string }>(
      sql`SELECT kind, amount, detail FROM monitor_events ORDER BY id`,
    );
    expect(events.map((event) => [event.kind, Number(event.amount), event.detail])).toEqual([
      ['score', 10000, 'up'],
      ['score', 15000, 'down'],
    ]);
  });

  it('raises a change of its status or of its line', async () => {
    const agentId = await gw.accountId('sh0101');
    await gw.rpc('gw.credit.agent.monitor.add', { opsId: sessions.admin, userId: agentId });
    await gw.rpc('gw.credit.user.disable', { opsId: sessions[AGENT], userId: agentId, mode: 'freeze' });
    await gw.rpc('gw.credit.user.enable', { opsId: sessions[AGENT], userId: agentId });
    const details = await gw.db.rows<{ detail: string }>(sql`SELECT detail FROM monitor_events WHERE kind = 'status' ORDER BY id`);
    expect(details.map((row) => row.detail)).toEqual(['1>6', '6>1']);
  });

  it('raises a bet and a win of a watched member at the thresholds, once whatever is read twice', async () => {
    await gw.db.run(sql`UPDATE sites SET monitor_bet_cents = 20000, monitor_win_cents = 50000 WHERE id = 'demo'`);
    await gw.rpc('gw.credit.user.monitor.set', { opsId: sessions.admin, userId: await gw.accountId(MEMBER), monitored: true });
    const memberId = await gw.accountId(MEMBER);
    const otherId = await gw.accountId(OTHER_MEMBER);
    const at = gw.clock.now();
    const bet = (orderId: string, overrides: Partial<PlatformBet>): PlatformBet =>
      aBet(memberId, {
        orderId,
        betTime: at,
        settleTime: null,
        round: '20261126-0001',
        status: 'unsettled',
        bet: 20000,
        validBet: 20000,
        winLoss: 0,
        ...overrides,
      });
    const settled = { status: 'settled' as const, settleTime: new Date(at.getTime() + 30_000), settle: 75000, winLoss: 55000 };
    await storeBets(
      gw.db,
      'demo',
      [bet('880001', {}), bet('880002', { bet: 19999 }), bet('880003', { memberId: otherId, bet: 90000 })],
      at,
    );
    await storeBets(
      gw.db,
      'demo',
      [bet('880001', settled), bet('880001', settled), bet('880002', { ...settled, bet: 19999, winLoss: 49999 })],
      at,
    );
    await storeBets(gw.db, 'demo', [bet('880001', settled)], at);
    const events = await gw.db.rows<{ kind: string; amount: string | number; detail: string }>(
      sql`SELECT kind, amount, detail FROM monitor_events ORDER BY id`,
    );
    expect(events.map((event) => [event.kind, Number(event.amount), event.detail])).toEqual([
      ['bet', 20000, '880001'],
      ['win', 55000, '880001'],
    ]);
    expect(await counts()).toEqual({ agentCount: 0, userCount: 2 });
    expect(watched((await members()).list, MEMBER)).toMatchObject({
      unseen: 2,
      latest: { kind: 'win', amount: '550.00', detail: '880001' },
    });
  });
});

describe('seen, and the export', () => {
  it('clears one account’s events for the company and every clerk, and records it', async () => {
    const agentId = await gw.accountId(AGENT);
    await gw.rpc('gw.credit.agent.monitor.add', { opsId: sessions.admin, userId: agentId });
    await gw.login(AGENT);
    expect((await counts('watch01')).agentCount).toBe(2);
    expect(await gw.rpc('gw.credit.user.monitor.seen', { opsId: sessions.watch01, userId: agentId })).toEqual({ userId: agentId, seen: 2 });
    expect(await counts()).toEqual({ agentCount: 0, userCount: 0 });
    expect(watched((await agents()).list, AGENT)).toMatchObject({ unseen: 0, latest: { kind: 'new-ip' } });
    expect((await gw.refusal('gw.credit.user.monitor.seen', { opsId: sessions.admin, userId: await gw.accountId('admin') })).code).toBe(
      20002,
    );
  });

  it('exports the watched agents as an xlsx file that reads back with their latest activity', async () => {
    await gw.rpc('gw.credit.agent.monitor.add', { opsId: sessions.admin, userId: await gw.accountId(AGENT) });
    await gw.rpc('gw.credit.agent.monitor.add', { opsId: sessions.admin, userId: await gw.accountId('sh0101') });
    await gw.login(AGENT);
    const { fileId } = await gw.rpc('gw.credit.agent.monitor.export', { opsId: sessions.admin, ztsLang: 'en' } as never);
    const response = await fetch(`${gw.url}/api/files/${fileId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ opsId: sessions.admin }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows = workbook.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    const cells = rows.map((row) => row.slice(1));
    expect(cells[0]!.slice(0, 3)).toEqual(['Username', 'Nickname', 'Parent']);
    expect(cells.slice(1).map((row) => [row[0], row[4], row[5], row[7]])).toEqual([
      [AGENT, '2', 'New IP', '127.0.0.1'],
      ['sh0101', '0', undefined, undefined],
    ]);
  });
});
