import type { Queryable } from '../kernel/db/database';
import { sql } from '../kernel/db/sql';

/**
 * What the platform is told: 'games', the games closed for a site (queued by the game switch);
 * 'notices', the site's game notices (queued by gw.credit.game.notice.add and .update);
 * 'account', one account's settings (queued by triggers on accounts and game_settings, whatever
 * path changed them: migration 0026); 'reply', the answer to one member's suggestion (queued by
 * gw.credit.suggestion.reply, the suggestion's id in account_id: migration 0037).
 */
export type PushSubject = 'games' | 'notices' | 'account' | 'reply';

/**
 * Queues a push in the caller's transaction: the change and the duty to tell the platform commit
 * together (an outbox), so a process dying in between loses nothing. A reply names its
 * suggestion (`subjectId`); the site-wide subjects have none.
 */
export async function queuePush(
  tx: Queryable,
  siteId: string,
  subject: 'games' | 'notices' | 'reply',
  now: Date,
  subjectId = '0',
): Promise<void> {
  await tx.run(sql`INSERT INTO platform_pushes (site_id, subject, account_id, queued_at) VALUES (${siteId}, ${subject}, ${subjectId}, ${now})
    ON CONFLICT (site_id, subject, account_id) DO UPDATE SET version = platform_pushes.version + 1, queued_at = EXCLUDED.queued_at`);
}

/**
 * Queues everything the platform must know of a site, in the caller's transaction: its closed
 * games, its game notices and every account of its tree. A platform connected (or changed) after
 * the site's accounts were made was never told of them: the pushes of their creation went to the
 * platform of the time.
 */
export async function queueFullPush(tx: Queryable, siteId: string, now: Date): Promise<void> {
  await queuePush(tx, siteId, 'games', now);
  await queuePush(tx, siteId, 'notices', now);
  await tx.run(sql`INSERT INTO platform_pushes (site_id, subject, account_id, queued_at)
    SELECT site_id, 'account', id, ${now} FROM accounts WHERE site_id = ${siteId} AND kind = 'tree'
    ON CONFLICT (site_id, subject, account_id) DO UPDATE SET version = platform_pushes.version + 1, queued_at = EXCLUDED.queued_at`);
}
