import { z } from 'zod';
import { idSchema } from './common.contract';

/**
 * The live stream (issue 39): `GET /api/live`, server-sent events for the signed-in session (its
 * token as the `credit-Token` cookie, or `Authorization: Bearer <opsId>`). Each message says what
 * changed, never the data: the client reads it again through the gateway, under its rights.
 * A session hears only what it may read: points of its own line, the notices and the monitor
 * counts if it may read them, its own jobs.
 */
export const LIVE_STREAM_PATH = '/api/live';

/** SSE `event:` name of every message; comment lines keep the stream open (heartbeats). */
export const LIVE_EVENT_NAME = 'change';

export const liveMessageSchema = z.discriminatedUnion('kind', [
  /** Points moved on an account of the session's line (its own included). */
  z.object({ kind: z.literal('points') }),
  /** A notice or the marquee was published, revoked or changed. */
  z.object({ kind: z.literal('notices') }),
  /** The site's title, logo, theme, settings or maintenance changed. */
  z.object({ kind: z.literal('site') }),
  /** The monitor counts (the red dot) may have changed. */
  z.object({ kind: z.literal('monitoring') }),
  /** A job of the session's own moved on. */
  z.object({ kind: z.literal('job'), jobId: idSchema }),
]);

export type LiveMessage = z.infer<typeof liveMessageSchema>;
export type LiveKind = LiveMessage['kind'];
