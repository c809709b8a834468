import { sql, type SQL } from '../kernel/db/sql';
import type { Queryable } from '../kernel/db/database';
import { beijingDay } from '../rollups/rollup.sql';
import { idArray } from '../kernel/db/ids';

/**
 * The agent-to-company limit (docs/product.md#agent-to-company-limit): an agent (levels 1-4) whose
 * line's agent-to-company amount in its open bill period reached its limit for a game type (0 =
 * none) takes no new bet of that type until the bill closes. The amount is the bill's own: what
 * the line hands up to the agent's parent, -(W + rebate + line keeps), summed from the rollups
 * (report_edge_days) from the Beijing day of the agent's last close on (the open period, as
 * closeSettlement counts it); a positive amount is what the line owes upward.
 */
export interface CompanyLimitUse {
  account_id: bigint;
  game_type: 'live' | 'electronic';
  agent_to_company_limit: bigint;
  /** The open period's amount, cents. */
  used: bigint;
  company_limit_reached: boolean;
}

/** The open period's amounts of these agents (others are left out), per game type: one statement. */
const usesOf = (siteId: string, agents: SQL) => sql`
  SELECT s.account_id, s.game_type, s.agent_to_company_limit, s.company_limit_reached,
         COALESCE((SELECT -sum(r.win_loss + r.rebate + r.line_keeps) FROM report_edge_days r
                    WHERE r.site_id = a.site_id AND r.child_id = a.id AND r.agent_id = a.parent_id AND r.game_type = s.game_type
                      AND r.day >= COALESCE((SELECT ${beijingDay(sql`max(c.period_end)`)} FROM settlements c WHERE c.account_id = a.id),
                                            '-infinity'::date)), 0)::bigint AS used
    FROM accounts a JOIN game_settings s ON s.account_id = a.id
   WHERE a.site_id = ${siteId} AND a.level BETWEEN 1 AND 4 AND a.kind = 'tree' AND ${agents}`;

/** The open period's amount against the limit, per game type, of one agent (none for a member). */
export async function companyLimitUses(db: Queryable, siteId: string, accountId: string | bigint): Promise<CompanyLimitUse[]> {
  return db.rows<CompanyLimitUse>(sql`${usesOf(siteId, sql`a.id = ${accountId}`)} ORDER BY s.game_type DESC`);
}

/**
 * Sets or lifts the stop of these accounts' lines (the agents among them) by their open period
 * now; only a changed flag is written, so the platform is told (migration 0026's trigger) only of
 * a change. Answers the changes.
 */
export async function checkCompanyLimits(
  db: Queryable,
  siteId: string,
  accountIds: readonly string[],
): Promise<Pick<CompanyLimitUse, 'account_id' | 'game_type' | 'company_limit_reached'>[]> {
  if (accountIds.length === 0) return [];
  return db.rows(sql`
    WITH u AS (${usesOf(siteId, sql`a.id = ANY (${idArray(accountIds)})`)})
    UPDATE game_settings g SET company_limit_reached = (u.agent_to_company_limit > 0 AND u.used >= u.agent_to_company_limit)
      FROM u
     WHERE g.account_id = u.account_id AND g.game_type = u.game_type
       AND g.company_limit_reached <> (u.agent_to_company_limit > 0 AND u.used >= u.agent_to_company_limit)
    RETURNING g.account_id, g.game_type, g.company_limit_reached`);
}

/** The accounts of members' lines ("/1/5/23/40/"): every id on them, the company's and the members' included (checkCompanyLimits skips those). */
export function accountsOfLines(linePaths: Iterable<string>): string[] {
  const ids = new Set<string>();
  for (const path of linePaths) for (const id of path.split('/')) if (id !== '') ids.add(id);
  return [...ids];
}

/** The lines stopped at their limit now (monitoring), by login name: at most `limit` rows. */
export async function companyLimitStops(db: Queryable, siteId: string, limit: number) {
  return db.rows<CompanyLimitUse & { login_id: string; level: number }>(sql`
    SELECT u.*, a.login_id, a.level FROM (${usesOf(siteId, sql`s.company_limit_reached`)}) u JOIN accounts a ON a.id = u.account_id
     ORDER BY a.login_id, u.game_type DESC LIMIT ${limit}`);
}
