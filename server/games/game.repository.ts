import { sql } from '../kernel/db/sql';
import type { Queryable } from '../kernel/db/database';

/** A games row as the database answers it: the platform's catalogue, the same for every site. */
export interface GameRow {
  game_code: string;
  game_type: 'live' | 'electronic';
  game_name: string;
  /** The platform's order. */
  sort_order: number;
}

/** A game of the catalogue with whether the site has it open (no site_games_closed row). */
export type SiteGameRow = Pick<GameRow, 'game_code' | 'game_type' | 'game_name'> & { open: boolean };

/** The catalogue with the site's open/closed state, in the platform's order. */
export function siteGames(db: Queryable, siteId: string) {
  return db.rows<SiteGameRow>(sql`
    SELECT g.game_code, g.game_type, g.game_name, c.game_code IS NULL AS open
      FROM games g LEFT JOIN site_games_closed c ON c.site_id = ${siteId} AND c.game_code = g.game_code
     ORDER BY g.sort_order`);
}
