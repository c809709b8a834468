import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, closeSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from '../kernel/db/sql';
import { appliedMigrations } from '../backup/pglite-backup';
import { dumpedMigrations, runPostgresTool } from '../backup/postgres-tools';
import { compareSchema, type SchemaComparison } from '../backup/schema-version';
import { loadConfig } from '../gateway/config';
import { openDatabase, type Database } from '../kernel/db/database';
import { migrate } from '../kernel/db/migrate';
import { pauseHttpPlatforms } from '../platform/site-platform.repository';

// `npm run restore -- <file>`: loads a backup of `npm run backup` into the empty database of
// `npm start` (DATABASE_URL, else DATA_DIR's PGlite folder, which must not exist yet or be empty).
// A backup of a newer schema is refused; an older one is migrated after the restore.
const source = process.argv[2];
if (!source || source.startsWith('-')) {
  console.error('Usage: npm run restore -- <file>');
  process.exit(2);
}
const file = resolve(source);
const config = loadConfig();
// The restored folder holds what the backup held (secrets included): this user's only.
process.umask(0o077);

/** One clear line and exit code 2: nothing was changed. */
function refuse(line: string): never {
  console.error(`Refused: ${line}`);
  process.exit(2);
}

/** Which kind of backup a file is, by its first bytes: pg_dump's custom format or PGlite's gzipped tarball. */
function backupKind(path: string): 'postgres' | 'pglite' | null {
  const head = Buffer.alloc(5);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  return head[0] === 0x1f && head[1] === 0x8b ? 'pglite' : null;
}

function refuseNewer(comparison: SchemaComparison): void {
  if (comparison.kind === 'newer') {
    refuse(
      `the backup's schema (${comparison.version}) is newer than this version of the product knows ` +
        `(${comparison.unknown.length} unknown migration(s)); restore it with the version that made it, or a later one.`,
    );
  }
}

/**
 * A restored copy still holds each site's live platform connection: it would read the live feed
 * and settle transfers against it. Every HTTP connection is paused until an operator resumes it.
 */
async function pausePlatforms(db: Database): Promise<void> {
  const paused = await pauseHttpPlatforms(db, new Date());
  if (paused.length === 0) return;
  const sites = paused.map((row) => `${row.site_id} (${row.url})`).join(', ');
  console.log(
    `Paused the game platform connection of ${paused.length} site(s): ${sites}. This copy calls no platform ` +
      `(no feed reads, no transfer repair, no pushes) until: npm run site -- platform <site> --resume`,
  );
}

/** Applies what an older backup lacks, and says so. */
async function migrateAfter(db: Database, comparison: SchemaComparison): Promise<void> {
  if (comparison.kind !== 'older') return;
  const applied = await migrate(db);
  console.log(`The backup's schema was ${comparison.version}: migrated ${applied.length} file(s) (${applied.join(', ')}).`);
}

async function restorePostgres(url: string): Promise<void> {
  const where = `PostgreSQL (${url.replace(/\/\/[^@/]*@/, '//***@')})`;
  if (backupKind(file) !== 'postgres') {
    refuse(`${file} is a PGlite backup; restore it without DATABASE_URL (into DATA_DIR), not into ${where}.`);
  }
  const db = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const tables = (await db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
    ))!.n;
    if (tables > 0) refuse(`${where} is not empty (${tables} tables and sequences); restore into a new database (createdb).`);
    const comparison = await compareSchema(await dumpedMigrations(file));
    if (comparison.version === 'none') refuse(`${file} holds no schema_migrations table: not a backup of this product.`);
    refuseNewer(comparison);
    console.log(`Restoring ${file} into ${where} with pg_restore (one transaction; schema ${comparison.version})…`);
    await runPostgresTool('pg_restore', url, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', file]);
    await migrateAfter(db, comparison);
    await pausePlatforms(db);
  } finally {
    await db.close();
  }
  console.log(`Restored into ${where}. Check it with: npm run ledger:check`);
}

async function restorePglite(): Promise<void> {
  const pgliteDir = join(config.dataDir, 'pglite');
  if (backupKind(file) !== 'pglite')
    refuse(`${file} is not a PGlite backup; a pg_dump backup restores into PostgreSQL (set DATABASE_URL).`);
  const existed = existsSync(pgliteDir);
  if (existed && readdirSync(pgliteDir).length > 0) {
    refuse(`${pgliteDir} is not empty; restore into a new DATA_DIR (or move that folder away first).`);
  }
  console.log(`Restoring ${file} into PGlite in ${pgliteDir}…`);
  mkdirSync(pgliteDir, { recursive: true, mode: 0o700 });
  let comparison: SchemaComparison;
  try {
    const db = await openDatabase({ kind: 'pglite', dataDir: pgliteDir, snapshot: new Blob([readFileSync(file)]) });
    try {
      comparison = await compareSchema(await appliedMigrations(db));
      if (comparison.kind !== 'newer' && comparison.version !== 'none') {
        await migrateAfter(db, comparison);
        await pausePlatforms(db);
      }
    } finally {
      await db.close();
    }
  } catch (error) {
    // The folder was empty or absent before: a restore that failed leaves nothing behind.
    rmSync(pgliteDir, { recursive: true, force: true });
    throw error;
  }
  if (comparison.kind === 'newer' || comparison.version === 'none') {
    rmSync(pgliteDir, { recursive: true, force: true });
    if (comparison.version === 'none') refuse(`${file} holds no schema_migrations table: not a backup of this product.`);
    refuseNewer(comparison);
  }
  console.log(`Restored into ${pgliteDir} (schema ${comparison.version}). Check it with: npm run ledger:check`);
}

if (!existsSync(file)) refuse(`${file} does not exist.`);
try {
  await (config.databaseUrl ? restorePostgres(config.databaseUrl) : restorePglite());
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
