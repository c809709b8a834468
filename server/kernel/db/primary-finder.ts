import pg from 'pg';

/**
 * Several servers in one connection string, as libpq takes them
 * (`postgres://user@h1:5432,h2:5432/credit?target_session_attrs=read-write`): node-postgres
 * reads one host only, so the list is parsed here, the hosts are tried in order, and the first
 * whose session fits target_session_attrs is the one connected to. No maintained npm package
 * does this for node-postgres (checked: none for pg multi-host or target_session_attrs).
 */

export const SESSION_ATTRS = ['any', 'read-write', 'read-only', 'primary', 'standby', 'prefer-standby'] as const;
export type SessionAttrs = (typeof SESSION_ATTRS)[number];

export interface ServerAddress {
  host: string;
  port: number;
}

export interface ServerList {
  servers: ServerAddress[];
  targetSessionAttrs: SessionAttrs;
  /** Whether the string named more than one host or a target_session_attrs: then a server is chosen, and chosen again when it goes. */
  choosing: boolean;
  /** The connection string of one of the servers, for node-postgres (target_session_attrs left out). */
  urlOf(server: ServerAddress): string;
}

const DEFAULT_PORT = 5432;

function address(entry: string, url: string): ServerAddress {
  // [v6 address]:port, host:port, or a host alone.
  const match = /^(\[[^\]]+\]|[^:[\]]*)(?::([0-9]{1,5}))?$/.exec(entry);
  if (!match || match[1] === '') throw new Error(`DATABASE_URL: "${entry}" is not a host or host:port (${masked(url)})`);
  const port = match[2] === undefined ? DEFAULT_PORT : Number(match[2]);
  if (port < 1 || port > 65_535) throw new Error(`DATABASE_URL: port ${match[2]} is out of range`);
  return { host: match[1]!, port };
}

/** The string with its password hidden, for messages. */
export function masked(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/** Parses a postgres:// (or postgresql://) connection string that may list several hosts. */
export function parseServerList(url: string): ServerList {
  const match = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)([^?#]*)(?:\?([^#]*))?$/.exec(url);
  if (!match) throw new Error(`DATABASE_URL must be a postgres:// connection string (${masked(url)})`);
  const [, scheme, userinfo, hostList, path, query] = match as unknown as [
    string,
    string,
    string | undefined,
    string,
    string,
    string | undefined,
  ];
  const params = new URLSearchParams(query ?? '');
  const attrs = params.get('target_session_attrs');
  if (attrs !== null && !(SESSION_ATTRS as readonly string[]).includes(attrs)) {
    throw new Error(`DATABASE_URL: target_session_attrs must be one of ${SESSION_ATTRS.join(', ')}, got "${attrs}"`);
  }
  params.delete('target_session_attrs');
  // A host-less string (a Unix socket in ?host=) is left to node-postgres as it is.
  const servers = hostList === '' ? [] : hostList.split(',').map((entry) => address(entry, url));
  const search = params.toString();
  const rest = `${path}${search === '' ? '' : `?${search}`}`;
  return {
    servers,
    targetSessionAttrs: (attrs as SessionAttrs | null) ?? 'any',
    choosing: servers.length > 1 || attrs !== null,
    urlOf: (server) => `${scheme}${userinfo === undefined ? '' : `${userinfo}@`}${server.host}:${server.port}${rest}`,
  };
}

interface SessionState {
  inRecovery: boolean;
  readOnly: boolean;
}

function fits(attrs: SessionAttrs, state: SessionState): boolean {
  switch (attrs) {
    case 'any':
    case 'prefer-standby':
      return true;
    case 'read-write':
      return !state.readOnly;
    case 'read-only':
      return state.readOnly;
    case 'primary':
      return !state.inRecovery;
    case 'standby':
      return state.inRecovery;
  }
}

/** No server of the list fits (all down, or none writable yet: a standby not promoted). */
export class NoServerError extends Error {
  readonly code = 'NO_SERVER';
}

/** How long one server may take to answer the check before the next is tried. */
const PROBE_TIMEOUT_MS = 3_000;

async function stateOf(url: string): Promise<SessionState> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  // A server going away mid-check is a failed check, not an unhandled error.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ recovery: boolean; read_only: string }>(
      `SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only`,
    );
    return { inRecovery: rows[0]!.recovery, readOnly: rows[0]!.read_only === 'on' };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The first server of the list (in its order) whose session fits; prefer-standby takes a standby
 * first, else any. Throws NoServerError naming what each server answered.
 */
export async function findServer(list: ServerList): Promise<ServerAddress> {
  if (!list.choosing) return list.servers[0] ?? { host: '', port: DEFAULT_PORT };
  const seen: string[] = [];
  const reachable: ServerAddress[] = [];
  const wanted = list.targetSessionAttrs === 'prefer-standby' ? 'standby' : list.targetSessionAttrs;
  for (const server of list.servers) {
    const name = `${server.host}:${server.port}`;
    try {
      const state = await stateOf(list.urlOf(server));
      if (fits(wanted, state)) return server;
      reachable.push(server);
      seen.push(`${name} ${state.inRecovery ? 'is a standby' : state.readOnly ? 'is read-only' : 'is read-write'}`);
    } catch (error) {
      seen.push(`${name} ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (list.targetSessionAttrs === 'prefer-standby' && reachable[0]) return reachable[0];
  throw new NoServerError(`no server fits target_session_attrs=${list.targetSessionAttrs}: ${seen.join('; ')}`);
}

/** SQLSTATEs that say the session's server is gone or cannot take writes any more. */
const serverGoneStates = new Set(['25006', '57P01', '57P02', '57P03']);
const socketErrors = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const lostMessages =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/i;

/**
 * Whether a failed statement says the database itself is away (its server gone, unreachable,
 * shutting down, or now read-only: a former primary), rather than the statement being wrong.
 * Callers answer such a failure with the data error (003) and may repeat it with its request key.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth++) {
    if (cause instanceof NoServerError) return true;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (serverGoneStates.has(code) || code.startsWith('08') || socketErrors.has(code))) return true;
    if (typeof message === 'string' && lostMessages.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
