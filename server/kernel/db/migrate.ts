import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any fixed number: gateway processes starting together on one server wait on this lock.
const MIGRATION_LOCK = 7_301_001;

/** The committed migrations' file names, in order: the schema versions this code knows (a backup is compared with them). */
export async function migrationNames(): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Applies the committed SQL migrations in order, once each. Each file and its
 * schema_migrations row commit together, under an advisory lock held by that transaction.
 */
export async function migrate(db: Database): Promise<string[]> {
  const files = await migrationNames();
  await db.runScript(`
    SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
    CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
  `);
  const applied: string[] = [];
  for (const file of files) {
    if (!/^[0-9]{4}_[a-z0-9_]+\.sql$/.test(file)) throw new Error(`bad migration name ${file}`);
    const text = await readFile(migrationsDir + file, 'utf8');
    const name = file.replace(/'/g, "''");
    // The guard re-checks under the lock, so a file applied by another process meanwhile is skipped.
    await db
      .runScript(
        `
      SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
      DO $migration$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${name}') THEN
          RAISE EXCEPTION 'already-applied' USING ERRCODE = 'P0001';
        END IF;
      END $migration$;
      ${text}
      INSERT INTO schema_migrations (name) VALUES ('${name}');
    `,
      )
      .then(
        () => applied.push(file),
        (error: unknown) => {
          if (!(error instanceof Error && error.message.includes('already-applied'))) throw error;
        },
      );
  }
  return applied;
}
