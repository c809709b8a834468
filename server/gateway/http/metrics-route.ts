import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayMetrics } from '../../monitoring/metrics.service';
import { isLocalRequest } from './local-request';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries METRICS_TOKEN as `Authorization: Bearer …` (compared in constant time). */
function carriesToken(request: FastifyRequest, token: string | undefined): boolean {
  if (token === undefined) return false;
  const bearer = /^Bearer ([^\s]{1,512})$/.exec(request.headers.authorization ?? '');
  return bearer !== null && timingSafeEqual(digest(bearer[1]!), digest(token));
}

/**
 * GET /metrics in Prometheus's text format (docs/operations.md, "Metrics"), answered to the machine
 * itself (loopback, not relayed by a proxy) and to a scraper bearing METRICS_TOKEN; anyone else
 * gets 401 and nothing read. Never cached.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: GatewayMetrics, token: string | undefined) {
  app.get('/metrics', async (request, reply) => {
    if (!isLocalRequest(request) && !carriesToken(request, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('metrics: loopback or METRICS_TOKEN only');
    }
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}
