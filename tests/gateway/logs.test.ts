import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_PLATFORM_PREFIX, backOfficeCalls } from '../../contract/platform-api.contract';
import { hashSecret } from '../../server/kernel/password';
import { signRequest } from '../../server/platform/request-signature';
import { setPlatform } from '../../server/sites/site-admin.service';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// The gateway's log as JSON lines at info (docs/operations.md, "Logs"), read from a stream of the
// test's own. Every secret a caller or the platform can send goes through the gateway once; none
// may appear.
const PASSWORD = 'Pw-for-the-log-test-9Kq';
const WRONG_PASSWORD = 'Wrong-pw-for-the-log-test-3Zt';
const SAFE_CODE = 'Sc7logsafeQ';
const CAPTCHA = 'capzq7logwx';
const PLATFORM_KEY = 'logs-test-key';
const PLATFORM_SECRET = 'the platform secret of the log test 0123456789';
const MEMBER_PASSWORD = 'Member-pw-of-the-log-test-5Rv';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

const lines: string[] = [];
let gw: TestGateway;
let token = '';
let loginRequestId = '';

const parsed = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
const callLines = () => parsed().filter((line) => line.msg === 'call');

/** The captcha's code set to one the test knows (the image's own is 4 letters, too short to search for). */
async function knownCaptcha(): Promise<string> {
  const { captchaId } = (await gw.call('gw.credit.captcha.check', {})).result as { captchaId: string };
  await gw.db.run(sql`UPDATE captchas SET code = ${CAPTCHA} WHERE id = ${captchaId}`);
  return captchaId;
}

/** A JSON-RPC call over HTTP, answered with its x-request-id header. */
async function tracedCall(method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) {
  const answer = await gw.raw({
    path: '/api',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return {
    json: answer.json as { result?: Record<string, unknown>; error?: { code: number } },
    requestId: String(answer.headers['x-request-id']),
  };
}

async function waitFor(found: () => boolean) {
  for (let tries = 0; tries < 500 && !found(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(found()).toBe(true);
}

beforeAll(async () => {
  gw = await startTestGateway({
    captcha: true,
    realTime: true,
    jobs: { pollMs: 50 },
    log: { level: 'info', stream: { write: (line) => lines.push(line) } },
  });
  await gw.addAccount({ loginId: 'logsagent', parent: 'admin', level: 1 });
  await gw.db.run(sql`UPDATE accounts SET password_hash = ${await hashSecret(PASSWORD)}, safe_code_hash = ${await hashSecret(SAFE_CODE)}
    WHERE site_id = 'demo' AND login_id = 'logsagent'`);
  await setPlatform(gw.db, 'demo', { kind: 'http', url: 'http://127.0.0.1:9', keyId: PLATFORM_KEY, secret: PLATFORM_SECRET }, new Date());

  // A wrong password, then the right one with the safe code and the captcha's answer.
  await tracedCall('gw.credit.agent.login', {
    loginId: 'logsagent',
    password: WRONG_PASSWORD,
    safeCode: SAFE_CODE,
    captchaId: await knownCaptcha(),
    captchaCode: CAPTCHA,
  });
  const login = await tracedCall('gw.credit.agent.login', {
    loginId: 'logsagent',
    password: PASSWORD,
    safeCode: SAFE_CODE,
    captchaId: await knownCaptcha(),
    captchaCode: CAPTCHA,
  });
  token = String(login.json.result?.sessionId ?? '');
  loginRequestId = login.requestId;
  // The session token in the params, in the health check's Authorization header, and in a download's form.
  await tracedCall('gw.credit.safe.code.check', { opsId: token, safeCode: SAFE_CODE });
  await gw.raw({
    method: 'GET',
    path: '/api/health?detail=1',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.5' },
  });
  await gw.raw({ path: '/api/files/1', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ opsId: token }) });
  // The platform's signed request, carrying a member's password.
  const path = BACK_OFFICE_PLATFORM_PREFIX + backOfficeCalls.lobbySignIn.path;
  const body = JSON.stringify({
    siteId: 'demo',
    loginId: 'mb01010102001',
    password: MEMBER_PASSWORD,
    ip: '198.51.100.20',
    device: 'log test',
  });
  const headers = signRequest({ keyId: PLATFORM_KEY, secret: PLATFORM_SECRET, method: 'POST', path, body, now: new Date() });
  await gw.raw({ path, headers: { 'content-type': 'application/json', ...headers }, body });
  lines.push(JSON.stringify({ level: 0, msg: 'signature of the test', signature: headers['x-platform-signature'] }));
}, 20_000);
afterAll(async () => {
  await gw?.close();
});

describe('JSON log lines', () => {
  it('hold no password, safe code, captcha answer, session token or platform secret', () => {
    expect(token).toMatch(/.{16,}/);
    const text = lines.slice(0, -1).join('\n');
    expect(lines.length).toBeGreaterThan(5);
    const signature = String(parsed().at(-1)?.signature);
    for (const secret of [PASSWORD, WRONG_PASSWORD, SAFE_CODE, CAPTCHA, token, PLATFORM_SECRET, MEMBER_PASSWORD, signature]) {
      expect(text).not.toContain(secret);
    }
  });

  it('write one line per call with its request id, site, account, method, outcome code and time', () => {
    const calls = callLines();
    expect(calls.length).toBeGreaterThanOrEqual(5);
    for (const line of calls) {
      expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line).toHaveProperty('site');
      expect(line).toHaveProperty('account');
      expect(line).toHaveProperty('method');
      expect(line).toHaveProperty('code');
      expect(typeof line.ms).toBe('number');
    }
    const refused = calls.find((line) => line.method === 'gw.credit.agent.login' && line.code === 2218);
    expect(refused).toMatchObject({ site: 'demo', outcome: 'refused' });
    const checked = calls.find((line) => line.method === 'gw.credit.safe.code.check');
    expect(checked).toMatchObject({ site: 'demo', code: null, outcome: 'ok' });
    expect(checked?.account).toMatch(/^[1-9][0-9]*$/);
  });

  it('answer the logged id in the x-request-id header', () => {
    const logged = callLines().filter((line) => line.reqId === loginRequestId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ method: 'gw.credit.agent.login', code: null });
  });

  it('write a line for the other routes, without their query string', () => {
    const health = parsed().find((line) => line.msg === 'request' && line.path === '/api/health');
    expect(health).toMatchObject({ status: 200, http: 'GET' });
    expect(health?.reqId).toBeTruthy();
  });

  it('keep a balancer id that looks like one, and make a new one for anything else', async () => {
    const kept = await tracedCall('gw.credit.captcha.check', {}, { 'x-request-id': 'lb-7f3a9c21-0001' });
    expect(kept.requestId).toBe('lb-7f3a9c21-0001');
    const replaced = await tracedCall('gw.credit.captcha.check', {}, { 'x-request-id': 'bad id <script>' });
    expect(replaced.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("carry the call's id into the lines of the job it started", async () => {
    const started = await tracedCall('gw.credit.score.log.export', { opsId: token, format: 'csv' });
    expect(started.json.error).toBeUndefined();
    const jobId = String(started.json.result?.jobId);
    await waitFor(() => parsed().some((line) => line.msg === 'job ran' && line.jobId === jobId));
    const ran = parsed().find((line) => line.msg === 'job ran' && line.jobId === jobId);
    expect(ran).toMatchObject({ reqId: started.requestId, kind: 'export' });
    const stored = await gw.db.one<{ request_id: string }>(sql`SELECT request_id FROM jobs WHERE id = ${jobId}`);
    expect(stored?.request_id).toBe(started.requestId);
  });
});
