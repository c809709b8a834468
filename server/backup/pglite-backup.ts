import { sql } from '../kernel/db/sql';
import { pgliteConnectionOf, pgliteOf, type Database } from '../kernel/db/database';
import { versionOf } from './schema-version';

/** Names of the migrations a database has applied (none when it was never migrated). */
export async function appliedMigrations(db: Database): Promise<string[]> {
  const table = await db.one<{ name: string | null }>(sql`SELECT to_regclass('schema_migrations')::text AS name`);
  if (!table?.name) return [];
  return (await db.rows<{ name: string }>(sql`SELECT name FROM schema_migrations ORDER BY name`)).map((row) => row.name);
}

/**
 * A consistent backup of an embedded PGlite database, taken in the process that holds it: a
 * gzipped tarball of its data folder (PGlite's dumpDataDir), read while no statement runs. A
 * transaction open at that moment is not in it (the restored database starts as after a crash:
 * committed work only).
 */
export async function dumpPglite(db: Database): Promise<{ tarball: Blob; version: string }> {
  const pglite = pgliteOf(db);
  const connection = pgliteConnectionOf(db);
  if (!pglite || !connection) throw new Error('not an embedded PGlite database');
  // Written out first, so the restored copy has little to replay.
  await db.run(sql`CHECKPOINT`);
  const version = versionOf(await appliedMigrations(db));
  const tarball = await connection.exclusive(() => pglite.dumpDataDir('gzip'));
  return { tarball, version };
}
