import { parseArgs } from 'node:util';
import { loadConfig } from '../gateway/config';
import { openScriptDatabase } from './script-database';
import { checkLedger, formatLedgerReport } from '../points/ledger-check';

// `npm run ledger:check [-- --site demo]`: the database of `npm start` (openScriptDatabase).
const { values } = parseArgs({ options: { site: { type: 'string' } } });
const { db, where } = await openScriptDatabase(loadConfig());
console.log(`Ledger check of ${values.site ? `site ${values.site}` : 'every site'} in ${where}`);
try {
  const report = await checkLedger(db, values.site === undefined ? {} : { siteId: values.site });
  for (const line of formatLedgerReport(report)) console.log(line);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await db.close();
}
