import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { PlatformFor } from './game-platform';

export type PushSubject = 'games';

/**
 * Queues a push of `subject` to the game platform, in the caller's transaction: the change and
 * the duty to tell the platform commit together (an outbox), so a process dying in between
 * loses nothing.
 */
export async function queuePush(tx: Queryable, siteId: string, subject: PushSubject, now: Date): Promise<void> {
  await tx.run(sql`INSERT INTO platform_pushes (site_id, subject, queued_at) VALUES (${siteId}, ${subject}, ${now})
    ON CONFLICT (site_id, subject) DO UPDATE SET version = platform_pushes.version + 1, queued_at = EXCLUDED.queued_at`);
}

/**
 * Sends what is queued, oldest first: each subject's state as it is now. A push the platform
 * took is deleted unless the subject changed meanwhile (then it goes again next round); one it
 * did not take stays, its attempts and last error kept. Several processes may send at once: a
 * push is the latest state, so sending it twice does no harm. Answers what was sent and failed.
 */
export async function sendPlatformPushes(db: Queryable, platformFor: PlatformFor, limit = 50) {
  const queued = await db.rows<{ site_id: string; subject: PushSubject; version: string | number }>(
    sql`SELECT site_id, subject, version FROM platform_pushes ORDER BY queued_at, site_id LIMIT ${limit}`,
  );
  const outcome = { sent: 0, failed: 0 };
  const platform = platformFor(db);
  for (const push of queued) {
    try {
      const closed = await db.rows<{ game_code: string }>(
        sql`SELECT game_code FROM site_games_closed WHERE site_id = ${push.site_id} ORDER BY game_code`,
      );
      await platform.setClosedGames({ siteId: push.site_id, gameCodes: closed.map((row) => row.game_code) });
      await db.run(sql`DELETE FROM platform_pushes
        WHERE site_id = ${push.site_id} AND subject = ${push.subject} AND version = ${String(push.version)}`);
      outcome.sent += 1;
    } catch (error) {
      await db.run(sql`UPDATE platform_pushes SET attempts = attempts + 1, last_error = ${String(error).slice(0, 200)}
        WHERE site_id = ${push.site_id} AND subject = ${push.subject}`);
      outcome.failed += 1;
    }
  }
  return outcome;
}
