import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeBets } from '../../server/games/bet.store';
import type { PlatformBet } from '../../server/platform/game-platform';
import { betRefusal, countRefusal, type BetRequest } from '../../server/game-rules/platform-rules';
import { sendPlatformPushes } from '../../server/games/platform-pushes';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let member: string;
let bet: BetRequest;

beforeAll(async () => {
  // No background jobs: the tests send the pushes themselves (push below), and a gateway's own
  // push job could hold some of them while a test looks at what is queued.
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  member = await gw.accountId('mb01010102002');
  bet = { siteId: 'demo', memberId: member, gameCode: 'baccarat', device: 'pc', stake: 10_000 };
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1, bet_paused = false, bet_stopped = false, win_blocked = false,
    device_pc = true, device_h5 = true, device_app = true, max_win = 0, win_counted_from = NULL WHERE site_id = 'demo'`);
  await gw.db.run(sql`UPDATE game_settings SET enabled = true, red_limit = 0, company_limit_reached = false`);
  await gw.db.run(sql`DELETE FROM simulator_games_closed`);
  await gw.db.run(sql`DELETE FROM bets`);
  await push();
});

const set = (query: ReturnType<typeof sql>) => gw.db.run(query);
/** What the back office changed reaches the platform's copy, as the push job sends it. */
const push = () => sendPlatformPushes(gw.db, simulatorPlatform, gw.clock.now());
/** The platform's verdict once it has been told of every change so far. */
const judged = async (request: BetRequest) => {
  await push();
  return betRefusal(gw.db, request);
};
const queued = async () =>
  (
    await gw.db.rows<{ subject: string; account_id: string | number }>(
      sql`SELECT subject, account_id FROM platform_pushes ORDER BY subject, account_id`,
    )
  ).map((row) => `${row.subject}:${String(row.account_id)}`);

describe('what the platform refuses', () => {
  it('takes a bet when nothing stands in its way', async () => {
    expect(await judged(bet)).toBeNull();
  });

  it.each([
    ['account-disabled', sql`UPDATE accounts SET status = 4 WHERE site_id = 'demo' AND login_id = 'mb01010102002'`],
    ['account-frozen', sql`UPDATE accounts SET status = 6 WHERE site_id = 'demo' AND login_id = 'mb01010102002'`],
    ['line-disabled', sql`UPDATE accounts SET team_status = 4 WHERE site_id = 'demo' AND login_id = 'sh0101'`],
    ['line-frozen', sql`UPDATE accounts SET team_status = 6 WHERE site_id = 'demo' AND login_id = 'ga010101'`],
    // As the back office pushed it to the platform (platform-pushes.test.ts).
    ['game-closed', sql`INSERT INTO simulator_games_closed (site_id, game_code) VALUES ('demo', 'baccarat')`],
    [
      'game-type-closed',
      sql`UPDATE game_settings SET enabled = false WHERE game_type = 'live' AND account_id = (SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'mb01010102002')`,
    ],
    ['device-disabled', sql`UPDATE accounts SET device_pc = false WHERE site_id = 'demo' AND login_id = 'mb01010102002'`],
    ['bet-paused', sql`UPDATE accounts SET bet_paused = true WHERE site_id = 'demo' AND login_id = 'mb01010102002'`],
    ['line-stopped', sql`UPDATE accounts SET bet_stopped = true WHERE site_id = 'demo' AND login_id = 'ag01010102'`],
    // An agent above at its agent-to-company limit for the game's type (company-limit.test.ts).
    [
      'line-limit-reached',
      sql`UPDATE game_settings SET company_limit_reached = true WHERE game_type = 'live' AND account_id = (SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'ga010101')`,
    ],
    [
      'over-red-limit',
      sql`UPDATE game_settings SET red_limit = 9999 WHERE game_type = 'live' AND account_id = (SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = 'mb01010102002')`,
    ],
    ['win-blocked', sql`UPDATE accounts SET win_blocked = true WHERE site_id = 'demo' AND login_id = 'mb01010102002'`],
  ] as const)('refuses %s', async (reason, change) => {
    await set(change);
    expect(await judged(bet)).toBe(reason);
  });

  it('keeps each refusal to what it is about: another device, another game type, a stake within the limit, another site', async () => {
    await set(sql`UPDATE accounts SET device_pc = false WHERE site_id = 'demo' AND login_id = 'mb01010102002'`);
    expect(await judged({ ...bet, device: 'h5' })).toBeNull();
    await set(sql`UPDATE game_settings SET enabled = false WHERE game_type = 'live' AND account_id = ${member}`);
    expect(await judged({ ...bet, device: 'h5', gameCode: 'lucky-seven' })).toBeNull();
    await set(sql`UPDATE game_settings SET red_limit = 10000 WHERE game_type = 'electronic' AND account_id = ${member}`);
    expect(await judged({ ...bet, device: 'h5', gameCode: 'lucky-seven', stake: 10_000 })).toBeNull();
    expect(await judged({ ...bet, device: 'h5', gameCode: 'lucky-seven', stake: 10_001 })).toBe('over-red-limit');
    expect(await judged({ ...bet, siteId: 'demo2' })).toBe('account-disabled');
    expect(await judged({ ...bet, gameCode: 'poker' })).toBe('game-closed');
  });

  it("judges by its own copy: a change counts once it is pushed, a line by its agent's row alone", async () => {
    const agent = await gw.accountId('ga010101');
    await set(sql`UPDATE accounts SET team_status = 6 WHERE id = ${agent}`);
    expect(await queued()).toEqual([`account:${agent}`]);
    expect(await betRefusal(gw.db, bet)).toBeNull();
    expect(await push()).toEqual({ sent: 1, failed: 0 });
    expect(await queued()).toEqual([]);
    expect(await betRefusal(gw.db, bet)).toBe('line-frozen');
  });

  it('queues nothing when points move, and refuses a member it was never told of', async () => {
    const agent = await gw.accountId('ag01010102');
    await set(sql`UPDATE accounts SET balance = balance + 1, last_scored_at = now() WHERE id IN (${member}, ${agent})`);
    expect(await queued()).toEqual([]);
    await set(sql`DELETE FROM simulator_accounts WHERE account_id = ${member}`);
    expect(await betRefusal(gw.db, bet)).toBe('account-disabled');
    await set(sql`UPDATE accounts SET bet_paused = false WHERE id = ${member}`);
    expect(await queued()).toEqual([]);
    await set(sql`UPDATE game_settings SET red_limit = 5000 WHERE account_id = ${member}`);
    expect(await queued()).toEqual([`account:${member}`]);
    expect(await judged(bet)).toBe('over-red-limit');
  });

  it('counts refusals by site and reason', async () => {
    await gw.db.run(sql`DELETE FROM platform_refusals`);
    await countRefusal(gw.db, 'demo', 'game-closed');
    await countRefusal(gw.db, 'demo', 'game-closed');
    await countRefusal(gw.db, 'demo', 'device-disabled');
    const counts = await gw.db.rows<{ reason: string; count: string | number }>(
      sql`SELECT reason, count FROM platform_refusals ORDER BY reason`,
    );
    expect(counts.map((row) => [row.reason, Number(row.count)])).toEqual([
      ['device-disabled', 1],
      ['game-closed', 2],
    ]);
  });
});

describe('the maximum win', () => {
  let orders = 0;
  const settled = (winLoss: number, settleTime: Date): PlatformBet => ({
    orderId: String(8_100_000 + ++orders),
    memberId: member,
    betTime: new Date(settleTime.getTime() - 30_000),
    settleTime,
    gameCode: 'baccarat',
    gameType: 'live',
    playType: 'player',
    betCode: 'player',
    gameId: 'BAC-01',
    gameName: '百家乐',
    round: String(orders),
    transactionId: 'T',
    status: 'settled',
    bet: 10_000,
    validBet: 10_000,
    settle: 10_000 + winLoss,
    winLoss,
    jackpot: 0,
    jackpotWon: 0,
    jackpotRake: 0,
    redPacket: 0,
  });

  it('blocks a member whose net winnings reach its maximum win, and counts afresh after "remove limit"', async () => {
    const now = gw.clock.now();
    // Made a day ago: its winnings count from then until a "remove limit".
    await set(sql`UPDATE accounts SET max_win = 50000, created_at = ${new Date(now.getTime() - 86_400_000)} WHERE id = ${member}`);
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    await storeBets(gw.db, 'demo', [settled(30_000, at(30)), settled(-5_000, at(20))], now);
    expect(await judged(bet)).toBeNull();
    await storeBets(gw.db, 'demo', [settled(25_000, at(10))], now);
    expect(await judged(bet)).toBe('win-blocked');

    // Its agent removes the limit: what was won before no longer counts.
    const agent = await gw.sessionFor('ag01010102');
    await gw.rpc('gw.credit.user.limit.remove', { opsId: agent, userId: member });
    expect(await judged(bet)).toBeNull();
    gw.clock.advance(60_000);
    const later = gw.clock.now();
    await storeBets(gw.db, 'demo', [settled(40_000, later)], later);
    expect(await judged(bet)).toBeNull();
    await storeBets(gw.db, 'demo', [settled(10_000, new Date(later.getTime() + 1_000))], later);
    expect(await judged(bet)).toBe('win-blocked');
  });

  it('never blocks a member without a maximum (0)', async () => {
    await storeBets(gw.db, 'demo', [settled(10_000_000, gw.clock.now())], gw.clock.now());
    expect(await judged(bet)).toBeNull();
  });
});
