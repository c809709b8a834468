import type { Queryable } from '../../server/kernel/db/database';
import { sql } from '../../server/kernel/db/sql';

/** An account's balance in cents, as stored. */
export async function balanceOf(db: Queryable, loginId: string, siteId = 'demo'): Promise<bigint> {
  const row = await db.one<{ balance: string | number }>(
    sql`SELECT balance FROM accounts WHERE site_id = ${siteId} AND login_id = ${loginId}`,
  );
  return BigInt(row!.balance);
}

/**
 * Everything a points call may change, in one comparable value. The serial numbers too: a refused
 * transfer's statement may already have run (it leaves with the row lock) and must leave no gap.
 */
export async function ledgerState(db: Queryable) {
  const row = await db.one<{
    balances: string;
    serials: string;
    log_rows: string | number;
    settlements: string | number;
    keys: string | number;
  }>(sql`
    SELECT (SELECT string_agg(id || ':' || balance || ':' || coalesce(last_scored_at::text, ''), ',' ORDER BY id) FROM accounts) AS balances,
           (SELECT string_agg(id || ':' || score_serial, ',' ORDER BY id) FROM sites) AS serials,
           (SELECT count(*) FROM score_log) AS log_rows,
           (SELECT count(*) FROM settlements) AS settlements,
           (SELECT count(*) FROM request_keys) AS keys`);
  return {
    balances: row!.balances,
    serials: row!.serials,
    logRows: Number(row!.log_rows),
    settlements: Number(row!.settlements),
    keys: Number(row!.keys),
  };
}
