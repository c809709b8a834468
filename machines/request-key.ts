/**
 * A request key (idempotency key, contract: 1-64 characters): 128 random bits as 32 hex digits.
 * Built on crypto.getRandomValues, which browsers give to every page; crypto.randomUUID exists
 * only in secure contexts (HTTPS and localhost), so a plain-HTTP intranet address has none.
 */
export function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key sent with a set of values, and those values as sent. */
export interface SentKey {
  values: string;
  key: string;
}

/**
 * The request key for these values: the one already used when the same values are sent again
 * (the answer may have been lost after the gateway applied them), a new one when they changed.
 */
export function requestKeyFor(previous: SentKey | null, values: unknown): SentKey {
  const text = JSON.stringify(values);
  return previous?.values === text ? previous : { values: text, key: newRequestKey() };
}
