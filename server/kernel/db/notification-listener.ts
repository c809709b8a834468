import { sql } from './sql';
import pg from 'pg';
import { notificationSourceOf, type Database } from './database';
import { findServer, parseServerList } from './primary-finder';

/**
 * A process's one LISTEN session. On a PostgreSQL server it is a client of its own, outside
 * the pool (a pooled client is handed on, and its LISTENs with it), reconnected when it is
 * lost; on PGlite it is the one session everything shares, whose NOTIFY messages arrive with
 * the answers of whatever statement runs next.
 */
export interface NotificationListener {
  /** Starts hearing `channel` (again, after a reconnection, without asking). */
  listen(channel: string): Promise<void>;
  unlisten(channel: string): Promise<void>;
  close(): Promise<void>;
}

export interface ListenerEvents {
  notification(channel: string, payload: string): void;
  /** The LISTEN session was lost: whatever was raised until it is back is not heard. */
  down(): void;
  /** Back after a loss, listening to the same channels again. */
  up(): void;
}

const RECONNECT_MS = [500, 1_000, 2_000, 5_000];

/** A channel name as an identifier for LISTEN (pg_notify takes it as text, as it is). */
function quoted(channel: string): string {
  if (!/^[A-Za-z0-9_.:-]{1,63}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return `"${channel}"`;
}

function pgliteListener(db: Database, connection: { notifications: NodeJS.EventEmitter }, events: ListenerEvents): NotificationListener {
  const onNotification = (message: { channel: string; payload: string }) => events.notification(message.channel, message.payload);
  connection.notifications.on('notification', onNotification);
  return {
    listen: async (channel) => void (await db.run(sql.raw(`LISTEN ${quoted(channel)}`))),
    unlisten: async (channel) => void (await db.run(sql.raw(`UNLISTEN ${quoted(channel)}`))),
    close: async () => void connection.notifications.off('notification', onNotification),
  };
}

function serverListener(url: string, events: ListenerEvents): NotificationListener {
  const channels = new Set<string>();
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let connecting: Promise<void> | null = null;

  // Several servers (libpq's list): LISTEN goes to the one that fits, found again at each reconnection,
  // so it follows a promoted standby as the pool does.
  const list = /^postgres(ql)?:\/\//.test(url) ? parseServerList(url) : null;
  const serverUrl = async () => (list?.choosing ? list.urlOf(await findServer(list)) : url);
  const retry = () => {
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]!;
    attempt += 1;
    setTimeout(() => void connect().catch(() => undefined), delay).unref();
  };

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      let found: string;
      try {
        found = await serverUrl();
      } catch (error) {
        if (!closed) retry();
        throw error;
      }
      const next = new pg.Client({ connectionString: found });
      next.on('notification', (message) => events.notification(message.channel, message.payload ?? ''));
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      try {
        await next.connect();
        for (const channel of channels) await next.query(`LISTEN ${quoted(channel)}`);
      } catch (error) {
        lost(next);
        throw error;
      }
      if (closed) return void (await next.end().catch(() => undefined));
      const wasDown = attempt > 0;
      client = next;
      attempt = 0;
      if (wasDown) events.up();
    })().finally(() => (connecting = null)));

  const handled = new WeakSet<pg.Client>();
  const lost = (which: pg.Client) => {
    // A lost client says so twice (error, then end): one reconnection.
    if (handled.has(which)) return;
    handled.add(which);
    if (client === which) {
      client = null;
      events.down();
    }
    void which.end().catch(() => undefined);
    if (!closed) retry();
  };

  return {
    async listen(channel) {
      if (channels.has(channel)) return;
      channels.add(channel);
      if (!client) await connect();
      await client?.query(`LISTEN ${quoted(channel)}`);
    },
    async unlisten(channel) {
      if (!channels.delete(channel)) return;
      await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The LISTEN session of a database (the gateway's live events: server/events). */
export function openNotificationListener(db: Database, events: ListenerEvents): NotificationListener {
  const source = notificationSourceOf(db);
  if (!source) throw new Error('this database cannot LISTEN');
  return 'url' in source ? serverListener(source.url, events) : pgliteListener(db, source.connection, events);
}
