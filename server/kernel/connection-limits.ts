import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What one address may hold of a server, and how long a request may take to arrive. */
export interface ConnectionLimits {
  /** A request's headers and body must have arrived within this (a slow body is cut off). */
  bodyTimeoutMs: number;
  /** A connection with nothing sent either way for this long is closed (above the live streams' 20 s heartbeat). */
  idleTimeoutMs: number;
  /** Open connections one address may hold; one more is closed at once. */
  maxPerAddress: number;
}

export const defaultConnectionLimits: ConnectionLimits = { bodyTimeoutMs: 30_000, idleTimeoutMs: 120_000, maxPerAddress: 256 };

/**
 * Node's own request timeout is only checked every 30 s, so each request gets its own timer: a
 * request not complete (headers and body) by then loses its connection. Counted per address.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.headersTimeout = limits.bodyTimeoutMs;
  server.requestTimeout = limits.bodyTimeoutMs;
  server.keepAliveTimeout = Math.min(5_000, limits.idleTimeoutMs);
  server.timeout = limits.idleTimeoutMs;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.complete) return;
    const timer = setTimeout(() => {
      if (!request.complete) request.socket.destroy();
    }, limits.bodyTimeoutMs);
    // A kept-alive connection carries many requests: each takes its listeners away once done.
    const { socket } = request;
    const clear = () => {
      clearTimeout(timer);
      request.removeListener('end', clear);
      response.removeListener('close', clear);
      socket.removeListener('close', clear);
    };
    request.once('end', clear);
    response.once('close', clear);
    socket.once('close', clear);
  });
}
