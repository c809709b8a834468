/** Where the watch writes its lines: the app's log (pino's warn). */
export interface PlatformWatchLog {
  warn(fields: object, message: string): void;
}

/** While a platform stays silent, one line at most this often between the first and the one when it answers again. */
export const SILENT_LINE_EVERY_MS = 60_000;

/**
 * What this process saw of each site's HTTP platform answering or not (games/site-platforms.ts tells
 * it of every call): a warning line when a platform stops answering, with the cause, one a
 * minute at most while it stays silent, one when it answers again; and the calls left without an
 * answer, counted for the metrics. Every process has its own; the health reads the database.
 */
export interface PlatformWatch {
  failed(siteId: string, cause: string, at: Date): void;
  answered(siteId: string, at: Date): void;
  /** Calls left without an answer since this process started, per site. */
  errors(): ReadonlyMap<string, number>;
}

interface Silence {
  since: number;
  failures: number;
  lineAt: number;
}

export function createPlatformWatch(log?: PlatformWatchLog): PlatformWatch {
  const errors = new Map<string, number>();
  const silences = new Map<string, Silence>();
  return {
    failed(siteId, cause, at) {
      errors.set(siteId, (errors.get(siteId) ?? 0) + 1);
      const now = at.getTime();
      const silence = silences.get(siteId);
      if (!silence) {
        silences.set(siteId, { since: now, failures: 1, lineAt: now });
        log?.warn({ siteId, cause }, `the game platform of ${siteId} stopped answering: ${cause}`);
        return;
      }
      silence.failures += 1;
      if (Math.abs(now - silence.lineAt) < SILENT_LINE_EVERY_MS) return;
      silence.lineAt = now;
      const seconds = Math.round((now - silence.since) / 1000);
      log?.warn(
        { siteId, cause, failedCalls: silence.failures, silentSeconds: seconds },
        `the game platform of ${siteId} is still not answering after ${seconds} s and ${silence.failures} calls: ${cause}`,
      );
    },
    answered(siteId, at) {
      const silence = silences.get(siteId);
      if (!silence) return;
      silences.delete(siteId);
      const seconds = Math.round((at.getTime() - silence.since) / 1000);
      log?.warn(
        { siteId, failedCalls: silence.failures, silentSeconds: seconds },
        `the game platform of ${siteId} answers again, after ${seconds} s and ${silence.failures} calls without an answer`,
      );
    },
    errors: () => errors,
  };
}
