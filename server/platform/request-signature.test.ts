import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signRequest, stringToSign } from './request-signature';

const doc = readFileSync(new URL('../../docs/platform-api.md', import.meta.url), 'utf8');
const example = {
  keyId: 'acme-bo',
  secret: 'example-secret-not-for-use',
  method: 'POST',
  path: '/api/v1/transfers/in',
  body: '{"siteId":"acme","transferId":"T20261127-0001","memberId":"1001","amount":"12345","now":"2026-11-27T12:00:00.000Z"}',
  now: new Date('2026-11-27T12:00:00Z'),
  nonce: 'Q2hlY2tFeGFtcGxlMDAx',
};

describe('request signatures', () => {
  it('computes the worked example of docs/platform-api.md, every value the page shows', () => {
    const headers = signRequest(example);
    expect(headers).toEqual({
      'x-platform-key-id': 'acme-bo',
      'x-platform-timestamp': '1795780800',
      'x-platform-nonce': example.nonce,
      'x-platform-signature': '3432da5fc89856e7afd30fb6cc5b4ebe553ecbbd170c3fab0c531be7b58902ba',
    });
    const lines = stringToSign({ ...example, timestamp: '1795780800' });
    expect(lines.split('\n')).toHaveLength(6);
    for (const value of [example.secret, example.path, example.body, example.nonce, lines.split('\n')[5]!, ...Object.values(headers)]) {
      expect(doc).toContain(value);
    }
    // The page's openssl line signs the same string.
    expect(doc).toContain(`printf '${lines.replace(/\n/g, '\\n')}'`);
  });

  it('changes with each signed part, and gives a new nonce each time unless told one', () => {
    const base = signRequest(example)['x-platform-signature'];
    for (const change of [
      { method: 'PUT' },
      { path: '/api/v1/transfers/out' },
      { body: example.body.replace('12345', '12346') },
      { now: new Date('2026-11-27T12:00:01Z') },
      { nonce: 'Q2hlY2tFeGFtcGxlMDAy' },
      { secret: 'example-secret-not-for-usf' },
    ]) {
      expect(signRequest({ ...example, ...change })['x-platform-signature']).not.toBe(base);
    }
    const { nonce: _fixed, ...unfixed } = example;
    expect(signRequest(unfixed)['x-platform-nonce']).not.toBe(signRequest(unfixed)['x-platform-nonce']);
    expect(signRequest(unfixed)['x-platform-nonce']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });
});
