import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';

/**
 * How a site reaches its game platform (site_platforms, migrations 0042 and 0045): the embedded
 * simulator, or a platform's HTTP API at `url` signed with `key_id` and `secret`. A site without
 * a row uses the embedded one. The secret is never answered by any method nor listed.
 */
export interface SitePlatformRow {
  site_id: string;
  kind: 'embedded' | 'http';
  url: string | null;
  key_id: string | null;
  secret: string | null;
  updated_at: Date | string;
}

/** A site's connection over HTTP, or null for the embedded platform. */
export type HttpConnection = { baseUrl: string; keyId: string; secret: string };

export function httpConnectionOf(row: Pick<SitePlatformRow, 'kind' | 'url' | 'key_id' | 'secret'> | undefined): HttpConnection | null {
  if (row?.kind !== 'http' || !row.url || !row.key_id || !row.secret) return null;
  return { baseUrl: row.url, keyId: row.key_id, secret: row.secret };
}

export async function sitePlatformConnection(db: Queryable, siteId: string): Promise<HttpConnection | null> {
  return httpConnectionOf(
    await db.one<Pick<SitePlatformRow, 'kind' | 'url' | 'key_id' | 'secret'>>(
      sql`SELECT kind, url, key_id, secret FROM site_platforms WHERE site_id = ${siteId}`,
    ),
  );
}

/** The site an HTTP platform's key id signs for (key_id is unique across sites), with its secret and whether the site is switched off. */
export function siteOfPlatformKey(db: Queryable, keyId: string) {
  return db.one<Pick<SitePlatformRow, 'site_id'> & { secret: string; disabled: boolean }>(sql`
    SELECT p.site_id, p.secret, s.disabled FROM site_platforms p JOIN sites s ON s.id = p.site_id
     WHERE p.key_id = ${keyId} AND p.kind = 'http'`);
}
