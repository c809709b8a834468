import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import type { PlatformBet } from '../../server/games/bet.store';
import { GAMES, playTypeOf } from '../../server/games/rules/game-registry';
import { seededRandom } from '../../server/games/rules/seeded-random';
import { validBets } from '../../server/games/rules/valid-bet.rules';
import { simulatorPlatform } from '../../server/games/simulator/simulator-platform';
import { ingestPlatformFeed } from '../../server/games/simulator/simulator-runtime';
import { drainRollupsJob } from '../../server/reports/rollup-drain';
import { seedDemo } from '../../server/seed/demo.seed';

export const INGEST_BETS = 100_000;
/** Rows a statement of the raw JSON INSERT. */
const PATH_BATCH = 2_000;
/** How often the rollups' drain runs beside the ingest: as a gateway runs it (app.ts). */
const DRAIN_EVERY_MS = 1_000;
/** 33 columns a row: 1,000 rows stay under PostgreSQL's 65,535 parameters a statement. */
const RAW_BATCH = 1_000;

export interface IngestResult {
  bets: number;
  /** Through the real path, the drains' time added to the ingest's as if they had shared its one connection and CPU. */
  pathPerSecond: number;
  /** Seconds the ingest took, and the drains beside it (the last one after it). */
  ingestSeconds: number;
  drainSeconds: number;
  /** A multi-row INSERT ... VALUES with every value a parameter. */
  rawPerSecond: number;
  /** The same rows as one JSON parameter a statement, without any lookup (the cheapest way in). */
  rawJsonPerSecond: number;
}

/** The bets as the simulator publishes them on the platform's feed, for the adapter to read (not timed). */
async function publish(db: Database, bets: readonly PlatformBet[], now: Date) {
  const feed = bets.map((bet) => ({ ...bet, betTime: bet.betTime.toISOString(), settleTime: bet.settleTime?.toISOString() ?? null }));
  for (let i = 0; i < feed.length; i += 5_000) {
    await db.run(sql`INSERT INTO platform_feed (site_id, kind, body, created_at)
      SELECT 'demo', 'bet', item, ${now.toISOString()}::timestamptz FROM json_array_elements(${JSON.stringify(feed.slice(i, i + 5_000))}::json) AS item`);
  }
}

/**
 * The real path: the feed read through the adapter from the back office's cursor (5,000 items a
 * transaction), each bet snapshotted and stored, what it changes in the rollups queued; the
 * drain job running beside it every second, and once more at the end, so the rollups hold every
 * bet when it stops.
 */
async function ingestThroughPlatform(db: Database, now: Date): Promise<{ ingestSeconds: number; drainSeconds: number }> {
  let drainSeconds = 0;
  const drain = async () => {
    const started = performance.now();
    await drainRollupsJob(db);
    drainSeconds += (performance.now() - started) / 1000;
  };
  let draining: Promise<void> | null = null;
  const timer = setInterval(() => {
    draining ??= drain().finally(() => (draining = null));
  }, DRAIN_EVERY_MS);
  const started = performance.now();
  try {
    while ((await ingestPlatformFeed(db, simulatorPlatform, now)) > 0);
  } finally {
    clearInterval(timer);
  }
  const ingestSeconds = (performance.now() - started) / 1000;
  await draining;
  await drain();
  return { ingestSeconds, drainSeconds };
}

/** Settled bets of the demo's members, drawn and settled by the game rules. */
async function platformBets(db: Database, count: number, now: Date): Promise<PlatformBet[]> {
  const members = await db.rows<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND level = 5 ORDER BY id`);
  const random = seededRandom('bench', 'ingest', 0);
  return Array.from({ length: count }, (_, i) => {
    const game = GAMES[i % GAMES.length]!;
    const table = game.tables[i % game.tables.length]!;
    const result = game.round(seededRandom('bench', table, i));
    const betCode = game.commonBets[random.below(game.commonBets.length)]!.betCode;
    const stake = 1_000 * (1 + random.below(50));
    const payout = game.settle(betCode, stake, result)!;
    const betTime = new Date(now.getTime() - (count - i) * 1_000);
    return {
      orderId: String(500_000_000_000 + i),
      memberId: String(members[i % members.length]!.id),
      betTime,
      settleTime: new Date(betTime.getTime() + 30_000),
      gameCode: game.gameCode,
      gameType: game.gameType,
      playType: playTypeOf(betCode),
      betCode,
      gameId: table,
      gameName: game.gameCode,
      round: String(i),
      transactionId: `B${i % 5_000}`,
      status: 'settled',
      bet: stake,
      validBet: validBets(game.gameCode, [{ betCode, stake, payout }])[0]!,
      settle: payout,
      winLoss: payout - stake,
      jackpot: 0,
      jackpotWon: 0,
      jackpotRake: 0,
      redPacket: 0,
    };
  });
}

const COLUMNS = [
  'site_id',
  'order_id',
  'bet_time',
  'settle_time',
  'member_id',
  'line_path',
  'game_code',
  'game_type',
  'play_type',
  'bet_code',
  'game_id',
  'game_name',
  'round_no',
  'transaction_id',
  'status',
  'bet',
  'valid_bet',
  'settle',
  'win_loss',
  'jackpot',
  'jackpot_won',
  'jackpot_rake',
  'red_packet',
  'p1',
  'p2',
  'p3',
  'p4',
  'a1',
  'a2',
  'a3',
  'a4',
  'm',
  'stored_at',
] as const;

const COLUMN_TYPES: Partial<Record<(typeof COLUMNS)[number], string>> = {
  bet_time: 'timestamptz',
  settle_time: 'timestamptz',
  stored_at: 'timestamptz',
  member_id: 'bigint',
  bet: 'bigint',
  valid_bet: 'bigint',
  settle: 'bigint',
  win_loss: 'bigint',
  jackpot: 'bigint',
  jackpot_won: 'bigint',
  jackpot_rake: 'bigint',
  red_packet: 'bigint',
  p1: 'integer',
  p2: 'integer',
  p3: 'integer',
  p4: 'integer',
  a1: 'integer',
  a2: 'integer',
  a3: 'integer',
  a4: 'integer',
  m: 'integer',
};

/**
 * Bets stored per second through the real path (the adapter's read of the platform's feed, then
 * storeBets: the member and its line looked up, the shares and rates snapshotted, stored once
 * per order, what it changes in the rollups queued; and the drains that add the queue to the
 * rollups) against a raw multi-row INSERT of the very rows it stored, on the same database in
 * the same run.
 */
export async function benchBetIngest(target: { kind: 'pglite' } | { kind: 'postgres'; url: string }): Promise<IngestResult> {
  const db = target.kind === 'pglite' ? await openDatabase({ kind: 'pglite' }) : await openDatabase({ kind: 'postgres', url: target.url });
  try {
    await migrate(db);
    const now = new Date();
    await seedDemo(db, now);
    const bets = await platformBets(db, INGEST_BETS, now);
    await publish(db, bets, now);
    const path = await ingestThroughPlatform(db, now);
    const queued = await db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM report_queue`);
    if (Number(queued!.n) !== 0) throw new Error('the drains left lines in the queue');
    const rolled = await db.one<{ n: string | number }>(sql`SELECT sum(bets) AS n FROM report_member_days`);
    if (Number(rolled!.n) !== bets.length) throw new Error(`the rollups count ${String(rolled!.n)} of ${bets.length} bets`);

    const rows = await db.rows<Record<(typeof COLUMNS)[number], unknown>>(sql`SELECT * FROM bets ORDER BY bet_time`);
    if (rows.length !== bets.length) throw new Error(`the path stored ${rows.length} of ${bets.length} bets`);
    await db.run(sql`TRUNCATE bets`);
    let started = performance.now();
    for (let i = 0; i < rows.length; i += RAW_BATCH) {
      const values = rows.slice(i, i + RAW_BATCH).map(
        (row) =>
          sql`(${sql.join(
            COLUMNS.map((column) => sql`${row[column]}`),
            sql`, `,
          )})`,
      );
      await db.run(sql`INSERT INTO bets (${sql.raw(COLUMNS.join(', '))}) VALUES ${sql.join(values, sql`, `)}`);
    }
    const rawSeconds = (performance.now() - started) / 1000;

    await db.run(sql`TRUNCATE bets`);
    const typed = COLUMNS.map((column) => `${column} ${COLUMN_TYPES[column] ?? 'text'}`).join(', ');
    started = performance.now();
    for (let i = 0; i < rows.length; i += PATH_BATCH) {
      await db.run(sql`INSERT INTO bets (${sql.raw(COLUMNS.join(', '))})
        SELECT * FROM json_to_recordset(${JSON.stringify(rows.slice(i, i + PATH_BATCH))}::json) AS r (${sql.raw(typed)})`);
    }
    const rawJsonSeconds = (performance.now() - started) / 1000;
    return {
      bets: bets.length,
      pathPerSecond: bets.length / (path.ingestSeconds + path.drainSeconds),
      ...path,
      rawPerSecond: rows.length / rawSeconds,
      rawJsonPerSecond: rows.length / rawJsonSeconds,
    };
  } finally {
    await db.close();
  }
}
