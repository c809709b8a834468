import { sql } from '../kernel/db/sql';
import type { NoticeKind, StoredNoticeStatus } from '../../contract/notice.contract';
import { noticeStatusOf } from '../../machines/notice-lifecycle.machine';
import { iso } from '../kernel/db/timestamps';
import { wireId } from '../kernel/db/ids';

/** A notices row as the database answers it: site and app notices, and game notices (kind 'game'). */
export interface NoticeRow {
  id: bigint;
  site_id: string;
  kind: NoticeKind | 'game';
  /** Texts by language (jsonb). */
  title: Record<string, string>;
  content: Record<string, string>;
  status: StoredNoticeStatus;
  target_level: number | null;
  publish_time: Date | string | null;
  start_time: Date | string;
  end_time: Date | string;
  created_by: bigint | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Game notices only: the games named (null or empty: every game). */
  game_codes: string[] | null;
}

/** A site or app notice as the back office edits it (noticeColumns). */
export type NoticeRecordRow = Pick<
  NoticeRow,
  'id' | 'status' | 'title' | 'content' | 'publish_time' | 'start_time' | 'end_time' | 'target_level' | 'updated_at'
> & { kind: NoticeKind };

export const noticeColumns = sql`id, kind, status, title, content, publish_time, start_time, end_time, target_level, updated_at`;

/** A notice as a reader gets it: its texts in the reader's language, and the total of the page's query beside each row. */
export type NoticeReaderRow = Pick<NoticeRecordRow, 'id' | 'kind' | 'publish_time' | 'start_time' | 'end_time' | 'target_level'> & {
  title_text: string;
  content_text: string;
  total: bigint;
};

/** A game notice as the back office lists it. */
export type GameNoticeRow = Pick<NoticeRow, 'id' | 'title' | 'content' | 'game_codes' | 'start_time' | 'end_time' | 'updated_at'>;

/** The notice's status now: the stored one, or where its window puts a published notice. */
export const noticeStatusNow = (row: Pick<NoticeRow, 'status' | 'start_time' | 'end_time'>, now: Date) =>
  noticeStatusOf({ stored: row.status, startTime: row.start_time, endTime: row.end_time }, now);

export function toNoticeRecord(row: NoticeRecordRow, now: Date) {
  return {
    noticeId: wireId(row.id),
    kind: row.kind,
    status: noticeStatusNow(row, now),
    title: row.title,
    content: row.content,
    startTime: iso(row.start_time),
    endTime: iso(row.end_time),
    level: row.target_level,
    publishTime: row.publish_time === null ? null : iso(row.publish_time),
    updatedAt: iso(row.updated_at),
  };
}
