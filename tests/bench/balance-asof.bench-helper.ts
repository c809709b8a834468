import { sql } from '../../server/kernel/db/sql';
import type { Database } from '../../server/kernel/db/database';
import { bigTreeDatabase, BIG_TREE_MEMBERS } from './account-list.bench-helper';
import { benchApp, benchSession, percentile, type BenchApp } from './gateway-timing.bench-helper';

/** The rows of the one long history: a member scored up and down by its agent, alternately. */
export const LONG_HISTORY_ROWS = 1_000_000;
const AGENT = 'ag01010101';
const ONE_RUNS = 300;
const PAGE_RUNS = 60;
/** The history's rows are this far apart, ending an hour ago. */
const STEP_MS = 20;

export interface AsOfTimings {
  one: { p50: number; p95: number };
  page: { p50: number; p95: number };
  ids: { p50: number; p95: number };
  fillSeconds: number;
}

/**
 * The big tree (an agent with 100,000 members) with a score log on it, filled by SQL
 * (generate_series): the agent's first member gets 1,000,000 rows (up and down by 1.00 in turn),
 * every other member one score up; serials continue the site's, times end an hour ago.
 */
export async function fillHistory(db: Database): Promise<{ heavyId: string; start: number; end: number }> {
  const agent = (await db.one<{ id: bigint }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${AGENT}`))!;
  const heavy = (await db.one<{ id: bigint }>(
    sql`SELECT id FROM accounts WHERE parent_id = ${agent.id} AND level = 5 ORDER BY created_at, id LIMIT 1`,
  ))!;
  const serial = (await db.one<{ s: bigint }>(sql`SELECT score_serial AS s FROM sites WHERE id = 'demo'`))!.s;
  const end = Date.now() - 3_600_000;
  const start = end - LONG_HISTORY_ROWS * STEP_MS;
  // The operator's balance in these rows: high enough that no row's numbers go below 0.
  const high = 1_000_000_000_000;
  // One row per statement would take the bench minutes: the monitor's trigger is off for the fill.
  await db.run(sql`ALTER TABLE score_log DISABLE TRIGGER score_log_monitor`);
  const columns = sql`site_id, serial_no, type, from_account_id, to_account_id, target_account_id, amount, before, after,
      operator_before, operator_after, operator_account_id, operator_login, created_at`;
  const batch = 250_000;
  for (let from = 1; from <= LONG_HISTORY_ROWS; from += batch) {
    const to = Math.min(from + batch - 1, LONG_HISTORY_ROWS);
    // Odd rows score up by 100 cents (0 -> 100), even rows down again (100 -> 0).
    await db.run(sql`INSERT INTO score_log (${columns})
      SELECT 'demo', ${String(serial)}::bigint + g,
             CASE WHEN g % 2 = 1 THEN 'up' ELSE 'down' END,
             CASE WHEN g % 2 = 1 THEN ${agent.id}::bigint ELSE ${heavy.id}::bigint END,
             CASE WHEN g % 2 = 1 THEN ${heavy.id}::bigint ELSE ${agent.id}::bigint END,
             ${heavy.id}::bigint, 100,
             CASE WHEN g % 2 = 1 THEN 0 ELSE 100 END, CASE WHEN g % 2 = 1 THEN 100 ELSE 0 END,
             CASE WHEN g % 2 = 1 THEN ${high}::bigint ELSE ${high - 100}::bigint END,
             CASE WHEN g % 2 = 1 THEN ${high - 100}::bigint ELSE ${high}::bigint END,
             ${agent.id}::bigint, ${AGENT}, to_timestamp((${start}::bigint + g * ${STEP_MS}) / 1000.0)
        FROM generate_series(${from}::int, ${to}::int) AS g`);
  }
  const after = serial + BigInt(LONG_HISTORY_ROWS);
  // Every other member: one score up of 1.00, spread over the same span.
  await db.run(sql`INSERT INTO score_log (${columns})
    SELECT 'demo', ${String(after)}::bigint + m.n, 'up', ${agent.id}::bigint, m.id, m.id, 100, 0, 100,
           ${high}::bigint - (m.n - 1) * 100, ${high}::bigint - m.n * 100, ${agent.id}::bigint, ${AGENT},
           to_timestamp((${start}::bigint + m.n * ${Math.floor((LONG_HISTORY_ROWS * STEP_MS) / BIG_TREE_MEMBERS)}) / 1000.0)
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM accounts WHERE parent_id = ${agent.id} AND id <> ${heavy.id}) m`);
  await db.run(sql`UPDATE sites SET score_serial = (SELECT max(serial_no) FROM score_log WHERE site_id = 'demo') WHERE id = 'demo'`);
  await db.run(sql`ALTER TABLE score_log ENABLE TRIGGER score_log_monitor`);
  await db.run(sql`ANALYZE score_log`);
  return { heavyId: String(heavy.id), start, end };
}

/** Server times (ascending ms) of a call repeated with the params `paramsOf(run)` gives, after a few untimed ones. */
async function timeCalls(app: BenchApp, method: string, paramsOf: (run: number) => Record<string, unknown>, runs: number) {
  const times: number[] = [];
  for (let run = -5; run < runs; run++) {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: paramsOf(run) }),
    });
    const answer = JSON.parse(response.body) as { result?: { balance?: string; list?: unknown[] } };
    if (!answer.result || (answer.result.list !== undefined && answer.result.list.length !== 100)) {
      throw new Error(`unexpected answer to ${method}: ${response.body.slice(0, 200)}`);
    }
    if (run >= 0) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const summary = (times: number[]) => ({ p50: percentile(times, 50), p95: percentile(times, 95) });

/** As-of balances over the filled big tree: one account with the long history, a page of 100 children, 100 accounts by id. */
export async function benchBalanceAsOf(target: Parameters<typeof bigTreeDatabase>[0]): Promise<AsOfTimings> {
  const db = await bigTreeDatabase(target);
  try {
    const filling = performance.now();
    const { heavyId, start, end } = await fillHistory(db);
    const fillSeconds = (performance.now() - filling) / 1000;
    const app = await benchApp(db);
    try {
      const opsId = await benchSession(db, AGENT);
      // Instants spread over the history (a fixed sequence, so every run asks the same).
      const instant = (run: number) => new Date(start + ((Math.abs(run) * 7_919_993) % (end - start))).toISOString();
      const one = await timeCalls(app, 'gw.credit.balance.asof', (run) => ({ opsId, userId: heavyId, at: instant(run) }), ONE_RUNS);
      const pages = Math.floor(BIG_TREE_MEMBERS / 100);
      // The cursor each page is read after (the last member of the page before it), as a reader
      // paging through would hold it: page n (from 1) starts after cursors[n - 2], page 1 after none.
      const cursors = (
        await db.rows<{ id: bigint }>(sql`
          SELECT id FROM (SELECT a.id, row_number() OVER (ORDER BY a.created_at, a.id) AS n
                            FROM accounts a JOIN accounts p ON p.id = a.parent_id WHERE p.login_id = ${AGENT} AND p.site_id = 'demo') c
           WHERE n % 100 = 0 ORDER BY n`)
      ).map((row) => String(row.id));
      const page = await timeCalls(
        app,
        'gw.credit.balance.asof.page',
        (run) => {
          const index = 1 + ((Math.abs(run) * 37) % pages);
          return { opsId, at: instant(run), pageSize: 100, ...(index > 1 ? { after: cursors[index - 2] } : {}) };
        },
        PAGE_RUNS,
      );
      const children = await db.rows<{ id: bigint }>(
        sql`SELECT a.id FROM accounts a JOIN accounts p ON p.id = a.parent_id WHERE p.login_id = ${AGENT} AND p.site_id = 'demo' ORDER BY a.id DESC LIMIT 99`,
      );
      const userIds = [heavyId, ...children.map((row) => String(row.id))];
      const ids = await timeCalls(app, 'gw.credit.balance.asof.page', (run) => ({ opsId, at: instant(run), userIds }), PAGE_RUNS);
      return { one: summary(one), page: summary(page), ids: summary(ids), fillSeconds };
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}
