import { sql } from 'drizzle-orm';
import type { Language } from '../../contract/common.contract';
import type { Queryable } from '../db/database';
import { defineHandlers } from '../rpc/handler';
import { iso } from '../db/timestamps';

interface NoticeRow {
  id: string | number;
  title: Record<string, string>;
  content: Record<string, string>;
  publish_time: Date | string | null;
  start_time: Date | string;
  end_time: Date | string;
  target_level: number | null;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Plain text of stored (already sanitised) HTML, for the marquee. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text in the caller's language; English, then Chinese where a translation is missing. */
export function localised(texts: Record<string, string>, language: Language): string {
  return texts[language] || texts.en || texts.zh || '';
}

/**
 * Published notices whose window holds `now`, newest first. `level` undefined: only notices
 * sent to no particular level; a level: those plus the ones sent to that level.
 */
async function currentNotices(
  db: Queryable,
  input: { siteId: string; now: Date; level?: number; pageIndex: number; pageSize: number; language: Language },
) {
  const levelFilter = input.level === undefined ? sql`target_level IS NULL` : sql`(target_level IS NULL OR target_level = ${input.level})`;
  const where = sql`site_id = ${input.siteId} AND kind = 'site' AND status = 'published'
    AND start_time <= ${input.now} AND end_time > ${input.now} AND ${levelFilter}`;
  const [count, rows] = [
    await db.one<{ total: string | number }>(sql`SELECT count(*) AS total FROM notices WHERE ${where}`),
    await db.rows<NoticeRow>(sql`SELECT id, title, content, publish_time, start_time, end_time, target_level
      FROM notices WHERE ${where}
      ORDER BY start_time DESC, id DESC
      LIMIT ${input.pageSize} OFFSET ${(input.pageIndex - 1) * input.pageSize}`),
  ];
  return {
    total: Number(count?.total ?? 0),
    list: rows.map((row) => {
      const rich = localised(row.content, input.language);
      return {
        id: String(row.id),
        title: localised(row.title, input.language),
        content: htmlToText(rich),
        contentRich: rich,
        publishTime: row.publish_time === null ? null : iso(row.publish_time),
        startTime: iso(row.start_time),
        endTime: iso(row.end_time),
        level: row.target_level,
      };
    }),
  };
}

export const noticeHandlers = defineHandlers({
  'gw.credit.sn.notice.query': (ctx, params) =>
    currentNotices(ctx.db, { siteId: ctx.site.id, now: ctx.now, language: ctx.language, ...params }),
  'gw.credit.notice.layer.list': (ctx, params) =>
    currentNotices(ctx.db, {
      siteId: ctx.site.id,
      now: ctx.now,
      language: ctx.language,
      level: ctx.session?.level,
      ...params,
    }),
});
