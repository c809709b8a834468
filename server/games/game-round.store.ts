import { sql, type SQL } from 'drizzle-orm';
import { copyLine, type Queryable } from '../db/database';

/** A finished round as the platform reports it. */
export interface PlatformRound {
  gameCode: string;
  gameId: string;
  round: string;
  startedAt: Date;
  endedAt: Date;
  result: object;
}

const wire = (round: PlatformRound) => ({
  game_code: round.gameCode,
  game_id: round.gameId,
  round_no: round.round,
  started_at: round.startedAt.toISOString(),
  ended_at: round.endedAt.toISOString(),
  result: round.result,
});

/** The columns of a round, as `wire` names them (the history seed's staging table). */
export const ROUND_COLUMNS = ['game_code', 'game_id', 'round_no', 'started_at', 'ended_at', 'result'] as const;

/** The columns with their types: a record type for JSON rows, or a staging table's definition. */
export const ROUND_ROW_TYPE = sql.raw(
  'game_code text, game_id text, round_no text, started_at timestamptz, ended_at timestamptz, result jsonb',
);

/** A round as one line of COPY into ROUND_COLUMNS. */
export function roundCopyLine(round: PlatformRound): string {
  const row = wire(round);
  return copyLine(ROUND_COLUMNS.map((column) => (column === 'result' ? JSON.stringify(row.result) : row[column])));
}

/** The rows of `source` (ROUND_COLUMNS), each stored once whatever is read twice. */
const insertRounds = (source: SQL) => sql`
  INSERT INTO game_rounds (game_code, game_id, round_no, started_at, ended_at, result)
  SELECT game_code, game_id, round_no, started_at, ended_at, result FROM ${source}
  ON CONFLICT (game_id, round_no) DO NOTHING`;

/** Stores finished rounds once each, whatever is read twice; answers how many were new. */
export async function storeRounds(db: Queryable, rounds: readonly PlatformRound[]): Promise<number> {
  if (rounds.length === 0) return 0;
  const rows = JSON.stringify(rounds.map(wire));
  return db.run(insertRounds(sql`jsonb_to_recordset(${rows}::jsonb) AS r (${ROUND_ROW_TYPE})`));
}

/** Stores rounds COPY put in `table` (ROUND_COLUMNS) once each, as storeRounds does. */
export function storeCopiedRounds(db: Queryable, table: string): Promise<number> {
  return db.run(insertRounds(sql`${sql.identifier(table)}`));
}
