import { sql, type SQL } from '../kernel/db/sql';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { allAccessCodes } from '../../contract/auth.contract';
import { LIVE_EVENT_NAME, LIVE_STREAM_PATH, type LiveMessage } from '../../contract/live-events.contract';
import { rightsAllow, type Level } from '../../contract/method.contract';
import { contract, type MethodName } from '../../contract/methods.contract';
import type { Clock } from '../kernel/clock';
import { prepared, type Database, type Queryable } from '../kernel/db/database';
import { openNotificationListener, type NotificationListener } from '../kernel/db/notification-listener';
import { LIVE_CHANNEL_PREFIX } from '../kernel/live-channel';
import { findSession, SESSION_ABSOLUTE_MS, sessionRowQuery, type Session, type SessionRow } from '../kernel/session.store';
import type { Site } from '../kernel/site.repository';
import { rowId } from '../kernel/db/ids';

/**
 * What one gateway process raises and every process hears (NOTIFY on the site's channel): the
 * kind of change and ids, never data. The hearing process decides per session what it may see.
 */
export type RaisedEvent =
  | { kind: 'points'; accountIds: readonly string[] }
  | { kind: 'notices' }
  | { kind: 'site' }
  | { kind: 'monitoring' }
  /** A job's owner: its account, and the clerk that started it (null: the main account). */
  | { kind: 'job'; jobId: string; accountId: string; subAccountId?: string | null }
  /** A session signed out or ended (kick out, disable, a password change…): its streams end at once (not at the next heartbeat's check); its token's hash in hex. */
  | { kind: 'session-ended'; tokenHash: string };

const CHANNEL_PREFIX = LIVE_CHANNEL_PREFIX;

/** The site's one channel (a site id is short and plain: site.contract's pattern). */
export function liveChannel(siteId: string): string {
  return `${CHANNEL_PREFIX}${siteId}`;
}

/**
 * Raises an event on the site's channel. In a transaction it is heard when (and only if) the
 * transaction commits, as PostgreSQL holds a NOTIFY until then; outside one, at once.
 */
export async function raiseLiveEvent(db: Queryable, siteId: string, event: RaisedEvent): Promise<void> {
  await db.run(prepared(sql`SELECT pg_notify(${liveChannel(siteId)}, ${JSON.stringify(event)})`));
}

/**
 * An UPDATE of jobs (without RETURNING) that also raises a job event for each job it changed;
 * it answers as many rows as the UPDATE changed.
 */
export function withJobEvents(update: SQL): SQL {
  return sql`WITH changed AS (${update} RETURNING id, site_id, owner_id, sub_account_id)
    SELECT pg_notify(${CHANNEL_PREFIX} || site_id, json_build_object('kind', 'job', 'jobId', id::text, 'accountId', owner_id::text, 'subAccountId', sub_account_id::text)::text)
      FROM changed`;
}

/** Open streams one session, and one address, may hold: a new one past these closes the oldest. */
export const STREAMS_PER_SESSION = 5;
export const STREAMS_PER_ADDRESS = 50;

/** Heartbeats (comment lines) keep proxies from closing an idle stream; each also checks the session again. */
export const HEARTBEAT_MS = 20_000;

/** What a stream knows of its session: enough to judge each event without a query. */
interface LiveClient {
  siteId: string;
  accountId: string;
  /** The clerk whose session this is (null: the main account's). */
  subAccountId: string | null;
  /** The account's place in the tree: its line is every account whose path starts with it. */
  path: string;
  tokenHash: Buffer;
  /** The address the stream came from. */
  ip: string;
  /** Its place in the order streams opened in this process (the oldest goes first). */
  serial: number;
  caller: { level: Level; accessCodes: readonly number[]; isSubAccount: boolean; financeHidden: boolean };
  idleTimeoutSeconds: number;
  financeVisible: boolean;
  send(message: LiveMessage): void;
  beat(): void;
  end(): void;
}

/** The method whose rights a session needs to hear an event of this kind (undefined: any session of the site). */
const readerOf: Partial<Record<RaisedEvent['kind'], MethodName>> = {
  notices: 'gw.credit.notice.layer.list',
  monitoring: 'gw.credit.user.monitor.redpoint.count',
};

function callerOfRow(row: SessionRow, financeVisible: boolean): LiveClient['caller'] {
  const level = Number(row.level) as Level;
  return {
    level,
    accessCodes: row.sub_account_id === null ? allAccessCodes : (row.sub_access_codes ?? []).map(Number),
    isSubAccount: row.sub_account_id !== null,
    financeHidden: !financeVisible && level > 0,
  };
}

/** The message a client gets for an event, or null when its session may not hear it. */
function messageFor(client: LiveClient, event: RaisedEvent, movedPaths: readonly string[]): LiveMessage | null {
  const reader = readerOf[event.kind];
  if (reader && !rightsAllow(contract[reader].rights, client.caller)) return null;
  switch (event.kind) {
    case 'points':
      return movedPaths.some((path) => path.startsWith(client.path)) ? { kind: 'points' } : null;
    case 'job':
      // As job.get reads them: the main account hears its clerks' jobs, a clerk only its own.
      return event.accountId === client.accountId && (client.subAccountId === null || client.subAccountId === (event.subAccountId ?? null))
        ? { kind: 'job', jobId: event.jobId }
        : null;
    case 'session-ended':
      return null;
    default:
      return { kind: event.kind };
  }
}

function parseEvent(payload: string): RaisedEvent | null {
  try {
    const event = JSON.parse(payload) as RaisedEvent;
    return typeof event?.kind === 'string' ? event : null;
  } catch {
    return null;
  }
}

/** The session token a stream brings: `Authorization: Bearer`, else the web app's cookie. */
function tokenOf(request: FastifyRequest): string | null {
  const bearer = /^Bearer ([^\s]{1,300})$/.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1]!;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'credit-Token') {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export interface LiveEventsOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The site answering a request's host (as the other routes find it). */
  siteOf(request: FastifyRequest): Promise<Site | null>;
}

/** The streams of this process, by site. */
type ClientsBySite = Map<string, Set<LiveClient>>;

/** The paths of the accounts whose points moved (ids not an account's dropped). */
async function movedPathsOf(db: Database, siteId: string, accountIds: readonly string[]): Promise<string[]> {
  const ids = accountIds.map(rowId).filter((id) => id !== null);
  if (ids.length === 0) return [];
  const rows = await db.rows<{ path: string }>(
    sql`SELECT path FROM accounts WHERE site_id = ${siteId} AND id IN (${sql.join(
      ids.map((id) => sql`${id}::bigint`),
      sql`, `,
    )})`,
  );
  return rows.map((row) => row.path);
}

/** Hands an event heard on a site's channel to each of its streams that may hear it. */
async function deliverEvent(db: Database, set: Set<LiveClient> | undefined, siteId: string, event: RaisedEvent) {
  if (!set?.size) return;
  if (event.kind === 'site') {
    // A site switched off ends its streams (its calls are refused from then on).
    const site = await db.one<{ disabled: boolean }>(sql`SELECT disabled FROM sites WHERE id = ${siteId}`);
    if (!site || site.disabled) {
      for (const client of [...set]) client.end();
      return;
    }
  }
  if (event.kind === 'session-ended') {
    for (const client of [...set]) if (client.tokenHash.toString('hex') === event.tokenHash) client.end();
    return;
  }
  const movedPaths = event.kind === 'points' ? await movedPathsOf(db, siteId, event.accountIds) : [];
  for (const client of set) {
    const message = messageFor(client, event, movedPaths);
    if (message) client.send(message);
  }
}

/** Each stream's session again, without counting it as activity: one that ended (sign-out, kick, idle) ends its stream. */
async function checkSessions(db: Database, clock: Clock, clients: ClientsBySite) {
  const now = clock.now().getTime();
  for (const set of clients.values()) {
    for (const client of [...set]) {
      const row = await db.one<SessionRow>(sessionRowQuery(client.tokenHash, sql`${client.siteId}`)).catch(() => undefined);
      const live =
        row !== undefined &&
        now - new Date(row.created_at).getTime() < SESSION_ABSOLUTE_MS &&
        now - new Date(row.last_seen_at).getTime() < client.idleTimeoutSeconds * 1000;
      if (!live) {
        client.end();
        continue;
      }
      client.caller = callerOfRow(row, client.financeVisible);
    }
  }
}

/** Ends the oldest streams of the new one's session, then of its address, past their limits. */
function makeRoomFor(clients: ClientsBySite, client: LiveClient) {
  // The new one is already in its site's set, so ending an old one never leaves the site's channel unheard.
  const live = () => [...clients.values()].flatMap((set) => [...set]).sort((x, y) => x.serial - y.serial);
  const sameSession = live().filter((each) => each.tokenHash.equals(client.tokenHash));
  for (const old of sameSession.slice(0, Math.max(0, sameSession.length - STREAMS_PER_SESSION))) old.end();
  const sameAddress = live().filter((each) => each.ip === client.ip);
  for (const old of sameAddress.slice(0, Math.max(0, sameAddress.length - STREAMS_PER_ADDRESS))) old.end();
}

/** Who may open a stream: a live session, past its first sign-in's steps, on an open site; else the refusal it gets. */
async function admitStream(
  options: LiveEventsOptions,
  request: FastifyRequest,
): Promise<{ refusal: { status: number; text: string } } | { site: Site; session: Session; path: string }> {
  const { db, clock } = options;
  const site = await options.siteOf(request);
  if (!site || site.ipBlocked || site.disabled) return { refusal: { status: 403, text: 'closed' } };
  const token = tokenOf(request);
  const now = clock.now();
  const session = token ? await findSession(db, { token, siteId: site.id, now, idleTimeoutSeconds: site.idleTimeoutSeconds }) : null;
  if (!session || session.forcePwdUpdate || session.firstLogin) {
    return { refusal: { status: 401, text: 'no session' } };
  }
  const account = await db.one<{ path: string }>(sql`SELECT path FROM accounts WHERE id = ${session.accountId}`);
  if (!account) return { refusal: { status: 401, text: 'no session' } };
  return { site, session, path: account.path };
}

/** Takes the response over as an event stream: its headers and first lines. */
function openEventStream(raw: ServerResponse) {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // No buffering in a proxy in front (nginx): each message goes out as it is written.
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 5000\n: open\n\n');
}

/** The stream's client: what it knows of its session, and how it writes to its response. */
function liveClientOf(
  stream: { site: Site; session: Session; path: string; ip: string; serial: number; raw: ServerResponse },
  remove: (client: LiveClient) => void,
): LiveClient {
  const { site, session, raw } = stream;
  const client: LiveClient = {
    siteId: site.id,
    accountId: session.accountId,
    subAccountId: session.subAccountId,
    path: stream.path,
    tokenHash: session.tokenHash,
    ip: stream.ip,
    serial: stream.serial,
    caller: {
      level: session.level,
      accessCodes: session.accessCodes,
      isSubAccount: session.subAccountId !== null,
      financeHidden: !site.financeVisible && session.level > 0,
    },
    idleTimeoutSeconds: site.idleTimeoutSeconds,
    financeVisible: site.financeVisible,
    send: (message) => {
      if (!raw.writableEnded) raw.write(`event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(message)}\n\n`);
    },
    beat: () => {
      if (!raw.writableEnded) raw.write(': heartbeat\n\n');
    },
    end: () => {
      remove(client);
      if (!raw.writableEnded) raw.end();
    },
  };
  return client;
}

/**
 * The process's live events: one LISTEN session (opened with the first stream) on the channels
 * of the sites that have streams here, fanned out to each stream its session may hear.
 */
export function createLiveEvents(options: LiveEventsOptions) {
  const { db, clock, log } = options;
  const clients: ClientsBySite = new Map();
  let listener: NotificationListener | null = null;
  let delivering: Promise<void> = Promise.resolve();
  let heartbeat: NodeJS.Timeout | null = null;
  let opened = 0;

  const endAll = () => {
    for (const set of clients.values()) for (const client of [...set]) client.end();
  };

  const listenerOf = () =>
    (listener ??= openNotificationListener(db, {
      notification: (channel, payload) => {
        const event = parseEvent(payload);
        if (!event || !channel.startsWith(CHANNEL_PREFIX)) return;
        const siteId = channel.slice(CHANNEL_PREFIX.length);
        delivering = delivering
          .then(() => deliverEvent(db, clients.get(siteId), siteId, event))
          .catch((error: unknown) => log.error({ err: error }, 'live event'));
      },
      // What is raised while nobody listens is lost: the streams end, and their clients poll until they are back.
      down: endAll,
      up: () => undefined,
    }));

  function add(client: LiveClient) {
    let set = clients.get(client.siteId);
    if (!set) clients.set(client.siteId, (set = new Set()));
    set.add(client);
    makeRoomFor(clients, client);
    heartbeat ??= setInterval(() => {
      for (const group of clients.values()) for (const each of group) each.beat();
      void checkSessions(db, clock, clients).catch((error: unknown) => log.error({ err: error }, 'live session check'));
    }, HEARTBEAT_MS);
  }

  function remove(client: LiveClient) {
    const set = clients.get(client.siteId);
    if (!set?.delete(client) || set.size > 0) return;
    clients.delete(client.siteId);
    void listener?.unlisten(liveChannel(client.siteId)).catch(() => undefined);
    if (clients.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  function register(app: FastifyInstance) {
    app.get(LIVE_STREAM_PATH, async (request, reply) => {
      const admitted = await admitStream(options, request);
      if ('refusal' in admitted) return reply.code(admitted.refusal.status).type('text/plain; charset=utf-8').send(admitted.refusal.text);
      const { site } = admitted;
      try {
        // Heard before the stream opens: nothing raised after the client sees it open is missed.
        if (!clients.get(site.id)?.size) await listenerOf().listen(liveChannel(site.id));
      } catch (error) {
        log.warn({ err: error }, 'live events: no LISTEN session');
        return reply.code(503).type('text/plain; charset=utf-8').send('live updates unavailable');
      }

      reply.hijack();
      const raw = reply.raw;
      openEventStream(raw);
      const client = liveClientOf({ ...admitted, ip: request.ip, serial: ++opened, raw }, remove);
      add(client);
      // The response closes when the client goes away (or the stream is ended here).
      raw.on('close', () => client.end());
    });

    // Streams never end by themselves: closing the app ends them first, or it would wait for them.
    app.addHook('preClose', async () => {
      endAll();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      await listener?.close();
      listener = null;
    });
  }

  return { register };
}
