import { sql } from '../kernel/db/sql';
import type { Database } from '../kernel/db/database';
import { beijingDay, drainQueue, lockRollups, rebuildDayStatements } from '../rollups/rollup.sql';

/**
 * Recomputes the report rollups of Beijing days from the bets (every site, or one), each day in
 * a transaction of its own that locks the bets against writers meanwhile, so a settlement never
 * lands between the day's delete and its recount. The queue is drained first, under the rollups'
 * lock: a bet counted from the bets must not be added again from the queue afterwards. Answers
 * the settled bets counted per site and day.
 */
export async function rebuildRollupDays(db: Database, days: readonly string[], siteId?: string) {
  const sites =
    siteId === undefined ? (await db.rows<{ id: string }>(sql`SELECT id FROM sites ORDER BY id`)).map((row) => row.id) : [siteId];
  const counted: { siteId: string; day: string; bets: number }[] = [];
  for (const site of sites) {
    for (const day of days) {
      const bets = await db.transaction(async (tx) => {
        await tx.run(sql`LOCK TABLE bets IN SHARE MODE`);
        await tx.run(lockRollups);
        await tx.run(drainQueue);
        const [dropEdges, dropMembers, recount] = rebuildDayStatements(site, day);
        await tx.run(dropEdges!);
        await tx.run(dropMembers!);
        return Number((await tx.one<{ bets: bigint }>(recount!))!.bets);
      });
      counted.push({ siteId: site, day, bets });
    }
  }
  return counted;
}

/**
 * Counts into the rollups the bets stored before they existed, when migration 0029 asked for it:
 * every Beijing day with a settled bet, site by site, then the request is cleared. Answers the
 * days recounted (0 when nothing was asked).
 */
export async function finishRollupBackfill(db: Database): Promise<number> {
  if (!(await db.one(sql`SELECT 1 FROM rollup_backfill`))) return 0;
  const days = await db.rows<{ site_id: string; day: string }>(sql`
    SELECT DISTINCT site_id, to_char(${beijingDay(sql`COALESCE(settle_time, bet_time)`)}, 'YYYY-MM-DD') AS day
      FROM bets WHERE status IN ('settled', 'resettled') ORDER BY 1, 2`);
  for (const { site_id: siteId, day } of days) await rebuildRollupDays(db, [day], siteId);
  await db.run(sql`DELETE FROM rollup_backfill`);
  return days.length;
}
