import { sql } from './sql';
import type { Database } from './database';

/** How often a running gateway on PGlite tidies its database, unless PGLITE_UPKEEP_MINUTES says otherwise. */
export const DEFAULT_UPKEEP_MINUTES = 10;

/** Tables smaller than this many pages are left alone (see tidyDatabase). */
export const MIN_TIDY_PAGES = 10;

/**
 * What autovacuum does for a PostgreSQL server, done by hand for PGlite, which runs PostgreSQL
 * in single-user mode where autovacuum never starts: without it the planner has no statistics
 * and every update of a hot row (a parent scored a thousand times) leaves an index entry behind
 * for each later lookup to step over. Requests wait while it runs, as they wait for any
 * statement: milliseconds on the demo data.
 *
 * Tables under MIN_TIDY_PAGES are skipped: once vacuumed or analyzed, an empty table is
 * planned as the tiny table it is, and a prepared statement keeps the sequential scan it was
 * planned with while the table grows (the request keys were read that way in a test run, at a
 * third of the speed). Never analyzed, a table counts as at least ten pages, and its keys are
 * read through their index. On a PostgreSQL server it does nothing: autovacuum is there.
 * Returns the tables it tidied.
 */
export async function tidyDatabase(db: Database): Promise<string[]> {
  if (db.kind !== 'pglite') return [];
  const tables = await db.rows<{ name: string }>(sql`SELECT c.relname AS name FROM pg_class c
    WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
      AND pg_relation_size(c.oid) >= ${MIN_TIDY_PAGES} * current_setting('block_size')::int
    ORDER BY c.relname`);
  if (tables.length === 0) return [];
  await db.run(
    sql`VACUUM (ANALYZE) ${sql.join(
      tables.map((table) => sql.identifier(table.name)),
      sql`, `,
    )}`,
  );
  return tables.map((table) => table.name);
}

/** Tidies now, then every `everyMs` (0: only now) until stopped. Failures go to `onError` and never stop the gateway. */
export async function startUpkeep(db: Database, everyMs: number, onError: (error: unknown) => void): Promise<() => void> {
  if (db.kind !== 'pglite') return () => undefined;
  await tidyDatabase(db).catch(onError);
  if (everyMs <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tidyDatabase(db)
      .catch(onError)
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
