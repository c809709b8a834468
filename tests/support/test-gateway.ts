import type { AddressInfo } from 'node:net';
import { manualClock } from '../../server/clock';
import type { Database } from '../../server/db/database';
import { initIpRegions } from '../../server/geo/ip-region';
import { buildApp, type AppOptions } from '../../server/http/app';
import { createSession } from '../../server/sessions/session.store';
import { sql } from 'drizzle-orm';
import { rawRequest, type RawResponse } from './http-client';
import { createTestDatabase } from './test-database';

export interface RpcAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: { field?: string; rule?: string } };
}

export interface TestGateway {
  url: string;
  db: Database;
  /** PostgreSQL connection string of this gateway's database, when on PostgreSQL. */
  databaseUrl?: string;
  clock: ReturnType<typeof manualClock>;
  /** Plain JSON-RPC 2.0 call (application/json). */
  call(method: string, params?: Record<string, unknown>, options?: { host?: string }): Promise<RpcAnswer>;
  /** Reading B: the envelope in the form field "json". */
  callForm(method: string, params?: Record<string, unknown>, options?: { host?: string }): Promise<RpcAnswer>;
  /** Reading A: POST /api/<method> with the params as the body. */
  callPath(method: string, params?: Record<string, unknown>, options?: { host?: string }): Promise<RpcAnswer>;
  raw: (input: Parameters<typeof rawRequest>[1]) => Promise<RawResponse>;
  /** A live session for an account of a site, as login will create it (issue 3 adds login itself). */
  sessionFor(loginId: string, siteId?: string): Promise<string>;
  close(): Promise<void>;
}

let nextId = 1;

export async function startTestGateway(options: Partial<Pick<AppOptions, 'extraMethods'>> = {}): Promise<TestGateway> {
  initIpRegions();
  const database = await createTestDatabase();
  const clock = manualClock(new Date());
  const app = await buildApp({
    db: database.db,
    clock,
    config: { trustProxy: false, logLevel: 'silent' },
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const raw = (input: Parameters<typeof rawRequest>[1]) => rawRequest(url, input);
  const envelope = (method: string, params: Record<string, unknown>) => ({ jsonrpc: '2.0', id: nextId++, method, params });

  return {
    url,
    db: database.db,
    ...(database.url ? { databaseUrl: database.url } : {}),
    clock,
    raw,
    async call(method, params = {}, { host } = {}) {
      const res = await raw({ path: '/api', host, headers: { 'content-type': 'application/json' }, body: JSON.stringify(envelope(method, params)) });
      return res.json as RpcAnswer;
    },
    async callForm(method, params = {}, { host } = {}) {
      const body = new URLSearchParams({ json: JSON.stringify(envelope(method, params)) }).toString();
      const res = await raw({ path: '/api', host, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      return res.json as RpcAnswer;
    },
    async callPath(method, params = {}, { host } = {}) {
      const res = await raw({ path: `/api/${method}`, host, headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) });
      return res.json as RpcAnswer;
    },
    async sessionFor(loginId, siteId = 'demo') {
      const account = await database.db.one<{ id: string | number }>(
        sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND lower(login_id) = lower(${loginId})`,
      );
      if (!account) throw new Error(`no account ${loginId} on ${siteId}`);
      return createSession(database.db, { siteId, accountId: String(account.id), now: clock.now() });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
