import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../../contract/errors.contract';
import type { Language } from '../../contract/common.contract';
import { canonicalJson } from './canonical-json';
import { prepared, type Queryable } from './db/database';
import { sql } from './db/sql';
import { errorMessage } from './messages';
import { RpcError } from './rpc-error';
import { openSecret } from './secrets-key';
import { signingKeyContext } from './stored-secrets';
import type { Session } from './session.store';

/**
 * A preview's token (docs/product.md#previews), shared by every money action that has a preview
 * (score up and down, the bill close, the recall of a game wallet): stateless for the gateway. It
 * is the expiry and an HMAC-SHA256, with the database's `preview` signing key, over the
 * canonical JSON of who asked (the session's token hash, its account and sub-account), the
 * method, the inputs and what the preview read (balances, limits, positions). Nothing is stored:
 * the action reads the same values under its locks, signs them again with the token's expiry and
 * compares. Any difference (a value moved, another session, other inputs, a forged token) is
 * "changed"; an equal one past its expiry is "expired".
 */
export interface PreviewClaim {
  method: string;
  /** The action's params as the user confirmed them (amounts as cents, in text). */
  inputs: Record<string, string>;
  /** What the preview read and showed, as text (bigints have no JSON). */
  read: Record<string, string>;
}

export type PreviewTokenState = 'holds' | 'expired' | 'changed';

/**
 * The key previews are signed with (one for every gateway of the database), made by the start
 * sealed with the SECRETS_KEY (kernel/stored-secrets.ts, migration 0065): its bytes in base64 inside.
 */
export async function previewKey(db: Queryable): Promise<Buffer> {
  const row = await db.one<{ key: string }>(prepared(sql`SELECT key FROM signing_keys WHERE name = 'preview'`));
  if (!row) throw new Error('the preview signing key is missing (the start makes it: kernel/stored-secrets.ts)');
  return Buffer.from(openSecret(row.key, signingKeyContext('preview')), 'base64');
}

export type PreviewCaller = Pick<Session, 'tokenHash' | 'accountId' | 'subAccountId'>;

function mac(key: Buffer, caller: PreviewCaller, claim: PreviewClaim, expiresAt: number): string {
  const signed = canonicalJson({
    v: 1,
    session: Buffer.from(caller.tokenHash).toString('hex'),
    account: caller.accountId,
    subAccount: caller.subAccountId,
    method: claim.method,
    inputs: claim.inputs,
    read: claim.read,
    expiresAt,
  });
  return createHmac('sha256', key).update(signed, 'utf8').digest('base64url');
}

/** The token of a preview: `v1.<expiry, ms in base 36>.<HMAC>`. */
export function signPreview(key: Buffer, caller: PreviewCaller, claim: PreviewClaim, expiresAt: number): string {
  return `v1.${expiresAt.toString(36)}.${mac(key, caller, claim, expiresAt)}`;
}

/** Whether a token (of the contract's form) still holds for this caller, claim and time. */
export function previewTokenState(key: Buffer, caller: PreviewCaller, claim: PreviewClaim, token: string, now: Date): PreviewTokenState {
  const [, expiry = '', given = ''] = token.split('.');
  const expiresAt = Number.parseInt(expiry, 36);
  if (!Number.isSafeInteger(expiresAt)) return 'changed';
  const expected = Buffer.from(mac(key, caller, claim, expiresAt));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'changed';
  return now.getTime() > expiresAt ? 'expired' : 'holds';
}

/** The rules that would refuse a previewed action, as a preview lists them: code, message in the caller's language, field and rule. */
export function previewRefusals(refusals: readonly RpcError[], language: Language) {
  return refusals.map((refusal) => ({
    code: refusal.code,
    message: errorMessage(refusal.code, language),
    ...(refusal.data?.field !== undefined || refusal.data?.rule !== undefined
      ? { data: { field: refusal.data.field, rule: refusal.data.rule } }
      : {}),
  }));
}

/**
 * The check of an action that carries a preview token, on what the action read under its locks:
 * nothing when the token holds for that claim, else the 20060 refusal (rule `preview-changed`, or
 * `preview-expired`) carrying the fresh preview of the same action, made by `fresh` (only then)
 * with a new token.
 */
export async function checkPreviewToken(
  key: Buffer,
  caller: PreviewCaller,
  claim: PreviewClaim,
  token: string,
  now: Date,
  fresh: () => Record<string, unknown> | Promise<Record<string, unknown>>,
): Promise<void> {
  const state = previewTokenState(key, caller, claim, token, now);
  if (state === 'holds') return;
  throw new RpcError(ErrorCode.previewStale, { rule: state === 'expired' ? 'preview-expired' : 'preview-changed', preview: await fresh() });
}
