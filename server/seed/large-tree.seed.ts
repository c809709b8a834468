import { sql } from '../kernel/db/sql';
import type { Database } from '../kernel/db/database';

/**
 * Adds many members under one agent in one statement per batch (the demo password's hash is
 * reused, never recomputed): a large tree for the account table and the benchmarks.
 */
export async function seedMembers(
  db: Database,
  input: { siteId: string; agentLoginId: string; count: number; now: Date },
): Promise<number> {
  const agent = await db.one<{ id: bigint; password_hash: string; safe_code_hash: string }>(sql`
    SELECT id, password_hash, safe_code_hash FROM accounts WHERE site_id = ${input.siteId} AND login_id = ${input.agentLoginId} AND level = 4`);
  if (!agent) throw new Error(`no agent ${input.agentLoginId} on site ${input.siteId}`);
  const existing = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM accounts WHERE parent_id = ${agent.id}`);
  const start = (existing?.n ?? 0) + 1;
  const batch = 10_000;
  for (let from = start; from < start + input.count; from += batch) {
    const to = Math.min(from + batch - 1, start + input.count - 1);
    await db.transaction(async (tx) => {
      // Names "bk" + 10 digits never clash with the demo names ("mb...").
      await tx.run(sql`INSERT INTO accounts (site_id, parent_id, level, login_id, nickname, password_hash, safe_code_hash,
          point_limit, valid_amount_rate, first_login, created_at)
        SELECT ${input.siteId}, ${agent.id}, 5, 'bk' || lpad(g::text, 10, '0'), 'bulk ' || g, ${agent.password_hash}, ${agent.safe_code_hash},
               100000, 50, false, ${input.now}::timestamptz + g * interval '1 millisecond'
          FROM generate_series(${from}::int, ${to}::int) AS g
        ON CONFLICT DO NOTHING`);
    });
  }
  // Fresh statistics, so the planner reads the big list through its indexes at once.
  await db.run(sql`ANALYZE accounts`);
  return input.count;
}
