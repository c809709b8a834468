import { sql } from '../../server/kernel/db/sql';
import { systemClock } from '../../server/kernel/clock';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import { seedDemo } from '../../server/seed/demo.seed';
import { benchApp, benchSession, percentile, timeGatewayCall } from './gateway-timing.bench-helper';

export const AUDIT_ROWS = 1_000_000;
const LINE_TOP = 'ma01';
const SMALL_LINE = 'ma02';
const SMALL_LINE_ROWS = 1000;
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
 * acting in turn) spread over the last 15 days, and 1,000 of another line (ma02).
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
  // A small line of the same site: 1,000 records of ma02 over the same days.
  await db.run(sql`INSERT INTO operation_log (site_id, account_id, operator_login, method, level, line_path, created_at)
    SELECT a.site_id, a.id, a.login_id, 'gw.credit.user.enable', 'normal', a.path, ${end}::timestamptz - g * interval '20 minutes'
      FROM generate_series(1, ${SMALL_LINE_ROWS}) AS g CROSS JOIN accounts a WHERE a.site_id = 'demo' AND a.login_id = ${SMALL_LINE}`);
  await db.run(sql`ANALYZE operation_log`);
  return { db, end };
}

/** Server time of the first page (100 rows) of the line's operation record over 15 days, through the gateway. */
export async function timeOperationRecord(db: Database, end: Date): Promise<AuditTiming[]> {
  const app = await benchApp(db);
  const sessionOf = (loginId: string) => benchSession(db, loginId);
  const [big, small] = [await sessionOf(LINE_TOP), await sessionOf(SMALL_LINE)];
  const range = { startTime: new Date(end.getTime() - SPAN_MS).toISOString(), endTime: end.toISOString() };
  const queries: [string, string, Record<string, unknown>][] = [
    [`${LINE_TOP} (1,000,000 rows): first page`, big, {}],
    [`${LINE_TOP}: first page, level warn (1 row in 50)`, big, { level: 'warn' }],
    [`${SMALL_LINE} (1,000 rows in the same site): first page`, small, {}],
  ];
  const timings: AuditTiming[] = [];
  const check = (result?: { total: number; list: unknown[] }) => result?.list.length === 100 && result.total === 1000;
  for (const [query, opsId, filters] of queries) {
    const params = { opsId, ...range, ...filters, pageSize: 100 };
    const times = await timeGatewayCall(app, { method: 'gw.credit.operation.record.query', params, check }, RUNS, WARM_UP);
    timings.push({ query, p50: percentile(times, 50), p99: percentile(times, 99) });
  }
  await app.close();
  return timings;
}
