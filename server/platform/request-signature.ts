import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from '../kernel/db/sql';
import {
  PLATFORM_SIGNATURE_WINDOW_MS,
  platformKeyIdSchema,
  platformNonceSchema,
  platformSignatureHeaders as headers,
} from '../../contract/platform-api.contract';
import { prepared, type Queryable } from '../kernel/db/database';

/**
 * Signed requests of the platform API, both directions (docs/platform-api.md "Signing"): an
 * HMAC-SHA256, keyed by the secret of the key id, over the method, the path, the timestamp, the
 * nonce and the SHA-256 of the body. The secret never travels; the receiver checks the signature,
 * then the time, then that the nonce is new (kept in the database, so every gateway process of a
 * site agrees on it).
 */

export interface RequestToSign {
  method: string;
  /** The request target as sent: the path with its query string, if any. */
  path: string;
  /** Unix seconds, decimal. */
  timestamp: string;
  nonce: string;
  body: string | Uint8Array;
}

/** What is signed: one line each, the method upper-case, the body as the hex of its SHA-256. */
export function stringToSign(request: RequestToSign): string {
  const bodyHash = createHash('sha256').update(request.body).digest('hex');
  return ['PLATFORM-HMAC-SHA256', request.method.toUpperCase(), request.path, request.timestamp, request.nonce, bodyHash].join('\n');
}

export function signature(secret: string, request: RequestToSign): string {
  return createHmac('sha256', secret).update(stringToSign(request), 'utf8').digest('hex');
}

/** The headers of a signed request; a fresh nonce unless one is given (the docs' worked example). */
export function signRequest(input: {
  keyId: string;
  secret: string;
  method: string;
  path: string;
  body: string;
  now: Date;
  nonce?: string;
}): Record<string, string> {
  const timestamp = String(Math.floor(input.now.getTime() / 1000));
  const nonce = input.nonce ?? randomBytes(18).toString('base64url');
  return {
    [headers.keyId]: input.keyId,
    [headers.timestamp]: timestamp,
    [headers.nonce]: nonce,
    [headers.signature]: signature(input.secret, { method: input.method, path: input.path, timestamp, nonce, body: input.body }),
  };
}

export type SignatureRefusal = 'headers' | 'key' | 'signature' | 'time' | 'replay';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RequestVerifier {
  /** The key id of a request that may be served, or why it may not (then nothing was written). */
  verify(request: ReceivedRequest, now: Date): Promise<{ ok: true; keyId: string } | { ok: false; reason: SignatureRefusal }>;
}

const header = (request: ReceivedRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** A key id's secret, its secrets during a rotation (any of them signs), or null for a key nobody holds. */
export type KeySecrets = string | readonly string[] | null;

/** Nonces older than this are purged: their timestamp is refused anyway, with a margin for clocks. */
export const NONCE_KEPT_MS = 2 * PLATFORM_SIGNATURE_WINDOW_MS;
/** How often one verifier purges (a purge is one indexed DELETE). */
const PURGE_EVERY_MS = 60_000;

/**
 * `keys` answers the secret of a key id (null: unknown key), or its secrets while the site replaces
 * one (docs/operations.md, "Rotating a platform secret"): a signature under any of them holds. The nonces live in `db`
 * (platform_api_nonces, migration 0043): their primary key makes two processes that receive the
 * same request at once agree that only one of them serves it.
 */
export function requestVerifier(db: Queryable, keys: (keyId: string) => KeySecrets | Promise<KeySecrets>): RequestVerifier {
  let purgedAt = 0;
  return {
    async verify(request, now) {
      const keyId = platformKeyIdSchema.safeParse(header(request, headers.keyId));
      const nonce = platformNonceSchema.safeParse(header(request, headers.nonce));
      const timestamp = header(request, headers.timestamp);
      const given = header(request, headers.signature);
      if (!keyId.success || !nonce.success || !timestamp || !/^[0-9]{1,12}$/.test(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given)) {
        return { ok: false, reason: 'headers' };
      }
      const found = await keys(keyId.data);
      const secrets = typeof found === 'string' ? [found] : (found ?? []);
      if (secrets.length === 0) return { ok: false, reason: 'key' };
      const signed = { method: request.method, path: request.path, timestamp, nonce: nonce.data, body: request.body };
      // Constant time: both are 64 hex characters here, so the lengths never differ. Every secret is
      // compared, so the time tells nothing of which one signed.
      const matches = secrets.map((secret) => timingSafeEqual(Buffer.from(signature(secret, signed), 'utf8'), Buffer.from(given, 'utf8')));
      if (!matches.includes(true)) return { ok: false, reason: 'signature' };
      const signedAt = Number(timestamp) * 1000;
      if (Math.abs(now.getTime() - signedAt) > PLATFORM_SIGNATURE_WINDOW_MS) return { ok: false, reason: 'time' };
      if (now.getTime() - purgedAt >= PURGE_EVERY_MS) {
        purgedAt = now.getTime();
        await db.run(sql`DELETE FROM platform_api_nonces WHERE signed_at < ${new Date(now.getTime() - NONCE_KEPT_MS)}`);
      }
      // Every served request runs it: prepared once per connection (its text never varies).
      const fresh = await db.one(
        prepared(sql`INSERT INTO platform_api_nonces (key_id, nonce, signed_at)
        VALUES (${keyId.data}, ${nonce.data}, ${new Date(signedAt)}) ON CONFLICT DO NOTHING RETURNING 1`),
      );
      if (!fresh) return { ok: false, reason: 'replay' };
      return { ok: true, keyId: keyId.data };
    },
  };
}
