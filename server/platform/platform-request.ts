import type { z } from 'zod';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors.contract';
import { platformRefusalStatus } from '../../contract/platform-api.contract';
import type { ReceivedRequest, RequestVerifier, SignatureRefusal } from './request-signature';

/** Why a platform API request is not served: the HTTP status and the catalogue code it is answered with, nothing done. */
export interface PlatformRequestRefusal {
  status: number;
  code: ErrorCodeValue;
}

/** A request signed with an unknown key, a wrong signature, a time off or a nonce seen (or a key acting for another site). */
export const signatureRefusal: PlatformRequestRefusal = { status: platformRefusalStatus.signature, code: ErrorCode.thirdPartySignature };

export type PlatformRequestRead<Data, Owner> =
  | { ok: true; keyId: string; owner: Owner; data: Data }
  /** `signature` says why the signature was refused (the callers log it, never a header's value). */
  | { ok: false; refusal: PlatformRequestRefusal; signature?: SignatureRefusal };

/**
 * Reads a platform API request on either side of the API (the back office's routes, the
 * platform's server), in the order its refusals go: the signature over the body's exact bytes,
 * then the key's owner (`ownerOf`: the back office's site behind the key, refused while switched
 * off), then the body as JSON (parse error) and by the call's schema (invalid params).
 */
export async function readPlatformRequest<Schema extends z.ZodType, Owner = undefined>(
  verifier: RequestVerifier,
  request: Pick<ReceivedRequest, 'method' | 'headers'> & { url: string; body: unknown },
  schema: Schema,
  now: Date,
  ownerOf?: (keyId: string) => Promise<{ owner: Owner } | { refusal: PlatformRequestRefusal }>,
): Promise<PlatformRequestRead<z.output<Schema>, Owner>> {
  const body = typeof request.body === 'string' ? request.body : '';
  const verdict = await verifier.verify({ method: request.method, path: request.url, headers: request.headers, body }, now);
  if (!verdict.ok) return { ok: false, refusal: signatureRefusal, signature: verdict.reason };
  const owned = ownerOf ? await ownerOf(verdict.keyId) : { owner: undefined as Owner };
  if ('refusal' in owned) return { ok: false, refusal: owned.refusal };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, refusal: { status: platformRefusalStatus.badRequest, code: ErrorCode.parseError } };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, refusal: { status: platformRefusalStatus.badRequest, code: ErrorCode.invalidParams } };
  return { ok: true, keyId: verdict.keyId, owner: owned.owner, data: parsed.data as z.output<Schema> };
}
