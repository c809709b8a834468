import { sql } from '../kernel/db/sql';
import type { Queryable } from '../kernel/db/database';
import type { jobKinds } from '../../contract/job.contract';

type JobKind = (typeof jobKinds)[number];

/** How long a file is kept in the database: 24 hours (docs/product.md#exports-and-files). */
export const FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface StoredFile {
  name: string;
  contentType: string;
  bytes: Buffer;
  /**
   * The job that wrote it, whose method's rights are checked again on every download. Null for
   * a watched list's file: a company main account makes it, and only it reads it (no clerk).
   */
  job: { kind: JobKind; params: unknown } | null;
}

/**
 * Keeps a file for its owner for 24 hours. Expired files are swept here, while writing a new
 * one anyway: no timer, and the table never holds more than a day of exports.
 */
export async function insertFile(
  db: Queryable,
  input: { siteId: string; ownerId: string; name: string; contentType: string; bytes: Buffer; now: Date },
): Promise<string> {
  await db.run(sql`DELETE FROM files WHERE expires_at <= ${input.now}`);
  const row = await db.one<{
    id: bigint;
  }>(sql`INSERT INTO files (site_id, owner_id, name, content_type, bytes, created_at, expires_at)
    VALUES (${input.siteId}, ${input.ownerId}, ${input.name}, ${input.contentType}, ${input.bytes}, ${input.now},
            ${new Date(input.now.getTime() + FILE_LIFETIME_MS)})
    RETURNING id`);
  return String(row!.id);
}

/** A file of this site made by this account and not yet expired; anyone else's is not found. */
export async function findOwnFile(
  db: Queryable,
  input: { siteId: string; ownerId: string; subAccountId: string | null; fileId: string; now: Date },
): Promise<StoredFile | undefined> {
  // A sub-account downloads only what its own job made (as job.get shows it only its own jobs).
  const own =
    input.subAccountId === null
      ? sql``
      : sql`AND EXISTS (SELECT 1 FROM jobs j WHERE j.file_id = f.id AND j.sub_account_id = ${input.subAccountId})`;
  const row = await db.one<{ name: string; content_type: string; bytes: Buffer | Uint8Array; kind: JobKind | null; params: unknown }>(sql`
    SELECT f.name, f.content_type, f.bytes, j.kind, j.params
      FROM files f LEFT JOIN jobs j ON j.file_id = f.id
     WHERE f.id = ${input.fileId} AND f.site_id = ${input.siteId} AND f.owner_id = ${input.ownerId}
       AND f.expires_at > ${input.now} ${own}`);
  if (!row) return undefined;
  const job = row.kind === null ? null : { kind: row.kind, params: row.params };
  return { name: row.name, contentType: row.content_type, bytes: Buffer.from(row.bytes), job };
}
