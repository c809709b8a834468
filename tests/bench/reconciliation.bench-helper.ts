import { performance } from 'node:perf_hooks';
import { sql } from '../../server/kernel/db/sql';
import { beijingMidnight, DAY_MS } from '../../contract/beijing-time.contract';
import { openDatabase, type DatabaseTarget } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import { reconcileSite } from '../../server/reconciliation/reconciliation-job';
import { seedDemo } from '../../server/seed/demo.seed';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';

/** Bets of the day reconciled (env to change), and the ones altered on our side: the run must find exactly those. */
export const RECONCILE_BETS = Number(process.env.BENCH_RECONCILE_BETS ?? 1_000_000);
const ALTERED_EVERY = Math.max(1, Math.floor(RECONCILE_BETS / 4));
const GAMES = ['baccarat', 'roulette', 'sic-bo', 'dragon-tiger', 'fortune-dragon'];

export interface ReconcileBenchResult {
  bets: number;
  loadSeconds: number;
  seconds: number;
  differences: number;
  expected: number;
}

/**
 * A day of `RECONCILE_BETS` settled bets of the demo site, both in the simulator's feed (its
 * books, the statement's source) and in our bets, a few altered on our side; then one daily
 * reconciliation of that day, timed: the statement, our records and the comparison.
 */
export async function benchReconciliation(target: DatabaseTarget): Promise<ReconcileBenchResult> {
  const db = await openDatabase(target);
  try {
    await migrate(db);
    await seedDemo(db, new Date());
    const from = beijingMidnight(Date.parse('2027-06-10T04:00:00Z'));
    const day = { start: new Date(from), end: new Date(from + DAY_MS) };
    const stepMs = Math.floor((DAY_MS - 1_000) / RECONCILE_BETS);
    const loadStart = performance.now();
    await db.run(sql`SELECT bets_partition_for(${day.start}::timestamptz)`);
    const spread = sql`
      WITH m AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(path ORDER BY id) AS paths FROM accounts
                  WHERE site_id = 'demo' AND kind = 'tree' AND level = 5),
      b AS (SELECT n, m.ids[1 + n % array_length(m.ids, 1)] AS member_id, m.paths[1 + n % array_length(m.ids, 1)] AS line_path,
                   (${`{${GAMES.join(',')}}`}::text[])[1 + (n / 7) % ${GAMES.length}] AS game_code,
                   ${day.start}::timestamptz + (n * ${stepMs}) * interval '1 millisecond' AS bet_time,
                   1000 + (n % 50) * 100 AS bet, CASE WHEN n % 3 = 0 THEN (1000 + (n % 50) * 100) * 2 ELSE 0 END AS settle
              FROM m, generate_series(1, ${RECONCILE_BETS}) AS n)`;
    await db.run(sql`${spread}
      INSERT INTO platform_feed (site_id, kind, body, created_at)
      SELECT 'demo', 'bet', json_build_object('orderId', (8000000000 + n)::text, 'memberId', member_id::text, 'betTime', bet_time,
               'settleTime', bet_time, 'gameCode', game_code, 'gameType', 'live', 'playType', 'banker', 'betCode', 'banker',
               'gameId', 'BAC-01', 'gameName', game_code, 'round', 'R' || n, 'transactionId', 'T' || n, 'status', 'settled',
               'bet', bet, 'validBet', bet, 'settle', settle, 'winLoss', settle - bet, 'jackpot', 0, 'jackpotWon', 0,
               'jackpotRake', 0, 'redPacket', 0), bet_time
        FROM b ORDER BY n`);
    await db.run(sql`${spread}
      INSERT INTO bets (site_id, order_id, bet_time, settle_time, member_id, line_path, game_code, game_type, play_type, bet_code,
                        game_id, game_name, round_no, transaction_id, status, bet, valid_bet, settle, win_loss, stored_at)
      SELECT 'demo', (8000000000 + n)::text, bet_time, bet_time, member_id, line_path, game_code, 'live', 'banker', 'banker',
             'BAC-01', game_code, 'R' || n, 'T' || n, 'settled', bet, bet, settle,
             settle - bet + CASE WHEN n % ${ALTERED_EVERY} = 0 THEN 1 ELSE 0 END, bet_time
        FROM b`);
    if (db.kind === 'postgres') await db.run(sql`ANALYZE`);
    const loadSeconds = (performance.now() - loadStart) / 1000;

    const start = performance.now();
    const outcome = await reconcileSite(db, (q) => simulatorPlatform(q), {
      kind: 'daily',
      window: { siteId: 'demo', from: day.start, to: day.end },
      now: new Date(day.end.getTime() + 60_000),
    });
    const seconds = (performance.now() - start) / 1000;
    return {
      bets: RECONCILE_BETS,
      loadSeconds,
      seconds,
      differences: outcome.differences.length,
      expected: Math.floor(RECONCILE_BETS / ALTERED_EVERY),
    };
  } finally {
    await db.close();
  }
}
