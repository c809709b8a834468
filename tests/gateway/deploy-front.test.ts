import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { connect as http2Connect } from 'node:http2';
import { request as tlsRequest } from 'node:https';
import { request as plainRequest } from 'node:http';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, raiseLiveEvent } from '../../server/events/live-events.service';
import { openLiveStream } from '../support/live-stream-client';
import { countChildProcess } from '../support/run-counters';
import { freePort } from '../support/free-port';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

/**
 * What deploy/ ships, run for real where it can be: the nginx site in front of a test gateway
 * (TLS with HTTP/2, the Host passed on, the live stream unbuffered, the body limit, the headers),
 * and the other files through their own tools' checks (haproxy -c, patroni --validate-config,
 * systemd-analyze verify). The tools are Debian's packages, which `.ci/run` installs.
 */
const deploy = new URL('../../deploy/', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'credit-deploy-'));
let gw: TestGateway;
let nginx: ChildProcess | undefined;
let ca: string;
let https: string;
let http: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(base: string, input: { method?: string; path: string; body?: string | Buffer; host?: string }): Promise<Answer> {
  const url = new URL(input.path, base);
  const request = url.protocol === 'https:' ? tlsRequest : plainRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: input.method ?? 'GET',
        headers: {
          host: input.host ?? 'localhost',
          ...(input.body !== undefined
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(input.body)) }
            : {}),
        },
        ...(url.protocol === 'https:' ? { ca, servername: 'office.example.com' } : {}),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(input.body);
  });
}

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  const upstream = new URL(gw.url).port;
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=office.example.com',
      '-addext',
      'subjectAltName=DNS:office.example.com',
      '-keyout',
      join(folder, 'privkey.pem'),
      '-out',
      join(folder, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
  ca = readFileSync(join(folder, 'fullchain.pem'), 'utf8');
  const [tlsPort, plainPort] = [await freePort(), await freePort()];
  // The shipped site with only what an install changes: the certificate's place, the ports, the gateways' addresses.
  const site = readFileSync(join(deploy, 'nginx/credit-office.conf'), 'utf8')
    .replaceAll('/etc/credit-office/tls', folder)
    .replace(/listen \[::\]:\d+[^;]*;\n/g, '')
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`)
    .replace('listen 80;', `listen 127.0.0.1:${plainPort};`)
    .replace(/server 127\.0\.0\.1:808[12]/g, `server 127.0.0.1:${upstream}`);
  writeFileSync(join(folder, 'site.conf'), site);
  writeFileSync(
    join(folder, 'nginx.conf'),
    `daemon off;\npid ${folder}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n` +
      `  client_body_temp_path ${folder}/body;\n  proxy_temp_path ${folder}/proxy;\n  include ${folder}/site.conf;\n}\n`,
  );
  countChildProcess();
  nginx = spawn('/usr/sbin/nginx', ['-p', folder, '-c', join(folder, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  nginx.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  https = `https://127.0.0.1:${tlsPort}`;
  http = `http://127.0.0.1:${plainPort}`;
  for (let wait = 0; ; wait++) {
    try {
      await send(https, { path: '/api/health' });
      break;
    } catch (error) {
      if (wait > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${errors || String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}, 60_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await gw?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the nginx site of deploy/ in front of a gateway', () => {
  it('sends plain HTTP to HTTPS, and serves the calls over TLS with the host passed on, its headers and an id per request', async () => {
    const plain = await send(http, { path: '/#/login' });
    expect({ status: plain.status, location: plain.headers.location }).toEqual({ status: 301, location: 'https://localhost/' });

    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'gw.credit.sn.template.get', params: {} });
    const demo = await send(https, { method: 'POST', path: '/api', body });
    expect(demo.status).toBe(200);
    expect((JSON.parse(demo.text) as { result: { sn: string } }).result.sn).toBe('demo');
    // The site is the one of the Host header the visitor sent.
    const other = await send(https, { method: 'POST', path: '/api', body, host: 'demo2.localhost' });
    expect((JSON.parse(other.text) as { result: { sn: string } }).result.sn).toBe('demo2');
    expect(demo.headers['strict-transport-security']).toContain('max-age=31536000');
    // The gateway's own security headers come through once, not doubled by the front.
    expect(demo.headers['x-content-type-options']).toBe('nosniff');
    expect(demo.headers['content-security-policy']).toBeDefined();
    // nginx's id for the request reached the gateway, which answers it.
    expect(demo.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('speaks HTTP/2', async () => {
    const session = http2Connect(https, { ca, servername: 'office.example.com' });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/health', host: 'localhost' });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.end();
      });
      expect(status).toBe(200);
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
    }
  });

  it('refuses a body over 1 MiB before it reaches the gateway, and keeps /metrics out of reach', async () => {
    const big = await send(https, { method: 'POST', path: '/api', body: `{"pad":"${'x'.repeat(1_100_000)}"}` });
    expect(big.status).toBe(413);
    expect((await send(https, { path: '/metrics' })).status).toBe(404);
  });

  it('passes the live stream on as it comes, and waits longer than its heartbeat before it calls it lost', async () => {
    // Unbuffered twice over: the site says so, and the gateway's answer asks it (x-accel-buffering: no).
    const live = /location = \/api\/live \{([^}]*)\}/.exec(readFileSync(join(deploy, 'nginx/credit-office.conf'), 'utf8'))![1]!;
    expect(live).toContain('proxy_buffering off;');
    expect(Number(/proxy_read_timeout (\d+)s;/.exec(live)![1]) * 1000).toBeGreaterThan(2 * HEARTBEAT_MS);
    const token = await gw.sessionFor('admin');
    const stream = await openLiveStream(https, token, { host: 'localhost', ca });
    try {
      expect(stream.status).toBe(200);
      await raiseLiveEvent(gw.db, 'demo', { kind: 'notices' });
      expect((await stream.next()).kind).toBe('notices');
    } finally {
      stream.close();
    }
  });
});

describe('the other files of deploy/', () => {
  it('haproxy takes its configuration', () => {
    expect(execFileSync('/usr/sbin/haproxy', ['-c', '-f', join(deploy, 'haproxy/haproxy.cfg')], { encoding: 'utf8' })).toContain(
      'Configuration file is valid',
    );
  });

  it('patroni takes its configuration (on a port free here: the check opens it)', async () => {
    const file = join(folder, 'patroni.yml');
    const port = await freePort();
    writeFileSync(
      file,
      readFileSync(join(deploy, 'patroni/patroni.yml'), 'utf8').replace('listen: 0.0.0.0:5432', `listen: 127.0.0.1:${port}`),
    );
    // It exits 0 with nothing to say when the file is valid, 1 with the reasons otherwise.
    expect(execFileSync('/usr/bin/patroni', ['--validate-config', file], { encoding: 'utf8' })).toBe('');
  });

  it('systemd takes the units', () => {
    const units = join(folder, 'units');
    execFileSync('mkdir', ['-p', units]);
    for (const name of readdirSync(join(deploy, 'systemd'))) {
      // A template is verified as one of its instances.
      copyFileSync(join(deploy, 'systemd', name), join(units, name.replace('@.service', '@8081.service')));
    }
    const files = readdirSync(units).map((name) => join(units, name));
    expect(files.length).toBe(2);
    expect(() => execFileSync('/usr/bin/systemd-analyze', ['verify', ...files], { stdio: 'pipe' })).not.toThrow();
  });
});
