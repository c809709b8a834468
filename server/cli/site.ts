import { systemClock } from '../kernel/clock';
import { loadConfig } from '../gateway/config';
import { openScriptDatabase } from './script-database';
import { sitePlatforms } from '../games/site-platforms';
import { simulatorPlatform } from '../simulator/simulator-platform';
import { runSiteCommand } from '../sites/site-command';

// `npm run site -- <verb> …`: the operator's sites (server/sites/site-command.ts), in the database
// of `npm start` (openScriptDatabase: with PGlite, stop the server first).
process.exitCode = await runSiteCommand(process.argv.slice(2), {
  async open() {
    const { db } = await openScriptDatabase(loadConfig());
    return { db, close: () => db.close() };
  },
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  now: () => systemClock.now(),
  platformFor: sitePlatforms({ embedded: simulatorPlatform, now: () => systemClock.now() }),
});
