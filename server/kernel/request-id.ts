import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header holding a request's id: a balancer may send it, both sides answer it and pass it on. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a caller sent is kept when it looks like one (no spaces, no markup, short); else a new one. */
const requestIdPattern = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's genReqId: the sender's id when it sent a sound one, so its log and ours agree. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

/**
 * The id of the request the current work serves, wherever it runs below it (a handler's call to
 * the game platform sends it on), without passing it through every function in between.
 */
const current = new AsyncLocalStorage<string>();

export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return current.run(requestId, work);
}

/** Undefined outside a request (a job of the background work, a command-line tool). */
export function currentRequestId(): string | undefined {
  return current.getStore();
}
