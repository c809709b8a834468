import { sql } from '../kernel/db/sql';
import type { Suggestion, SuggestionStatus } from '../../contract/suggestion.contract';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';
import type { PlatformSuggestion } from '../platform/game-platform';
import { wireId } from '../kernel/db/ids';

/** A suggestions row as the database answers it: a member's suggestion or complaint, and the line's answer. */
export interface SuggestionRow {
  id: bigint;
  site_id: string;
  /** The platform's id of it: read twice, stored once. */
  platform_id: string;
  member_id: bigint;
  kind: Suggestion['kind'];
  title: string;
  content: string;
  device: Suggestion['device'];
  sent_at: Date | string;
  received_at: Date | string;
  status: SuggestionStatus;
  reply: string | null;
  replied_by: bigint | null;
  replied_at: Date | string | null;
  replied_by_login: string | null;
}

/** A suggestion as the back office lists it: its member's login and whether the platform has the answer (suggestionListColumns). */
export type SuggestionListRow = Pick<
  SuggestionRow,
  'id' | 'member_id' | 'kind' | 'title' | 'content' | 'device' | 'sent_at' | 'status' | 'reply' | 'replied_by_login' | 'replied_at'
> & { login_id: string; delivered: boolean };

/** The columns of a SuggestionListRow, from suggestions `s` joined to its member `m`. */
export const suggestionListColumns = sql`s.id, s.member_id, m.login_id, s.kind, s.title, s.content, s.device, s.sent_at, s.status, s.reply,
  s.replied_by_login, s.replied_at,
  (s.reply IS NOT NULL AND NOT EXISTS (SELECT 1 FROM platform_pushes p
     WHERE p.site_id = s.site_id AND p.subject = 'reply' AND p.account_id = s.id)) AS delivered`;

export function toSuggestion(row: SuggestionListRow): Suggestion {
  return {
    suggestionId: wireId(row.id),
    userId: wireId(row.member_id),
    loginId: row.login_id,
    kind: row.kind,
    title: row.title,
    content: row.content,
    device: row.device,
    sentAt: iso(row.sent_at),
    status: row.status,
    reply: row.reply,
    repliedBy: row.replied_by_login,
    repliedAt: row.replied_at === null ? null : iso(row.replied_at),
    delivered: row.delivered,
  };
}

/** An answered suggestion as the platform is told it (selected WHERE reply IS NOT NULL). */
export type AnsweredSuggestionRow = Pick<SuggestionRow, 'platform_id' | 'member_id'> & { reply: string; replied_at: Date | string };

/**
 * Keeps members' suggestions and complaints read from the platform's feed: once per platform id
 * whatever is read twice, and only a member of the site (a stray id is left out, not an error:
 * the feed must go on). Answers how many were new.
 */
export async function storeSuggestions(db: Queryable, siteId: string, suggestions: readonly PlatformSuggestion[], now: Date) {
  if (suggestions.length === 0) return 0;
  const rows = JSON.stringify(
    suggestions.map((s) => ({
      platform_id: s.suggestionId,
      member_id: s.memberId,
      kind: s.kind,
      title: s.title,
      content: s.content,
      device: s.device,
      sent_at: s.sentAt.toISOString(),
    })),
  );
  return db.run(sql`INSERT INTO suggestions (site_id, platform_id, member_id, kind, title, content, device, sent_at, received_at)
    SELECT ${siteId}, r.platform_id, a.id, r.kind, r.title, r.content, r.device, r.sent_at, ${now}
      FROM jsonb_to_recordset(${rows}::jsonb) AS r (platform_id text, member_id bigint, kind text, title text, content text,
           device text, sent_at timestamptz)
      JOIN accounts a ON a.id = r.member_id AND a.site_id = ${siteId} AND a.level = 5 AND a.kind = 'tree'
    ON CONFLICT (site_id, platform_id) DO NOTHING`);
}
