import { sql } from '../kernel/db/sql';
import type { Database, Queryable } from '../kernel/db/database';
import { accountsOfLines, checkCompanyLimits } from '../tree/company-limit';
import { drainQueue, lockRollups } from '../rollups/rollup.sql';

/**
 * Adds what stored bets queued in report_queue (line deltas, migration 0039) to the report
 * rollups, one drain at a time: a caller that finds another draining waits for it, then drains
 * what came since. An empty queue costs one look and takes no lock. The lines drained are then
 * checked against their agent-to-company limits, one statement per site, once the rollups hold
 * their bets (outside the rollups' lock). Answers the queue rows drained.
 */
export async function drainRollups(db: Queryable): Promise<number> {
  const waiting = await db.one<{ waiting: boolean }>(sql`SELECT EXISTS (SELECT FROM report_queue) AS waiting`);
  if (!waiting?.waiting) return 0;
  const { drained, lines } = await db.transaction(async (tx) => {
    await tx.run(lockRollups);
    return (await tx.one<{ drained: bigint; lines: [string, string][] }>(drainQueue))!;
  });
  const bySite = new Map<string, string[]>();
  for (const [siteId, path] of lines) bySite.set(siteId, [...(bySite.get(siteId) ?? []), path]);
  for (const [siteId, paths] of bySite) await checkCompanyLimits(db, siteId, accountsOfLines(paths));
  return Number(drained);
}

/**
 * The background drain (app.ts, every second). On PGlite, where autovacuum never runs, the queue
 * is vacuumed after a drain that emptied rows, or its dead rows would pile up until the upkeep
 * (pglite-upkeep.ts) and every look at the queue would step over them.
 */
export async function drainRollupsJob(db: Database): Promise<number> {
  const drained = await drainRollups(db);
  if (drained > 0 && db.kind === 'pglite') await db.run(sql`VACUUM report_queue`);
  return drained;
}
