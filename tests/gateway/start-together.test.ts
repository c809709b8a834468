import { afterAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { rawRequest } from '../support/http-client';
import { createEmptyPostgresDatabase, testDatabaseKind } from '../support/test-database';

const started: GatewayProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const gateway of started) await gateway.stop('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

const call = async (url: string, method: string, params: Record<string, unknown>, host?: string) =>
  (
    await rawRequest(url, {
      path: '/api',
      ...(host ? { host } : {}),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  ).json as { result?: Record<string, unknown>; error?: { code: number } };

// Several processes share one database only on a PostgreSQL server: PGlite belongs to one
// process, so on a PGlite run (no TEST_DATABASE_URL) this file has nothing to run. The embedded
// start itself is tests/gateway/start.test.ts, on PGlite in every run.
describe.runIf(testDatabaseKind() === 'postgres')('two gateway processes on one empty PostgreSQL', () => {
  it("start together (one migrates and seeds), serve the same data and accept each other's sessions", async () => {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(() => database.drop());
    const env = { DATABASE_URL: database.url, DEMO: 'on', CAPTCHA: 'off' };
    const [a, b] = await Promise.all([startGatewayProcess(env), startGatewayProcess(env)]);
    started.push(a, b);
    expect([a, b].filter((g) => g.output().includes('Seeded the demo sites'))).toHaveLength(1);
    expect([a, b].filter((g) => g.output().includes('Migrated: 0001_foundation.sql'))).toHaveLength(1);
    expect(a.output()).toContain('CAPTCHA=off');
    for (const gateway of [a, b]) {
      const template = await call(gateway.url, 'gw.credit.sn.template.get', {}, 'demo2.localhost');
      expect(template.result?.sn).toBe('demo2');
    }

    const login = await call(a.url, 'gw.credit.agent.login', { loginId: 'admin', password: 'Admin123', safeCode: '1234' });
    const token = login.result!.sessionId as string;
    expect((await call(b.url, 'gw.credit.agent.level', { opsId: token })).result).toEqual({ level: 0 });
    expect((await call(b.url, 'gw.credit.agent.logout', { opsId: token })).result).toEqual({});
    expect((await call(a.url, 'gw.credit.agent.level', { opsId: token })).error?.code).toBe(2202);
    // The demo clerk signs in as printed: a sub-account session acting for admin.
    const clerk = await call(a.url, 'gw.credit.agent.login', { loginId: 'adminclerk', password: 'Admin123', safeCode: '1234' });
    expect(clerk.result).toMatchObject({ sessionType: 9, isMain: false, loginId: 'adminclerk', accessCode: [1, 5, 6] });
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
  }, 150_000);
});
