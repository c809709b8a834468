import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../server/kernel/db/sql';
import type { RawResponse } from '../support/http-client';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw.close();
});

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

function expectSecurityHeaders(res: RawResponse) {
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

describe('the three transport forms', () => {
  it('give the same answer for reading B, plain JSON-RPC and reading A', async () => {
    const params = { ztsLang: 'en', opsId: 'generated-before-login', terminal: 7, fingerOSModel: 'Chrome / Linux', host: 'localhost' };
    const b = await gw.callForm('gw.credit.sn.template.get', params);
    const plain = await gw.call('gw.credit.sn.template.get', params);
    const a = await gw.callPath('gw.credit.sn.template.get', params);
    expect(b.result).toMatchObject({ sn: 'demo', ui: 'black' });
    expect(plain.result).toEqual(b.result);
    expect(a.result).toEqual(b.result);
    expect(a.id).toBeNull();
    expect(typeof b.id).toBe('number');
  });

  it('echoes string and number ids and answers a form body with its charset', async () => {
    const res = await gw.raw({
      path: '/api',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams({
        json: JSON.stringify({ jsonrpc: '2.0', id: 'abc', method: 'sn.agent.maintain', params: {} }),
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: 'abc', result: { flag: 0 } });
    expectSecurityHeaders(res);
  });

  it('reading A takes an empty body as no params and refuses a body that is not JSON', async () => {
    const empty = await gw.raw({ path: '/api/sn.agent.maintain', headers: json, body: '' });
    expect(empty.json).toMatchObject({ id: null, result: { flag: 0 } });
    const bad = await gw.raw({ path: '/api/sn.agent.maintain', headers: json, body: '{nope' });
    expect(bad.status).toBe(200);
    expect(bad.json).toMatchObject({ id: null, error: { code: -32700 } });
    const unknown = await gw.raw({ path: '/api/gw.credit.nothing.here', headers: json, body: '{}' });
    expect(unknown.json).toMatchObject({ id: null, error: { code: 110 } });
  });
});

describe('batches and notifications', () => {
  it('answers each call of a batch in order, leaving out notifications', async () => {
    const res = await gw.raw({
      path: '/api',
      headers: json,
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'sn.agent.maintain' },
        { jsonrpc: '2.0', method: 'sn.agent.maintain' },
        { jsonrpc: '2.0', id: 'x', method: 'gw.credit.unknown' },
        { jsonrpc: '1.0', id: 3, method: 'sn.agent.maintain' },
        42,
        { jsonrpc: '2.0', id: 4, method: 'gw.credit.sn.notice.query', params: { pageSize: 1000, ztsLang: 'en' } },
      ]),
    });
    expect(res.status).toBe(200);
    const answers = res.json as { id: unknown; result?: unknown; error?: { code: number; message: string } }[];
    expect(answers.map((a) => a.id)).toEqual([1, 'x', 3, null, 4]);
    expect(answers[0]!.result).toBeDefined();
    expect(answers[1]!.error!.code).toBe(110);
    expect(answers[2]!.error!.code).toBe(-32600);
    expect(answers[3]!.error!.code).toBe(-32600);
    expect(answers[4]!.error).toMatchObject({ code: 100, message: 'Incoming parameters incorrect' });
  });

  it('answers nothing (204) to notifications only, and refuses empty and oversized batches', async () => {
    const quiet = await gw.raw({ path: '/api', headers: json, body: JSON.stringify([{ jsonrpc: '2.0', method: 'sn.agent.maintain' }]) });
    expect(quiet.status).toBe(204);
    expect(quiet.text).toBe('');
    const single = await gw.raw({ path: '/api', headers: json, body: JSON.stringify({ jsonrpc: '2.0', method: 'sn.agent.maintain' }) });
    expect(single.status).toBe(204);

    const empty = await gw.raw({ path: '/api', headers: json, body: '[]' });
    expect(empty.json).toMatchObject({ id: null, error: { code: -32600 } });
    const call = { jsonrpc: '2.0', id: 1, method: 'sn.agent.maintain' };
    const big = await gw.raw({ path: '/api', headers: json, body: JSON.stringify(Array.from({ length: 51 }, () => call)) });
    expect(big.json).toMatchObject({ id: null, error: { code: -32002 } });
    const fifty = await gw.raw({ path: '/api', headers: json, body: JSON.stringify(Array.from({ length: 50 }, () => call)) });
    expect(fifty.json).toHaveLength(50);
  });

  it('takes a batch through reading B too', async () => {
    const body = new URLSearchParams({
      json: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'sn.agent.maintain' },
        { jsonrpc: '2.0', id: 2, method: 'host.info' },
      ]),
    });
    const res = await gw.raw({ path: '/api', headers: form, body: body.toString() });
    expect((res.json as { id: number }[]).map((a) => a.id)).toEqual([1, 2]);
  });
});

describe('bad requests get JSON-RPC errors, never 5xx', () => {
  const cases: { name: string; headers?: Record<string, string>; body: string; code: number }[] = [
    { name: 'not JSON', headers: json, body: '{"jsonrpc": "2.0",', code: -32700 },
    { name: 'a form without the json field', headers: form, body: 'method=sn.agent.maintain', code: -32600 },
    { name: 'a form whose json is broken', headers: form, body: 'json=%7Bnope', code: -32700 },
    { name: 'an empty body', headers: json, body: '', code: -32600 },
    { name: 'a JSON string', headers: json, body: '"hello"', code: -32600 },
    { name: 'a JSON number', headers: json, body: '12', code: -32600 },
    { name: 'null', headers: json, body: 'null', code: -32600 },
    { name: 'no jsonrpc member', headers: json, body: '{"id":1,"method":"sn.agent.maintain"}', code: -32600 },
    { name: 'a method that is not a string', headers: json, body: '{"jsonrpc":"2.0","id":1,"method":5}', code: -32600 },
    { name: 'an object id', headers: json, body: '{"jsonrpc":"2.0","id":{},"method":"sn.agent.maintain"}', code: -32600 },
    { name: 'params as a string', headers: json, body: '{"jsonrpc":"2.0","id":1,"method":"sn.agent.maintain","params":"x"}', code: 100 },
    { name: 'an unknown method', headers: json, body: '{"jsonrpc":"2.0","id":1,"method":"gw.credit.nope"}', code: 110 },
    { name: 'a prototype key as method', headers: json, body: '{"jsonrpc":"2.0","id":1,"method":"__proto__"}', code: 110 },
    {
      name: 'text/plain holding JSON-RPC',
      headers: { 'content-type': 'text/plain' },
      body: '{"jsonrpc":"2.0","id":1,"method":"gw.credit.nope"}',
      code: 110,
    },
    { name: 'no content type at all', body: '{"jsonrpc":"2.0","id":1,"method":"sn.agent.maintain","params":{"ztsLang":5}}', code: 100 },
  ];
  for (const testCase of cases) {
    it(`answers ${testCase.code} to ${testCase.name}`, async () => {
      const res = await gw.raw({ path: '/api', headers: testCase.headers ?? {}, body: testCase.body });
      expect(res.status).toBe(200);
      expect((res.json as { error: { code: number; message: string } }).error.code).toBe(testCase.code);
      expect((res.json as { error: { message: string } }).error.message.length).toBeGreaterThan(0);
      expect(res.text).not.toMatch(/\n\s+at\s|node_modules|\.ts:\d/);
      expectSecurityHeaders(res);
    });
  }

  it('refuses a NUL character in any text param with 100 naming the field, before it reaches the database', async () => {
    const opsId = await gw.sessionFor('admin');
    const cases: [string, Record<string, unknown>, string][] = [
      ['gw.credit.user.logout', { opsId, userId: '1', requestKey: 'a\u0000b' }, 'requestKey'],
      ['gw.credit.agent.login', { loginId: 'adm\u0000in', password: 'x', safeCode: '1' }, 'loginId'],
      ['gw.credit.sn.template.get', { domain: '\u0000' }, 'domain'],
      ['gw.credit.agent.query', { opsId, loginId: 'ma\u0000' }, 'loginId'],
    ];
    for (const [method, params, field] of cases) {
      expect((await gw.call(method, params)).error, method).toMatchObject({ code: 100, data: { field, rule: 'nul-character' } });
    }
  });

  it('answers 413 with a JSON-RPC error to a body over 1 MiB', async () => {
    const res = await gw.raw({
      path: '/api',
      headers: json,
      body: `{"jsonrpc":"2.0","id":1,"method":"sn.agent.maintain","params":{"pad":"${'a'.repeat(1024 * 1024)}"}}`,
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
    expectSecurityHeaders(res);
    const pathForm = await gw.raw({ path: '/api/sn.agent.maintain', headers: json, body: 'x'.repeat(1024 * 1024 + 1) });
    expect(pathForm.status).toBe(413);
  });

  it('answers in the language of the call, falling back to Chinese', async () => {
    const message = async (ztsLang: unknown) => (await gw.call('gw.credit.nope', { ztsLang })).error!.message;
    expect(await message('en')).toBe('Action not found');
    expect(await message('zh')).toBe('操作不存在');
    expect(await message('th')).not.toBe('Action not found');
    expect(await message('vi')).not.toBe('Action not found');
    expect(await message('id')).not.toBe('Action not found');
    expect(await message('xx')).toBe('操作不存在');
    // Before any params can be read, Accept-Language decides.
    const res = await gw.raw({ path: '/api', headers: { ...json, 'accept-language': 'en-US,en;q=0.9' }, body: '{' });
    expect((res.json as { error: { message: string } }).error.message).toBe('The request is not valid JSON');
  });

  it('answers other HTTP methods and unknown /api paths with a JSON-RPC error and 4xx', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await gw.raw({ method, path: '/api' });
      expect(res.status, method).toBe(404);
      expect(res.json).toMatchObject({ error: { code: -32600 } });
      expectSecurityHeaders(res);
    }
    const nested = await gw.raw({ path: '/api/a/b', headers: json, body: '{}' });
    expect(nested.status).toBe(404);
  });

  it('serves the OpenRPC document and the health check with the security headers', async () => {
    const doc = await gw.raw({ method: 'GET', path: '/api/openrpc.json' });
    expect(doc.status).toBe(200);
    expect(doc.json).toMatchObject({ openrpc: '1.3.2' });
    expectSecurityHeaders(doc);
    const health = await gw.raw({ method: 'GET', path: '/api/health', host: 'demo2.localhost' });
    expect(health.json).toEqual({ ok: true, sn: 'demo2' });
    expectSecurityHeaders(health);
  });
});

describe('the web page', () => {
  it('carries a new style nonce on every load, in its policy and in the page, and nowhere else', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'credit-web-'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(webRoot, 'app.js'), 'console.log(1)');
    const web = await startTestGateway({ webRoot, db: gw.db });
    try {
      const nonces: string[] = [];
      for (const path of ['/', '/index.html', '/some/screen']) {
        const page = await web.raw({ method: 'GET', path });
        expect(page.status, path).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        const inPolicy = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(String(page.headers['content-security-policy']))?.[1];
        const inPage = /<meta name="csp-nonce" content="([^"]+)" \/>\s*<\/head>/.exec(page.text)?.[1];
        expect(inPolicy, path).toBeDefined();
        expect(inPage).toBe(inPolicy);
        expect(Buffer.from(inPolicy!, 'base64')).toHaveLength(16);
        nonces.push(inPolicy!);
        expectSecurityHeaders(page);
      }
      expect(new Set(nonces).size).toBe(3);
      const head = await web.raw({ method: 'HEAD', path: '/' });
      expect(head.status).toBe(200);
      expect(String(head.headers['content-security-policy'])).toMatch(/style-src 'self' 'nonce-/);
      // Cross-Origin-Opener-Policy only where browsers apply it: not on a plain-HTTP intranet name.
      expect((await web.raw({ method: 'GET', path: '/' })).headers['cross-origin-opener-policy']).toBe('same-origin');
      expect((await web.raw({ method: 'GET', path: '/', host: 'demo2.localhost:8080' })).headers['cross-origin-opener-policy']).toBe(
        'same-origin',
      );
      expect((await web.raw({ method: 'GET', path: '/', host: 'office.test:8080' })).headers['cross-origin-opener-policy']).toBeUndefined();
      const script = await web.raw({ method: 'GET', path: '/app.js' });
      expect(script.text).toBe('console.log(1)');
      expect(String(script.headers['content-security-policy'])).not.toContain('nonce');
    } finally {
      await web.close();
    }
  });

  it("serves the phone's own page under /m/ (with its nonce), and a manifest naming the site", async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'credit-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>desktop</title></head><body></body></html>');
    writeFileSync(join(webRoot, 'mobile.html'), '<!doctype html><html><head><title>phone</title></head><body></body></html>');
    const web = await startTestGateway({ webRoot, db: gw.db });
    try {
      for (const path of ['/m/', '/m/index.html', '/m/anything']) {
        const page = await web.raw({ method: 'GET', path });
        expect([path, page.status, page.text]).toEqual([path, 200, expect.stringContaining('<title>phone</title>')]);
        const inPolicy = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(page.headers['content-security-policy']))?.[1];
        expect(page.text).toContain(`<meta name="csp-nonce" content="${inPolicy}" />`);
      }
      expect((await web.raw({ method: 'GET', path: '/' })).text).toContain('<title>desktop</title>');
      expect((await web.raw({ method: 'GET', path: '/m' })).headers.location).toBe('/m/');
      // The built file itself is not a second address of the page (its nonce is set per answer).
      expect((await web.raw({ method: 'GET', path: '/mobile.html' })).text).not.toContain('<title>phone</title>');
      await gw.db.run(sql`UPDATE sites SET title = '信用后台' WHERE id = 'demo'`);
      const manifest = await web.raw({ method: 'GET', path: '/m/manifest.webmanifest' });
      expect(manifest.headers['content-type']).toContain('application/manifest+json');
      const installable = JSON.parse(manifest.text) as { icons: { sizes: string; type: string }[] };
      expect(installable).toMatchObject({ name: '信用后台', start_url: '/m/#/notice', scope: '/m/', display: 'standalone' });
      // Installable: a 192 and a 512 px PNG, as browsers ask.
      expect(installable.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    } finally {
      await web.close();
    }
  });

  it('answers a host that belongs to no site with a page saying so, in the language the browser asks for, and code 2 as "unknown site"', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'credit-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>desktop</title></head><body></body></html>');
    const web = await startTestGateway({ webRoot, db: gw.db });
    // Real sites only: no default site takes the hosts no site claims.
    await gw.db.run(sql`UPDATE sites SET is_default = false WHERE id = 'demo'`);
    try {
      const page = await web.raw({
        method: 'GET',
        path: '/',
        host: 'office.test:8080',
        headers: { 'accept-language': 'fr-FR,fr;q=0.9,th;q=0.8,en;q=0.7' },
      });
      expect(page.status).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-language']).toBe('th');
      expect(page.text).toContain('<html lang="th">');
      expect(page.text).toContain('ไม่รู้จักไซต์');
      expect(page.text).toContain('ที่อยู่ <strong>office.test</strong> ไม่ได้เป็นของไซต์ใดในระบบหลังบ้านนี้');
      expect(page.text).not.toContain('<title>desktop</title>');
      expectSecurityHeaders(page);
      const english = await web.raw({
        method: 'GET',
        path: '/some/screen',
        host: 'nosite.example',
        headers: { 'accept-language': 'en-GB' },
      });
      expect([english.status, english.text]).toEqual([
        404,
        expect.stringContaining('The address <strong>nosite.example</strong> belongs to no site of this back office.'),
      ]);
      // No language of the office asked for: the default one.
      expect((await web.raw({ method: 'GET', path: '/', host: 'nosite.example', headers: { 'accept-language': 'de' } })).text).toContain(
        '未知站点',
      );
      // A host a site claims still gets the app.
      const known = await web.raw({ method: 'GET', path: '/', host: 'demo2.localhost:8080' });
      expect([known.status, known.text]).toEqual([200, expect.stringContaining('<title>desktop</title>')]);
      // Its calls are refused with code 2, which says so in every language.
      const refused = async (ztsLang: string) =>
        (await gw.call('gw.credit.sn.template.get', { ztsLang }, { host: 'nosite.example' })).error;
      expect(await refused('en')).toEqual({ code: 2, message: 'Unknown site: this address belongs to no site' });
      expect(await refused('zh')).toEqual({ code: 2, message: '未知站点：此地址不属于任何站点' });
      expect((await refused('vi'))?.message).toBe('Trang không xác định: địa chỉ này không thuộc trang nào');
    } finally {
      await gw.db.run(sql`UPDATE sites SET is_default = true WHERE id = 'demo'`);
      await web.close();
    }
  });
});
