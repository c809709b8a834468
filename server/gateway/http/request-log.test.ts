import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, requestIdOf } from './request-log';

describe('the log redaction', () => {
  it('censors secret keys at the top and nested two levels deep, and keeps the rest', () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (line) => lines.push(line) }) });
    app.log.info({ password: 'p-top-secret', params: { safeCode: 's-nested', login: { captchaCode: 'c-deep' } }, site: 'demo' }, 'x');
    app.log.info({ req: { headers: { authorization: 'Bearer t-header', 'x-platform-signature': 'sig-value' } } }, 'y');
    const text = lines.join('');
    for (const secret of ['p-top-secret', 's-nested', 'c-deep', 't-header', 'sig-value']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    expect(JSON.parse(lines[0]!)).toMatchObject({ site: 'demo', params: { safeCode: '[redacted]' } });
  });
});

describe('request ids', () => {
  const request = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as never;
  it("keeps a balancer's sound id and replaces anything else", () => {
    expect(requestIdOf(request('lb-12345678'))).toBe('lb-12345678');
    for (const bad of [undefined, 'short', 'has space 12345', 'x'.repeat(65), '<script>alert(1)</script>']) {
      expect(requestIdOf(request(bad))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
