import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { CAPTCHA_ISSUE_LIMIT } from '../credentials/attempt-counters';
import { DEFAULT_UPKEEP_MINUTES } from '../kernel/db/pglite-upkeep';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where reports read (a read-only replica of DATABASE_URL); the main database when unset. */
  reportDatabaseUrl: string | undefined;
  captcha: boolean;
  loginIpLimit: number;
  /** Open connections one address may hold (behind a proxy, the proxy's address: raise it there). */
  maxConnectionsPerAddress: number;
  /** Captcha images given per IP address in 10 minutes. */
  captchaIssueLimit: number;
  /**
   * Which proxies' X-Forwarded-For to believe: false (none: the socket's address is the
   * visitor's), a number of hops (1 behind one load balancer), or the balancers' addresses
   * and networks. Only the entries those proxies appended are read, never one a client sent.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** A bearer token that opens GET /metrics to a scraper elsewhere (loopback needs none); unset: loopback only. */
  metricsToken: string | undefined;
  /** PGlite only: minutes between two VACUUM (ANALYZE) runs of the embedded database (0: only at start). */
  pgliteUpkeepMinutes: number;
  /**
   * The demo: an empty database gets the demo sites and their history, and the embedded game
   * platform plays. On by default on the embedded database only: a PostgreSQL server is where
   * a real site lives, so it never gets known passwords unless DEMO=on says so.
   */
  demo: boolean;
  /** The embedded game platform: about this many members sit down to play per site and minute (0: nobody plays). Only where the demo plays. */
  simRate: number;
  /** Its seed: the same seed gives the same round results. */
  simSeed: string;
  /**
   * SIGTERM drains this long before the port closes: the health check answers 503 so a balancer
   * takes the gateway out, and every answer closes its connection, while calls go on being served.
   */
  drainSeconds: number;
}

function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|on|true|yes)$/i.test(value)) return true;
  if (/^(0|off|false|no)$/i.test(value)) return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

/** Names proxy-addr (fastify's trustProxy) knows for address ranges. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^[0-9]{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: off, a hop count (on = 1), or a comma-separated list of addresses and networks. */
function trustProxy(value: string | undefined): Config['trustProxy'] {
  const text = (value ?? '').trim();
  if (text === '' || /^(0|off|false|no)$/i.test(text)) return false;
  if (/^(on|true|yes)$/i.test(text)) return 1;
  if (/^[0-9]+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY must be off, a hop count from 1 to 10, or a list of addresses/networks, got "${value}"`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrNetwork(entry));
  if (bad !== undefined) throw new Error(`TRUST_PROXY: "${bad}" is not an IP address or network (e.g. 10.0.0.5 or 10.0.0.0/24)`);
  return entries;
}

/** METRICS_TOKEN: 32 or more printable characters, so a guessable word never opens the metrics. */
function metricsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[\x21-\x7e]{32,512}$/.test(value)) throw new Error('METRICS_TOKEN must be 32 to 512 printable characters without spaces');
  return value;
}

/** Settings come from the environment only (docs/operations.md lists them). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: integer('PORT', env.PORT, 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl,
    reportDatabaseUrl: env.REPORT_DATABASE_URL || undefined,
    captcha: flag('CAPTCHA', env.CAPTCHA, true),
    loginIpLimit: integer('LOGIN_IP_LIMIT', env.LOGIN_IP_LIMIT, 50, 1, 1_000_000),
    maxConnectionsPerAddress: integer('MAX_CONNECTIONS_PER_ADDRESS', env.MAX_CONNECTIONS_PER_ADDRESS, 256, 1, 1_000_000),
    captchaIssueLimit: integer('CAPTCHA_ISSUE_LIMIT', env.CAPTCHA_ISSUE_LIMIT, CAPTCHA_ISSUE_LIMIT, 1, 1_000_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    // info: one JSON line per call, which is what an operator reads in production
    // (docs/operations.md, "Logs").
    logLevel: env.LOG_LEVEL || 'info',
    metricsToken: metricsToken(env.METRICS_TOKEN),
    pgliteUpkeepMinutes: integer('PGLITE_UPKEEP_MINUTES', env.PGLITE_UPKEEP_MINUTES, DEFAULT_UPKEEP_MINUTES, 0, 10_080),
    demo: flag('DEMO', env.DEMO, databaseUrl === undefined),
    simRate: integer('SIM_RATE', env.SIM_RATE, 2, 0, 60),
    simSeed: env.SIM_SEED || 'demo',
    drainSeconds: integer('DRAIN_SECONDS', env.DRAIN_SECONDS, 5, 0, 300),
  };
}
