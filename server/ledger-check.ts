import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { checkLedger, formatLedgerReport } from './points/ledger-check';

// `npm run ledger:check [-- --site demo]`: the database of `npm start` (DATABASE_URL, else the
// PGlite folder under DATA_DIR, which only one process may open: stop the server first).
const { values } = parseArgs({ options: { site: { type: 'string' } } });
const config = loadConfig();
const pgliteDir = join(config.dataDir, 'pglite');
if (!config.databaseUrl && !existsSync(pgliteDir)) {
  console.error(`No database: set DATABASE_URL, or DATA_DIR to a folder holding pglite/ (looked in ${pgliteDir}).`);
  process.exit(2);
}
const db = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 })
  : await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
const where = config.databaseUrl ? `PostgreSQL (${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})` : `PGlite in ${pgliteDir}`;
console.log(`Ledger check of ${values.site ? `site ${values.site}` : 'every site'} in ${where}`);
try {
  const report = await checkLedger(db, values.site === undefined ? {} : { siteId: values.site });
  for (const line of formatLedgerReport(report)) console.log(line);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await db.close();
}
