import { sql } from '../../server/kernel/db/sql';
import type { Database } from '../../server/kernel/db/database';
import { transferPoints } from '../../server/points/ledger';

/** Points each capacity agent gets from its parent (cents): ample for a run of 0.01 score ups. */
const AGENT_POINTS = 100_000;

export interface CapacityAgent {
  loginId: string;
  memberId: string;
}

/**
 * `count` agents of their own for the capacity bench ("cp0001"…, level 4 under the demo's
 * level-3 accounts in turn, the demo password and code), each with one member ("cq0001"…) to
 * score up and points moved to it by a real score up, so the ledger holds. Inserted as
 * seedMembers does (the demo's hashes reused); answers the agents with their member's id.
 */
export async function seedCapacityAgents(db: Database, siteId: string, count: number, now: Date): Promise<CapacityAgent[]> {
  const names = sql`string_to_array(${Array.from({ length: count }, (_, i) => String(i + 1).padStart(4, '0')).join(',')}, ',')`;
  await db.transaction(async (tx) => {
    await tx.run(sql`INSERT INTO accounts (site_id, parent_id, level, login_id, nickname, password_hash, safe_code_hash,
        point_limit, agent_commision_rate, valid_amount_rate, first_login, created_at)
      SELECT ${siteId}, p.id, 4, 'cp' || n.digits, 'capacity ' || n.digits, t.password_hash, t.safe_code_hash,
             t.point_limit, t.agent_commision_rate, t.valid_amount_rate, false, ${now}
        FROM unnest(${names}) WITH ORDINALITY AS n (digits, i)
        JOIN LATERAL (SELECT id FROM accounts WHERE site_id = ${siteId} AND level = 3 AND kind = 'tree'
                       ORDER BY id OFFSET ((n.i - 1) % (SELECT count(*) FROM accounts
                         WHERE site_id = ${siteId} AND level = 3 AND kind = 'tree')) LIMIT 1) AS p ON true
        CROSS JOIN (SELECT * FROM accounts WHERE site_id = ${siteId} AND login_id = 'ag01010101') AS t`);
    await tx.run(sql`INSERT INTO accounts (site_id, parent_id, level, login_id, nickname, password_hash, safe_code_hash,
        point_limit, valid_amount_rate, first_login, created_at)
      SELECT ${siteId}, a.id, 5, 'cq' || substr(a.login_id, 3), 'capacity member', a.password_hash, a.safe_code_hash,
             100000, 50, false, ${now}
        FROM accounts a WHERE a.site_id = ${siteId} AND a.login_id LIKE 'cp%' AND a.level = 4`);
    await tx.run(sql`INSERT INTO game_settings (account_id, game_type, betting_ratio, agent_rate, agent_to_company_limit)
      SELECT a.id, t.game_type, a.valid_amount_rate, a.agent_commision_rate, a.point_limit
        FROM accounts a CROSS JOIN (VALUES ('live'), ('electronic')) AS t (game_type)
       WHERE a.site_id = ${siteId} AND (a.login_id LIKE 'cp%' OR a.login_id LIKE 'cq%')
      ON CONFLICT DO NOTHING`);
  });
  const rows = await db.rows<{
    id: string | number;
    parent_id: string | number;
    parent_login: string;
    login_id: string;
    member_id: string | number;
  }>(sql`
    SELECT a.id, a.parent_id, p.login_id AS parent_login, a.login_id, m.id AS member_id
      FROM accounts a JOIN accounts p ON p.id = a.parent_id JOIN accounts m ON m.parent_id = a.id
     WHERE a.site_id = ${siteId} AND a.login_id LIKE 'cp%' AND a.level = 4
     ORDER BY a.login_id`);
  for (const row of rows) {
    await db.transaction((tx) =>
      transferPoints(tx, {
        siteId,
        direction: 'up',
        operatorId: String(row.parent_id),
        targetId: String(row.id),
        amount: AGENT_POINTS,
        operatorLogin: row.parent_login,
        operatorSubAccountId: null,
        ip: '127.0.0.1',
        comment: 'Capacity bench',
        now,
        minIntervalMs: 0,
        requestKey: null,
      }),
    );
  }
  return rows.map((row) => ({ loginId: row.login_id, memberId: String(row.member_id) }));
}

/** Members of the site with their ids: whose bets the feed carries. */
export async function feedMemberIds(db: Database, siteId: string): Promise<string[]> {
  const rows = await db.rows<{ id: string | number }>(sql`
    SELECT id FROM accounts WHERE site_id = ${siteId} AND level = 5 AND login_id LIKE 'mb%' ORDER BY id LIMIT 200`);
  return rows.map((row) => String(row.id));
}
