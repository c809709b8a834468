/**
 * The live stream (docs/api.md, "Calls"): `GET /api/live`, server-sent events for the signed-in
 * session (its token as the `credit-Token` cookie, or `Authorization: Bearer <opsId>`). Each
 * message says what changed, never the data: the client reads it again through the gateway, under
 * its rights. A session hears only what it may read: points of its own line, the notices and the
 * monitor counts if it may read them, its own jobs. Plain TypeScript, no schema: the signed-in
 * app's first screen reads it, and keeps zod out (tests/unit/web-build.test.ts).
 */
export const LIVE_STREAM_PATH = '/api/live';

/** SSE `event:` name of every message; comment lines keep the stream open (heartbeats). */
export const LIVE_EVENT_NAME = 'change';

export type LiveMessage =
  /** Points moved on an account of the session's line (its own included). */
  | { kind: 'points' }
  /** A notice or the marquee was published, revoked or changed. */
  | { kind: 'notices' }
  /** The site's title, logo, theme, settings or maintenance changed. */
  | { kind: 'site' }
  /** The monitor counts (the red dot) may have changed. */
  | { kind: 'monitoring' }
  /** A job of the session's own moved on. */
  | { kind: 'job'; jobId: string };

export type LiveKind = LiveMessage['kind'];

export const liveKinds = ['points', 'notices', 'site', 'monitoring', 'job'] as const satisfies readonly LiveKind[];

/** A message's data as the stream sent it (JSON text), or null when it is none of the above. */
export function parseLiveMessage(data: string): LiveMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, jobId } = value as { kind?: unknown; jobId?: unknown };
  if (kind === 'job') return typeof jobId === 'string' && /^[1-9][0-9]{0,17}$/.test(jobId) ? { kind, jobId } : null;
  return (liveKinds as readonly unknown[]).includes(kind) ? { kind: kind as Exclude<LiveKind, 'job'> } : null;
}
