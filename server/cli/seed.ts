import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from '../kernel/db/sql';
import { systemClock } from '../kernel/clock';
import { loadConfig } from '../gateway/config';
import { openDatabase } from '../kernel/db/database';
import { migrate } from '../kernel/db/migrate';
import { seedDemo } from '../seed/demo.seed';
import { seedGameHistory } from '../seed/game-history.seed';
import { seedMembers } from '../seed/large-tree.seed';
import { finishRollupBackfill } from '../reports/rollup-rebuild';

// The same database as `npm start`:
//   npm run seed -- --members 100000 [--agent ag01010101] [--site demo]   a large tree
//   npm run seed -- --bets 10000000 [--days 90] [--site demo]             a play history
// Without either, --members 100000.
const { values } = parseArgs({
  options: {
    members: { type: 'string' },
    agent: { type: 'string', default: 'ag01010101' },
    site: { type: 'string', default: 'demo' },
    bets: { type: 'string' },
    days: { type: 'string', default: '90' },
    seed: { type: 'string', default: 'history' },
  },
});

function wholeNumber(name: string, text: string | undefined, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`--${name} must be a whole number from 1 to ${max}`);
    process.exit(2);
  }
  return value;
}
const members =
  values.members === undefined && values.bets !== undefined ? 0 : wholeNumber('members', values.members ?? '100000', 2_000_000);
const bets = values.bets === undefined ? 0 : wholeNumber('bets', values.bets, 100_000_000);
const days = wholeNumber('days', values.days, 366);
const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const db = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: join(config.dataDir, 'pglite') });
const started = Date.now();
await migrate(db);
await finishRollupBackfill(db);
// The demo sites first on an empty database, where the demo is asked for (DEMO, as npm start).
if (config.demo) await seedDemo(db, systemClock.now());
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
if (members > 0) {
  await seedMembers(db, { siteId: values.site!, agentLoginId: values.agent!, count: members, now: systemClock.now() });
  console.log(`Added ${members} members under ${values.agent} on site ${values.site} in ${seconds()} s.`);
}
if (bets > 0) {
  if (!(await db.one(sql`SELECT 1 FROM sites WHERE id = ${values.site!}`))) {
    console.error(`There is no site ${values.site}.`);
    await db.close();
    process.exit(2);
  }
  const stored = await seedGameHistory(db, {
    siteId: values.site!,
    days,
    bets,
    now: systemClock.now(),
    seed: values.seed!,
    kind: 'B',
    ...(db.kind === 'postgres' ? { roundsBeside: db } : {}),
    progress: (day, total) => process.stdout.write(`\r  day ${day + 1} of ${days + 1}: ${total} bets, ${seconds()} s `),
  });
  console.log(
    stored === 0
      ? `\nSite ${values.site} already has its bulk history: nothing added.`
      : `\nAdded ${stored} bets of ${days} days' play on site ${values.site} in ${seconds()} s.`,
  );
}
await db.close();
