import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { clearNameCounters } from '../credentials/attempt-counters';
import { loginKeyOf } from '../credentials/secret-check';
import { systemClock } from '../kernel/clock';
import { loadConfig } from '../gateway/config';
import { openScriptDatabase } from './script-database';
import { recordOperation } from '../kernel/operation-log';

// `npm run unlock -- <site> <login>`: the operator's way to lift a sign-in lock on the server,
// for an account nobody above can unlock (a site's only company account). The database of
// `npm start` (openScriptDatabase: with PGlite, stop the server first).
const [siteId, loginId] = process.argv.slice(2);
if (!siteId || !loginId) {
  console.error('Usage: npm run unlock -- <site> <login>');
  process.exit(2);
}
const { db } = await openScriptDatabase(loadConfig());
try {
  const account = await db.one<{ id: bigint; login_id: string }>(
    sql`SELECT id, login_id FROM accounts WHERE site_id = ${siteId} AND lower(login_id) = lower(${loginId}) AND kind = 'tree'`,
  );
  if (!account) {
    console.error(`No account "${loginId}" on site "${siteId}".`);
    process.exitCode = 1;
  } else {
    const now = systemClock.now();
    const cleared = await db.transaction(async (tx) => {
      const count = await clearNameCounters(tx, siteId, loginKeyOf(account.login_id), now);
      await recordOperation(tx, {
        siteId,
        accountId: wireId(account.id),
        subAccountId: null,
        operatorLogin: 'server',
        // Named like the gateway's methods, so the operation record names it in every language.
        method: 'system.unlock',
        targetId: wireId(account.id),
        summary: `UNLOCK ${account.login_id}`,
        params: { site: siteId, login: account.login_id },
        ip: '',
        level: 'normal',
        code: null,
        at: now,
      });
      return count;
    });
    console.log(
      cleared > 0 ? `Unlocked ${account.login_id} on ${siteId}.` : `${account.login_id} on ${siteId} was not locked; nothing to lift.`,
    );
  }
} finally {
  await db.close();
}
