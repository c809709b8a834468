import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemo } from './seed/demo.seed';
import { seedMembers } from './seed/large-tree.seed';

// `npm run seed -- --members 100000 [--agent ag01010101] [--site demo]`: the same database as `npm start`.
const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    agent: { type: 'string', default: 'ag01010101' },
    site: { type: 'string', default: 'demo' },
  },
});
const count = Number(values.members);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error('--members must be a whole number from 1 to 2000000');
  process.exit(2);
}
const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const db = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: join(config.dataDir, 'pglite') });
const started = Date.now();
await migrate(db);
await seedDemo(db, systemClock.now());
await seedMembers(db, { siteId: values.site!, agentLoginId: values.agent!, count, now: systemClock.now() });
console.log(`Added ${count} members under ${values.agent} on site ${values.site} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
await db.close();
