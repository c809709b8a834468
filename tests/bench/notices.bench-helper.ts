import { sql } from '../../server/kernel/db/sql';
import { systemClock } from '../../server/kernel/clock';
import { openDatabase } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import { seedDemo } from '../../server/seed/demo.seed';
import { benchApp, benchSession, percentile, timeGatewayCall } from './gateway-timing.bench-helper';

export const STORED_NOTICES = 10_000;
const RUNS = 200;
const WARM_UP = 20;

export interface NoticeTiming {
  query: string;
  p50: number;
  p95: number;
}

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
    const app = await benchApp(db);
    const sessionOf = (loginId: string) => benchSession(db, loginId);
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
      const check = (result?: { list: unknown[] }) => (result?.list.length ?? 0) > 0;
      const times = await timeGatewayCall(app, { method, params: { ...params, pageIndex: 1, pageSize: 99 }, check }, RUNS, WARM_UP);
      timings.push({ query, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
    await app.close();
    return timings;
  } finally {
    await db.close();
  }
}
