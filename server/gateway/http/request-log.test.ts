import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { currentRequestId } from '../../kernel/request-id';
import { loggerOptions, registerRequestLog, requestIdOf } from './request-log';

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

describe('the request id below a request', () => {
  it('is known to all the work a request runs, after awaits too, and to nothing outside one', async () => {
    const app = Fastify({ genReqId: requestIdOf });
    registerRequestLog(app, { observeResponse: () => undefined } as never);
    app.get('/work', async () => {
      await sleep(5);
      return { id: currentRequestId() ?? null };
    });
    const answers = await Promise.all(
      ['lb-first-1234', 'lb-second-5678'].map((id) => app.inject({ method: 'GET', url: '/work', headers: { 'x-request-id': id } })),
    );
    expect(answers.map((answer) => answer.json<{ id: string }>().id)).toEqual(['lb-first-1234', 'lb-second-5678']);
    expect(currentRequestId()).toBeUndefined();
    await app.close();
  });
});
