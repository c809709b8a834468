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
