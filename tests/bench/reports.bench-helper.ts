import { sql } from '../../server/kernel/db/sql';
import { performance } from 'node:perf_hooks';
import { openDatabase, type DatabaseTarget } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import { storeBets } from '../../server/games/bet.store';
import type { PlatformBet } from '../../server/platform/game-platform';
import { drainRollups } from '../../server/reports/rollup-drain';
import { childSums, memberSums, ownResult, type ReportRange } from '../../server/reports/report.repository';
import { seedDemo } from '../../server/seed/demo.seed';
import { seedGameHistory } from '../../server/seed/game-history.seed';

/** Bets of the history each database is loaded with (90 days of the demo's game history seed); env to change. */
export const REPORT_BETS = {
  postgres: Number(process.env.BENCH_REPORT_BETS ?? 10_000_000),
  pglite: Number(process.env.BENCH_REPORT_BETS_PGLITE ?? 1_000_000),
};
const RUNS = 40;
const RAW_RUNS = 3;
const SETTLE_BETS = 20_000;
const SETTLE_BATCH = 1_000;

export interface ReportTiming {
  report: string;
  p50: number;
  p95: number;
  rawP50: number;
  rows: number;
}

export interface ReportBenchResult {
  bets: number;
  loadSeconds: number;
  timings: ReportTiming[];
  /** Bets settled per second through storeBets with the rollups kept, and without. */
  settleWith: number;
  settleWithout: number;
}

const DAY_MS = 86_400_000;
const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

async function timed(work: () => Promise<unknown>, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * Loads a history, then times three 30-day reports from the rollups (the company's win/loss
 * report with its own result; the busiest level-3 agent's; the busiest level-4 agent's member
 * report) against the same numbers aggregated from the bets, and settlement with and without
 * the rollups kept.
 */
export async function benchReports(target: DatabaseTarget): Promise<ReportBenchResult> {
  const db = await openDatabase(target);
  try {
    await migrate(db);
    const now = new Date();
    await seedDemo(db, now);
    const bets = REPORT_BETS[target.kind];
    const loadStart = performance.now();
    await seedGameHistory(db, {
      siteId: 'demo',
      days: 90,
      bets,
      now,
      seed: 'bench-reports',
      kind: 'B',
      ...(db.kind === 'postgres' ? { roundsBeside: db } : {}),
    });
    const loadSeconds = (performance.now() - loadStart) / 1000;
    if (db.kind === 'postgres') await db.run(sql`ANALYZE`);

    // The last 30 whole Beijing days up to today.
    const todayStart = Math.floor((now.getTime() + 8 * 3_600_000) / DAY_MS) * DAY_MS - 8 * 3_600_000;
    const range: ReportRange = {
      startTime: new Date(todayStart - 29 * DAY_MS).toISOString(),
      endTime: new Date(todayStart + DAY_MS).toISOString(),
    };
    const company = (await db.one<{ id: string | number; path: string }>(
      sql`SELECT id, path FROM accounts WHERE site_id = 'demo' AND login_id = 'admin'`,
    ))!;
    const busiest = async (level: number) =>
      (await db.one<{ id: string | number; path: string }>(sql`
        SELECT a.id, a.path FROM report_edge_days r JOIN accounts a ON a.id = r.child_id
         WHERE r.site_id = 'demo' AND a.level = ${level} GROUP BY a.id, a.path ORDER BY sum(r.bets) DESC LIMIT 1`))!;
    const levelThree = await busiest(3);
    const levelFour = await busiest(4);

    const window = sql`b.site_id = 'demo' AND b.status IN ('settled', 'resettled')
      AND COALESCE(b.settle_time, b.bet_time) >= ${range.startTime}::timestamptz AND COALESCE(b.settle_time, b.bet_time) < ${range.endTime}::timestamptz`;
    // The same rows straight from the bets: each child's element of the line path, summed.
    const raw = (path: string, depth: number) => () =>
      db.rows(sql`SELECT split_part(trim(BOTH '/' FROM b.line_path), '/', ${depth}::int) AS child, count(*), sum(b.bet), sum(b.valid_bet),
          sum(b.win_loss), sum(round(b.valid_bet::numeric * COALESCE(b.m, 0) / 10000))
        FROM bets b WHERE ${window} AND b.line_path LIKE ${`${path}%`} GROUP BY 1`);
    const cases: { report: string; run: () => Promise<number>; raw: () => Promise<unknown> }[] = [
      {
        report: "company's win/loss report",
        run: async () => {
          const rows = await childSums(db, 'demo', String(company.id), range);
          await ownResult(db, 'demo', { id: String(company.id), level: 0 }, rows, range);
          return rows.length;
        },
        raw: raw(company.path, 2),
      },
      {
        report: 'busiest level-3 agent',
        run: async () => (await childSums(db, 'demo', String(levelThree.id), range)).length,
        raw: raw(levelThree.path, 5),
      },
      {
        report: "busiest level-4 agent's members",
        run: async () => (await memberSums(db, 'demo', String(levelFour.id), range)).length,
        raw: raw(levelFour.path, 6),
      },
    ];
    const timings: ReportTiming[] = [];
    for (const entry of cases) {
      await timed(entry.run, 3);
      const times = await timed(entry.run, RUNS);
      const rawTimes = await timed(entry.raw, RAW_RUNS);
      timings.push({
        report: entry.report,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        rawP50: percentile(rawTimes, 0.5),
        rows: await entry.run(),
      });
    }

    // Settlement: the same new bets stored with the rollups kept and (a copy of them) without.
    const members = await db.rows<{ id: string | number }>(
      sql`SELECT id FROM accounts WHERE site_id = 'demo' AND level = 5 ORDER BY id LIMIT 500`,
    );
    const settled = (offset: number): PlatformBet[] =>
      Array.from({ length: SETTLE_BETS }, (_, i) => {
        const betTime = new Date(now.getTime() - 3_600_000 + i * 10);
        return {
          orderId: String(offset + i),
          memberId: String(members[i % members.length]!.id),
          betTime,
          settleTime: new Date(betTime.getTime() + 30_000),
          gameCode: 'baccarat',
          gameType: 'live',
          playType: 'banker',
          betCode: 'banker',
          gameId: 'BAC-01',
          gameName: 'baccarat',
          round: String(i),
          transactionId: 'bench',
          status: 'settled',
          bet: 10_000,
          validBet: 9_500,
          settle: i % 2 === 0 ? 19_500 : 0,
          winLoss: i % 2 === 0 ? 9_500 : -10_000,
          jackpot: 0,
          jackpotWon: 0,
          jackpotRake: 0,
          redPacket: 0,
        };
      });
    const settle = async (bets: PlatformBet[], keepRollups: boolean) => {
      const start = performance.now();
      for (let i = 0; i < bets.length; i += SETTLE_BATCH) {
        await db.transaction((tx) => storeBets(tx, 'demo', bets.slice(i, i + SETTLE_BATCH), now, { keepRollups }));
      }
      // Kept means counted in the rollups: the queue's drain is part of the cost.
      if (keepRollups) await drainRollups(db);
      return bets.length / ((performance.now() - start) / 1000);
    };
    // Alternated, so neither side always meets the warmer cache.
    const withRollups: number[] = [];
    const without: number[] = [];
    for (let round = 0; round < 2; round++) {
      without.push(await settle(settled(960_000_000_000 + round * 2 * SETTLE_BETS), false));
      withRollups.push(await settle(settled(960_000_000_000 + (round * 2 + 1) * SETTLE_BETS), true));
    }
    return {
      bets,
      loadSeconds,
      timings,
      settleWith: withRollups.reduce((a, b) => a + b, 0) / withRollups.length,
      settleWithout: without.reduce((a, b) => a + b, 0) / without.length,
    };
  } finally {
    await db.close();
  }
}
