import { sql } from '../kernel/db/sql';
import { nameLockedSql } from '../credentials/attempt-counters';
import type { Queryable } from '../kernel/db/database';
import { liveSession } from '../kernel/session.store';

/** What "now" means for an account's session facts: the moment and the site's idle timeout. */
export interface AccountFactsScope {
  now: Date;
  idleTimeoutSeconds: number;
}

/** Whether the account aliased a has a live session. */
export const accountOnline = (scope: AccountFactsScope) =>
  sql`EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id AND ${liveSession(scope.now, scope.idleTimeoutSeconds)})`;

/** Whether failed sign-ins hold the name of the account aliased a locked or delayed from some IP now. */
export const accountLoginLocked = (scope: AccountFactsScope) => nameLockedSql(sql`a.site_id`, sql`lower(a.login_id)`, scope.now);

/**
 * Whether an account has a live session and whether failed sign-ins hold its name locked, now,
 * as its row in an account list says (the profile shows them; kick out and unlock need them).
 */
export async function sessionFactsOf(
  ctx: { db: Queryable; now: Date; site: { idleTimeoutSeconds: number } },
  accountId: string | bigint,
): Promise<{ online: boolean; loginLocked: boolean }> {
  const scope = { now: ctx.now, idleTimeoutSeconds: ctx.site.idleTimeoutSeconds };
  const row = await ctx.db.one<{ online: boolean; login_locked: boolean }>(sql`
    SELECT ${accountOnline(scope)} AS online, ${accountLoginLocked(scope)} AS login_locked FROM accounts a WHERE a.id = ${accountId}`);
  return { online: row?.online ?? false, loginLocked: row?.login_locked ?? false };
}
