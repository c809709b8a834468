import { sql } from '../kernel/db/sql';
import type { Queryable } from '../kernel/db/database';

/**
 * The simulator's fault mode (simulator_faults): the next bets it publishes or transfers it
 * applies for a site are dropped, delayed, duplicated or altered, as a faulty platform would, so
 * a test shows the reconciliation finding each (docs/operations.md, "Reconciliation"). A bet
 * fault acts on its feed row: dropped, it is in the platform's books (its statement) but never on
 * the feed; delayed, it waits off the feed until releaseDelayedFeed; duplicated, a copy goes on
 * the feed under a new order id; altered, the feed carries it with another result. A transfer
 * fault acts on the platform's books: dropped, it is applied but missing from the statement;
 * delayed, it is applied and its answer lost (the back office leaves it pending); duplicated, it
 * is applied twice; altered, it is applied and recorded with a cent more.
 */

export type FaultSubject = 'bet' | 'transfer';
export type FaultAction = 'drop' | 'delay' | 'duplicate' | 'alter';

export interface SimulatorFault {
  subject: FaultSubject;
  action: FaultAction;
  /** How many of the next bets or transfers it acts on (default 1). */
  count?: number;
}

/** The site's fault mode replaced: the faults given, each for its count; none turns it off. */
export async function setSimulatorFaults(db: Queryable, siteId: string, faults: readonly SimulatorFault[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(sql`DELETE FROM simulator_faults WHERE site_id = ${siteId}`);
    for (const fault of faults) {
      await tx.run(sql`INSERT INTO simulator_faults (site_id, subject, action, remaining)
        VALUES (${siteId}, ${fault.subject}, ${fault.action}, ${fault.count ?? 1})
        ON CONFLICT (site_id, subject, action) DO UPDATE SET remaining = simulator_faults.remaining + EXCLUDED.remaining`);
    }
  });
}

/** One fault of the subject taken for the site (its count lowered), as a CTE's statement; none when the mode is off. */
export const takeFaultSql = (siteId: string, subject: FaultSubject) => sql`
  UPDATE simulator_faults SET remaining = remaining - 1
   WHERE (site_id, subject, action) = (SELECT site_id, subject, action FROM simulator_faults
                                        WHERE site_id = ${siteId} AND subject = ${subject} AND remaining > 0
                                        ORDER BY action LIMIT 1 FOR UPDATE)
  RETURNING action`;

/** The next fault for a transfer of the site, if the mode has one. */
export async function takeTransferFault(db: Queryable, siteId: string): Promise<FaultAction | null> {
  const row = await db.one<{ action: FaultAction }>(takeFaultSql(siteId, 'transfer'));
  return row?.action ?? null;
}

/** The feed rows a delay held back go on the feed now, with new positions (the books keep them where they were). */
export async function releaseDelayedFeed(db: Queryable, siteId: string, now: Date): Promise<number> {
  const row = await db.one<{ released: bigint }>(sql`
    WITH held AS (UPDATE platform_feed SET fault = 'withheld' WHERE site_id = ${siteId} AND fault = 'held' RETURNING seq, site_id, kind, body),
    copied AS (INSERT INTO platform_feed (site_id, kind, body, created_at, fault)
               SELECT site_id, kind, body, ${now}, 'copy' FROM held ORDER BY seq RETURNING 1)
    SELECT count(*) AS released FROM copied`);
  return Number(row!.released);
}
