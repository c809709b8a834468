import { sql, type SQL } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import type { Language } from '../../contract/common.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { NoticeKind, NoticeStatus } from '../../contract/notice.contract';
import { applyNoticeAction, type NoticeAction } from '../../machines/notice-lifecycle.machine';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';
import type { CallContext } from '../kernel/call-context';
import { defineHandlers } from '../kernel/handler';
import { raiseLiveEvent } from '../events/live-events.service';
import { RpcError } from '../kernel/rpc-error';
import { cleanTexts, htmlToText, localised } from './notice-text';
import { noticeColumns, noticeStatusNow, toNoticeRecord, type NoticeReaderRow, type NoticeRecordRow } from './notice.repository';
import { wireId } from '../kernel/db/ids';

/**
 * The same derivation as the machine's, as a condition on the rows, so that a page of one
 * status is counted and cut in the database. A test holds the two together.
 */
function statusCondition(status: NoticeStatus, now: Date): SQL {
  switch (status) {
    case 'draft':
      return sql`status = 'draft'`;
    case 'waiting':
      return sql`status = 'published' AND start_time > ${now}`;
    case 'sending':
      return sql`status = 'published' AND start_time <= ${now} AND end_time > ${now}`;
    case 'complete':
      return sql`status = 'published' AND end_time <= ${now}`;
  }
}

/**
 * Published notices of a kind whose window holds `now`, newest first. `level` undefined: only
 * notices sent to no particular level; a level: those and the ones sent to that level.
 */
async function currentNotices(
  db: Queryable,
  input: { siteId: string; kind: NoticeKind; now: Date; level?: number; pageIndex: number; pageSize: number; language: Language },
) {
  const levelFilter = input.level === undefined ? sql`target_level IS NULL` : sql`(target_level IS NULL OR target_level = ${input.level})`;
  const where = sql`site_id = ${input.siteId} AND kind = ${input.kind} AND ${statusCondition('sending', input.now)} AND ${levelFilter}`;
  // One statement: the page in the reader's language (else zh) and the total beside each row.
  const pick = (column: string) =>
    sql`COALESCE(NULLIF(${sql.identifier(column)} ->> ${input.language}, ''), ${sql.identifier(column)} ->> 'zh', '')`;
  const rows = await db.rows<NoticeReaderRow>(sql`SELECT id, kind, publish_time, start_time, end_time, target_level,
        ${pick('title')} AS title_text, ${pick('content')} AS content_text, count(*) OVER () AS total
      FROM notices WHERE ${where}
      ORDER BY start_time DESC, id DESC
      ${pageQuery(input)}`);
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : Number((await db.one<{ total: bigint }>(sql`SELECT count(*) AS total FROM notices WHERE ${where}`))!.total);
  return {
    total,
    list: rows.map((row) => ({
      noticeId: wireId(row.id),
      kind: row.kind,
      title: row.title_text,
      content: htmlToText(row.content_text),
      contentRich: row.content_text,
      publishTime: row.publish_time === null ? null : iso(row.publish_time),
      startTime: iso(row.start_time),
      endTime: iso(row.end_time),
      level: row.target_level,
    })),
  };
}

/** The site's notice, locked for the rest of the call when `lock` (a write). 20049 when there is none. */
async function noticeOf(ctx: CallContext, noticeId: string, lock = false): Promise<NoticeRecordRow> {
  const row = await ctx.db.one<NoticeRecordRow>(
    sql`SELECT ${noticeColumns} FROM notices WHERE site_id = ${ctx.site.id} AND kind <> 'game' AND id = ${noticeId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw new RpcError(ErrorCode.recordNotFound, { field: 'noticeId' });
  return row;
}

/** Takes the machine's answer for `action` on the notice now, or refuses as the machine says. */
async function act(ctx: CallContext, noticeId: string, action: NoticeAction) {
  const row = await noticeOf(ctx, noticeId, true);
  const before = noticeStatusNow(row, ctx.now);
  const answer = applyNoticeAction({ stored: row.status, startTime: row.start_time, endTime: row.end_time }, ctx.now, action);
  if ('refused' in answer) {
    if (answer.refused === 'ended') throw new RpcError(ErrorCode.illegalTime, { field: 'endTime', rule: 'ended' });
    throw new RpcError(ErrorCode.illegalOperation, { field: 'status', rule: before });
  }
  ctx.audit.targetId = wireId(row.id);
  ctx.audit.summary = `${action}_NOTICE ${row.id} ${localised(row.title, 'zh')}`.slice(0, 200);
  ctx.audit.changes = [{ field: 'noticeStatus', before, after: answer.status }];
  // Heard when the change commits: the marquee and the notice lists read again.
  await raiseLiveEvent(ctx.db, ctx.site.id, { kind: 'notices' });
  return { row, answer };
}

export const noticeHandlers = defineHandlers({
  'gw.credit.sn.notice.query': (ctx, params) =>
    currentNotices(ctx.db, { siteId: ctx.site.id, now: ctx.now, language: ctx.language, ...params }),

  'gw.credit.notice.layer.list': (ctx, params) =>
    currentNotices(ctx.db, {
      siteId: ctx.site.id,
      kind: 'site',
      now: ctx.now,
      language: ctx.language,
      level: ctx.session?.level,
      ...params,
    }),

  'gw.credit.notice.page': async (ctx, params) => {
    const conditions = [
      sql`site_id = ${ctx.site.id}`,
      sql`kind <> 'game'`,
      sql`start_time < ${params.endTime}::timestamptz`,
      sql`end_time >= ${params.startTime}::timestamptz`,
    ];
    if (params.status) conditions.push(statusCondition(params.status, ctx.now));
    if (params.kind) conditions.push(sql`kind = ${params.kind}`);
    if (params.level === 'none') conditions.push(sql`target_level IS NULL`);
    else if (params.level !== undefined) conditions.push(sql`target_level = ${params.level}`);
    const where = sql.join(conditions, sql` AND `);
    const count = await ctx.db.one<{ total: bigint }>(sql`SELECT count(*) AS total FROM notices WHERE ${where}`);
    const rows = await ctx.db.rows<NoticeRecordRow>(sql`SELECT ${noticeColumns} FROM notices WHERE ${where}
      ORDER BY id DESC ${pageQuery(params)}`);
    return { total: Number(count!.total), list: rows.map((row) => toNoticeRecord(row, ctx.now)) };
  },

  'gw.credit.notice.detail': async (ctx, params) => toNoticeRecord(await noticeOf(ctx, params.noticeId), ctx.now),

  'gw.credit.notice.add': async (ctx, params) => {
    const texts = cleanTexts(params.title, params.content);
    const row = await ctx.db.one<{ id: bigint }>(sql`INSERT INTO notices
        (site_id, kind, title, content, status, target_level, start_time, end_time, created_by, created_at, updated_at)
      VALUES (${ctx.site.id}, ${params.kind}, ${texts.title}::jsonb, ${texts.content}::jsonb, 'draft', ${params.level},
              ${params.startTime}::timestamptz, ${params.endTime}::timestamptz, ${ctx.session!.accountId}, ${ctx.now}, ${ctx.now})
      RETURNING id`);
    ctx.audit.targetId = wireId(row!.id);
    ctx.audit.summary = `ADD_NOTICE ${row!.id} ${params.title.zh}`.slice(0, 200);
    return { noticeId: wireId(row!.id), status: 'draft' as const };
  },

  'gw.credit.notice.update': async (ctx, params) => {
    const texts = cleanTexts(params.title, params.content);
    const { row, answer } = await act(ctx, params.noticeId, 'EDIT');
    await ctx.db.run(sql`UPDATE notices SET kind = ${params.kind}, title = ${texts.title}::jsonb, content = ${texts.content}::jsonb,
        target_level = ${params.level}, start_time = ${params.startTime}::timestamptz, end_time = ${params.endTime}::timestamptz,
        updated_at = ${ctx.now}
      WHERE id = ${row.id}`);
    ctx.audit.changes = [
      { field: 'startTime', before: iso(row.start_time), after: params.startTime },
      { field: 'endTime', before: iso(row.end_time), after: params.endTime },
      { field: 'level', before: row.target_level, after: params.level },
    ].filter((change) => change.before !== change.after);
    return { noticeId: wireId(row.id), status: answer.status };
  },

  'gw.credit.notice.publish': async (ctx, params) => {
    const { row, answer } = await act(ctx, params.noticeId, 'PUBLISH');
    await ctx.db.run(sql`UPDATE notices SET status = 'published', publish_time = ${ctx.now}, updated_at = ${ctx.now} WHERE id = ${row.id}`);
    return { noticeId: wireId(row.id), status: answer.status };
  },

  'gw.credit.notice.revoke': async (ctx, params) => {
    const { row, answer } = await act(ctx, params.noticeId, 'REVOKE');
    await ctx.db.run(sql`UPDATE notices SET status = 'draft', publish_time = NULL, updated_at = ${ctx.now} WHERE id = ${row.id}`);
    return { noticeId: wireId(row.id), status: answer.status };
  },

  'gw.credit.notice.delete': async (ctx, params) => {
    const { row, answer } = await act(ctx, params.noticeId, 'DELETE');
    await ctx.db.run(sql`DELETE FROM notices WHERE id = ${row.id}`);
    return { noticeId: wireId(row.id), status: answer.status };
  },
});
