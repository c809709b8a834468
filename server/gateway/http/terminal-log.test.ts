import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './request-log';
import { terminalLine, terminalLogStream } from './terminal-log';

const at = new Date(2026, 0, 2, 3, 4, 5).getTime();
const json = (entry: Record<string, unknown>) => JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', reqId: 'r-1', ...entry });

describe('the log at a terminal', () => {
  it('prints a call as its time, site, method, outcome and milliseconds', () => {
    const call = { msg: 'call', site: 'demo', account: '7', method: 'gw.credit.user.list', code: null, outcome: 'ok', ms: 12.4 };
    expect(terminalLine(json(call))).toBe('03:04:05  demo  gw.credit.user.list  ok  12.4 ms');
    expect(terminalLine(json({ ...call, code: 20011, outcome: 'refused', ms: 3 }))).toBe(
      '03:04:05  demo  gw.credit.user.list  refused 20011  3 ms',
    );
    expect(terminalLine(json({ ...call, level: 50, code: 0, outcome: 'error' }))).toBe(
      '03:04:05 ERROR  demo  gw.credit.user.list  error 0  12.4 ms',
    );
  });

  it('prints a request as its method, path, status and milliseconds, and anything else as its level and message', () => {
    expect(terminalLine(json({ msg: 'request', http: 'GET', path: '/api/health', status: 200, ms: 1.5 }))).toBe(
      '03:04:05  GET  /api/health  200  1.5 ms',
    );
    expect(terminalLine(json({ level: 40, msg: 'the platform of demo is silent', err: { message: 'connection refused' } }))).toBe(
      '03:04:05 WARN  the platform of demo is silent  (connection refused)',
    );
    expect(
      terminalLine(json({ level: 50, msg: 'internal error', err: { message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:2)' } })),
    ).toBe('03:04:05 ERROR  internal error\n  Error: boom\n      at x (y.ts:1:2)');
    expect(terminalLine('not json')).toBe('not json');
  });

  it('writes one line per pino line, from what pino redacted', () => {
    const written: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', terminalLogStream({ write: (text: string) => written.push(text) })) });
    app.log.info({
      msg: 'call',
      site: 'demo',
      method: 'gw.credit.agent.login',
      code: 2203,
      outcome: 'refused',
      ms: 8,
      password: 'p-secret',
    });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d {2}demo {2}gw\.credit\.agent\.login {2}refused 2203 {2}8 ms\n$/);
    expect(written.join('')).not.toContain('p-secret');
  });
});
