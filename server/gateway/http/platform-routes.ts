import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode, type ErrorCodeValue } from '../../../contract/errors.contract';
import {
  BACK_OFFICE_PLATFORM_PREFIX,
  backOfficeCalls,
  platformRefusalStatus,
  platformSignatureHeaders,
  type BackOfficeCallName,
} from '../../../contract/platform-api.contract';
import type { Clock } from '../../kernel/clock';
import type { Database } from '../../kernel/db/database';
import type { PlatformFor } from '../../platform/game-platform';
import { lobbySignIn, lobbyTransfer } from '../../platform-api/lobby.service';
import { platformOpenApiDocument } from '../../platform-api/platform-openapi';
import { readPlatformRequest, signatureRefusal, type PlatformRequestRefusal } from '../../platform/platform-request';
import { requestVerifier } from '../../platform/request-signature';
import { RpcError } from '../../kernel/rpc-error';
import { purgeSignatureRefusals, recordSignatureRefusal, siteOfPlatformKey } from '../../platform/site-platform.repository';

export interface PlatformRoutesOptions {
  db: Database;
  clock: Clock;
  platformFor: PlatformFor;
  /** LOGIN_IP_LIMIT: the lobby's sign-in checks count with the back office's sign-ins. */
  loginIpLimit: number;
}

/** The refusal counters are kept a day (the health answers the last hour), purged at most this often by one process. */
const REFUSALS_KEPT_MS = 24 * 3_600_000;
const REFUSALS_PURGE_EVERY_MS = 10 * 60_000;

function refuse(reply: FastifyReply, status: number, code: ErrorCodeValue) {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ code }));
}

/**
 * The platform API's routes on the back office (docs/platform-api.md): its published description,
 * one document for every site (it holds no secret and no site's data), and the platform's calls
 * to the back office under /api/platform/. Each of those is checked in this order, and refused
 * with a catalogue code and nothing done: the signature with the secret of the site its key id
 * names (401, 37100: unknown key, wrong signature, timestamp off, nonce seen), the site switched
 * off (409, 2250), the body (400), the body's siteId being the key's site (401, 37100).
 */
export function registerPlatformRoutes(app: FastifyInstance, options: PlatformRoutesOptions) {
  const document = JSON.stringify(platformOpenApiDocument());
  app.get(`${BACK_OFFICE_PLATFORM_PREFIX}/openapi.json`, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );

  const { db, clock } = options;
  const verifier = requestVerifier(db, async (keyId) => (await siteOfPlatformKey(db, keyId))?.secrets ?? null);
  let purgedAt = -Infinity;
  /**
   * A refusal for the signature of a request whose key id is a site's (signature, time or nonce
   * wrong, or a body naming another site) counts on that site's counter of the minute: the health
   * shows them (docs/operations.md, "Platform health"). An unknown key or missing headers name no
   * site and are only logged.
   */
  async function countRefusal(request: FastifyRequest, siteId: string | null, now: Date) {
    if (siteId === null) return;
    try {
      await recordSignatureRefusal(db, siteId, now);
      if (now.getTime() - purgedAt >= REFUSALS_PURGE_EVERY_MS) {
        purgedAt = now.getTime();
        await purgeSignatureRefusals(db, new Date(now.getTime() - REFUSALS_KEPT_MS));
      }
    } catch (error) {
      // The refusal is answered whatever becomes of its count.
      request.log.error({ err: error }, 'a signature refusal could not be counted');
    }
  }
  const siteOfKeyHeader = async (value: string | string[] | undefined) =>
    typeof value === 'string' ? ((await siteOfPlatformKey(db, value).catch(() => null))?.site_id ?? null) : null;

  /** The site behind a request's key: a key no site holds is refused as a signature, a site switched off as such. */
  async function siteOfKey(keyId: string): Promise<{ owner: { site_id: string } } | { refusal: PlatformRequestRefusal }> {
    const site = await siteOfPlatformKey(db, keyId);
    if (!site) return { refusal: signatureRefusal };
    if (site.disabled) return { refusal: { status: platformRefusalStatus.refused, code: ErrorCode.siteMaintenance } };
    return { owner: site };
  }

  const served: { [C in BackOfficeCallName]: (request: never, now: Date) => Promise<unknown> } = {
    lobbySignIn: (request: z.output<(typeof backOfficeCalls)['lobbySignIn']['request']>, now) =>
      lobbySignIn(db, { ...request, now, ipLimit: options.loginIpLimit }),
    lobbyTransfer: (request: z.output<(typeof backOfficeCalls)['lobbyTransfer']['request']>, now) =>
      lobbyTransfer(db, options.platformFor, { ...request, now }),
  };

  for (const name of Object.keys(backOfficeCalls) as BackOfficeCallName[]) {
    const definition = backOfficeCalls[name];
    const serve = served[name] as (request: unknown, now: Date) => Promise<unknown>;
    app.post(BACK_OFFICE_PLATFORM_PREFIX + definition.path, async (request, reply) => {
      const now = clock.now();
      const read = await readPlatformRequest(verifier, request, definition.request, now, siteOfKey);
      if (!read.ok) {
        if (read.signature) {
          // The reason only: never a header's value, never a secret.
          request.log.warn({ call: name, reason: read.signature }, 'platform request refused for its signature');
          if (read.signature !== 'headers' && read.signature !== 'key') {
            await countRefusal(request, await siteOfKeyHeader(request.headers[platformSignatureHeaders.keyId]), now);
          }
        }
        return refuse(reply, read.refusal.status, read.refusal.code);
      }
      const { owner: site, data } = read;
      // A key acts for its own site only.
      if (data.siteId !== site.site_id) {
        request.log.warn({ call: name, reason: 'site' }, 'platform request refused for its signature');
        await countRefusal(request, site.site_id, now);
        return refuse(reply, signatureRefusal.status, signatureRefusal.code);
      }
      try {
        const answer = await serve(data, now);
        return reply
          .code(200)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(z.encode(definition.answer as z.ZodType, answer)));
      } catch (error) {
        if (error instanceof RpcError) return refuse(reply, platformRefusalStatus.refused, error.code);
        request.log.error({ err: error, call: name }, 'a platform request failed');
        return refuse(reply, 500, ErrorCode.unknownException);
      }
    });
  }
}
