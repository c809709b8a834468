import type { FastifyRequest } from 'fastify';
import { normaliseIp } from '../geo/ip-region';

/** A request made on this machine itself, not relayed by a proxy (a proxy on the same host would make every visitor look local). */
export function isLocalRequest(request: FastifyRequest): boolean {
  const relayed = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  const ip = normaliseIp(request.ip);
  return !relayed && (ip === '::1' || /^127\./.test(ip));
}
