import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../kernel/canonical-json';
import { prepared, type Queryable } from '../kernel/db/database';
import { sql } from '../kernel/db/sql';
import type { Session } from '../kernel/session.store';
import { openSecret } from '../kernel/secrets-key';
import { signingKeyContext } from '../kernel/stored-secrets';

/**
 * A preview's token (docs/product.md#previews): stateless for the gateway. It is the expiry and an
 * HMAC-SHA256, with the database's `preview` signing key, over the canonical JSON of who asked
 * (the session's token hash, its account and sub-account), the method, the inputs and what the
 * preview read (balances, limits). Nothing is stored: the action reads the same values under its
 * row locks, signs them again with the token's expiry and compares. Any difference (a balance
 * moved, another session, other inputs, a forged token) is "changed"; an equal one past its
 * expiry is "expired".
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

type Caller = Pick<Session, 'tokenHash' | 'accountId' | 'subAccountId'>;

function mac(key: Buffer, caller: Caller, claim: PreviewClaim, expiresAt: number): string {
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
export function signPreview(key: Buffer, caller: Caller, claim: PreviewClaim, expiresAt: number): string {
  return `v1.${expiresAt.toString(36)}.${mac(key, caller, claim, expiresAt)}`;
}

/** Whether a token (of the contract's form) still holds for this caller, claim and time. */
export function previewTokenState(key: Buffer, caller: Caller, claim: PreviewClaim, token: string, now: Date): PreviewTokenState {
  const [, expiry = '', given = ''] = token.split('.');
  const expiresAt = Number.parseInt(expiry, 36);
  if (!Number.isSafeInteger(expiresAt)) return 'changed';
  const expected = Buffer.from(mac(key, caller, claim, expiresAt));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'changed';
  return now.getTime() > expiresAt ? 'expired' : 'holds';
}
