import { sql } from '../../server/kernel/db/sql';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import type { PlatformBet } from '../../server/platform/game-platform';
import { GAMES, playTypeOf } from '../../server/game-rules/game-registry';
import { seededRandom } from '../../server/game-rules/seeded-random';
import { validBets } from '../../server/game-rules/valid-bet.rules';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { ingestFeedPages, ingestPlatformFeed } from '../../server/games/feed-ingest';
import { drainRollupsJob } from '../../server/reports/rollup-drain';
import { seedDemo } from '../../server/seed/demo.seed';
import { feedBet } from '../support/bet-fixture';

export const INGEST_BETS = 100_000;
/** Rounds of the whole comparison; each figure printed is the median of its rounds. */
export const INGEST_ROUNDS = 5;
/** Rows a statement of the raw JSON INSERT. */
const PATH_BATCH = 2_000;
/** How often the rollups' drain runs beside the ingest: as a gateway runs it (app.ts). */
const DRAIN_EVERY_MS = 1_000;
/** Pages of 5,000 feed items between two drains when nothing runs beside the ingest (about a second's bets here). */
const SERIAL_PAGES = 4;
/** 33 columns a row: 1,000 rows stay under PostgreSQL's 65,535 parameters a statement. */
const RAW_BATCH = 1_000;

/** One round: the real path twice (serial, then with the drains beside), then the raw ways. */
export interface IngestRound {
  /** The real path, the ingest and its drains one after the other (nothing beside anything). */
  serialSeconds: number;
  /** Of which the drains. */
  serialDrainSeconds: number;
  /** The real path with the drain job beside it every second, as in a gateway: the ingest's time. */
  besideSeconds: number;
  /** The time of those drains (summed; they ran beside the ingest). */
  besideDrainSeconds: number;
  /** A multi-row INSERT ... VALUES with every value a parameter (the first round only: the slowest way by far). */
  rawPerSecond?: number;
  /** The same rows as one JSON parameter a statement, without any lookup (the cheapest way in). */
  rawJsonPerSecond: number;
}

export interface IngestResult {
  bets: number;
  rounds: IngestRound[];
}

/** The bets as the simulator publishes them on the platform's feed, for the adapter to read (not timed). */
async function publish(db: Database, bets: readonly PlatformBet[], now: Date) {
  const feed = bets.map(feedBet);
  for (let i = 0; i < feed.length; i += 5_000) {
    await db.run(sql`INSERT INTO platform_feed (site_id, kind, body, created_at)
      SELECT 'demo', 'bet', item, ${now.toISOString()}::timestamptz FROM json_array_elements(${JSON.stringify(feed.slice(i, i + 5_000))}::json) AS item`);
  }
}

/**
 * Before each timed run: the back office as before its first read of the feed (no bet, rollup,
 * queued line or revision; the cursor at the start), and a checkpoint, so that none of the
 * runs pays for writing out what an earlier one left.
 */
async function freshStart(db: Database) {
  await db.run(sql`TRUNCATE bets, bet_revisions, report_member_days, report_edge_days, report_queue`);
  await db.run(sql`UPDATE platform_feed_cursor SET seq = 0 WHERE id = 1`);
  await checkpoint(db);
}

async function checkpoint(db: Database) {
  try {
    await db.run(sql`CHECKPOINT`);
  } catch (error) {
    // A bench user without the right (pg_checkpoint) runs without.
    if ((error as { code?: string }).code !== '42501') throw error;
  }
}

async function timedDrain(db: Database): Promise<number> {
  const started = performance.now();
  await drainRollupsJob(db);
  return (performance.now() - started) / 1000;
}

type PathMode = 'serial' | 'beside';
interface PathRun {
  seconds: number;
  drainSeconds: number;
}

/**
 * The real path: the feed read through the adapter from the back office's cursor (5,000 items a
 * transaction, the next page read while one is stored), each bet snapshotted and stored, what it
 * changes in the rollups queued. Serial: a drain after every SERIAL_PAGES pages and at the end,
 * nothing beside anything but the read of the next page, all of it timed. Beside: the drain job
 * every second beside the ingest as in a gateway, only the ingest timed (its last drain after
 * it, not timed).
 */
async function ingestThroughPlatform(db: Database, now: Date, mode: PathMode): Promise<PathRun> {
  await freshStart(db);
  let drainSeconds = 0;
  const started = performance.now();
  if (mode === 'serial') {
    let pages = 0;
    for await (const _ of ingestFeedPages(db, simulatorPlatform, now))
      if (++pages % SERIAL_PAGES === 0) drainSeconds += await timedDrain(db);
    drainSeconds += await timedDrain(db);
    return { seconds: (performance.now() - started) / 1000, drainSeconds };
  }
  let draining: Promise<void> | null = null;
  let failure: unknown = null;
  const timer = setInterval(() => {
    draining ??= timedDrain(db)
      .then((seconds) => void (drainSeconds += seconds))
      .catch((error: unknown) => void (failure ??= error))
      .finally(() => (draining = null));
  }, DRAIN_EVERY_MS);
  try {
    while ((await ingestPlatformFeed(db, simulatorPlatform, now)) > 0);
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  await draining;
  if (failure) throw failure;
  await drainRollupsJob(db);
  return { seconds, drainSeconds };
}

/** The path stored every bet once and the rollups count them all, the queue drained. */
async function checkStored(db: Database, bets: number) {
  const queued = await db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM report_queue`);
  if (Number(queued!.n) !== 0) throw new Error('the drains left lines in the queue');
  const rolled = await db.one<{ n: string | number }>(sql`SELECT sum(bets) AS n FROM report_member_days`);
  if (Number(rolled!.n) !== bets) throw new Error(`the rollups count ${String(rolled!.n)} of ${bets} bets`);
  const stored = await db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM bets`);
  if (Number(stored!.n) !== bets) throw new Error(`the path stored ${String(stored!.n)} of ${bets} bets`);
}

/** The database answers int8 columns as bigint, which JSON writes only as text. */
const bigintAsText = (_key: string, value: unknown) => (typeof value === 'bigint' ? String(value) : value);

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
 * the same round, INGEST_ROUNDS rounds.
 */
export async function benchBetIngest(target: { kind: 'pglite' } | { kind: 'postgres'; url: string }): Promise<IngestResult> {
  const db = target.kind === 'pglite' ? await openDatabase({ kind: 'pglite' }) : await openDatabase({ kind: 'postgres', url: target.url });
  try {
    await migrate(db);
    const now = new Date();
    await seedDemo(db, now);
    const bets = await platformBets(db, INGEST_BETS, now);
    await publish(db, bets, now);
    const rounds: IngestRound[] = [];
    for (let round = 0; round < INGEST_ROUNDS; round++) {
      // The two ways take turns going first: a run after the raw INSERTs may pay for what they left.
      const runs = new Map<PathMode, PathRun>();
      for (const mode of round % 2 === 0 ? (['serial', 'beside'] as const) : (['beside', 'serial'] as const)) {
        runs.set(mode, await ingestThroughPlatform(db, now, mode));
        await checkStored(db, bets.length);
      }
      const serial = runs.get('serial')!;
      const beside = runs.get('beside')!;

      const rows = await db.rows<Record<(typeof COLUMNS)[number], unknown>>(sql`SELECT * FROM bets ORDER BY bet_time`);
      let rawPerSecond: number | undefined;
      if (round === 0) {
        await freshStart(db);
        const started = performance.now();
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
        rawPerSecond = rows.length / ((performance.now() - started) / 1000);
      }

      await freshStart(db);
      const typed = COLUMNS.map((column) => `${column} ${COLUMN_TYPES[column] ?? 'text'}`).join(', ');
      const started = performance.now();
      for (let i = 0; i < rows.length; i += PATH_BATCH) {
        await db.run(sql`INSERT INTO bets (${sql.raw(COLUMNS.join(', '))})
          SELECT * FROM json_to_recordset(${JSON.stringify(rows.slice(i, i + PATH_BATCH), bigintAsText)}::json) AS r (${sql.raw(typed)})`);
      }
      const rawJsonPerSecond = rows.length / ((performance.now() - started) / 1000);
      rounds.push({
        serialSeconds: serial.seconds,
        serialDrainSeconds: serial.drainSeconds,
        besideSeconds: beside.seconds,
        besideDrainSeconds: beside.drainSeconds,
        ...(rawPerSecond === undefined ? {} : { rawPerSecond }),
        rawJsonPerSecond,
      });
    }
    return { bets: bets.length, rounds };
  } finally {
    await db.close();
  }
}
