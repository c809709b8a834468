import { sql, type SQL } from '../kernel/db/sql';
import { copyLine, type Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';
import type { PlatformRound } from '../platform/game-platform';

/** A game_rounds row as the database answers it (this module stores them). */
export interface GameRoundRow {
  game_code: string;
  game_id: string;
  round_no: string;
  started_at: Date | string;
  ended_at: Date | string;
  /** jsonb; text when a driver hands it back unparsed. */
  result: Record<string, unknown> | string;
  /** The member's site for a machine's spin; null for a live table's round (every site's). */
  site_id: string | null;
}

/** A round as the results list shows it. */
export type GameRoundListRow = Omit<GameRoundRow, 'site_id'>;

export function toGameRound(row: GameRoundListRow) {
  return {
    gameCode: row.game_code,
    gameId: row.game_id,
    round: row.round_no,
    startTime: iso(row.started_at),
    endTime: iso(row.ended_at),
    result: typeof row.result === 'string' ? (JSON.parse(row.result) as Record<string, unknown>) : row.result,
  };
}

/**
 * A round with the site whose feed carried it. A machine's spin is its one player's, so it is
 * that site's alone; a live table's round is every site's (each site's feed carries it) and is
 * stored with no site (insertRounds).
 */
export type SiteRound = PlatformRound & { siteId: string };

const wire = (round: SiteRound) => ({
  game_code: round.gameCode,
  game_id: round.gameId,
  round_no: round.round,
  started_at: round.startedAt.toISOString(),
  ended_at: round.endedAt.toISOString(),
  result: round.result,
  site_id: round.siteId,
});

/** The columns of a round, as `wire` names them (the history seed's staging table). */
export const ROUND_COLUMNS = ['game_code', 'game_id', 'round_no', 'started_at', 'ended_at', 'result', 'site_id'] as const;

/** The columns with their types: a record type for JSON rows, or a staging table's definition. */
export const ROUND_ROW_TYPE = sql.raw(
  'game_code text, game_id text, round_no text, started_at timestamptz, ended_at timestamptz, result jsonb, site_id text',
);

/** A round as one line of COPY into ROUND_COLUMNS. */
export function roundCopyLine(round: SiteRound): string {
  const row = wire(round);
  return copyLine(ROUND_COLUMNS.map((column) => (column === 'result' ? JSON.stringify(row.result) : row[column])));
}

/**
 * The rows of `source` (ROUND_COLUMNS, as `r`), each stored once whatever is read twice; a spin
 * keeps its site, a live round none (SiteRound), so game.result.query shows a site only its own spins.
 */
const insertRounds = (source: SQL) => sql`
  INSERT INTO game_rounds (game_code, game_id, round_no, started_at, ended_at, result, site_id)
  SELECT r.game_code, r.game_id, r.round_no, r.started_at, r.ended_at, r.result, CASE WHEN g.game_type = 'electronic' THEN r.site_id END
    FROM ${source} JOIN games g ON g.game_code = r.game_code
  ON CONFLICT (game_id, round_no) DO NOTHING`;

/** Stores finished rounds once each, whatever is read twice; answers how many were new. */
export async function storeRounds(db: Queryable, rounds: readonly SiteRound[]): Promise<number> {
  if (rounds.length === 0) return 0;
  const rows = JSON.stringify(rounds.map(wire));
  return db.run(insertRounds(sql`jsonb_to_recordset(${rows}::jsonb) AS r (${ROUND_ROW_TYPE})`));
}

/** Stores rounds COPY put in `table` (ROUND_COLUMNS) once each, as storeRounds does. */
export function storeCopiedRounds(db: Queryable, table: string): Promise<number> {
  return db.run(insertRounds(sql`${sql.identifier(table)} r`));
}
