import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../kernel/db/database';
import type { PlatformFor } from '../platform/game-platform';
import { PUSH_LEASE_MS, queuedPushesOf, sendPlatformPushes } from './platform-pushes';

/** Pushes sent per step of a sync: one call of a site's accounts each, and one progress report. */
const SYNC_BATCH = 200;
/** How long a sync waits while other processes hold the site's pushes (their lease ends by then). */
const SYNC_WAIT_MS = PUSH_LEASE_MS + 5_000;

export interface PlatformSyncOutcome {
  /** Pushes queued for the site when the sync began (more may come in meanwhile). */
  total: number;
  /** Pushes the platform took. */
  pushed: number;
  /** Pushes still queued at the end: the platform refused them or did not answer. */
  notAcknowledged: number;
  /** The last reason one was not taken (a refusal's code, or why no answer came). */
  lastError: string | null;
}

export interface PlatformSyncOptions {
  onProgress?: (pushed: number, total: number) => void;
  /** How long to wait for pushes other processes hold (SYNC_WAIT_MS). */
  waitMs?: number;
}

/**
 * Sends the site's queued pushes now, step by step with its progress, until none is left or the
 * platform fails one: the work `npm run site -- platform` does after it connects a platform
 * (queueFullPush) and waits for. A gateway's periodic sender may take some of the same pushes
 * meanwhile (each is leased by one sender); what the platform did not take stays queued for
 * every gateway to send again, counted by the platform health.
 */
export async function syncSitePlatform(
  db: Queryable,
  platformFor: PlatformFor,
  siteId: string,
  clock: { now(): Date },
  options: PlatformSyncOptions = {},
): Promise<PlatformSyncOutcome> {
  const total = (await queuedPushesOf(db, siteId)).queued;
  const waitUntil = Date.now() + (options.waitMs ?? SYNC_WAIT_MS);
  for (;;) {
    const round = await sendPlatformPushes(db, platformFor, clock.now(), SYNC_BATCH, { siteId, rounds: 1 });
    const left = await queuedPushesOf(db, siteId);
    const pushed = Math.max(0, total - left.queued);
    options.onProgress?.(pushed, total);
    if (left.queued === 0) return { total, pushed, notAcknowledged: 0, lastError: null };
    const stuck = round.sent === 0 && round.failed === 0;
    if (round.failed > 0 || (stuck && Date.now() > waitUntil)) {
      return { total, pushed, notAcknowledged: left.queued, lastError: left.lastError };
    }
    // Held by another process's sender: its lease ends, or it sends them, within PUSH_LEASE_MS.
    if (stuck) await sleep(500);
  }
}
