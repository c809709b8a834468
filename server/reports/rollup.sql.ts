import { sql, type SQL } from 'drizzle-orm';

/** The Beijing calendar day (UTC+8, no daylight saving) of a timestamptz expression. */
export const beijingDay = (time: SQL) => sql`((${time} AT TIME ZONE 'UTC') + interval '8 hours')::date`;

/**
 * Each bet's parts (PRODUCT.md "Shares and rebate"), from its snapshot: shares p1-p4 and wash-code
 * rates a1-a4 of agent levels 1-4, the member's rate m (hundredths of a percent); below level 4
 * p = 0 and a = m. Level k keeps -W*(p_k - p_k+1) + V*(a_k - a_k+1), the member's rebate is V*m,
 * each rounded to the cent half away from zero (numeric round); the company takes minus the sum
 * of all the others, so every bet sums to exactly zero with the member's net W + rebate.
 */
const betParts = (delta: SQL) => sql`
  SELECT s.*, -(s.w + s.r + s.k1 + s.k2 + s.k3 + s.k4) AS company
    FROM (SELECT c.*,
                 round(c.v::numeric * c.m / 10000) AS r,
                 round((-c.w::numeric * (c.p1 - c.p2) + c.v::numeric * (c.a1 - c.a2)) / 10000) AS k1,
                 round((-c.w::numeric * (c.p2 - c.p3) + c.v::numeric * (c.a2 - c.a3)) / 10000) AS k2,
                 round((-c.w::numeric * (c.p3 - c.p4) + c.v::numeric * (c.a3 - c.a4)) / 10000) AS k3,
                 round((-c.w::numeric * c.p4 + c.v::numeric * (c.a4 - c.m)) / 10000) AS k4
            FROM (SELECT d.sign, d.site_id, ${beijingDay(sql`d.settle_time`)} AS day, d.game_type, d.game_code,
                         string_to_array(trim(BOTH '/' FROM d.line_path), '/')::bigint[] AS ids,
                         d.bet, d.valid_bet AS v, d.win_loss AS w,
                         COALESCE(d.p1, 0) AS p1, COALESCE(d.p2, 0) AS p2, COALESCE(d.p3, 0) AS p3, COALESCE(d.p4, 0) AS p4,
                         COALESCE(d.a1, 0) AS a1, COALESCE(d.a2, 0) AS a2, COALESCE(d.a3, 0) AS a3, COALESCE(d.a4, 0) AS a4,
                         COALESCE(d.m, 0) AS m
                    FROM ${delta} d) c) s`;

const add = (column: string) => sql.raw(`${column} = t.${column} + EXCLUDED.${column}`);

/**
 * The CTEs that add to the rollups (migration 0028) what `delta` holds: rows with the bets'
 * columns and `sign` (1 adds a settled bet, -1 takes out what a replaced one had added). The
 * member's line is its path: ids[1] the company, ids[2..5] agent levels 1-4, ids[6] the member.
 */
const rollupCtes = (delta: SQL) => sql`
  parts AS (${betParts(delta)}),
  edges AS (
    INSERT INTO report_edge_days AS t (site_id, agent_id, day, child_id, game_type, game_code, bets, bet_amount, valid_bet, win_loss,
      rebate, line_keeps, company, share_valid, to_company_bets)
    SELECT p.site_id, e.agent_id, p.day, e.child_id, p.game_type, p.game_code, sum(p.sign), sum(p.sign * p.bet), sum(p.sign * p.v),
           sum(p.sign * p.w), sum(p.sign * p.r), sum(p.sign * e.keeps), sum(p.sign * p.company), sum(p.sign * p.v * e.share),
           sum(CASE WHEN e.share < 10000 THEN p.sign ELSE 0 END)
      FROM parts p
     CROSS JOIN LATERAL (VALUES (p.ids[1], p.ids[2], p.p1, p.k1 + p.k2 + p.k3 + p.k4),
                                (p.ids[2], p.ids[3], p.p2, p.k2 + p.k3 + p.k4),
                                (p.ids[3], p.ids[4], p.p3, p.k3 + p.k4),
                                (p.ids[4], p.ids[5], p.p4, p.k4)) AS e (agent_id, child_id, share, keeps)
     GROUP BY p.site_id, e.agent_id, p.day, e.child_id, p.game_type, p.game_code
    ON CONFLICT (site_id, agent_id, day, child_id, game_type, game_code) DO UPDATE SET
      ${sql.join(
        ['bets', 'bet_amount', 'valid_bet', 'win_loss', 'rebate', 'line_keeps', 'company', 'share_valid', 'to_company_bets'].map(add),
        sql`, `,
      )}),
  members AS (
    INSERT INTO report_member_days AS t (site_id, member_id, day, game_type, game_code, agent_id, bets, bet_amount, valid_bet, win_loss,
      rebate, company)
    SELECT p.site_id, p.ids[6], p.day, p.game_type, p.game_code, p.ids[5], sum(p.sign), sum(p.sign * p.bet), sum(p.sign * p.v),
           sum(p.sign * p.w), sum(p.sign * p.r), sum(p.sign * p.company)
      FROM parts p
     GROUP BY p.site_id, p.ids[6], p.day, p.game_type, p.game_code, p.ids[5]
    ON CONFLICT (site_id, member_id, day, game_type, game_code) DO UPDATE SET
      ${sql.join(['bets', 'bet_amount', 'valid_bet', 'win_loss', 'rebate', 'company'].map(add), sql`, `)})`;

/**
 * One statement that stores bets and keeps the rollups with them: `upsert` (an INSERT into the
 * bets, without RETURNING) adds what it stores settled or resettled; `replaced` (a SELECT of the
 * stored rows the upsert replaces, read before it in the same statement's snapshot) is taken
 * out first. `ctes` are definitions both may use. Answers `stored`: the rows the upsert wrote.
 */
export const storeWithRollups = (statement: { ctes?: SQL; upsert: SQL; replaced?: SQL }) => sql`
  WITH ${statement.ctes ? sql`${statement.ctes},` : sql``}
  up AS (${statement.upsert} RETURNING *),
  delta AS (
    SELECT 1 AS sign, up.* FROM up WHERE up.status IN ('settled', 'resettled')
    ${statement.replaced ? sql`UNION ALL SELECT -1 AS sign, r.* FROM (${statement.replaced}) r` : sql``}
  ),
  ${rollupCtes(sql`delta`)}
  SELECT count(*) AS stored FROM up`;

/**
 * Recomputes the rollups of one Beijing day of a site from its settled and resettled bets (after
 * a repair, or to check them): the day's rows are replaced in one transaction of the caller.
 */
export const rebuildDayStatements = (siteId: string, day: string) => {
  const from = sql`(${day}::date - interval '8 hours') AT TIME ZONE 'UTC'`;
  const to = sql`(${day}::date + interval '16 hours') AT TIME ZONE 'UTC'`;
  return [
    sql`DELETE FROM report_edge_days WHERE site_id = ${siteId} AND day = ${day}::date`,
    sql`DELETE FROM report_member_days WHERE site_id = ${siteId} AND day = ${day}::date`,
    sql`WITH delta AS (
          SELECT 1 AS sign, b.* FROM bets b
           WHERE b.site_id = ${siteId} AND b.status IN ('settled', 'resettled')
             AND COALESCE(b.settle_time, b.bet_time) >= ${from} AND COALESCE(b.settle_time, b.bet_time) < ${to}),
        ${rollupCtes(sql`delta`)}
        SELECT count(*) AS bets FROM delta`,
  ];
};
