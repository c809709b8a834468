import { sql } from 'drizzle-orm';
import { systemClock } from '../../server/clock';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { buildApp } from '../../server/http/app';
import { seedDemo } from '../../server/seed/demo.seed';
import { createSession } from '../../server/sessions/session.store';

export const STORED_NOTICES = 10_000;
const RUNS = 200;
const WARM_UP = 20;

export interface NoticeTiming {
  query: string;
  p50: number;
  p95: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * The landing page's call (`gw.credit.notice.layer.list`, pageSize 99) on PGlite with 10,000
 * notices stored as a site gathers them over years: most complete, some drafts, some waiting,
 * 120 sending now (over a page), a third of them to one level; server time through the gateway.
 */
export async function benchNotices(): Promise<NoticeTiming[]> {
  const db = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(db);
    const now = systemClock.now();
    await seedDemo(db, now);
    await db.run(sql`INSERT INTO notices (site_id, kind, title, content, status, target_level, publish_time, start_time, end_time)
      SELECT 'demo', CASE WHEN g % 7 = 0 THEN 'app' ELSE 'site' END,
             jsonb_build_object('zh', '公告 ' || g, 'en', 'Notice ' || g, 'th', 'ประกาศ ' || g),
             jsonb_build_object('zh', '<p>内容 ' || g || ' <strong>重要</strong></p>', 'en', '<p>Body ' || g || '</p>', 'th', '<p>เนื้อหา ' || g || '</p>'),
             CASE WHEN g % 20 = 0 THEN 'draft' ELSE 'published' END,
             CASE WHEN g % 3 = 0 THEN 2 END,
             ${now}::timestamptz - (g * interval '1 hour'),
             -- 120 open now, 200 still ahead, the rest long ended.
             CASE WHEN g <= 120 THEN ${now}::timestamptz - interval '1 day'
                  WHEN g <= 320 THEN ${now}::timestamptz + (g * interval '1 hour')
                  ELSE ${now}::timestamptz - (g * interval '1 hour') - interval '30 days' END,
             CASE WHEN g <= 120 THEN ${now}::timestamptz + interval '30 days'
                  WHEN g <= 320 THEN ${now}::timestamptz + (g * interval '1 hour') + interval '7 days'
                  ELSE ${now}::timestamptz - (g * interval '1 hour') END
        FROM generate_series(1, ${STORED_NOTICES}) AS g`);
    await db.run(sql`ANALYZE notices`);
    const app = await buildApp({
      db,
      clock: systemClock,
      config: { trustProxy: false, logLevel: 'silent', captcha: false, loginIpLimit: 50 },
    });
    const sessionOf = async (loginId: string) => {
      const account = await db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`);
      return createSession(db, { siteId: 'demo', accountId: String(account!.id), now: new Date() });
    };
    const queries: [string, string, Record<string, unknown>][] = [
      [
        `layer.list as the company (${STORED_NOTICES.toLocaleString('en')} stored)`,
        'gw.credit.notice.layer.list',
        { opsId: await sessionOf('admin') },
      ],
      ['layer.list as a level-2 account', 'gw.credit.notice.layer.list', { opsId: await sessionOf('sh0101') }],
      ['sn.notice.query (public, login page)', 'gw.credit.sn.notice.query', {}],
      ['notice.page, status sending (writers)', 'gw.credit.notice.page', { opsId: await sessionOf('admin'), status: 'sending' }],
    ];
    const timings: NoticeTiming[] = [];
    for (const [query, method, params] of queries) {
      const times: number[] = [];
      for (let run = 0; run < RUNS + WARM_UP; run++) {
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, pageIndex: 1, pageSize: 99 } }),
        });
        const answer = JSON.parse(response.body) as { result?: { total: number; list: unknown[] } };
        if (!answer.result || answer.result.list.length === 0) throw new Error(`unexpected answer: ${response.body.slice(0, 200)}`);
        if (run >= WARM_UP) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      timings.push({ query, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
    await app.close();
    return timings;
  } finally {
    await db.close();
  }
}
