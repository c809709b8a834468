import type { AddressInfo } from 'node:net';
import { manualClock, systemClock } from '../../server/kernel/clock';
import type { Database } from '../../server/kernel/db/database';
import { initIpRegions } from '../../server/geo/ip-region';
import { buildApp, type AppOptions } from '../../server/gateway/http/app';
import { createSession } from '../../server/kernel/session.store';
import { sql } from '../../server/kernel/db/sql';
import type { MethodName, ParamsIn, ResultOf } from '../../contract/methods.contract';
import { normalizeAccessCodes } from '../../contract/sub-account.contract';
import { rawRequest, type RawResponse } from './http-client';
import { createTestDatabase } from './test-database';
import { useTestSecretsKey } from './secrets-key';

export interface RpcAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: { field?: string; rule?: string } };
}

/** A method's params with the session and request key; a method without params (`z.object({})`) takes only those. */
export type RpcParams<M extends MethodName> = (ParamsIn<M> extends Record<string, never> ? unknown : ParamsIn<M>) & {
  opsId?: string;
  requestKey?: string;
};

export interface TestGateway {
  url: string;
  db: Database;
  /** PostgreSQL connection string of this gateway's database, when on PostgreSQL. */
  databaseUrl?: string;
  clock: ReturnType<typeof manualClock>;
  /** Plain JSON-RPC 2.0 call (application/json), in process. */
  call(method: string, params?: Record<string, unknown>, options?: { host?: string }): Promise<RpcAnswer>;
  /** Reading B: the envelope in the form field "json". */
  callForm(method: string, params?: Record<string, unknown>, options?: { host?: string }): Promise<RpcAnswer>;
  /** Reading A: POST /api/<method> with the params as the body. */
  callPath(method: string, params?: Record<string, unknown>, options?: { host?: string }): Promise<RpcAnswer>;
  /** Typed call: the contract's params in (with the session as opsId), its result out; a refusal throws `RpcRefusal`. */
  rpc<M extends MethodName>(method: M, params: RpcParams<M>, options?: { host?: string }): Promise<ResultOf<M>>;
  /** The refusal a call ends with; throws when the call succeeds. */
  refusal<M extends MethodName>(method: M, params: RpcParams<M>, options?: { host?: string }): Promise<RpcRefusal>;
  /** A request over a real socket, for the tests whose subject is HTTP itself. */
  raw: (input: Parameters<typeof rawRequest>[1]) => Promise<RawResponse>;
  /** The same request in process (fastify's inject): routing, body parsers and limits as over a socket, without one. */
  request: (input: Parameters<typeof rawRequest>[1]) => Promise<RawResponse>;
  /** The id of an account of a site, by its login name (seeded or added). */
  accountId(loginId: string, siteId?: string): Promise<string>;
  /** A live session for an account of a site, made directly in the database (no sign-in). */
  sessionFor(loginId: string, siteId?: string): Promise<string>;
  /** An account under a parent, with the demo password and safe code (Admin123 / 1234). */
  addAccount(input: NewAccount): Promise<string>;
  /** A sub-account of a main account, with the demo password and safe code (Admin123 / 1234), made directly in the database. */
  addSubAccount(input: NewSubAccount): Promise<string>;
  /** A live session for a sub-account, made directly in the database (no sign-in). */
  sessionForSub(loginId: string, siteId?: string): Promise<string>;
  /** Signs in through the gateway as a person would: captcha (read from the database), password, safe code. */
  login(loginId: string, options?: { password?: string; safeCode?: string; host?: string }): Promise<RpcAnswer>;
  /** A request without a socket (fastify's inject), e.g. from another address (`remoteAddress`). */
  inject: Awaited<ReturnType<typeof buildApp>>['inject'];
  close(): Promise<void>;
}

let nextId = 1;

/** A gateway refusal seen by a test: the catalogue code and its data (field, rule). */
export class RpcRefusal extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly data?: { field?: string; rule?: string },
  ) {
    super(`${method} refused with ${code}${data?.rule ? ` (${data.rule})` : ''}`);
  }
}

export interface NewAccount {
  loginId: string;
  parent: string;
  level: number;
  siteId?: string;
  status?: number;
  teamStatus?: number;
  firstLogin?: boolean;
  forcePwdUpdate?: boolean;
}

export interface NewSubAccount {
  loginId: string;
  /** The main account's login name. */
  main: string;
  accessCodes: readonly number[];
  siteId?: string;
  status?: number;
  firstLogin?: boolean;
}

export interface TestGatewayOptions extends Partial<
  Pick<AppOptions, 'extraMethods' | 'webRoot' | 'jobs' | 'platformFor' | 'platformWatch' | 'reportDb' | 'connectionLimits'>
> {
  /** Another gateway's database (a second process on the same server); left open on close. */
  db?: Database;
  captcha?: boolean;
  loginIpLimit?: number;
  /** Captcha images per IP in 10 minutes: tests sign in from one address far more often than a person (default 100,000). */
  captchaIssueLimit?: number;
  /** TRUST_PROXY as the config reads it (default off). */
  trustProxy?: AppOptions['config']['trustProxy'];
  /** End-to-end tests run on real time; integration tests move a manual clock. */
  realTime?: boolean;
  /** Log lines at `level` to `stream` (default: none at all). */
  log?: { level: string; stream: NonNullable<AppOptions['logStream']> };
  metricsToken?: string;
}

export async function startTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  initIpRegions();
  useTestSecretsKey();
  const database = options.db ? { db: options.db, close: async () => undefined } : await createTestDatabase();
  const clock = manualClock(new Date());
  const app = await buildApp({
    db: database.db,
    clock: options.realTime ? systemClock : clock,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    config: {
      trustProxy: options.trustProxy ?? false,
      logLevel: options.log?.level ?? 'silent',
      captcha: options.captcha ?? true,
      loginIpLimit: options.loginIpLimit ?? 50,
      captchaIssueLimit: options.captchaIssueLimit ?? 100_000,
      ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    },
    ...(options.log ? { logStream: options.log.stream } : {}),
    ...(options.extraMethods ? { extraMethods: options.extraMethods } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.platformFor ? { platformFor: options.platformFor } : {}),
    ...(options.platformWatch ? { platformWatch: options.platformWatch } : {}),
    ...(options.reportDb ? { reportDb: options.reportDb } : {}),
    // Tests open many connections from one address (load tests, streams): a high limit unless a test sets one.
    connectionLimits: { maxPerAddress: 100_000, ...options.connectionLimits },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const raw = (input: Parameters<typeof rawRequest>[1]) => rawRequest(url, input);
  const envelope = (method: string, params: Record<string, unknown>) => ({ jsonrpc: '2.0', id: nextId++, method, params });

  // Calls go in process (fastify's inject: no socket, no port, no HTTP parsing on either side),
  // with the Host header a socket call would send; `raw` keeps a real socket for the tests of HTTP itself.
  const ownHost = new URL(url).host;
  const inProcess = async (input: Parameters<typeof rawRequest>[1]): Promise<RawResponse> => {
    const res = await app.inject({
      method: (input.method ?? 'POST') as 'POST',
      url: input.path,
      headers: { host: input.host ?? ownHost, ...input.headers },
      ...(input.body !== undefined ? { payload: input.body } : {}),
    });
    let json: unknown = undefined;
    try {
      json = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      json = undefined;
    }
    const headers = Object.fromEntries(
      Object.entries(res.headers).map(([name, value]) => [name, typeof value === 'number' ? String(value) : value]),
    );
    return { status: res.statusCode, headers, text: res.body, json };
  };

  const call: TestGateway['call'] = async (method, params = {}, { host } = {}) => {
    const res = await inProcess({
      path: '/api',
      host,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(envelope(method, params)),
    });
    return res.json as RpcAnswer;
  };

  const rpc: TestGateway['rpc'] = async (method, params, options) => {
    const answer = await call(method, params as Record<string, unknown>, options);
    if (answer.error) throw new RpcRefusal(method, answer.error.code, answer.error.data);
    return answer.result as never;
  };

  return {
    url,
    db: database.db,
    ...('url' in database && database.url ? { databaseUrl: database.url } : {}),
    clock,
    raw,
    request: inProcess,
    call,
    rpc,
    inject: app.inject.bind(app),
    async refusal(method, params, options) {
      const answer = await call(method, params as Record<string, unknown>, options);
      if (!answer.error) throw new Error(`${method} was expected to be refused but answered ${JSON.stringify(answer.result)}`);
      return new RpcRefusal(method, answer.error.code, answer.error.data);
    },
    async callForm(method, params = {}, { host } = {}) {
      const body = new URLSearchParams({ json: JSON.stringify(envelope(method, params)) }).toString();
      const res = await inProcess({ path: '/api', host, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      return res.json as RpcAnswer;
    },
    async callPath(method, params = {}, { host } = {}) {
      const res = await inProcess({
        path: `/api/${method}`,
        host,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
      });
      return res.json as RpcAnswer;
    },
    async accountId(loginId, siteId = 'demo') {
      const account = await database.db.one<{ id: string | number }>(
        sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND lower(login_id) = lower(${loginId})`,
      );
      if (!account) throw new Error(`no account ${loginId} on ${siteId}`);
      return String(account.id);
    },
    async sessionFor(loginId, siteId = 'demo') {
      const account = await database.db.one<{ id: string | number }>(
        sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND lower(login_id) = lower(${loginId})`,
      );
      if (!account) throw new Error(`no account ${loginId} on ${siteId}`);
      return createSession(database.db, { siteId, accountId: String(account.id), now: clock.now() });
    },
    async addAccount(input) {
      const siteId = input.siteId ?? 'demo';
      const row = await database.db.one<{ id: string | number }>(sql`INSERT INTO accounts
          (site_id, parent_id, level, login_id, nickname, password_hash, safe_code_hash, status, team_status, first_login, force_pwd_update)
        SELECT ${siteId}, p.id, ${input.level}, ${input.loginId}, ${input.loginId}, p.password_hash, p.safe_code_hash,
               ${input.status ?? 1}, ${input.teamStatus ?? 1}, ${input.firstLogin ?? false}, ${input.forcePwdUpdate ?? false}
          FROM accounts p WHERE p.site_id = ${siteId} AND p.login_id = ${input.parent}
        RETURNING id`);
      if (!row) throw new Error(`no parent ${input.parent} on ${siteId}`);
      return String(row.id);
    },
    async addSubAccount(input) {
      const siteId = input.siteId ?? 'demo';
      const row = await database.db.one<{ id: string | number }>(sql`INSERT INTO sub_accounts
          (site_id, main_account_id, login_id, nickname, password_hash, safe_code_hash, access_codes, status, first_login, created_at)
        SELECT ${siteId}, p.id, ${input.loginId}, ${input.loginId}, p.password_hash, p.safe_code_hash,
               ${`{${normalizeAccessCodes(input.accessCodes).join(',')}}`}::smallint[], ${input.status ?? 1}, ${input.firstLogin ?? false}, ${clock.now()}
          FROM accounts p WHERE p.site_id = ${siteId} AND p.login_id = ${input.main}
        RETURNING id`);
      if (!row) throw new Error(`no main account ${input.main} on ${siteId}`);
      return String(row.id);
    },
    async sessionForSub(loginId, siteId = 'demo') {
      const sub = await database.db.one<{ id: string | number; main_account_id: string | number }>(
        sql`SELECT id, main_account_id FROM sub_accounts WHERE site_id = ${siteId} AND lower(login_id) = lower(${loginId})`,
      );
      if (!sub) throw new Error(`no sub-account ${loginId} on ${siteId}`);
      return createSession(database.db, {
        siteId,
        accountId: String(sub.main_account_id),
        subAccount: { id: String(sub.id) },
        now: clock.now(),
      });
    },
    async login(loginId, { password = 'Admin123', safeCode = '1234', host } = {}) {
      const captcha = (await call('gw.credit.captcha.check', {}, { host })).result as { captchaId: string };
      const row = await database.db.one<{ code: string }>(sql`SELECT code FROM captchas WHERE id = ${captcha.captchaId}`);
      return call(
        'gw.credit.agent.login',
        { loginId, password, safeCode, captchaId: captcha.captchaId, captchaCode: row!.code, terminal: 7, fingerOSModel: 'test-device' },
        { host },
      );
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
