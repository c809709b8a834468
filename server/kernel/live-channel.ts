import { sql, type SQL } from './db/sql';

/** The prefix of a site's live channel ("live.<site id>"): one NOTIFY channel per site. */
export const LIVE_CHANNEL_PREFIX = 'live.';

/**
 * A NOTIFY, per row of a statement, that a session has ended (live-events.service.ts's
 * 'session-ended'): the streams of that session end when the statement's transaction commits,
 * in every process, rather than at their next heartbeat. A module of its own, so that the
 * session store can raise it without importing the live events service (which reads sessions).
 */
export function sessionEndedNotice(tokenHash: SQL, siteId: SQL): SQL {
  return sql`pg_notify(${LIVE_CHANNEL_PREFIX} || ${siteId}, json_build_object('kind', 'session-ended', 'tokenHash', encode(${tokenHash}, 'hex'))::text)`;
}
