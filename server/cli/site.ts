import { systemClock } from '../kernel/clock';
import { loadConfig } from '../gateway/config';
import { openScriptDatabase } from './script-database';
import { sitePlatforms } from '../games/site-platforms';
import { simulatorPlatform } from '../simulator/simulator-platform';
import { runSiteCommand } from '../sites/site-command';
import { loadSecretsKey, SecretsKeyRefusal, useSecretsKey } from '../kernel/secrets-key';

const config = loadConfig();
try {
  // The gateway's key (docs/operations.md, "Secrets key"): a platform secret is stored sealed with it.
  useSecretsKey(loadSecretsKey(process.env, config).key);
} catch (error) {
  if (!(error instanceof SecretsKeyRefusal)) throw error;
  console.error(error.message);
  process.exit(2);
}

// `npm run site -- <verb> …`: the operator's sites (server/sites/site-command.ts), in the database
// of `npm start` (openScriptDatabase: with PGlite, stop the server first).
process.exitCode = await runSiteCommand(process.argv.slice(2), {
  async open() {
    const { db } = await openScriptDatabase(config);
    return { db, close: () => db.close() };
  },
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  now: () => systemClock.now(),
  platformFor: sitePlatforms({ embedded: simulatorPlatform, now: () => systemClock.now() }),
});
