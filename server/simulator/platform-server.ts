import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import {
  encodeFeedAnswer,
  PLATFORM_BODY_LIMIT,
  platformCalls,
  platformRefusalStatus,
  type PlatformAnswer,
  type PlatformCallName,
  type PlatformRequest,
  type PlatformWireAnswer,
} from '../../contract/platform-api.contract';
import { systemClock, type Clock } from '../kernel/clock';
import type { Queryable } from '../kernel/db/database';
import { PlatformRefusal, type GamePlatform } from '../platform/game-platform';
import { defaultConnectionLimits, limitConnections, type ConnectionLimits } from '../kernel/connection-limits';
import { readPlatformRequest } from '../platform/platform-request';
import { requestVerifier } from '../platform/request-signature';

export interface PlatformApiServerOptions {
  /** The platform that answers (the simulator's books, in the platform's own database). */
  platform: GamePlatform;
  /** The secret of a key id, or null for a key the platform does not know. */
  keys: (keyId: string) => string | null | Promise<string | null>;
  /**
   * The site a key is for, or null for a key of every site (the demo's shared platform). A
   * request naming another site is refused as one the key may not sign (37100); a feed read
   * naming no site reads the key's.
   */
  keySite?: (keyId: string) => string | null;
  /** Where the nonces of served requests are kept (platform_api_nonces). */
  db: Queryable;
  clock?: Clock;
  /** Where the calls' paths start ("" by default: POST /transfers/in). */
  prefix?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * The feed's answer as the wire carries it, written by the platform from its own rows
   * (simulator-platform.ts readFeedWire): without it, `platform.readFeed` and encodeFeedAnswer.
   */
  readFeedWire?: (call: PlatformRequest<'readFeed'>) => Promise<PlatformWireAnswer<'readFeed'>>;
  /** Timeouts and the per-address connection limit, as the gateway's (tests lower them). */
  connectionLimits?: Partial<ConnectionLimits>;
}

/** An answer as the wire carries it; the feed's written field by field (encodeFeedAnswer: z.encode of a full page took a second). */
function encodeAnswer(name: PlatformCallName, answer: unknown): unknown {
  if (name === 'readFeed') return encodeFeedAnswer(answer as PlatformAnswer<'readFeed'>);
  return z.encode(platformCalls[name].answer as z.ZodType, answer);
}

type Served = { [C in PlatformCallName]: (request: PlatformRequest<C>) => Promise<PlatformAnswer<C>> };

/** Each call answered by the platform's method of the same name; pushes acknowledge once done. */
function servedBy(platform: GamePlatform): Served {
  const ok = { ok: true } as const;
  return {
    transferIn: (call) => platform.transferIn(call),
    transferOut: (call) => platform.transferOut(call),
    queryTransfer: async (call) => ({ record: await platform.queryTransfer(call) }),
    settleTransfer: async (call) => ({ record: await platform.settleTransfer(call) }),
    balance: (call) => platform.holding(call),
    setClosedGames: async (call) => (await platform.setClosedGames(call), ok),
    // A round's result is typed `object` there; the answer schema checks it is a JSON object.
    readFeed: async (call) => ({ items: (await platform.readFeed(call)) as PlatformAnswer<'readFeed'>['items'] }),
    setAccounts: async (call) => (await platform.setAccounts(call), ok),
    setGameNotices: async (call) => (await platform.setGameNotices(call), ok),
    replySuggestions: async (call) => (await platform.replySuggestions(call), ok),
    lobby: (call) => platform.lobby(call),
    games: async () => ({ games: await platform.games() }),
    statement: (call) => platform.statement(call),
  };
}

function refuse(reply: FastifyReply, status: number, code: ErrorCodeValue) {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ code }));
}

/**
 * The platform side of the platform API over HTTP (docs/platform-api.md): every request's
 * signature checked first (nothing else is read or written for a refused one), then its body
 * parsed with the call's schema, then the platform's method; its answer encoded with the call's
 * answer schema. Bad input gets a catalogue code with a 4xx, never a stack; a failure of the
 * platform itself is a 500 with code 0 (the caller treats the outcome as unknown).
 */
export function platformApiServer(options: PlatformApiServerOptions): FastifyInstance {
  const app = Fastify({ bodyLimit: PLATFORM_BODY_LIMIT, logger: options.logger ?? false, return503OnClosing: false });
  limitConnections(app.server, { ...defaultConnectionLimits, ...options.connectionLimits });
  const clock = options.clock ?? systemClock;
  const verifier = requestVerifier(options.db, options.keys);
  const served = servedBy(options.platform);
  const prefix = options.prefix ?? '';

  // The body is read as it came: the signature is over its exact bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: PLATFORM_BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse(reply, platformRefusalStatus.tooLarge, ErrorCode.bodyTooLarge);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return refuse(reply, platformRefusalStatus.badRequest, ErrorCode.invalidRequest);
    }
    request.log.error({ err: error }, 'platform API request failed');
    return refuse(reply, 500, ErrorCode.unknownException);
  });
  app.setNotFoundHandler((_request, reply) => refuse(reply, platformRefusalStatus.notFound, ErrorCode.methodNotFound));

  for (const name of Object.keys(platformCalls) as PlatformCallName[]) {
    const definition = platformCalls[name];
    const serve = served[name] as (request: unknown) => Promise<unknown>;
    app.post(prefix + definition.path, async (request, reply) => {
      const read = await readPlatformRequest(verifier, request, definition.request, clock.now());
      if (!read.ok) {
        // The reason and the key id only: never a header's value, never a secret.
        if (read.signature) request.log.warn({ call: name, reason: read.signature }, 'platform API request refused for its signature');
        return refuse(reply, read.refusal.status, read.refusal.code);
      }
      let data = read.data as { siteId?: string };
      const keySite = options.keySite?.(read.keyId) ?? null;
      if (keySite !== null) {
        if (name === 'readFeed' && data.siteId === undefined) data = { ...data, siteId: keySite };
        else if (data.siteId !== undefined && data.siteId !== keySite) {
          request.log.warn({ call: name, reason: 'another-site' }, "platform API request refused: it names a site that is not its key's");
          return refuse(reply, platformRefusalStatus.signature, ErrorCode.thirdPartySignature);
        }
      }
      try {
        const { readFeedWire } = options;
        const wire =
          name === 'readFeed' && readFeedWire
            ? await readFeedWire(data as PlatformRequest<'readFeed'>)
            : encodeAnswer(name, await serve(data));
        return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(wire));
      } catch (error) {
        if (error instanceof PlatformRefusal) return refuse(reply, platformRefusalStatus.refused, error.code);
        request.log.error({ err: error, call: name }, 'the platform failed a call');
        return refuse(reply, 500, ErrorCode.unknownException);
      }
    });
  }
  return app;
}
