import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameByCode } from '../../server/games/rules/game-registry';
import { seedGameHistory } from '../../server/seed/game-history.seed';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
});
afterAll(async () => {
  await gw.close();
});

interface StoredBet {
  order_id: string;
  game_code: string;
  game_id: string;
  round_no: string;
  bet_code: string;
  status: string;
  bet: string;
  settle: string;
  win_loss: string;
  valid_bet: string;
  jackpot_won: string;
  red_packet: string;
  settle_time: Date | string;
  p1: number | null;
  m: number | null;
}

describe('the demo play history', () => {
  it('stores bets that settle against the stored rounds, through the snapshot, the same history for the same seed', async () => {
    await gw.db.run(sql`DELETE FROM bets`);
    await gw.db.run(sql`DELETE FROM game_rounds`);
    const now = gw.clock.now();
    const options = { siteId: 'demo', days: 2, members: 12, now, seed: 'history-test' };
    const stored = await seedGameHistory(gw.db, options);
    expect(stored).toBeGreaterThan(50);
    // Again with the same seed: the same orders, nothing new.
    expect(await seedGameHistory(gw.db, options)).toBe(0);

    const bets = await gw.db.rows<StoredBet>(sql`SELECT * FROM bets`);
    expect(bets).toHaveLength(stored);
    const rounds = new Map(
      (
        await gw.db.rows<{ game_id: string; round_no: string; result: object | string }>(
          sql`SELECT game_id, round_no, result FROM game_rounds`,
        )
      ).map((row) => [`${row.game_id}/${row.round_no}`, typeof row.result === 'string' ? (JSON.parse(row.result) as object) : row.result]),
    );
    for (const bet of bets) {
      const result = rounds.get(`${bet.game_id}/${bet.round_no}`);
      expect(result, `${bet.game_id}/${bet.round_no}`).toBeDefined();
      expect(Number(bet.win_loss)).toBe(
        bet.status === 'cancelled' ? 0 : Number(bet.settle) - Number(bet.bet) + Number(bet.jackpot_won) + Number(bet.red_packet),
      );
      if (bet.status === 'settled')
        expect(Number(bet.settle)).toBe(gameByCode(bet.game_code)!.settle(bet.bet_code, Number(bet.bet), result!));
      expect(Number(bet.valid_bet)).toBeLessThanOrEqual(Number(bet.bet));
      expect(new Date(bet.settle_time).getTime()).toBeLessThanOrEqual(now.getTime());
      expect(bet.m).not.toBeNull();
      expect(bet.p1).not.toBeNull();
    }
    expect(new Set(bets.map((bet) => bet.game_code)).size).toBeGreaterThan(3);

    const company = await gw.sessionFor('admin');
    const listed = await gw.rpc('gw.credit.bet.query', {
      opsId: company,
      startTime: new Date(now.getTime() - 4 * 86_400_000).toISOString(),
      endTime: new Date(now.getTime() + 60_000).toISOString(),
      pageSize: 1,
    });
    expect(listed.total).toBe(stored);
  });
});
