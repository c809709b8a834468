import { sql } from './db/sql';
import { prepared, type Queryable } from './db/database';
import { siteFromRow, siteRowQuery, type Site, type SiteQueryInput, type SiteRow } from './site.repository';
import { hashToken, sessionRowQuery, type SessionRow } from './session.store';

export interface SiteWithSession {
  site: Site | null;
  /** When a token was given: the session row behind it on that site (undefined when none matched). */
  session?: { token: string; row: SessionRow | undefined };
}

/**
 * The site of a call and the session row behind its token in one statement: a call with a
 * session costs one round trip less before its work starts. The session row is only read
 * here; the dispatcher decides with it after the call's params are checked (sessionFromRow).
 */
export async function resolveSiteWithSession(db: Queryable, input: SiteQueryInput & { token: string }): Promise<SiteWithSession> {
  const row = await db.one<SiteRow & Partial<SessionRow>>(
    prepared(sql`WITH site AS (${siteRowQuery(input)})
      SELECT site.*, found.* FROM site
        LEFT JOIN LATERAL (${sessionRowQuery(hashToken(input.token), sql`site.id`)}) found ON true`),
  );
  if (!row) return { site: null };
  const session = row.token_hash ? (row as SessionRow) : undefined;
  return { site: siteFromRow(row), session: { token: input.token, row: session } };
}
