import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBets } from '../../server/games/bet.store';
import type { PlatformBet } from '../../server/platform/game-platform';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
const sessions: Record<string, string> = {};

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  await gw.db.run(sql`DELETE FROM bets WHERE status = 'unsettled'`);
  const at = gw.clock.now();
  let order = 770_000;
  const bet = async (loginId: string, stake: number, status: PlatformBet['status'] = 'unsettled'): Promise<PlatformBet> => ({
    orderId: String(++order),
    memberId: await gw.accountId(loginId),
    betTime: new Date(at.getTime() - order),
    settleTime: status === 'unsettled' ? null : at,
    gameCode: 'roulette',
    gameType: 'live',
    playType: 'straight',
    betCode: 'straight:17',
    gameId: 'ROU-01',
    gameName: '轮盘',
    round: '20261126-0500',
    transactionId: `T${order}`,
    status,
    bet: stake,
    validBet: stake,
    settle: 0,
    winLoss: status === 'unsettled' ? 0 : -stake,
    jackpot: 0,
    jackpotWon: 0,
    jackpotRake: 0,
    redPacket: 0,
  });
  await storeBets(
    gw.db,
    'demo',
    [
      await bet('mb01010101001', 10_000),
      await bet('mb01010101001', 25_000),
      await bet('mb01010101002', 30_000),
      await bet('mb02010101001', 90_000),
      // Settled: no longer at risk.
      await bet('mb01010101002', 500_000, 'settled'),
    ],
    at,
  );
  for (const login of ['admin', 'ma01', 'ag01010101', 'ag02010101']) sessions[login] = await gw.sessionFor(login);
});
afterAll(async () => {
  await gw.close();
});

const exposure = (who: string, params: Record<string, unknown> = {}) =>
  gw.rpc('gw.credit.exposure.query', { opsId: sessions[who], ...params });

describe('gw.credit.exposure.query', () => {
  it('ranks the members of the line by their open stakes, worst first, with the line’s total', async () => {
    const answer = await exposure('admin');
    expect(answer.sum).toEqual({ bets: 4, stake: '1550.00' });
    expect(answer.list.map((row) => [row.loginId, row.bets, row.stake, row.largest, row.parentLoginId])).toEqual([
      ['mb02010101001', 1, '900.00', '900.00', 'ag02010101'],
      ['mb01010101001', 2, '350.00', '250.00', 'ag01010101'],
      ['mb01010101002', 1, '300.00', '300.00', 'ag01010101'],
    ]);
    expect(answer.total).toBe(3);
    expect((await exposure('admin', { pageSize: 1, pageIndex: 2 })).list.map((row) => row.loginId)).toEqual(['mb01010101001']);
  });

  it('sums each direct child’s line, and shows an agent only its own line', async () => {
    const lines = await exposure('admin', { view: 'line' });
    expect(lines.list.map((row) => [row.loginId, row.bets, row.stake, row.parentLoginId])).toEqual([
      ['ma02', 1, '900.00', 'admin'],
      ['ma01', 3, '650.00', 'admin'],
    ]);
    const agent = await exposure('ag01010101');
    expect(agent.sum).toEqual({ bets: 3, stake: '650.00' });
    expect(agent.list.map((row) => row.loginId)).toEqual(['mb01010101001', 'mb01010101002']);
    // One account's line, inside the caller's; another line is not there (20002).
    expect((await exposure('admin', { userId: await gw.accountId('ma02') })).sum.stake).toBe('900.00');
    expect(
      (await gw.refusal('gw.credit.exposure.query', { opsId: sessions.ag01010101, userId: await gw.accountId('ag02010101') })).code,
    ).toBe(20002);
  });

  it('is a finance screen: refused to agents while the site hides finance, never to the company', async () => {
    await gw.db.run(sql`UPDATE sites SET finance_visible = false WHERE id = 'demo'`);
    try {
      expect((await gw.refusal('gw.credit.exposure.query', { opsId: sessions.ag01010101 })).code).toBe(11003);
      expect((await exposure('admin')).total).toBe(3);
    } finally {
      await gw.db.run(sql`UPDATE sites SET finance_visible = true WHERE id = 'demo'`);
    }
  });
});
