import { sql } from '../kernel/db/sql';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';

/**
 * How far the site's records are known to agree with its platform's (docs/operations.md,
 * "Reconciliation"): the cut-off of its last clean reconciliation run, when no run after it
 * found differences or failed to read (null: none yet). The reconciliation writes the runs;
 * the reports read this to stamp what they answer as complete to it.
 */
export async function completeTo(db: Queryable, siteId: string): Promise<string | null> {
  const row = await db.one<{ to_at: Date | string }>(sql`
    SELECT r.to_at FROM reconciliation_runs r
     WHERE r.site_id = ${siteId} AND r.state = 'clean'
       AND NOT EXISTS (SELECT FROM reconciliation_runs x WHERE x.site_id = r.site_id AND x.state <> 'clean' AND x.started_at > r.started_at)
     ORDER BY r.started_at DESC, r.id DESC LIMIT 1`);
  return row ? iso(row.to_at) : null;
}
