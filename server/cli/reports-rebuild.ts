import { sql } from '../kernel/db/sql';
import { parseArgs } from 'node:util';
import { loadConfig } from '../gateway/config';
import { openScriptDatabase } from './script-database';
import { rebuildRollupDays } from '../reports/rollup-rebuild';

// `npm run reports:rebuild -- --day 2026-11-20 [--days 7] [--site demo]`: the report rollups of
// Beijing days recounted from the bets, in the database of `npm start` (openScriptDatabase).
const usage = 'Usage: npm run reports:rebuild -- --day YYYY-MM-DD [--days N] [--site SITE]';
let values: { day?: string; days?: string; site?: string };
try {
  ({ values } = parseArgs({ options: { day: { type: 'string' }, days: { type: 'string' }, site: { type: 'string' } } }));
} catch {
  console.error(usage);
  process.exit(2);
}
const count = Number(values.days ?? '1');
if (
  !values.day ||
  !/^\d{4}-\d{2}-\d{2}$/.test(values.day) ||
  Number.isNaN(Date.parse(values.day)) ||
  !Number.isInteger(count) ||
  count < 1 ||
  count > 400
) {
  console.error(usage);
  process.exit(2);
}
const first = Date.parse(`${values.day}T00:00:00Z`);
const days = Array.from({ length: count }, (_, i) => new Date(first + i * 86_400_000).toISOString().slice(0, 10));
const { db, where } = await openScriptDatabase(loadConfig());
try {
  if (values.site !== undefined && !(await db.one(sql`SELECT 1 FROM sites WHERE id = ${values.site}`))) {
    console.error(`No site ${values.site} in ${where}.`);
    process.exitCode = 2;
  } else {
    const counted = await rebuildRollupDays(db, days, values.site);
    for (const row of counted) console.log(`  ${row.siteId} ${row.day}: ${row.bets} settled bets`);
    console.log(`Rebuilt the report rollups of ${days.length} day(s) in ${where}.`);
  }
} finally {
  await db.close();
}
