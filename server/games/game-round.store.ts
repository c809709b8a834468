import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';

/** A finished round as the platform reports it. */
export interface PlatformRound {
  gameCode: string;
  gameId: string;
  round: string;
  startedAt: Date;
  endedAt: Date;
  result: object;
}

/** The columns of a round (the history seed's staging table). */
export const ROUND_COLUMNS = ['game_code', 'game_id', 'round_no', 'started_at', 'ended_at', 'result'] as const;

/** Stores finished rounds once each, whatever is read twice; answers how many were new. */
export async function storeRounds(db: Queryable, rounds: readonly PlatformRound[]): Promise<number> {
  if (rounds.length === 0) return 0;
  const rows = JSON.stringify(
    rounds.map((round) => ({
      game_code: round.gameCode,
      game_id: round.gameId,
      round_no: round.round,
      started_at: round.startedAt.toISOString(),
      ended_at: round.endedAt.toISOString(),
      result: round.result,
    })),
  );
  return db.run(sql`
    INSERT INTO game_rounds (game_code, game_id, round_no, started_at, ended_at, result)
    SELECT game_code, game_id, round_no, started_at, ended_at, result
      FROM jsonb_to_recordset(${rows}::jsonb) AS r (game_code text, game_id text, round_no text, started_at timestamptz, ended_at timestamptz, result jsonb)
    ON CONFLICT (game_id, round_no) DO NOTHING`);
}

/** Stores rounds COPY put in `table` (ROUND_COLUMNS) once each, as storeRounds does. */
export function storeCopiedRounds(db: Queryable, table: string): Promise<number> {
  return db.run(sql`
    INSERT INTO game_rounds (game_code, game_id, round_no, started_at, ended_at, result)
    SELECT game_code, game_id, round_no, started_at, ended_at, result FROM ${sql.identifier(table)}
    ON CONFLICT (game_id, round_no) DO NOTHING`);
}
