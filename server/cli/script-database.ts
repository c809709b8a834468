import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../gateway/config';
import { openDatabase, type Database } from '../kernel/db/database';

/**
 * The database of `npm start`, for the operator's scripts (ledger:check, unlock): DATABASE_URL,
 * else the PGlite folder under DATA_DIR, which only one process may open (stop the server
 * first). Without either, says so and exits with 2.
 */
export async function openScriptDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<{ db: Database; where: string }> {
  const pgliteDir = join(config.dataDir, 'pglite');
  if (config.databaseUrl) {
    return {
      db: await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 }),
      where: `PostgreSQL (${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})`,
    };
  }
  if (!existsSync(pgliteDir)) {
    console.error(`No database: set DATABASE_URL, or DATA_DIR to a folder holding pglite/ (looked in ${pgliteDir}).`);
    process.exit(2);
  }
  return { db: await openDatabase({ kind: 'pglite', dataDir: pgliteDir }), where: `PGlite in ${pgliteDir}` };
}
