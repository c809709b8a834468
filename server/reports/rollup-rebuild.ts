import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rebuildDayStatements } from './rollup.sql';

/**
 * Recomputes the report rollups of Beijing days from the bets (every site, or one), each day in
 * a transaction of its own that locks the bets against writers meanwhile, so a settlement never
 * lands between the day's delete and its recount. Answers the settled bets counted per site and day.
 */
export async function rebuildRollupDays(db: Database, days: readonly string[], siteId?: string) {
  const sites =
    siteId === undefined ? (await db.rows<{ id: string }>(sql`SELECT id FROM sites ORDER BY id`)).map((row) => row.id) : [siteId];
  const counted: { siteId: string; day: string; bets: number }[] = [];
  for (const site of sites) {
    for (const day of days) {
      const bets = await db.transaction(async (tx) => {
        await tx.run(sql`LOCK TABLE bets IN SHARE MODE`);
        const [dropEdges, dropMembers, recount] = rebuildDayStatements(site, day);
        await tx.run(dropEdges!);
        await tx.run(dropMembers!);
        return Number((await tx.one<{ bets: string | number }>(recount!))!.bets);
      });
      counted.push({ siteId: site, day, bets });
    }
  }
  return counted;
}
