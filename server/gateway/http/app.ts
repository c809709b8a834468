import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { pickLanguage } from '../../../contract/common.contract';
import { ErrorCode, type ErrorCodeValue } from '../../../contract/errors.contract';
import type { MethodDefinition } from '../../../contract/method.contract';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../config';
import type { Database } from '../../kernel/db/database';
import { createLiveEvents } from '../../events/live-events.service';
import { registerFileRoute } from './file-route';
import { countryOf, normaliseIp } from '../../geo/ip-region';
import { noJobRunner, type JobRunner } from '../../jobs/job-runner';
import type { Handler } from '../../kernel/call-context';
import { createDispatcher, type Dispatcher, type JsonRpcResponse } from '../dispatcher';
import { contract } from '../../../contract/methods.contract';
import { createHandlers, openRpcDocument } from '../handlers';
import type { PlatformFor } from '../../platform/game-platform';
import { sitePlatforms } from '../../games/site-platforms';
import { simulatorPlatform } from '../../simulator/simulator-platform';
import { createGatewayMetrics, type GatewayMetrics } from '../../monitoring/metrics.service';
import { createPlatformWatch, type PlatformWatch } from '../../platform/platform-watch';
import { registerBackupRoute } from './backup-route';
import { platformHealth } from '../../monitoring/platform-health.repository';
import { errorMessage } from '../../kernel/messages';
import { findSession } from '../../kernel/session.store';
import { normaliseHost, resolveSite, siteGatewayUrl } from '../../kernel/site.repository';
import { LOGO_ROUTE, siteLogo } from '../../system-setting/system-setting.router';
import { createBackgroundWork, type BackgroundWorkOptions } from './background-work';
import { isLocalRequest } from './local-request';
import { registerMetricsRoute } from './metrics-route';
import { callObserver, loggerOptions, registerRequestLog, requestIdOf, type LogStream } from './request-log';
import { registerPlatformRoutes } from './platform-routes';
import { acceptedLanguage, unknownSitePage } from './unknown-site-page';
import { CAPTCHA_ISSUE_LIMIT } from '../../credentials/attempt-counters';
import { defaultConnectionLimits, limitConnections, type ConnectionLimits } from '../../kernel/connection-limits';

/** What the pages may load: their own files only, no inline script, no framing. */
const cspDirectives: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The page's policy: the same, plus a nonce for the <style> elements that the dialogs' scroll
 * lock and similar libraries insert at run time (they read it from the page, get-nonce).
 * A new nonce for every page served, so none can be guessed from an earlier one.
 */
function cspHeader(nonce: string): string {
  const directives = { ...cspDirectives, styleSrc: [...cspDirectives.styleSrc!, `'nonce-${nonce}'`] };
  return Object.entries(directives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join(';');
}

/** The built index.html with a place for the nonce: a meta tag the app reads at start. */
function appPage(html: string): (nonce: string) => string {
  const [head, tail] = html.split('</head>');
  if (tail === undefined) throw new Error('the built index.html has no </head>');
  return (nonce) => `${head}<meta name="csp-nonce" content="${nonce}" />\n  </head>${tail}`;
}

/** Bodies above 1 MiB get HTTP 413 with a JSON-RPC error (docs/product.md#the-gateway). */
export const BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'trustProxy' | 'logLevel' | 'captcha' | 'loginIpLimit'> &
    Partial<Pick<Config, 'metricsToken' | 'captchaIssueLimit'>>;
  /** Timeouts and the per-address connection limit (defaultConnectionLimits; tests lower them). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: LogStream;
  /** Folder of the built web app, served at / when it exists. */
  webRoot?: string;
  /** Background jobs and periodic tasks (background-work.ts): run here unless `run: false`. */
  jobs?: BackgroundWorkOptions;
  /** The game platform: each site's own (sitePlatforms: the embedded simulator or its HTTP platform) unless a test injects another. */
  platformFor?: PlatformFor;
  /** What the metrics count of the HTTP platforms' silences: the watch the default platformFor tells, or a test's own platformFor's. */
  platformWatch?: PlatformWatch;
  /**
   * Where reports read their rollups: a read-only replica in production (REPORT_DATABASE_URL),
   * else the main database. Rights are still checked on the main one.
   */
  reportDb?: Database;
  /** PGlite only: the token of `GET /api/backup` (backup-endpoint.ts), which `npm run backup` reads the database through. */
  backupToken?: string;
  /** Extra methods for tests of the dispatcher (contract and handlers together). */
  extraMethods?: { contract: Record<string, MethodDefinition>; handlers: Record<string, Handler> };
}

function originOf(request: FastifyRequest) {
  const authority = (request.headers.host ?? '').slice(0, 255).toLowerCase();
  return { host: normaliseHost(authority), authority, ip: normaliseIp(request.ip) };
}

/** Hosts browsers treat as trustworthy even over plain HTTP. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.[0-9]{1,3}){3}$/.test(host);
}

/** Language for errors found before any params could be read. */
function headerLanguage(request: FastifyRequest) {
  return pickLanguage(request.headers['accept-language']?.slice(0, 2).toLowerCase());
}

/** An error answer outside any call (the dispatcher answers within calls). */
function rpcError(id: null, code: ErrorCodeValue, language: ReturnType<typeof pickLanguage>): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message: errorMessage(code, language) } };
}

function send(reply: FastifyReply, answer: JsonRpcResponse | JsonRpcResponse[] | null, status = 200) {
  if (answer === null) return reply.code(204).send();
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(answer));
}

/**
 * fastify's trustProxy for TRUST_PROXY: a hop count trusts that many proxies nearest to us
 * (fastify itself reads a number as "trust none"), a list trusts those addresses only. Either
 * way the visitor is the first address from the right that no trusted proxy appended.
 */
function trustProxyOption(trust: AppOptions['config']['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** The fastify instance with the gateway's transport settings. */
function createFastify(config: AppOptions['config'], logStream: LogStream | undefined) {
  return Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    // JSON lines, secrets redacted; one line per call (request-log.ts), not fastify's two per request.
    logger: loggerOptions(config.logLevel, logStream),
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: false,
    // Errors raised before routing (a malformed percent-encoding in the path) answer in JSON-RPC too.
    frameworkErrors: (_error, request, reply) => {
      void send(reply, rpcError(null, ErrorCode.invalidRequest, headerLanguage(request)), 400);
    },
  });
}

/** The one dispatcher of the three call forms: the contract's methods (and a test's extra ones). */
function createAppDispatcher(options: AppOptions, jobs: Pick<JobRunner, 'kick'>, platformFor: PlatformFor, log: FastifyBaseLogger) {
  return createDispatcher({
    db: options.db,
    clock: options.clock,
    contract: { ...contract, ...options.extraMethods?.contract },
    handlers: {
      ...(createHandlers(options.db.kind, jobs, platformFor, options.reportDb) as unknown as Record<string, Handler>),
      ...options.extraMethods?.handlers,
    },
    settings: {
      captcha: options.config.captcha,
      loginIpLimit: options.config.loginIpLimit,
      captchaIssueLimit: options.config.captchaIssueLimit ?? CAPTCHA_ISSUE_LIMIT,
    },
    onInternalError: (error, method) => log.error({ err: error, method }, 'internal error in a call'),
    onDatabaseUnavailable: (error, method) =>
      log.warn({ method, reason: error instanceof Error ? error.message : String(error) }, 'database unavailable: answered 003'),
  });
}

async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    // Served over plain HTTP by default; HSTS belongs to the TLS terminator in front.
    strictTransportSecurity: false,
    // The same word as frame-ancestors 'none': no page may frame the office, not even its own.
    frameguard: { action: 'deny' },
    // Sent below only where browsers apply it (else they log an error on every page).
    crossOriginOpenerPolicy: false,
  });
  // Browsers honour Cross-Origin-Opener-Policy on trustworthy origins only (HTTPS, localhost):
  // on a plain-HTTP intranet address they ignore it and say so in the console of every page.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https' || isLoopbackHost(originOf(request).host)) reply.header('cross-origin-opener-policy', 'same-origin');
  });
}

/** Every body is read as text and parsed here, so no body can reach a handler unchecked. */
function registerBodyHandling(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
    const language = headerLanguage(request);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, rpcError(null, ErrorCode.bodyTooLarge, language), 413);
    }
    // A malformed HTTP request keeps its 4xx; anything else is our fault, answered as 000, never 5xx.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, rpcError(null, ErrorCode.invalidRequest, language), error.statusCode);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, rpcError(null, ErrorCode.unknownException, language));
  });
}

function parseBody(
  request: FastifyRequest,
): { ok: true; value: unknown } | { ok: false; code: typeof ErrorCode.parseError | typeof ErrorCode.invalidRequest } {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  let text = typeof request.body === 'string' ? request.body : '';
  if (contentType === 'application/x-www-form-urlencoded') {
    const json = new URLSearchParams(text).get('json');
    if (json === null) return { ok: false, code: ErrorCode.invalidRequest };
    text = json;
  }
  if (text.trim() === '') return { ok: false, code: ErrorCode.invalidRequest };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, code: ErrorCode.parseError };
  }
}

/** The call's origin with the request's id and logger, so what the call causes (a job too) logs under that id. */
const tracedOrigin = (request: FastifyRequest) => ({ ...originOf(request), requestId: request.id, log: request.log });

function registerRpcRoutes(app: FastifyInstance, dispatcher: Dispatcher, metrics: GatewayMetrics) {
  // Reading B (form field "json") and plain JSON-RPC 2.0 (envelope or batch).
  app.post('/api', async (request, reply) => {
    const body = parseBody(request);
    if (!body.ok) return send(reply, rpcError(null, body.code, headerLanguage(request)));
    return send(reply, await dispatcher.dispatch(body.value, tracedOrigin(request), callObserver(request, metrics)));
  });

  // Reading A: the method in the path, the params as the JSON body; answered with id null.
  app.post<{ Params: { method: string } }>('/api/:method', async (request, reply) => {
    const text = typeof request.body === 'string' ? request.body.trim() : '';
    let params: unknown = {};
    if (text !== '') {
      try {
        params = JSON.parse(text);
      } catch {
        return send(reply, rpcError(null, ErrorCode.parseError, headerLanguage(request)));
      }
    }
    const envelope = { jsonrpc: '2.0', id: null, method: request.params.method, params };
    return send(reply, await dispatcher.dispatch(envelope, tracedOrigin(request), callObserver(request, metrics)));
  });
}

/** The site that answers this request's host (null when none does). */
function siteOfRequest(db: Database, request: FastifyRequest) {
  const origin = originOf(request);
  return resolveSite(db, { ...origin, country: countryOf(origin.ip) });
}

/**
 * A gateway about to stop (SIGTERM): it still serves every call, but says it is going, so a
 * balancer sends it no more and no client keeps a connection that is about to close.
 */
interface Drain {
  on: boolean;
}

/** While draining, every answer asks the client to close its connection (the next call opens one elsewhere). */
function registerDrain(app: FastifyInstance, drain: Drain) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (drain.on) reply.header('connection', 'close');
    return payload;
  });
}

/** Routes answered per site: the OpenRPC document, the logo, the health check. */
function registerSiteRoutes(app: FastifyInstance, db: Database, clock: Clock, drain: Drain) {
  app.get('/api/openrpc.json', async (request, reply) => {
    const site = await siteOfRequest(db, request);
    const url = site ? await siteGatewayUrl(db, site.id, originOf(request), request.protocol) : '/api';
    return reply.type('application/json; charset=utf-8').send(openRpcDocument(url));
  });

  // The site's uploaded logo (system settings); the hash in its address only renews caches.
  app.get(`${LOGO_ROUTE}/:hash`, async (request, reply) => {
    const site = await siteOfRequest(db, request);
    const logo = site ? await siteLogo(db, site.id) : null;
    if (!logo) return reply.code(404).type('text/plain; charset=utf-8').send('no logo');
    return reply.type(logo.type).header('cache-control', 'public, max-age=86400').send(logo.bytes);
  });

  // Readiness for a load balancer: the site of this host, one indexed read. With ?detail=1, the
  // platform health too, to those who may read it (healthDetailScope); anyone else gets the plain answer.
  app.get<{ Querystring: { detail?: string } }>('/api/health', async (request, reply) => {
    if (drain.on) return reply.code(503).header('cache-control', 'no-store').send({ ok: false, draining: true });
    const site = await siteOfRequest(db, request);
    const plain = { ok: site !== null, sn: site?.id ?? null };
    if (request.query.detail !== '1') return reply.send(plain);
    const now = clock.now();
    const scope = await healthDetailScope(db, request, site, now);
    if (scope === null) return reply.send(plain);
    const platforms = await platformHealth(db, now, scope === 'all' ? undefined : scope);
    return reply.header('cache-control', 'no-store').send({ ...plain, platforms });
  });
}

/**
 * Who may read the platform health in /api/health?detail=1 (docs/operations.md, "Platform health"):
 * a request from loopback reads every site's; a session of the site's company main account (its
 * token as `Authorization: Bearer <opsId>`, so it never lands in an access log's URL) reads its own
 * site's. Anyone else: null, and the plain answer, which says nothing more.
 */
async function healthDetailScope(
  db: Database,
  request: FastifyRequest,
  site: Awaited<ReturnType<typeof resolveSite>>,
  now: Date,
): Promise<'all' | string | null> {
  if (isLocalRequest(request)) return 'all';
  const bearer = /^Bearer ([^\s]{1,200})$/.exec(request.headers.authorization ?? '');
  if (!site || site.ipBlocked || !bearer) return null;
  const session = await findSession(db, { token: bearer[1]!, siteId: site.id, now, idleTimeoutSeconds: site.idleTimeoutSeconds });
  const companyMain = session?.level === 0 && session.subAccountId === null && !session.forcePwdUpdate && !session.firstLogin;
  return companyMain ? site.id : null;
}

/** The phone entry's web manifest (spec: the site's title and logo), for the site that answers the host. */
function mobileManifest(site: Awaited<ReturnType<typeof resolveSite>>): string {
  const icons = [
    { src: '/app-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/app-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/app-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ];
  const logo = site?.logo ? [{ src: site.logo, sizes: 'any', purpose: 'any' }] : [];
  const name = site?.title || 'Credit back office';
  return JSON.stringify({
    name,
    short_name: name.slice(0, 12),
    start_url: '/m/#/notice',
    scope: '/m/',
    display: 'standalone',
    background_color: site?.ui === 'red' ? '#7f1d1d' : '#0a0a0a',
    theme_color: site?.ui === 'red' ? '#b91c1c' : '#0a0a0a',
    icons: [...logo, ...icons],
  });
}

/** A built page with a place for the nonce, or null when the web app has no such page. */
function builtPage(webRoot: string | undefined, ...path: string[]): ((nonce: string) => string) | null {
  if (webRoot === undefined || !existsSync(join(webRoot, ...path))) return null;
  return appPage(readFileSync(join(webRoot, ...path), 'utf8'));
}

/** The built web app's files and its installable phone entry (docs/product.md#phone: its own page and bundle, mobile.html, served at /m/). */
async function registerWebFiles(app: FastifyInstance, db: Database, webRoot: string) {
  // The pages themselves are answered by the not-found handler, each with a nonce of its own.
  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: false,
    allowedPath: (path) => path !== '/index.html' && path !== '/mobile.html',
  });
  app.get('/m', async (_request, reply) => reply.redirect('/m/', 301));
  app.get('/m/manifest.webmanifest', async (request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(mobileManifest(await siteOfRequest(db, request))),
  );
}

/** The web app at / and /m/ when it is built (else a short note at /), and every other path's answer. */
async function registerWebApp(app: FastifyInstance, db: Database, webRoot: string | undefined) {
  const page = builtPage(webRoot, 'index.html');
  const mobilePage = page ? builtPage(webRoot, 'mobile.html') : null;
  if (page && webRoot !== undefined) {
    await registerWebFiles(app, db, webRoot);
  } else {
    app.get('/', async (_request, reply) =>
      reply.send({ name: 'credit back office gateway', openrpc: '/api/openrpc.json', web: 'not built' }),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api')) {
      return send(reply, rpcError(null, ErrorCode.invalidRequest, headerLanguage(request)), 404);
    }
    if (page && (request.method === 'GET' || request.method === 'HEAD')) {
      // A host no site claims (and no default site answers) gets a page saying so, not an app whose every call fails.
      if (!(await siteOfRequest(db, request))) {
        const language = acceptedLanguage(request.headers['accept-language']);
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-language', language)
          .send(unknownSitePage(originOf(request).host, language));
      }
      const nonce = randomBytes(16).toString('base64');
      const mobile = mobilePage && request.url.startsWith('/m/');
      reply.raw.setHeader('content-security-policy', cspHeader(nonce));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(mobile ? mobilePage(nonce) : page(nonce));
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}

/**
 * The gateway's HTTP app, step by step: the transport, the background work (started when the
 * app is ready, stopped on close), the dispatcher, then the routes in the order they are matched.
 */
export async function buildApp(options: AppOptions) {
  const app = createFastify(options.config, options.logStream);
  limitConnections(app.server, { ...defaultConnectionLimits, ...options.connectionLimits });
  const platformWatch = options.platformWatch ?? createPlatformWatch(app.log);
  const metrics = createGatewayMetrics(options.db, options.clock, options.reportDb, platformWatch);
  const platformFor =
    options.platformFor ?? sitePlatforms({ embedded: simulatorPlatform, now: () => options.clock.now(), watch: platformWatch });
  const background = createBackgroundWork(options.db, options.clock, platformFor, options.jobs ?? {}, app.log);
  // The work lives as long as the app: close() waits for what is under way.
  app.addHook('onReady', async () => background.start());
  app.addHook('onClose', async () => background.stop());
  const dispatcher = createAppDispatcher(options, background.jobs ?? noJobRunner, platformFor, app.log);

  registerRequestLog(app, metrics);
  await registerSecurityHeaders(app);
  registerBodyHandling(app);
  registerRpcRoutes(app, dispatcher, metrics);
  // Prometheus's scrape (docs/operations.md, "Metrics"): loopback or METRICS_TOKEN only.
  registerMetricsRoute(app, metrics, options.config.metricsToken);
  // Exports' files (docs/product.md#exports-and-files): bytes, not JSON-RPC, once the session is checked.
  registerFileRoute(app, { db: options.db, clock: options.clock });
  const drain: Drain = { on: false };
  registerDrain(app, drain);
  registerSiteRoutes(app, options.db, options.clock, drain);
  // What changes elsewhere, as server-sent events to each signed-in session (docs/api.md,
  // "Calls", `GET /api/live`).
  createLiveEvents({
    db: options.db,
    clock: options.clock,
    log: app.log,
    siteOf: (request) => siteOfRequest(options.db, request),
  }).register(app);
  registerPlatformRoutes(app, { db: options.db, clock: options.clock, platformFor, loginIpLimit: options.config.loginIpLimit });
  if (options.backupToken) registerBackupRoute(app, options.db, options.backupToken);
  await registerWebApp(app, options.db, options.webRoot);
  drains.set(app, drain);
  return app;
}

/** Each app's drain switch (an app is a thenable, so it is kept beside it rather than on it). */
const drains = new WeakMap<FastifyInstance, Drain>();

/** From now on the app's health check answers 503 and every answer closes its connection; calls are still served. */
export function startDraining(app: FastifyInstance): void {
  const drain = drains.get(app);
  if (drain) drain.on = true;
}
