import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { pickLanguage } from '../../contract/common.contract';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import type { MethodDefinition } from '../../contract/method.contract';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { registerFileRoute } from '../files/file-route';
import { countryOf, normaliseIp } from '../geo/ip-region';
import { createJobRunner, noJobRunner, type JobRunnerOptions } from '../jobs/job-runner';
import type { Handler } from '../rpc/call-context';
import { createDispatcher, type JsonRpcResponse } from '../rpc/dispatcher';
import { contract } from '../../contract/methods.contract';
import { createHandlers, openRpcDocument } from '../rpc/handlers';
import type { PlatformFor } from '../games/game-platform';
import { simulatorPlatform } from '../simulator/simulator-platform';
import { sendPlatformPushes } from '../games/platform-pushes';
import { repairStaleTransfers } from '../points/game-transfers';
import { drainRollupsJob } from '../reports/rollup-drain';
import { errorMessage } from '../rpc/messages';
import { normaliseHost, resolveSite, siteGatewayUrl } from '../sites/site.repository';
import { LOGO_ROUTE, siteLogo } from '../sites/system-setting.handlers';

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

/** How often the repair job looks for transfers left pending (each older than REPAIR_JOB_AFTER_MS). */
const TRANSFER_REPAIR_EVERY_MS = 15_000;
/** How often queued pushes to the game platform are sent: a closed game is closed there within about a second. */
const PLATFORM_PUSH_EVERY_MS = 1_000;
/** How often the bets queued for the report rollups are drained into them (reports drain first anyway). */
const ROLLUP_DRAIN_EVERY_MS = 1_000;

/** Bodies above 1 MiB get HTTP 413 with a JSON-RPC error (GATEWAY.md). */
export const BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'trustProxy' | 'logLevel' | 'captcha' | 'loginIpLimit'>;
  /** Folder of the built web app, served at / when it exists. */
  webRoot?: string;
  /**
   * Background jobs: by default this process runs them too (started with the app, stopped on
   * close). `run: false` leaves them to other processes.
   */
  jobs?: {
    run?: boolean;
    /** How often the transfer repair job looks (TRANSFER_REPAIR_EVERY_MS unless a test hurries it). */
    repairEveryMs?: number;
    /** How often queued platform pushes are sent (PLATFORM_PUSH_EVERY_MS). */
    pushEveryMs?: number;
    /** How often the report rollups' queue is drained (ROLLUP_DRAIN_EVERY_MS). */
    drainEveryMs?: number;
  } & Pick<JobRunnerOptions, 'pollMs' | 'leaseMs' | 'concurrency'>;
  /** The game platform (the embedded simulator unless a test injects faults into it). */
  platformFor?: PlatformFor;
  /**
   * Where reports read their rollups: a read-only replica in production (REPORT_DATABASE_URL),
   * else the main database. Rights are still checked on the main one.
   */
  reportDb?: Database;
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

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(options.config.trustProxy),
    logger: { level: options.config.logLevel },
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: false,
    // Errors raised before routing (a malformed percent-encoding in the path) answer in JSON-RPC too.
    frameworkErrors: (_error, request, reply) => {
      void send(reply, rpcError(null, ErrorCode.invalidRequest, headerLanguage(request)), 400);
    },
  });

  const {
    run: runJobs = true,
    repairEveryMs = TRANSFER_REPAIR_EVERY_MS,
    pushEveryMs = PLATFORM_PUSH_EVERY_MS,
    drainEveryMs = ROLLUP_DRAIN_EVERY_MS,
    ...jobOptions
  } = options.jobs ?? {};
  const jobs = runJobs
    ? createJobRunner({
        ...jobOptions,
        db: options.db,
        clock: options.clock,
        onError: (error, jobId) => app.log.error({ err: error, jobId }, 'internal error in a background job'),
      })
    : null;
  // The runner lives as long as the app: close() waits for an item under way.
  if (jobs) {
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => jobs.stop());
  }
  const platformFor = options.platformFor ?? simulatorPlatform;
  // The transfer repair job, the platform pushes and the rollups' drain run where background
  // jobs do; several processes may run them at once. A slow run is let finish rather than
  // joined by the next.
  if (jobs) {
    const every = (ms: number, label: string, work: () => Promise<unknown>) => {
      let running: Promise<unknown> | null = null;
      const timer = setInterval(() => {
        if (running) return;
        running = work()
          .catch((error: unknown) => app.log.error({ err: error }, `internal error in ${label}`))
          .finally(() => {
            running = null;
          });
      }, ms);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running;
      });
    };
    every(repairEveryMs, 'the transfer repair job', () => repairStaleTransfers(options.db, platformFor, options.clock.now()));
    every(pushEveryMs, 'the platform pushes', () => sendPlatformPushes(options.db, platformFor, options.clock.now()));
    every(drainEveryMs, 'the report rollups drain', () => drainRollupsJob(options.db));
  }

  const dispatcher = createDispatcher({
    db: options.db,
    clock: options.clock,
    contract: { ...contract, ...options.extraMethods?.contract },
    handlers: {
      ...(createHandlers(options.db.kind, jobs ?? noJobRunner, platformFor, options.reportDb) as unknown as Record<string, Handler>),
      ...options.extraMethods?.handlers,
    },
    settings: { captcha: options.config.captcha, loginIpLimit: options.config.loginIpLimit },
    onInternalError: (error, method) => app.log.error({ err: error, method }, 'internal error in a call'),
  });

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

  // Every body is read as text and parsed here, so no body can reach a handler unchecked.
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

  // Reading B (form field "json") and plain JSON-RPC 2.0 (envelope or batch).
  app.post('/api', async (request, reply) => {
    const body = parseBody(request);
    if (!body.ok) return send(reply, rpcError(null, body.code, headerLanguage(request)));
    return send(reply, await dispatcher.dispatch(body.value, originOf(request)));
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
    return send(reply, await dispatcher.dispatch(envelope, originOf(request)));
  });

  // Exports' files (GATEWAY.md "Files"): bytes, not JSON-RPC, once the session is checked.
  registerFileRoute(app, { db: options.db, clock: options.clock });

  app.get('/api/openrpc.json', async (request, reply) => {
    const origin = originOf(request);
    const site = await resolveSite(options.db, { ...origin, country: countryOf(origin.ip) });
    const url = site ? await siteGatewayUrl(options.db, site.id, origin, request.protocol) : '/api';
    return reply.type('application/json; charset=utf-8').send(openRpcDocument(url));
  });

  // The site's uploaded logo (system settings); the hash in its address only renews caches.
  app.get(`${LOGO_ROUTE}/:hash`, async (request, reply) => {
    const origin = originOf(request);
    const site = await resolveSite(options.db, { ...origin, country: countryOf(origin.ip) });
    const logo = site ? await siteLogo(options.db, site.id) : null;
    if (!logo) return reply.code(404).type('text/plain; charset=utf-8').send('no logo');
    return reply.type(logo.type).header('cache-control', 'public, max-age=86400').send(logo.bytes);
  });

  // Readiness for a load balancer: the site of this host, one indexed read.
  app.get('/api/health', async (request, reply) => {
    const origin = originOf(request);
    const site = await resolveSite(options.db, { ...origin, country: countryOf(origin.ip) });
    return reply.send({ ok: site !== null, sn: site?.id ?? null });
  });

  const webRoot = options.webRoot;
  const hasWeb = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));
  const page = hasWeb ? appPage(readFileSync(join(webRoot, 'index.html'), 'utf8')) : null;
  // The phone's entry (spec §1): its own page and bundle, under /m/.
  const mobilePage =
    hasWeb && existsSync(join(webRoot, 'm', 'index.html')) ? appPage(readFileSync(join(webRoot, 'm', 'index.html'), 'utf8')) : null;
  if (hasWeb) {
    // The pages themselves are answered by the not-found handler below, each with a nonce of its own.
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      allowedPath: (path) => path !== '/index.html' && path !== '/m/index.html',
    });
    app.get('/m', async (_request, reply) => reply.redirect('/m/', 301));
    // Installable (spec: the site's title and logo): the manifest names the site that answers the host.
    app.get('/m/manifest.webmanifest', async (request, reply) => {
      const origin = originOf(request);
      const site = await resolveSite(options.db, { ...origin, country: countryOf(origin.ip) });
      const icons = [
        { src: '/app-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/app-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/app-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ];
      const logo = site?.logo ? [{ src: site.logo, sizes: 'any', purpose: 'any' }] : [];
      const name = site?.title || 'Credit back office';
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(
          JSON.stringify({
            name,
            short_name: name.slice(0, 12),
            start_url: '/m/#/notice',
            scope: '/m/',
            display: 'standalone',
            background_color: site?.ui === 'red' ? '#7f1d1d' : '#0a0a0a',
            theme_color: site?.ui === 'red' ? '#b91c1c' : '#0a0a0a',
            icons: [...logo, ...icons],
          }),
        );
    });
  } else {
    app.get('/', async (_request, reply) =>
      reply.send({ name: 'credit back office gateway', openrpc: '/api/openrpc.json', web: 'not built' }),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api')) {
      return send(reply, rpcError(null, ErrorCode.invalidRequest, headerLanguage(request)), 404);
    }
    if (page && (request.method === 'GET' || request.method === 'HEAD')) {
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

  return app;
}
