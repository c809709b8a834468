import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { platformKeyIdSchema } from '../../contract/platform-api.contract';
import {
  readSecret,
  refuseSecretArgument,
  SecretInputRefusal,
  secretOptions,
  secretSourceOf,
  type SecretSource,
} from '../kernel/secret-input';
import { systemClock } from '../kernel/clock';
import { openDatabase, type Database } from '../kernel/db/database';
import { migrate } from '../kernel/db/migrate';
import { backOfficeClient } from './back-office-client';
import { memberLobbyPaths, registerMemberLobby } from './member-lobby';
import { platformApiServer } from './platform-server';
import { readFeedWire, simulatorPlatform } from './simulator-platform';
import { startStandalonePlay } from './standalone-play';

/**
 * The simulator as a game platform of its own (`npm run platform`, docs/platform-api.md "The
 * simulator as a platform"): the platform API (platformApiServer) over the simulator's books in
 * a database of its own, its members' lobby (member-lobby.ts: sign-ins and transfers, asked of
 * the back office through back-office-client.ts) and its members at play (standalone-play.ts).
 */

export const PLATFORM_USAGE = `Usage: npm run platform -- --port <port> --back-office <url> --key-id <keyId> [--secret-file <path> | --secret-stdin]
                            [--site <siteId>] [--host <address>] [--seed <text>] [--rate <members a minute>]
  Serves the platform API (docs/platform-api.md) at http://<host>:<port>/, answering only
  requests signed with this key id and secret (the site's, as "npm run site -- platform" set them),
  and the members' lobby (POST ${Object.values(memberLobbyPaths).join(', ')}).
  --secret-file  a file holding the secret (its first line); --secret-stdin, or neither: one line of
                 standard input (typed without echo on a terminal)
  --back-office  the back office's URL (a host of the site): the lobby calls its /api/platform/...
                 for members' sign-ins and transfers, signed with the same key id and secret
  --site         the site of the key: the lobby's sign-ins are for it when they name none
  --host         the address to listen on (default 127.0.0.1; 0.0.0.0 for other machines)
  --seed         the round results' seed (default "platform"); --rate: about this many members
                 with points here sit down per site and minute (default 6; 0: nobody plays)
  Its books: PostgreSQL at PLATFORM_DATABASE_URL, else PGlite in PLATFORM_DATA_DIR (default ./data/platform).
  LOG_LEVEL (default warn): info logs a JSON line per call with the back office's request id.`;

/** A bad command line: one line for the operator, exit code 2. */
export class PlatformArgsError extends Error {}

export interface PlatformProcessOptions {
  port: number;
  host: string;
  backOffice: string;
  keyId: string;
  secret: string;
  /** The site of the key, for the lobby's sign-ins that name none. */
  site?: string;
  seed: string;
  rate: number;
  /** Where the books are: PostgreSQL when a URL is given, else a PGlite folder. */
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** Its log's level (LOG_LEVEL, default warn); info writes a line per call with the caller's request id. */
  logLevel: string;
}

function httpUrl(name: string, value: string | undefined): string {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    throw new PlatformArgsError(`Bad --${name} "${value ?? ''}": an http:// or https:// address.`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    throw new PlatformArgsError(`Bad --${name} "${value}": an http:// or https:// address, without credentials, query or fragment.`);
  }
  return url.toString().replace(/\/$/, '');
}

function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || n < min || n > max)
    throw new PlatformArgsError(`Bad --${name} "${value}": a whole number from ${min} to ${max}.`);
  return n;
}

/**
 * Reads the command line, the environment and the secret (from its file or standard input, by
 * `read`); `null` when help was asked for. Throws PlatformArgsError.
 */
export async function parsePlatformArgs(
  argv: string[],
  env: NodeJS.ProcessEnv,
  read: (source: SecretSource) => Promise<string> = (source) => readSecret(source, 'Platform secret'),
): Promise<PlatformProcessOptions | null> {
  let values;
  try {
    refuseSecretArgument(argv);
  } catch (error) {
    throw new PlatformArgsError((error as Error).message);
  }
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'back-office': { type: 'string' },
        'key-id': { type: 'string' },
        ...secretOptions,
        site: { type: 'string' },
        seed: { type: 'string' },
        rate: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
      strict: true,
    }));
  } catch (error) {
    throw new PlatformArgsError(`${(error as Error).message.split('\n')[0]} (npm run platform -- --help)`);
  }
  if (values.help) return null;
  if (values.port === undefined) throw new PlatformArgsError('Missing --port <port> (npm run platform -- --help).');
  const port = integer('port', values.port, 0, 0, 65_535);
  const backOffice = httpUrl('back-office', values['back-office']);
  if (!platformKeyIdSchema.safeParse(values['key-id']).success) {
    throw new PlatformArgsError('Bad --key-id: 1 to 64 of A-Z, a-z, 0-9, ".", "_" and "-".');
  }
  if (values.site !== undefined && !/^[a-z0-9-]{2,32}$/.test(values.site)) {
    throw new PlatformArgsError(`Bad --site "${values.site}": 2 to 32 of a-z, 0-9 and "-".`);
  }
  const seed = values.seed ?? 'platform';
  if (!/^[\x21-\x7e]{1,64}$/.test(seed)) throw new PlatformArgsError('Bad --seed: 1 to 64 printable characters without spaces.');
  const rate = integer('rate', values.rate, 6, 0, 6_000);
  // Read last, once the rest is known good; the same rule as the back office's side of the secret (npm run site -- platform).
  let secret;
  try {
    secret = await read(secretSourceOf(values));
  } catch (error) {
    if (error instanceof SecretInputRefusal) throw new PlatformArgsError(error.message);
    throw error;
  }
  if (!/^[\x21-\x7e]{32,256}$/.test(secret)) throw new PlatformArgsError('Bad secret: 32 to 256 printable characters without spaces.');
  const url = env.PLATFORM_DATABASE_URL || undefined;
  return {
    port,
    host: values.host ?? '127.0.0.1',
    backOffice,
    keyId: values['key-id']!,
    secret,
    ...(values.site !== undefined ? { site: values.site } : {}),
    seed,
    rate,
    database: url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: resolve(env.PLATFORM_DATA_DIR || 'data/platform') },
    logLevel: env.LOG_LEVEL || 'warn',
  };
}

export interface RunningPlatform {
  url: string;
  /** Where its books are, for the banner (a PostgreSQL URL without its credentials). */
  where: string;
  stop(): Promise<void>;
}

/**
 * Opens and migrates the platform's database, serves the API and starts play. The back office's
 * migrations are applied whole: they create the platform's tables too (its wallets, transfer
 * records, feed, copies of pushed accounts and switches, nonces, the game list), as the embedded
 * simulator keeps its books in the back office's database; here the back office's own tables
 * simply stay empty, and one schema means one set of files to keep, not two drifting apart.
 */
export async function startPlatformProcess(options: PlatformProcessOptions, onError: (error: unknown) => void): Promise<RunningPlatform> {
  let db: Database;
  let where: string;
  if (options.database.kind === 'postgres') {
    db = await openDatabase({ kind: 'postgres', url: options.database.url });
    where = `PostgreSQL (${options.database.url.replace(/\/\/[^@/]*@/, '//***@')})`;
  } else {
    mkdirSync(options.database.dataDir, { recursive: true });
    db = await openDatabase({ kind: 'pglite', dataDir: options.database.dataDir });
    where = `PGlite in ${options.database.dataDir}`;
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const platform = simulatorPlatform(db);
  const server = platformApiServer({
    platform,
    // One key: the site's (the back office signs with the same id and secret).
    keys: (keyId) => (keyId === options.keyId ? options.secret : null),
    // Named with --site, the key is that site's only; without, it serves every site it is asked for.
    keySite: (keyId) => (keyId === options.keyId ? (options.site ?? null) : null),
    db,
    clock: systemClock,
    logger: { level: options.logLevel },
    readFeedWire: (call) => readFeedWire(db, call),
  });
  // The members' lobby beside the API; it asks the back office with the same key (one key, one site).
  registerMemberLobby(server, {
    backOffice: backOfficeClient({ baseUrl: options.backOffice, keyId: options.keyId, secret: options.secret }),
    platform,
    clock: systemClock,
    ...(options.site ? { siteId: options.site } : {}),
  });
  let stopPlay: (() => Promise<void>) | null = null;
  try {
    await server.listen({ port: options.port, host: options.host });
    stopPlay = startStandalonePlay(
      db,
      { seed: options.seed, rate: options.rate, holder: `${hostname()}:${process.pid}:${randomUUID()}` },
      systemClock,
      onError,
    );
  } catch (error) {
    await server.close();
    await db.close();
    throw error;
  }
  const address = server.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    where,
    async stop() {
      await stopPlay?.();
      await server.close();
      await db.close();
    },
  };
}
