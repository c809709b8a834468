import { resolve } from 'node:path';
import { DEFAULT_UPKEEP_MINUTES } from './db/pglite-upkeep';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  captcha: boolean;
  loginIpLimit: number;
  trustProxy: boolean;
  logLevel: string;
  /** PGlite only: minutes between two VACUUM (ANALYZE) runs of the embedded database (0: only at start). */
  pgliteUpkeepMinutes: number;
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

/** Settings come from the environment only (README lists them). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: integer('PORT', env.PORT, 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    captcha: flag('CAPTCHA', env.CAPTCHA, true),
    loginIpLimit: integer('LOGIN_IP_LIMIT', env.LOGIN_IP_LIMIT, 50, 1, 1_000_000),
    trustProxy: flag('TRUST_PROXY', env.TRUST_PROXY, false),
    logLevel: env.LOG_LEVEL || 'warn',
    pgliteUpkeepMinutes: integer('PGLITE_UPKEEP_MINUTES', env.PGLITE_UPKEEP_MINUTES, DEFAULT_UPKEEP_MINUTES, 0, 10_080),
  };
}
