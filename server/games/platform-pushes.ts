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

/** How long a sender holds a subject: longer than any platform call may take (adapters time out well before). */
export const PUSH_LEASE_MS = 30_000;

/**
 * Sends what is queued, oldest first: each subject's state as it is now. A sender first takes the
 * subject for PUSH_LEASE_MS (another process finds it taken and leaves it), so an older state
 * never reaches the platform after a newer one. A push the platform took is deleted unless the
 * subject changed meanwhile (then it goes again next round); one it did not take stays, its
 * attempts and last error kept. Answers the pushes the platform took and those it did not.
 */
export async function sendPlatformPushes(db: Queryable, platformFor: PlatformFor, now: Date, limit = 50) {
  const queued = await db.rows<{ site_id: string; subject: PushSubject }>(
    sql`SELECT site_id, subject FROM platform_pushes ORDER BY queued_at, site_id LIMIT ${limit}`,
  );
  const outcome = { sent: 0, failed: 0 };
  const platform = platformFor(db);
  for (const push of queued) {
    const subject = sql`site_id = ${push.site_id} AND subject = ${push.subject}`;
    const claimed = await db.one<{ version: string | number }>(sql`UPDATE platform_pushes
        SET sending_until = ${new Date(now.getTime() + PUSH_LEASE_MS)}
      WHERE ${subject} AND (sending_until IS NULL OR sending_until < ${now}) RETURNING version`);
    if (!claimed) continue;
    try {
      const closed = await db.rows<{ game_code: string }>(
        sql`SELECT game_code FROM site_games_closed WHERE site_id = ${push.site_id} ORDER BY game_code`,
      );
      await platform.setClosedGames({ siteId: push.site_id, gameCodes: closed.map((row) => row.game_code) });
      const done = await db.run(sql`DELETE FROM platform_pushes WHERE ${subject} AND version = ${String(claimed.version)}`);
      if (done === 0) await db.run(sql`UPDATE platform_pushes SET sending_until = NULL WHERE ${subject}`);
      outcome.sent += 1;
    } catch (error) {
      await db.run(sql`UPDATE platform_pushes SET attempts = attempts + 1, last_error = ${String(error).slice(0, 200)},
          sending_until = NULL
        WHERE ${subject}`);
      outcome.failed += 1;
    }
  }
  return outcome;
}
