import { sql, type SQL } from '../kernel/db/sql';
import type { Queryable } from '../kernel/db/database';
import { openSecret } from '../kernel/secrets-key';
import { platformSecretContext } from '../kernel/stored-secrets';

/**
 * How a site reaches its game platform (site_platforms, migrations 0042 and 0045): the embedded
 * simulator, or a platform's HTTP API at `url` signed with `key_id` and `secret`. A site without
 * a row uses the embedded one. The secret is never answered by any method nor listed, and is stored
 * sealed (kernel/secrets-key.ts, migration 0065): `secret` the newest, `secret_old` the one a
 * rotation replaces (accepted on the platform's calls until the rotation ends).
 */
export interface SitePlatformRow {
  site_id: string;
  kind: 'embedded' | 'http';
  url: string | null;
  key_id: string | null;
  /** Sealed. */
  secret: string | null;
  /** Sealed; set only during a rotation (since `rotated_at`). */
  secret_old: string | null;
  rotated_at: Date | string | null;
  updated_at: Date | string;
}

/** A site's connection over HTTP (its newest secret, opened), or null for the embedded platform. */
export type HttpConnection = { baseUrl: string; keyId: string; secret: string };

export function httpConnectionOf(
  row: Pick<SitePlatformRow, 'site_id' | 'kind' | 'url' | 'key_id' | 'secret'> | undefined,
): HttpConnection | null {
  if (row?.kind !== 'http' || !row.url || !row.key_id || !row.secret) return null;
  return { baseUrl: row.url, keyId: row.key_id, secret: openSecret(row.secret, platformSecretContext(row.site_id)) };
}

/** A site's HTTP connection and whether it is paused (after a restore), or null for the embedded platform. */
export async function sitePlatformConnection(db: Queryable, siteId: string): Promise<(HttpConnection & { paused: boolean }) | null> {
  const row = await db.one<Pick<SitePlatformRow, 'site_id' | 'kind' | 'url' | 'key_id' | 'secret'> & { paused: boolean }>(
    sql`SELECT site_id, kind, url, key_id, secret, paused_at IS NOT NULL AS paused FROM site_platforms WHERE site_id = ${siteId}`,
  );
  const connection = httpConnectionOf(row);
  return connection && { ...connection, paused: row!.paused };
}

/** SQL true when the site (a column of the caller's query) has an HTTP platform paused after a restore: its background calls are skipped. */
export const platformPausedSql = (siteIdColumn: SQL) =>
  sql`EXISTS (SELECT FROM site_platforms pp WHERE pp.site_id = ${siteIdColumn} AND pp.paused_at IS NOT NULL)`;

/**
 * Pauses every HTTP platform connection (`npm run restore`: a copy must not call the live
 * platform). Answers the sites paused, with their URLs.
 */
export function pauseHttpPlatforms(db: Queryable, at: Date) {
  return db.rows<{ site_id: string; url: string }>(sql`UPDATE site_platforms SET paused_at = ${at}
    WHERE kind = 'http' AND paused_at IS NULL RETURNING site_id, url`);
}

/**
 * The site an HTTP platform's key id signs for (key_id is unique across sites), whether the site is
 * switched off, and its secrets, opened: the newest first, then during a rotation the old one.
 */
export async function siteOfPlatformKey(
  db: Queryable,
  keyId: string,
): Promise<{ site_id: string; disabled: boolean; secrets: string[] } | undefined> {
  const row = await db.one<Pick<SitePlatformRow, 'site_id' | 'secret_old'> & { secret: string; disabled: boolean }>(sql`
    SELECT p.site_id, p.secret, p.secret_old, s.disabled FROM site_platforms p JOIN sites s ON s.id = p.site_id
     WHERE p.key_id = ${keyId} AND p.kind = 'http'`);
  if (!row) return undefined;
  const context = platformSecretContext(row.site_id);
  const secrets = [row.secret, ...(row.secret_old === null ? [] : [row.secret_old])].map((stored) => openSecret(stored, context));
  return { site_id: row.site_id, disabled: row.disabled, secrets };
}

/** The sites on an HTTP platform not paused, in order: each has a feed of its own to read (games/feed-ingest.ts). */
export async function httpPlatformSiteIds(db: Queryable): Promise<string[]> {
  const rows = await db.rows<{ site_id: string }>(
    sql`SELECT site_id FROM site_platforms WHERE kind = 'http' AND paused_at IS NULL ORDER BY site_id`,
  );
  return rows.map((row) => row.site_id);
}

/**
 * A call the site's HTTP platform answered (site_platform_calls, migration 0048). Never moves the
 * time back, so two processes writing out of order keep the later one.
 */
export async function recordPlatformSuccess(db: Queryable, siteId: string, at: Date): Promise<void> {
  await db.run(sql`INSERT INTO site_platform_calls (site_id, last_success_at) VALUES (${siteId}, ${at})
    ON CONFLICT (site_id) DO UPDATE SET last_success_at = GREATEST(site_platform_calls.last_success_at, EXCLUDED.last_success_at),
      failures_in_row = 0`);
}

/** A call the site's HTTP platform gave no answer to (migration 0054): one more in a row, and why. */
export async function recordPlatformFailure(db: Queryable, siteId: string, at: Date, cause: string): Promise<void> {
  await db.run(sql`INSERT INTO site_platform_calls (site_id, failures_in_row, last_failure_at, last_failure)
    VALUES (${siteId}, 1, ${at}, ${cause.slice(0, 200)})
    ON CONFLICT (site_id) DO UPDATE SET failures_in_row = site_platform_calls.failures_in_row + 1,
      last_failure_at = EXCLUDED.last_failure_at, last_failure = EXCLUDED.last_failure`);
}

/** One more of the platform's requests refused for its signature, on the counter of its site and minute (migration 0048). */
export async function recordSignatureRefusal(db: Queryable, siteId: string, at: Date): Promise<void> {
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  await db.run(sql`INSERT INTO platform_signature_refusals (site_id, minute, refusals) VALUES (${siteId}, ${minute}, 1)
    ON CONFLICT (site_id, minute) DO UPDATE SET refusals = platform_signature_refusals.refusals + 1`);
}

/** Drops the refusal counters older than `before` (only the last hour is ever answered). */
export async function purgeSignatureRefusals(db: Queryable, before: Date): Promise<void> {
  await db.run(sql`DELETE FROM platform_signature_refusals WHERE minute < ${before}`);
}
