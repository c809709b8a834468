import { sql, type SQL } from '../kernel/db/sql';

/** The Beijing calendar day (UTC+8, no daylight saving) of a timestamptz expression. */
export const beijingDay = (time: SQL) => sql`((${time} AT TIME ZONE 'UTC') + interval '8 hours')::date`;

/**
 * x / 10000 rounded to the cent half away from zero, in integers (x is cents times hundredths of
 * a percent; integer division truncates toward zero). Odd in x: cents(-x) = -cents(x). The
 * database's side of the one sub-cent rule, `centsOfBasisPoints` in contract/amount.contract.ts.
 */
export const cents = (x: string) => `(CASE WHEN ${x} < 0 THEN (${x} - 5000) / 10000 ELSE (${x} + 5000) / 10000 END)`;

/**
 * Each bet's parts (docs/product.md#shares-and-rebate), from its snapshot: shares p1-p4 and wash-code
 * rates a1-a4 of agent levels 1-4, the member's rate m (hundredths of a percent); below level 4
 * p = 0 and a = m. Level k keeps -W*(p_k - p_k+1) + V*(a_k - a_k+1), the member's rebate is V*m,
 * each rounded to the cent half away from zero; the company takes minus the sum of all the
 * others, so every bet sums to exactly zero with the member's net W + rebate. A row of `delta`
 * with sign -1 (what a replaced bet had added) comes with its amounts negated, and so its parts
 * (the rounding is odd): its line sums take it out by adding it. Each product is computed once,
 * in a level of its own (OFFSET 0 keeps the planner from writing it out again in every use).
 */
const betParts = (delta: SQL) => sql`
  SELECT s.*, -(s.w + s.r + s.k1 + s.k2 + s.k3 + s.k4) AS company
    FROM (SELECT x.*, ${sql.raw(cents('x.xr'))} AS r, ${sql.raw(cents('x.x1'))} AS k1, ${sql.raw(cents('x.x2'))} AS k2,
                 ${sql.raw(cents('x.x3'))} AS k3, ${sql.raw(cents('x.x4'))} AS k4
            FROM (SELECT c.*, c.v * c.m AS xr,
                         -c.w * (c.p1 - c.p2) + c.v * (c.a1 - c.a2) AS x1,
                         -c.w * (c.p2 - c.p3) + c.v * (c.a2 - c.a3) AS x2,
                         -c.w * (c.p3 - c.p4) + c.v * (c.a3 - c.a4) AS x3,
                         -c.w * c.p4 + c.v * (c.a4 - c.m) AS x4
                    FROM (SELECT d.sign, d.site_id, ${beijingDay(sql`d.settle_time`)} AS day, d.game_type, d.game_code, d.line_path,
                                 d.sign * d.bet AS bet, d.sign * d.valid_bet AS v, d.sign * d.win_loss AS w,
                                 COALESCE(d.p1, 0) AS p1, COALESCE(d.p2, 0) AS p2, COALESCE(d.p3, 0) AS p3, COALESCE(d.p4, 0) AS p4,
                                 COALESCE(d.a1, 0) AS a1, COALESCE(d.a2, 0) AS a2, COALESCE(d.a3, 0) AS a3, COALESCE(d.a4, 0) AS a4,
                                 COALESCE(d.m, 0) AS m
                            FROM ${delta} d) c
                  OFFSET 0) x) s`;

/** The columns of a bet the rollups read (a bulk load hands on only these, not whole rows). */
const ROLLED = sql.raw(
  ['site_id', 'status', 'settle_time', 'line_path', 'game_type', 'game_code', 'bet', 'valid_bet', 'win_loss']
    .concat(['p1', 'p2', 'p3', 'p4', 'a1', 'a2', 'a3', 'a4', 'm'])
    .join(', '),
);

const add = (column: string) => sql.raw(`${column} = t.${column} + EXCLUDED.${column}`);
/** Share p_k of level k below 100 %: the bet counts to the company from that level's row. */
const toCompany = (k: number) => sql.raw(`sum(CASE WHEN p.p${k} < 10000 THEN p.sign ELSE 0 END) AS tc${k}`);

/**
 * The measures of a line delta (lineSums): what the rollups add up, per line, day and game. Each
 * is a sum already, so summing them again (per edge, or queued deltas of one line) is exact.
 */
const LINE_MEASURES = [
  'n',
  'bet',
  'v',
  'w',
  'r',
  'k1',
  'k2',
  'k3',
  'k4',
  'company',
  'sv1',
  'sv2',
  'sv3',
  'sv4',
  'tc1',
  'tc2',
  'tc3',
  'tc4',
];

/** Each measure of the line deltas in `alias`, summed (a GROUP BY's select list). */
const sumsOf = (alias: string) => LINE_MEASURES.map((m) => `sum(${alias}.${m}) AS ${m}`).join(', ');

/**
 * The lines summed per edge level, from the bottom up: g4 per level-4 agent (the path ids[1:5]),
 * g3 per level-3 agent from g4, and so on. Each level sums the few rows of the one below, not
 * every line again (a path's ids above its agent come with it).
 */
const EDGE_SUMS = sql.raw(
  [4, 3, 2, 1]
    .map(
      (k) => `g${k} AS (
    SELECT s.site_id, s.day, s.game_type, s.game_code, s.ids[1:${k + 1}] AS ids, ${sumsOf('s')}
      FROM ${k === 4 ? 'lines' : `g${k + 1}`} s
     GROUP BY s.site_id, s.day, s.game_type, s.game_code, s.ids[1:${k + 1}])`,
    )
    .join(',\n  '),
);

/**
 * The edge rows of level k (agent ids[k], direct child ids[k+1]) from g<k>: the child's line
 * keeps what its level and every level below it keep.
 */
const edgeRows = (k: number) => {
  const keeps = [1, 2, 3, 4]
    .filter((j) => j >= k)
    .map((j) => `g.k${j}`)
    .join(' + ');
  return `SELECT g.site_id, g.ids[${k}], g.day, g.ids[${k + 1}], g.game_type, g.game_code, g.n, g.bet, g.v, g.w, g.r, ${keeps},
           g.company, g.sv${k}, g.tc${k} FROM g${k} g`;
};

/** A queued line delta's columns (migration 0039). */
const QUEUED = sql.raw(['site_id', 'day', 'game_type', 'game_code', 'line_path', ...LINE_MEASURES].join(', '));

/**
 * What `delta` adds to the rollups, per member line, day and game (few rows): `delta` holds rows
 * with the bets' columns and `sign` (1 adds a settled bet, -1 takes out what a replaced one had
 * added). Columns: site_id, day, game_type, game_code, line_path and LINE_MEASURES.
 */
const lineSums = (delta: SQL) => sql`
  SELECT p.site_id, p.day, p.game_type, p.game_code, p.line_path,
         sum(p.sign) AS n, sum(p.bet) AS bet, sum(p.v) AS v, sum(p.w) AS w, sum(p.r) AS r,
         sum(p.k1) AS k1, sum(p.k2) AS k2, sum(p.k3) AS k3, sum(p.k4) AS k4, sum(p.company) AS company,
         sum(p.v * p.p1) AS sv1, sum(p.v * p.p2) AS sv2, sum(p.v * p.p3) AS sv3, sum(p.v * p.p4) AS sv4,
         ${toCompany(1)}, ${toCompany(2)}, ${toCompany(3)}, ${toCompany(4)}
    FROM (${betParts(delta)}) p
   GROUP BY p.site_id, p.day, p.game_type, p.game_code, p.line_path`;

/**
 * The CTEs that add line deltas (`lines`: lineSums' columns, a line at most once) to the rollups
 * (migration 0028), through each edge level (EDGE_SUMS) and the member days. The member's line
 * is its path: ids[1] the company, ids[2..5] agent levels 1-4, ids[6] the member.
 */
const rollupCtes = (lines: SQL) => sql`
  lines AS (SELECT l.*, string_to_array(trim(BOTH '/' FROM l.line_path), '/')::bigint[] AS ids FROM (${lines}) l),
  ${EDGE_SUMS},
  edges AS (
    INSERT INTO report_edge_days AS t (site_id, agent_id, day, child_id, game_type, game_code, bets, bet_amount, valid_bet, win_loss,
      rebate, line_keeps, company, share_valid, to_company_bets)
    ${sql.raw([1, 2, 3, 4].map(edgeRows).join(' UNION ALL '))}
    ON CONFLICT (site_id, agent_id, day, child_id, game_type, game_code) DO UPDATE SET
      ${sql.join(
        ['bets', 'bet_amount', 'valid_bet', 'win_loss', 'rebate', 'line_keeps', 'company', 'share_valid', 'to_company_bets'].map(add),
        sql`, `,
      )}),
  members AS (
    INSERT INTO report_member_days AS t (site_id, member_id, day, game_type, game_code, agent_id, bets, bet_amount, valid_bet, win_loss,
      rebate, company)
    SELECT l.site_id, l.ids[6], l.day, l.game_type, l.game_code, l.ids[5], l.n, l.bet, l.v, l.w, l.r, l.company
      FROM lines l
    ON CONFLICT (site_id, member_id, day, game_type, game_code) DO UPDATE SET
      ${sql.join(['bets', 'bet_amount', 'valid_bet', 'win_loss', 'rebate', 'company'].map(add), sql`, `)})`;

/**
 * A statement that stores bets: `upsert` (an INSERT into the bets, without RETURNING) adds what
 * it stores settled or resettled; `replaced` (a SELECT of the stored rows the upsert replaces,
 * read before it in the same statement's snapshot) is taken out. `ctes` are definitions both
 * may use.
 */
interface StoringStatement {
  ctes?: SQL;
  upsert: SQL;
  replaced?: SQL;
}

/** The CTEs `up` (the rows the upsert wrote) and `delta` of a storing statement. */
const storedDelta = (statement: StoringStatement) => sql`
  WITH ${statement.ctes ? sql`${statement.ctes},` : sql``}
  up AS (${statement.upsert} RETURNING ${ROLLED}),
  delta AS (
    SELECT 1 AS sign, ${ROLLED} FROM up WHERE up.status IN ('settled', 'resettled')
    ${statement.replaced ? sql`UNION ALL SELECT -1 AS sign, ${ROLLED} FROM (${statement.replaced}) r` : sql``}
  )`;

/**
 * One statement that stores bets and keeps the rollups with them (the bulk load, which holds
 * the rollups' lock: lockRollups). Answers `stored`: the rows the upsert wrote.
 */
export const storeWithRollups = (statement: StoringStatement) => sql`
  ${storedDelta(statement)},
  ${rollupCtes(lineSums(sql`delta`))}
  SELECT count(*) AS stored FROM up`;

/**
 * One statement that stores bets and queues what they change in the rollups (migration 0039):
 * storeWithRollups' line deltas, appended to report_queue for the drain. Answers `stored`.
 */
export const storeQueued = (statement: StoringStatement) => sql`
  ${storedDelta(statement)},
  queued AS (INSERT INTO report_queue (${QUEUED}) ${lineSums(sql`delta`)})
  SELECT count(*) AS stored FROM up`;

/**
 * Moves the whole queue into the rollups in one statement: the rows it deletes are the rows it
 * adds (a line queued by several batches summed once), so a delta counts once whatever fails.
 * Run under lockRollups (two drains adding to the same rollup rows in different orders could
 * deadlock). Answers `drained`: the queue's rows, and `lines`: the [site, line path] pairs drained
 * (the agent-to-company limit checks those lines: games/company-limit.ts).
 */
export const drainQueue = sql`
  WITH q AS (DELETE FROM report_queue RETURNING ${QUEUED}),
  ${rollupCtes(
    sql`SELECT q.site_id, q.day, q.game_type, q.game_code, q.line_path, ${sql.raw(sumsOf('q'))}
          FROM q GROUP BY q.site_id, q.day, q.game_type, q.game_code, q.line_path`,
  )}
  SELECT count(*) AS drained, COALESCE(jsonb_agg(DISTINCT jsonb_build_array(q.site_id, q.line_path)), '[]') AS lines FROM q`;

/**
 * The one lock of whoever writes the rollups (a drain, a rebuild, the bulk load), held to the
 * end of the transaction: storing bets only appends to the queue and never takes it.
 */
export const lockRollups = sql`SELECT pg_advisory_xact_lock(7301039)`;

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
          SELECT 1 AS sign, ${ROLLED} FROM bets b
           WHERE b.site_id = ${siteId} AND b.status IN ('settled', 'resettled')
             AND COALESCE(b.settle_time, b.bet_time) >= ${from} AND COALESCE(b.settle_time, b.bet_time) < ${to}),
        ${rollupCtes(lineSums(sql`delta`))}
        SELECT count(*) AS bets FROM delta`,
  ];
};
