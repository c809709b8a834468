import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { storeBets, type PlatformBet } from '../../server/games/bet.store';
import { GAMES, playTypeOf } from '../../server/games/rules/game-registry';
import { seededRandom } from '../../server/games/rules/seeded-random';
import { validBets } from '../../server/games/rules/valid-bet.rules';
import { seedDemo } from '../../server/seed/demo.seed';

export const INGEST_BETS = 100_000;
const PATH_BATCH = 2_000;
/** 33 columns a row: 1,000 rows stay under PostgreSQL's 65,535 parameters a statement. */
const RAW_BATCH = 1_000;

export interface IngestResult {
  bets: number;
  pathPerSecond: number;
  /** The same path without keeping the report rollups (storeBets keepRollups: false): what the rollups cost. */
  pathWithoutRollupsPerSecond: number;
  /** A multi-row INSERT ... VALUES with every value a parameter. */
  rawPerSecond: number;
  /** The same rows as one JSON parameter a statement, without any lookup (the cheapest way in). */
  rawJsonPerSecond: number;
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
 * Bets stored per second through the real path (storeBets: the member and its line looked up,
 * the shares and rates snapshotted, stored once per order) against a raw multi-row INSERT of the
 * very rows it stored, on the same database in the same run.
 */
export async function benchBetIngest(target: { kind: 'pglite' } | { kind: 'postgres'; url: string }): Promise<IngestResult> {
  const db = target.kind === 'pglite' ? await openDatabase({ kind: 'pglite' }) : await openDatabase({ kind: 'postgres', url: target.url });
  try {
    await migrate(db);
    const now = new Date();
    await seedDemo(db, now);
    const bets = await platformBets(db, INGEST_BETS, now);

    let started = performance.now();
    for (let i = 0; i < bets.length; i += PATH_BATCH) await storeBets(db, 'demo', bets.slice(i, i + PATH_BATCH), now);
    const pathSeconds = (performance.now() - started) / 1000;

    const rows = await db.rows<Record<(typeof COLUMNS)[number], unknown>>(sql`SELECT * FROM bets ORDER BY bet_time`);
    if (rows.length !== bets.length) throw new Error(`the path stored ${rows.length} of ${bets.length} bets`);
    await db.run(sql`TRUNCATE bets`);
    started = performance.now();
    for (let i = 0; i < bets.length; i += PATH_BATCH) {
      await storeBets(db, 'demo', bets.slice(i, i + PATH_BATCH), now, { keepRollups: false });
    }
    const withoutRollupsSeconds = (performance.now() - started) / 1000;
    await db.run(sql`TRUNCATE bets`);
    started = performance.now();
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
      pathPerSecond: bets.length / pathSeconds,
      pathWithoutRollupsPerSecond: bets.length / withoutRollupsSeconds,
      rawPerSecond: rows.length / rawSeconds,
      rawJsonPerSecond: rows.length / rawJsonSeconds,
    };
  } finally {
    await db.close();
  }
}
