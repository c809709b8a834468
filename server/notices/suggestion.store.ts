import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { PlatformSuggestion } from '../games/game-platform';

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
