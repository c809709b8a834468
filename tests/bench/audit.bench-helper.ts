import { sql } from 'drizzle-orm';
import { systemClock } from '../../server/clock';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { buildApp } from '../../server/http/app';
import { seedDemo } from '../../server/seed/demo.seed';
import { createSession } from '../../server/sessions/session.store';

export const AUDIT_ROWS = 1_000_000;
const LINE_TOP = 'ma01';
const SPAN_MS = 15 * 24 * 3_600_000;
const RUNS = 30;
const WARM_UP = 3;

export interface AuditTiming {
  query: string;
  p50: number;
  p99: number;
}

/**
 * A database with the demo sites and 1,000,000 operation records of one line (ma01's accounts
 * acting in turn) spread over the last 15 days, plus a few of another line.
 */
export async function auditDatabase(target: { kind: 'pglite' } | { kind: 'postgres'; url: string }): Promise<{ db: Database; end: Date }> {
  const db = target.kind === 'pglite' ? await openDatabase({ kind: 'pglite' }) : await openDatabase({ kind: 'postgres', url: target.url });
  await migrate(db);
  const end = systemClock.now();
  await seedDemo(db, end);
  const step = SPAN_MS / AUDIT_ROWS;
  await db.run(sql`INSERT INTO operation_log
      (site_id, account_id, operator_login, method, target_id, level, code, ip, region, terminal, changes, line_path, created_at)
    SELECT a.site_id, a.id, a.login_id, CASE WHEN g % 10 = 0 THEN 'gw.credit.user.score.up' ELSE 'gw.credit.user.disable' END,
           a.id, CASE WHEN g % 50 = 0 THEN 'warn' ELSE 'normal' END, CASE WHEN g % 50 = 0 THEN 20011 END,
           '10.1.2.3', 'LAN', '7', '[{"field":"status","before":1,"after":4}]'::jsonb, a.path,
           ${end}::timestamptz - (g * ${step}::float8) * interval '1 millisecond'
      FROM generate_series(1, ${AUDIT_ROWS}) AS g
      JOIN (SELECT row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS c, * FROM accounts
             WHERE site_id = 'demo' AND level < 5 AND path LIKE (SELECT path FROM accounts WHERE site_id = 'demo' AND login_id = ${LINE_TOP}) || '%') AS a
        ON a.n = g % a.c`);
  await db.run(sql`ANALYZE operation_log`);
  return { db, end };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Server time of the first page (100 rows) of the line's operation record over 15 days, through the gateway. */
export async function timeOperationRecord(db: Database, end: Date): Promise<AuditTiming[]> {
  const app = await buildApp({ db, clock: systemClock, config: { trustProxy: false, logLevel: 'silent', captcha: false, loginIpLimit: 50 } });
  const top = await db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${LINE_TOP}`);
  const opsId = await createSession(db, { siteId: 'demo', accountId: String(top!.id), now: new Date() });
  const range = { startTime: new Date(end.getTime() - SPAN_MS).toISOString(), endTime: new Date(end.getTime() + 1).toISOString() };
  const queries: [string, Record<string, unknown>][] = [
    ['first page, no filter', {}],
    ['first page, level warn', { level: 'warn' }],
  ];
  const timings: AuditTiming[] = [];
  for (const [query, filters] of queries) {
    const times: number[] = [];
    for (let run = 0; run < RUNS + WARM_UP; run++) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'gw.credit.operation.record.query',
          params: { opsId, ...range, ...filters, pageSize: 100 },
        }),
      });
      const answer = JSON.parse(response.body) as { result?: { total: number; list: unknown[] } };
      if (answer.result?.list.length !== 100 || answer.result.total !== 1000) throw new Error(`unexpected answer: ${response.body.slice(0, 200)}`);
      if (run >= WARM_UP) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    timings.push({ query, p50: percentile(times, 50), p99: percentile(times, 99) });
  }
  await app.close();
  return timings;
}

/** The plan of the first page's statement, for when the aim is missed. */
export async function explainFirstPage(db: Database, end: Date): Promise<string> {
  const rows = await db.rows<Record<string, string>>(sql`EXPLAIN ANALYZE
    SELECT * FROM operation_log o
     WHERE o.site_id = 'demo' AND o.created_at >= ${new Date(end.getTime() - SPAN_MS)} AND o.created_at < ${new Date(end.getTime() + 1)}
       AND o.line_path LIKE (SELECT path FROM accounts WHERE site_id = 'demo' AND login_id = ${LINE_TOP}) || '%'
     ORDER BY o.created_at DESC, o.id DESC LIMIT 100`);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}
