import { afterEach, describe, expect, it, vi } from 'vitest';
import { newRequestKey, requestKeyFor } from './request-key';

describe('request key', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is 32 hex digits, different each time', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newRequestKey()));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('needs only getRandomValues: works where randomUUID is missing (plain HTTP)', () => {
    const getRandomValues = <T extends ArrayBufferView | null>(array: T) => {
      new Uint8Array(array!.buffer).set(Array.from({ length: 16 }, (_, index) => index * 17));
      return array;
    };
    vi.stubGlobal('crypto', { getRandomValues });
    expect(newRequestKey()).toBe('00112233445566778899aabbccddeeff');
  });

  it('is kept while the same values are sent again, and new once they change or were saved', () => {
    const first = requestKeyFor(null, { a: 1 });
    expect(requestKeyFor(first, { a: 1 })).toBe(first);
    expect(requestKeyFor(first, { a: 2 }).key).not.toBe(first.key);
    expect(requestKeyFor(null, { a: 1 }).key).not.toBe(first.key);
  });
});
