import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      reportDatabaseUrl: undefined,
      captcha: true,
      loginIpLimit: 50,
      trustProxy: false,
      pgliteUpkeepMinutes: 10,
      simRate: 2,
      simSeed: 'demo',
      demo: true,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('plays the demo on the embedded database only, unless DEMO says otherwise', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO: 'on' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'off' }).demo).toBe(false);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO: '' }).demo).toBe(false);
    expect(() => loadConfig({ DEMO: 'sometimes' })).toThrow(/DEMO must be on or off/);
  });

  it('reads the environment and refuses nonsense', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', REPORT_DATABASE_URL: 'postgres://r/y' }).reportDatabaseUrl).toBe('postgres://r/y');
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
    expect(loadConfig({ SIM_RATE: '0', SIM_SEED: 'x1' })).toMatchObject({ simRate: 0, simSeed: 'x1' });
    expect(() => loadConfig({ SIM_RATE: 'lots' })).toThrow(/SIM_RATE/);
  });

  it('reads TRUST_PROXY as off, a hop count or the balancers\' addresses, never as "believe everything"', () => {
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    // "on" (the old switch) means one balancer in front, not "any X-Forwarded-For".
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/10.0.0.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'balancer.local' })).toThrow(/balancer.local/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/8/1' })).toThrow(/TRUST_PROXY/);
  });
});
