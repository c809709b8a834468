import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealRow } from '../../contract/deal-record.contract';
import { storeBets } from '../../server/games/bet.store';
import { withFaults, type PlatformFor } from '../../server/platform/game-platform';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { REPAIR_AFTER_MS, repairTransfer, transferIn, transferOut } from '../../server/points/game-transfers';
import { aBet } from '../support/bet-fixture';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let member: string;
const sessions: Record<string, string> = {};
const t0 = Date.parse('2026-11-20T04:00:00Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000);
const simulator: PlatformFor = (q) => simulatorPlatform(q);

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  await gw.addAccount({ loginId: 'mbdeal01', parent: 'ag01010101', level: 5 });
  await gw.addSubAccount({ loginId: 'deal01', main: 'admin', accessCodes: [1, 5] });
  member = await gw.accountId('mbdeal01');
  await gw.db.run(sql`UPDATE accounts SET point_limit = 100000000 WHERE id = ${member}`);
  for (const login of ['admin', 'ag01010101', 'ag02010101']) sessions[login] = await gw.sessionFor(login);
  sessions.deal01 = await gw.sessionForSub('deal01');
  const score = async (method: 'up' | 'down', amount: string, seconds: number) => {
    gw.clock.set(at(seconds));
    await gw.rpc(`gw.credit.user.score.${method}`, { opsId: sessions.ag01010101, userId: member, amount });
  };
  await score('up', '1000', 0);
  const played = { siteId: 'demo', memberId: member };
  const inDone = await transferIn(gw.db, simulator, { ...played, amount: 30_000, transferId: 'D1', now: at(10) });
  await storeBets(
    gw.db,
    'demo',
    [
      aBet(member, {
        orderId: '880001',
        betTime: at(20),
        settleTime: at(30),
        gameName: 'Baccarat',
        round: '20261120-0007',
        transactionId: inDone.sessionId,
      }),
    ],
    at(30),
  );
  await gw.db.run(sql`UPDATE platform_wallets SET balance = balance - 10000 WHERE site_id = 'demo' AND member_id = ${member}`);
  // A transfer in the platform never saw: pending, then reversed by the repair (an out naming it).
  const lost: PlatformFor = (q) => withFaults(simulatorPlatform(q), [{ call: 'transferIn', when: 'before' }]);
  expect((await transferIn(gw.db, lost, { ...played, amount: 5_000, transferId: 'D2', now: at(40) })).state).toBe('pending');
  const admin = { accountId: await gw.accountId('admin'), login: 'admin', subAccountId: null, ip: '127.0.0.1' };
  await repairTransfer(gw.db, simulator, { siteId: 'demo', transferId: 'D2', operator: admin, now: at(40 + REPAIR_AFTER_MS / 1000) });
  await transferOut(gw.db, simulator, { ...played, amount: 20_000, transferId: 'D3', now: at(120) });
  await score('down', '100', 130);
});
afterAll(async () => {
  await gw.close();
});

const record = (who: string, userId: string, from: number, to: number, page: Record<string, unknown> = {}) =>
  gw.rpc('gw.credit.deal.record.query', {
    opsId: sessions[who],
    userId,
    startTime: at(from).toISOString(),
    endTime: at(to).toISOString(),
    ...page,
  });
const shape = (list: DealRow[]) =>
  list.map((row) => [row.kind, row.state, row.counterpart, row.change, row.balance, row.platformChange, row.platformBalance]);

describe('gw.credit.deal.record.query', () => {
  it('lists a member’s movements and settled bets in time order with both running balances', async () => {
    const answer = await record('admin', member, -3600, 3600);
    expect(answer).toMatchObject({ loginId: 'mbdeal01', level: 5, total: 7, opening: { balance: '0.00', platformBalance: '0.00' } });
    expect(shape(answer.list)).toEqual([
      ['up', 'done', 'ag01010101', '1000.00', '1000.00', '0.00', '0.00'],
      ['in', 'done', 'game-wallet', '-300.00', '700.00', '300.00', '300.00'],
      ['bet', 'settled', 'Baccarat', '0.00', '700.00', '-100.00', '200.00'],
      ['in', 'reversed', 'game-wallet', '-50.00', '650.00', '0.00', '200.00'],
      ['out', 'done', 'game-wallet', '50.00', '700.00', '0.00', '200.00'],
      ['out', 'done', 'game-wallet', '200.00', '900.00', '-200.00', '0.00'],
      ['down', 'done', 'ag01010101', '-100.00', '800.00', '0.00', '0.00'],
    ]);
    const bet = answer.list[2] as DealRow;
    expect(bet).toMatchObject({ reference: '880001', stake: '100.00', time: at(30).toISOString(), detail: 'baccarat 20261120-0007' });
    expect(bet.bet).toEqual({ gameCode: 'baccarat', betCode: 'banker', round: '20261120-0007' });
    expect(answer.list.filter((row) => row.kind !== 'bet').every((row) => row.bet === null)).toBe(true);
    // The last back-office balance is the member's balance now.
    const stored = await gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE id = ${member}`);
    expect(String(stored!.balance)).toBe('80000');
  });

  it('carries the balances into a later range and across pages', async () => {
    const later = await record('admin', member, 35, 3600);
    expect(later.opening).toEqual({ balance: '700.00', platformBalance: '200.00' });
    expect(shape(later.list)[0]).toEqual(['in', 'reversed', 'game-wallet', '-50.00', '650.00', '0.00', '200.00']);
    const page = await record('admin', member, -3600, 3600, { pageSize: 2, pageIndex: 2 });
    expect(page.total).toBe(7);
    expect(shape(page.list)).toEqual([
      ['bet', 'settled', 'Baccarat', '0.00', '700.00', '-100.00', '200.00'],
      ['in', 'reversed', 'game-wallet', '-50.00', '650.00', '0.00', '200.00'],
    ]);
    // A range with only the bet keeps the balance from before it.
    const betOnly = await record('admin', member, 25, 35);
    expect(shape(betOnly.list)).toEqual([['bet', 'settled', 'Baccarat', '0.00', '700.00', '-100.00', '200.00']]);
  });

  it('shows an agent its own side of the scores it gave, with no platform column', async () => {
    const agent = await gw.accountId('ag01010101');
    const answer = await record('ag01010101', agent, -1, 3600);
    expect(answer.opening.platformBalance).toBeNull();
    expect(answer.list.map((row: DealRow) => [row.kind, row.counterpart, row.change, row.platformBalance])).toEqual([
      ['up', 'mbdeal01', '-1000.00', null],
      ['down', 'mbdeal01', '100.00', null],
    ]);
    // Its balance runs over the rows shown from the opening: today's balance less every change
    // since the range's start (the demo's own score-ups are dated after these test times).
    const stored = await gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE id = ${agent}`);
    const since = await gw.db.one<{ n: string | number }>(
      sql`SELECT COALESCE(sum(CASE WHEN target_account_id = ${agent} THEN after - before ELSE operator_after - operator_before END), 0) AS n
            FROM score_log WHERE (target_account_id = ${agent} OR (operator_account_id = ${agent} AND type IN ('up', 'down')))
             AND created_at >= ${at(-1)}`,
    );
    const opening = Number(stored!.balance) - Number(since!.n);
    expect(answer.opening.balance).toBe((opening / 100).toFixed(2));
    expect(answer.list.map((row: DealRow) => row.balance)).toEqual([
      ((opening - 100_000) / 100).toFixed(2),
      ((opening - 90_000) / 100).toFixed(2),
    ]);
  });

  it('runs its balance over the rows in the order shown when a movement was written backdated (its serial after later times)', async () => {
    await gw.addAccount({ loginId: 'mbdeal02', parent: 'ag01010101', level: 5 });
    const late = await gw.accountId('mbdeal02');
    await gw.db.run(sql`UPDATE accounts SET point_limit = 100000000 WHERE id = ${late}`);
    const up = async (amount: string, seconds: number) => {
      gw.clock.set(at(seconds));
      await gw.rpc('gw.credit.user.score.up', { opsId: sessions.ag01010101, userId: late, amount });
    };
    await up('1000', 12_000);
    // Written after the row above, dated before it (the demo's history was written so).
    await up('500', 11_500);
    await up('200', 12_500);
    const whole = await record('admin', late, 11_000, 13_000);
    expect(whole.opening.balance).toBe('0.00');
    expect(whole.list.map((row: DealRow) => [row.change, row.balance])).toEqual([
      ['500.00', '500.00'],
      ['1000.00', '1500.00'],
      ['200.00', '1700.00'],
    ]);
    const fromMiddle = await record('admin', late, 11_800, 13_000);
    expect(fromMiddle.opening.balance).toBe('500.00');
    expect(fromMiddle.list.map((row: DealRow) => row.balance)).toEqual(['1500.00', '1700.00']);
  });

  it('keeps to the caller’s line, the finance setting, code 6 and 31 days', async () => {
    expect(
      (
        await gw.refusal('gw.credit.deal.record.query', {
          opsId: sessions.ag02010101,
          userId: member,
          startTime: at(0).toISOString(),
          endTime: at(60).toISOString(),
        })
      ).code,
    ).toBe(20002);
    expect(
      (
        await gw.refusal('gw.credit.deal.record.query', {
          opsId: sessions.deal01,
          userId: member,
          startTime: at(0).toISOString(),
          endTime: at(60).toISOString(),
        })
      ).code,
    ).toBe(11003);
    const tooLong = await gw.refusal('gw.credit.deal.record.query', {
      opsId: sessions.admin,
      userId: member,
      startTime: at(0).toISOString(),
      endTime: at(32 * 86_400).toISOString(),
    });
    expect(tooLong).toMatchObject({ code: 100, data: { rule: 'range-over-31-days' } });
    await gw.db.run(sql`UPDATE sites SET finance_visible = false WHERE id = 'demo'`);
    try {
      expect(
        (
          await gw.refusal('gw.credit.deal.record.query', {
            opsId: sessions.ag01010101,
            userId: member,
            startTime: at(0).toISOString(),
            endTime: at(60).toISOString(),
          })
        ).code,
      ).toBe(11003);
      expect((await record('admin', member, 0, 60)).total).toBe(4);
    } finally {
      await gw.db.run(sql`UPDATE sites SET finance_visible = true WHERE id = 'demo'`);
    }
  });
});
