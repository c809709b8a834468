import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined, captcha: true, loginIpLimit: 50, trustProxy: false, pgliteUpkeepMinutes: 10 });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads the environment and refuses nonsense', () => {
    expect(loadConfig({ PORT: '9000', CAPTCHA: 'off', LOGIN_IP_LIMIT: '5', DATABASE_URL: 'postgres://x/y' })).toMatchObject({
      port: 9000,
      captcha: false,
      loginIpLimit: 5,
      databaseUrl: 'postgres://x/y',
    });
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ CAPTCHA: 'maybe' })).toThrow(/CAPTCHA/);
    expect(() => loadConfig({ LOGIN_IP_LIMIT: '0' })).toThrow(/LOGIN_IP_LIMIT/);
    expect(loadConfig({ PGLITE_UPKEEP_MINUTES: '0' }).pgliteUpkeepMinutes).toBe(0);
    expect(() => loadConfig({ PGLITE_UPKEEP_MINUTES: '-1' })).toThrow(/PGLITE_UPKEEP_MINUTES/);
    expect(() => loadConfig({ PGLITE_UPKEEP_MINUTES: 'hourly' })).toThrow(/PGLITE_UPKEEP_MINUTES/);
  });
});
