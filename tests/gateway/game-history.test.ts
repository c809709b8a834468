import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameByCode } from '../../server/game-rules/game-registry';
import { checkLedger } from '../../server/points/ledger-check';
import { drainRollups } from '../../server/reports/rollup-drain';
import { rebuildRollupDays } from '../../server/reports/rollup-rebuild';
import { seedGameHistory } from '../../server/seed/game-history.seed';
import { testDatabaseKind } from '../support/test-database';
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
    // The history writes its rows when their time comes: in serial order, no row is dated before the one ahead of it.
    const backwards = await gw.db.one<{ n: number; rows: number }>(sql`
      SELECT count(*) FILTER (WHERE created_at < previous)::int AS n, count(*)::int AS rows FROM (
        SELECT created_at, lag(created_at) OVER (ORDER BY serial_no) AS previous FROM score_log
         WHERE site_id = 'demo' AND (game_session LIKE 'H-%' OR comment IN ('History top-up', 'History issuance'))) t`);
    expect(backwards!.rows).toBeGreaterThan(20);
    expect(backwards!.n).toBe(0);
    const inGame = await gw.db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM accounts WHERE site_id = 'demo' AND in_game`);
    expect(Number(inGame!.n)).toBe(0);
  });
});

describe('the bulk history (npm run seed -- --bets N)', () => {
  it('plays about the bets asked for beside the demo history, scores members who run low up through their line, and the ledger check holds', async () => {
    // Forty days back from the 20th of November: October has no partition yet, so it is loaded apart and attached.
    const now = new Date('2026-11-20T04:00:00Z');
    const options = { siteId: 'demo2', days: 40, now, seed: 'bulk-test' };
    expect(await seedGameHistory(gw.db, { ...options, days: 3, members: 8 })).toBeGreaterThan(0);
    const issuedBefore = await gw.db.one<{ n: string }>(
      sql`SELECT count(*) AS n FROM score_log WHERE site_id = 'demo2' AND type = 'issue'`,
    );
    const told: [number, number][] = [];
    const stored = await seedGameHistory(gw.db, {
      ...options,
      bets: 6_000,
      kind: 'B',
      // On a PostgreSQL server the rounds go beside the history, as `npm run seed` does there.
      ...(testDatabaseKind() === 'postgres' ? { roundsBeside: gw.db } : {}),
      progress: (day, total) => told.push([day, total]),
    });
    expect(stored).toBeLessThanOrEqual(6_000);
    expect(stored).toBeGreaterThan(5_000);
    // Told after each day, the totals growing to what was stored.
    expect(told.length).toBeGreaterThanOrEqual(40);
    expect(told.map(([day]) => day)).toEqual(told.map((_, index) => index));
    expect(told.at(-1)![1]).toBe(stored);
    expect(told.every(([, total], index) => index === 0 || total >= told[index - 1]![1])).toBe(true);

    const kinds = await gw.db.rows<{ kind: string; bets: string; digits: number }>(sql`
      SELECT left(transaction_id, 1) AS kind, count(*) AS bets, min(length(order_id)) AS digits
        FROM bets WHERE site_id = 'demo2' GROUP BY 1 ORDER BY 1`);
    expect(kinds.map((row) => [row.kind, Number(row.bets), Number(row.digits)])).toEqual([
      ['B', stored, 18],
      ['H', expect.any(Number), 16],
    ]);
    // Members who ran low were scored up by their agents (the demo2 members hold little), each a row of the ledger.
    const topUps = await gw.db.one<{ n: string; members: string }>(sql`
      SELECT count(*) AS n, count(DISTINCT target_account_id) AS members
        FROM score_log l JOIN accounts a ON a.id = l.target_account_id
       WHERE l.site_id = 'demo2' AND l.type = 'up' AND l.comment = 'History top-up' AND a.level = 5`);
    expect(Number(topUps!.n)).toBeGreaterThan(0);
    const issuedAfter = await gw.db.one<{ n: string }>(sql`SELECT count(*) AS n FROM score_log WHERE site_id = 'demo2' AND type = 'issue'`);
    expect(Number(issuedAfter!.n)).toBeGreaterThanOrEqual(Number(issuedBefore!.n));

    // The report rollups count each settled bet of the history once, whichever path stored it,
    // and a recount from the bets finds the same.
    const rolled = () =>
      gw.db.rows<{ day: string; bets: string; win_loss: string }>(sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(bets)::text AS bets,
          sum(win_loss)::text AS win_loss FROM report_member_days WHERE site_id = 'demo2' GROUP BY day HAVING sum(bets) <> 0 ORDER BY day`);
    const fromBets = await gw.db.rows<{ day: string; bets: string; win_loss: string }>(sql`
      SELECT to_char((settle_time AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') AS day, count(*)::text AS bets,
             sum(win_loss)::text AS win_loss
        FROM bets WHERE site_id = 'demo2' AND status IN ('settled', 'resettled') GROUP BY 1 ORDER BY 1`);
    expect(fromBets.length).toBeGreaterThanOrEqual(40);
    await drainRollups(gw.db);
    expect(await rolled()).toEqual(fromBets);
    await rebuildRollupDays(
      gw.db,
      fromBets.slice(0, 3).map((row) => row.day),
      'demo2',
    );
    expect(await rolled()).toEqual(fromBets);

    // Every month of bets is a partition of the table, with each of its indexes; none is left apart.
    const partitions = await gw.db.rows<{ name: string; indexes: string; attached: boolean }>(sql`
      SELECT c.relname AS name, (SELECT count(*) FROM pg_index i WHERE i.indrelid = c.oid) AS indexes,
             EXISTS (SELECT FROM pg_inherits h WHERE h.inhrelid = c.oid AND h.inhparent = 'bets'::regclass) AS attached
        FROM pg_class c WHERE c.relkind = 'r' AND c.relname ~ '^bets_[0-9]{4}_[0-9]{2}$' ORDER BY 1`);
    const parentIndexes = await gw.db.one<{ n: string }>(sql`SELECT count(*) AS n FROM pg_index WHERE indrelid = 'bets'::regclass`);
    expect(partitions.map((row) => row.name)).toEqual(expect.arrayContaining(['bets_2026_10', 'bets_2026_11']));
    expect(partitions.filter((row) => !row.attached || Number(row.indexes) !== Number(parentIndexes!.n))).toEqual([]);
    const october = await gw.db.one<{ n: string }>(
      sql`SELECT count(*) AS n FROM bets WHERE site_id = 'demo2' AND bet_time < '2026-11-01T00:00:00Z' AND transaction_id LIKE 'B-%'`,
    );
    expect(Number(october!.n)).toBeGreaterThan(1_000);
    // A bet of the month loaded apart is found by its order number, as any other.
    const sample = await gw.db.one<{ order_id: string }>(
      sql`SELECT order_id FROM bets WHERE site_id = 'demo2' AND bet_time < '2026-11-01T00:00:00Z' LIMIT 1`,
    );
    const admin = await gw.sessionFor('admin2', 'demo2');
    const found = await gw.rpc(
      'gw.credit.bet.query',
      { opsId: admin, startTime: '2026-10-01T00:00:00Z', endTime: '2026-11-01T00:00:00Z', orderId: sample!.order_id },
      { host: 'demo2.localhost' },
    );
    expect(found.list.map((bet) => bet.orderId)).toEqual([sample!.order_id]);

    // Every bet of the bulk history settled against a stored round.
    const orphans = await gw.db.one<{ n: string }>(sql`
      SELECT count(*) AS n FROM bets b WHERE b.site_id = 'demo2' AND b.transaction_id LIKE 'B-%'
         AND NOT EXISTS (SELECT FROM game_rounds r WHERE r.game_id = b.game_id AND r.round_no = b.round_no)`);
    expect(Number(orphans!.n)).toBe(0);

    const report = await checkLedger(gw.db, { siteId: 'demo2' });
    expect(report.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual([]);
    // Each kind of history is played once per site.
    expect(await seedGameHistory(gw.db, { ...options, bets: 100, kind: 'B' })).toBe(0);
  });
});
