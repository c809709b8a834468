import type { FastifyRequest } from 'fastify';

/**
 * A request made on this machine itself, not relayed by a proxy (a proxy on the same host would
 * make every visitor look local): its peer is a loopback address or the address it reached us on.
 * The socket's peer, not `request.ip`, which a trusted proxy's header may set.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const relayed = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  const peer = request.socket.remoteAddress ?? '';
  return !relayed && (peer === request.socket.localAddress || peer === '::1' || /^(::ffff:)?127\./.test(peer));
}
