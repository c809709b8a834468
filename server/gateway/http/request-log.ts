import { REQUEST_ID_HEADER, requestIdOf, runWithRequestId } from '../../kernel/request-id';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayMetrics } from '../../monitoring/metrics.service';
import type { CallObserver } from '../dispatcher';

export { requestIdOf, REQUEST_ID_HEADER };

/**
 * Keys whose values are secrets wherever they sit in a log line (a call's params are never logged,
 * this is the second lock): passwords, safe codes, captcha answers, session tokens, platform
 * secrets and signatures, and the headers that carry them.
 */
const secretKeys = [
  'password',
  'newPassword',
  'oldPassword',
  'confirmPassword',
  'safeCode',
  'newSafeCode',
  'oldSafeCode',
  'captchaCode',
  'opsId',
  'token',
  'secret',
  'signature',
  'authorization',
  'cookie',
];

export const REDACTED_PATHS = [
  ...secretKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  'req.headers["x-platform-signature"]',
  'req.headers["set-cookie"]',
];

/** A place log lines are written to instead of standard output (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's logger options: JSON lines (pino) at `level`, secrets redacted. */
export function loggerOptions(level: string, stream?: LogStream) {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, ...(stream ? { stream } : {}) };
}

/** Requests whose calls were logged one by one (the request's own line would repeat them). */
const callsLogged = new WeakSet<FastifyRequest>();

/**
 * What a JSON-RPC request does with each of its calls once answered: one log line (through the
 * request's logger, so it carries the request id) and the call metrics. Never the params.
 */
export function callObserver(request: FastifyRequest, metrics: GatewayMetrics): CallObserver {
  callsLogged.add(request);
  return (call) => {
    metrics.observeCall(call);
    const outcome = call.code === null ? 'ok' : call.code === 0 ? 'error' : 'refused';
    request.log.info(
      { site: call.site, account: call.account, subAccount: call.subAccount, method: call.method, code: call.code, outcome, ms: call.ms },
      'call',
    );
  };
}

/** The path without its query string (a query may hold anything a client put there). */
const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0]!.slice(0, 200);

/**
 * Every response: its id in the x-request-id header, its status counted, and one log line for a
 * request that was not JSON-RPC calls (those have a line per call): info for the gateway's other
 * routes (/api/…, /metrics), debug for the web app's files.
 */
export function registerRequestLog(app: FastifyInstance, metrics: GatewayMetrics) {
  // Everything the request runs, its calls to the game platform included, knows its id (they send it on).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId(request.id, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeResponse(reply.statusCode);
    if (callsLogged.has(request)) return;
    const path = pathOf(request);
    const line = { http: request.method, path, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (path.startsWith('/api') || path === '/metrics') request.log.info(line, 'request');
    else request.log.debug(line, 'request');
  });
}
