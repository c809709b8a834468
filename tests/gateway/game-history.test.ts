import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameByCode } from '../../server/games/rules/game-registry';
import { checkLedger } from '../../server/points/ledger-check';
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

class Rollback extends Error {}

/** The bets a history stores, in a transaction then rolled back. */
async function betsOfAHistory(options: Parameters<typeof seedGameHistory>[1]) {
  let seen: string[] = [];
  await gw.db
    .transaction(async (tx) => {
      await seedGameHistory(tx, options);
      seen = (
        await tx.rows<{ key: string }>(sql`SELECT order_id || ':' || win_loss || ':' || transaction_id AS key FROM bets ORDER BY 1`)
      ).map((row) => row.key);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return seen;
}

describe('the demo play history', () => {
  it('stores bets that settle against the stored rounds, through the snapshot, the same history for the same seed', async () => {
    await gw.db.run(sql`DELETE FROM bets`);
    await gw.db.run(sql`DELETE FROM game_rounds`);
    const now = gw.clock.now();
    const options = { siteId: 'demo', days: 2, members: 12, now, seed: 'history-test' };
    const rehearsed = await betsOfAHistory(options);
    expect(await betsOfAHistory({ ...options, seed: 'another' })).not.toEqual(rehearsed);
    const stored = await seedGameHistory(gw.db, options);
    expect(stored).toBeGreaterThan(50);
    // The same seed, site and balances: the same history.
    const kept = await gw.db.rows<{ key: string }>(
      sql`SELECT order_id || ':' || win_loss || ':' || transaction_id AS key FROM bets ORDER BY 1`,
    );
    expect(kept.map((row) => row.key)).toEqual(rehearsed);
    // A site plays its history once: again, nothing new.
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

  it('makes each session a game session of the ledger: in, bets within the points at the platform, out; the ledger check holds', async () => {
    const sessions = await gw.db.rows<{ session_id: string; ins: string; outs: string | null; win_loss: string; bets: string }>(sql`
      SELECT s.session_id,
             (SELECT sum(amount) FROM score_log l WHERE l.game_session = s.session_id AND l.type = 'in') AS ins,
             (SELECT sum(amount) FROM score_log l WHERE l.game_session = s.session_id AND l.type = 'out') AS outs,
             (SELECT COALESCE(sum(win_loss), 0) FROM bets b WHERE b.transaction_id = s.session_id) AS win_loss,
             (SELECT count(*) FROM bets b WHERE b.transaction_id = s.session_id) AS bets
        FROM game_sessions s WHERE s.site_id = 'demo' AND s.session_id LIKE 'H-%'`);
    expect(sessions.length).toBeGreaterThan(10);
    for (const session of sessions) {
      expect(Number(session.bets)).toBeGreaterThan(0);
      expect(Number(session.outs ?? 0)).toBe(Number(session.ins) + Number(session.win_loss));
    }
    const report = await checkLedger(gw.db, { siteId: 'demo' });
    expect(report.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual([]);
    const inGame = await gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM accounts WHERE site_id = 'demo' AND in_game`);
    expect(Number(inGame!.n)).toBe(0);
  });
});
