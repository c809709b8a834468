import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { sql } from '../kernel/db/sql';
import { localUrl, newBackupToken, publishBackupEndpoint } from '../backup/backup-endpoint';
import { systemClock } from '../kernel/clock';
import { loadConfig } from '../gateway/config';
import { openDatabase } from '../kernel/db/database';
import { migrate } from '../kernel/db/migrate';
import { loadSecretsKey, SecretsKeyRefusal, useSecretsKey, type LoadedSecretsKey } from '../kernel/secrets-key';
import { sealStoredSecrets } from '../kernel/stored-secrets';
import { startUpkeep } from '../kernel/db/pglite-upkeep';
import { initIpRegions } from '../geo/ip-region';
import { buildApp, startDraining } from '../gateway/http/app';
import { terminalLogStream } from '../gateway/http/terminal-log';
import { finishRollupBackfill } from '../reports/rollup-rebuild';
import { historyStart, seedGameHistory } from '../seed/game-history.seed';
import { simulatorPlatform } from '../simulator/simulator-platform';
import { startSimulator } from '../simulator/simulator-runtime';
import { demoLogins, demoSites, demoSubAccounts, demoTreeLogins, seedDemo } from '../seed/demo.seed';
import { listSites } from '../sites/site-admin.service';
import { startBanner } from './start-banner';
import { buildWeb, webBuildNeeded, webRoot } from './web-build';
import { simulatorBackOffice } from '../gateway/simulator-back-office';

const started = Date.now();
const config = loadConfig();

// The key that seals the database's secrets, before the database is opened: without it (or with
// a malformed one) nothing starts. The database's own values are checked against it below.
let secretsKey: LoadedSecretsKey;
try {
  secretsKey = loadSecretsKey(process.env, config);
} catch (error) {
  if (!(error instanceof SecretsKeyRefusal)) throw error;
  console.error(error.message);
  process.exit(1);
}
useSecretsKey(secretsKey.key);

if (!config.captcha) console.warn('WARNING: CAPTCHA=off — sign-in skips the captcha. Never run a real site like this.');

let dbLabel: string;
if (config.databaseUrl) {
  dbLabel = `PostgreSQL (${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})`;
} else {
  mkdirSync(config.dataDir, { recursive: true });
  dbLabel = `embedded PGlite in ${join(config.dataDir, 'pglite')}`;
}
const db = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, onServer: (server) => console.log(`Database server: ${server}`) })
  : await openDatabase({ kind: 'pglite', dataDir: join(config.dataDir, 'pglite') });

// Reports read from their own connection when REPORT_DATABASE_URL names one (a streaming replica).
const reportDb = config.reportDatabaseUrl
  ? await openDatabase({
      kind: 'postgres',
      url: config.reportDatabaseUrl,
      onServer: (server) => console.log(`Report database server: ${server}`),
    })
  : undefined;

const running: {
  app?: Awaited<ReturnType<typeof buildApp>>;
  stopUpkeep?: () => void;
  stopSimulator?: () => Promise<void>;
  withdrawBackup?: () => void;
} = {};
let stopping = false;
// Registered before the port opens, so a Ctrl+C at any moment from here stops cleanly.
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  // A process manager's or a rolling upgrade's stop drains first; Ctrl+C at a terminal stops at once.
  if (signal === 'SIGTERM' && running.app && config.drainSeconds > 0) {
    console.log(`\n${signal}: draining for ${config.drainSeconds} s (health answers 503), then stopping…`);
    startDraining(running.app);
    await sleep(config.drainSeconds * 1000);
  } else {
    console.log(`\n${signal}: stopping…`);
  }
  running.withdrawBackup?.();
  running.stopUpkeep?.();
  await running.stopSimulator?.();
  await running.app?.close();
  await reportDb?.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

const applied = await migrate(db);
if (applied.length > 0) console.log(`Migrated: ${applied.join(', ')}`);
if (secretsKey.created)
  console.log(`Made the demo's secrets key in ${secretsKey.created} (fit for the demo only: docs/operations.md, "Secrets key").`);
try {
  const sealed = await sealStoredSecrets(db);
  if (sealed > 0)
    console.log(`Stored secrets sealed with the secrets key ${secretsKey.key.id}: ${sealed} (made, or stored in clear before).`);
} catch (error) {
  if (!(error instanceof SecretsKeyRefusal)) throw error;
  console.error(`Refused to start: ${error.message}`);
  await reportDb?.close();
  await db.close();
  process.exit(1);
}
// Built once the key and the database are known good: a refused start never waits for it.
let buildWarnings: string[] = [];
if (webBuildNeeded()) {
  console.log('Building the web app…');
  buildWarnings = await buildWeb();
}
const backfilled = await finishRollupBackfill(db);
if (backfilled > 0) console.log(`Counted the bets stored before the report rollups into them (${backfilled} site days).`);
// The demo only where asked (config.demo): a real site's database never gets known passwords.
// A few days of play, so the bet, result and report screens have data from the first start; the
// demo's own accounts and points come an hour before it, so the ledger reads in time order.
const history = { days: 3, now: systemClock.now(), seed: 'demo' };
const seeded = config.demo && (await seedDemo(db, new Date(historyStart(history.now, history.days) - 3_600_000)));
if (seeded) {
  const busyAgent = { loginId: demoTreeLogins[3].loginId, members: 20 };
  const bets =
    (await seedGameHistory(db, { ...history, siteId: 'demo', members: 60, busyAgent })) +
    (await seedGameHistory(db, { ...history, siteId: 'demo2', members: 20 }));
  console.log(`Seeded the demo sites (${bets} bets of play history).`);
}
const sites = await listSites(db);
const demoPresent = config.demo && (await db.one(sql`SELECT 1 FROM sites WHERE id = ${demoSites[0]!.id}`)) !== undefined;
running.stopUpkeep = await startUpkeep(db, config.pgliteUpkeepMinutes * 60_000, (error) => console.error('Database upkeep failed:', error));
initIpRegions();

// PGlite: only this process may open the folder, so `npm run backup` reads it through here (backup-endpoint.ts).
const backupToken = config.databaseUrl ? undefined : newBackupToken();
const app = await buildApp({
  db,
  clock: systemClock,
  config,
  connectionLimits: { maxPerAddress: config.maxConnectionsPerAddress },
  webRoot,
  // A terminal gets one short line per call; anything else (a file, a collector) the JSON lines.
  ...(process.stdout.isTTY ? { logStream: terminalLogStream(process.stdout) } : {}),
  ...(reportDb ? { reportDb } : {}),
  ...(backupToken ? { backupToken } : {}),
});
running.app = app;
await app.listen({ port: config.port, host: config.host });
// The embedded game platform: demo members play while the office runs (one process at a time holds its lease).
// It plays every site of the database, so only where the demo is: never on a database of real sites only.
if (demoPresent) {
  running.stopSimulator = startSimulator(
    db,
    {
      seed: config.simSeed,
      rate: config.simRate,
      holder: `${hostname()}:${process.pid}:${randomUUID()}`,
      platformFor: simulatorPlatform,
      backOffice: simulatorBackOffice,
    },
    systemClock,
    (error) => console.error('Game simulator failed:', error),
  );
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
if (backupToken) {
  running.withdrawBackup = publishBackupEndpoint(config.dataDir, {
    pid: process.pid,
    url: localUrl(config.host, port),
    token: backupToken,
  });
}

const games = !demoPresent
  ? `no demo play (${config.demo ? 'no demo site in this database' : 'DEMO=off'}; SIM_RATE only matters where the demo plays)`
  : config.simRate > 0
    ? `demo members play (SIM_RATE=${config.simRate} a site and minute)`
    : 'nobody plays (SIM_RATE=0)';
console.log(
  `\n${startBanner({
    seconds: (Date.now() - started) / 1000,
    port,
    database: dbLabel,
    games,
    demo: demoPresent
      ? {
          logins: demoLogins(port),
          agents: demoTreeLogins.map((login) => login.loginId),
          subAccounts: demoSubAccounts.map((sub) => `${sub.loginId} (${sub.main}, codes ${sub.codes.join(',')})`),
        }
      : null,
    sites,
    buildWarnings,
  }).join('\n')}`,
);
