import { readFileSync } from 'node:fs';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlatform } from '../../server/sites/site-admin.service';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// GET /metrics (docs/operations.md, "Metrics"), answered to loopback and to METRICS_TOKEN only; the
// call counters move with calls, the database's facts are read at the scrape. Background work is
// off, so the job and transfer rows made here stay as they are.
const TOKEN = 'metrics-token-for-the-tests-0123456789';
const MINUTE = 60_000;

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false }, metricsToken: TOKEN });
});
afterAll(async () => {
  await gw?.close();
});

/** The value of one sample of the text format, or undefined when the scrape has none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(): Promise<string> {
  const answer = await gw.raw({ path: '/metrics', method: 'GET' });
  expect(answer.status).toBe(200);
  return answer.text;
}

describe('who may scrape', () => {
  it('answers loopback in the text format', async () => {
    const answer = await gw.raw({ path: '/metrics', method: 'GET' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.text).toContain('# TYPE credit_calls_total counter');
    expect(sample(answer.text, 'credit_database_up')).toBe(1);
  });

  it('refuses another address without the token, with a wrong one, and through a proxy on this host', async () => {
    const remote = { method: 'GET' as const, url: '/metrics', remoteAddress: '203.0.113.9' };
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-wrong-token', `Basic ${TOKEN}`, TOKEN]) {
      const answer = await gw.inject({ ...remote, headers: authorization ? { authorization } : {} });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).not.toContain('credit_');
    }
    const relayed = await gw.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(401);
  });

  it('answers another address bearing the token', async () => {
    const answer = await gw.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('# TYPE credit_call_duration_seconds histogram');
  });
});

describe('every documented series', () => {
  it('is present at zero on a quiet database: pending transfers, their age, sign-in locks and failures, sessions', async () => {
    // Calls are counted by method from a method's first call, so one call is made first; demo2 on an
    // HTTP platform gives the feed gauges a site to answer.
    await gw.call('gw.credit.captcha.check', {});
    await setPlatform(
      gw.db,
      'demo2',
      { kind: 'http', url: 'http://127.0.0.1:9', keyId: 'metrics-zero-key', secret: 'a platform secret of the metrics zero test 0123' },
      gw.clock.now(),
    );
    const text = await scrape();
    for (const site of ['demo', 'demo2']) {
      for (const age of ['under_1m', '1m_to_5m', 'over_5m']) expect(sample(text, 'credit_transfers_pending', { site, age })).toBe(0);
      expect(sample(text, 'credit_transfer_oldest_pending_seconds', { site })).toBe(0);
      expect(sample(text, 'credit_sessions', { site })).toBe(0);
    }
    for (const scope of ['pair', 'name', 'ip', 'captcha']) expect(sample(text, 'credit_sign_in_locks', { scope })).toBe(0);
    for (const code of ['2218', '2241', '2240', '2632']) expect(sample(text, 'credit_sign_in_failures_total', { code })).toBe(0);
    expect(sample(text, 'credit_jobs', { state: 'failed_last_hour' })).toBe(0);

    const operations = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    const table = operations.slice(operations.indexOf('| metric '), operations.indexOf('The database gauges are read'));
    const documented = [...table.matchAll(/`(credit_[a-z_]+)/g)].map((match) => match[1]!);
    expect(documented.length).toBeGreaterThanOrEqual(12);
    const missing = documented.filter((name) => !new RegExp(`^${name}(_bucket|_count|_sum)?(\\{.*\\})? `, 'm').test(text));
    expect(missing).toEqual([]);
  });
});

describe('what it counts', () => {
  it('counts calls by method and outcome code, and times them', async () => {
    const before = await scrape();
    const ok = { method: 'gw.credit.captcha.check', code: 'ok' };
    const unknown = { method: 'unknown', code: '110' };
    await gw.call('gw.credit.captcha.check', {});
    await gw.call('gw.credit.captcha.check', {});
    await gw.call('no.such.method', {});
    const after = await scrape();
    expect((sample(after, 'credit_calls_total', ok) ?? 0) - (sample(before, 'credit_calls_total', ok) ?? 0)).toBe(2);
    expect((sample(after, 'credit_calls_total', unknown) ?? 0) - (sample(before, 'credit_calls_total', unknown) ?? 0)).toBe(1);
    expect(sample(after, 'credit_call_duration_seconds_count', { method: 'gw.credit.captcha.check' })).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'credit_http_responses_total', { status: '200' })).toBeGreaterThan(0);
  });

  it('counts failed sign-ins by code', async () => {
    const wrong = { code: '2218' };
    const before = sample(await scrape(), 'credit_sign_in_failures_total', wrong) ?? 0;
    const answer = await gw.call('gw.credit.agent.login', { loginId: 'admin', password: 'Wrong-password-1', safeCode: '1234' });
    expect(answer.error?.code).toBe(2218);
    expect(sample(await scrape(), 'credit_sign_in_failures_total', wrong)).toBe(before + 1);
  });

  it("reads the database's facts at the scrape: pool, jobs, pending transfers, feed lag, locks, sessions", async () => {
    const now = gw.clock.now();
    const ownerId = await gw.accountId('admin');
    const memberId = await gw.accountId('mb01010102001');
    await gw.sessionFor('admin');
    await gw.db.run(sql`INSERT INTO jobs (site_id, owner_id, kind, total, params, created_at, updated_at)
      VALUES ('demo', ${ownerId}, 'user.all.enable', 1, '{}'::jsonb, ${now}, ${now})`);
    await gw.db.run(sql`INSERT INTO transfer_outs (site_id, transfer_id, member_id, game_session, amount, requested_at)
      VALUES ('demo', 'metrics-test-1', ${memberId}, 'metrics-session', 100, ${new Date(now.getTime() - 6 * MINUTE)}),
             ('demo', 'metrics-test-2', ${memberId}, 'metrics-session', 100, ${new Date(now.getTime() - 10_000)})`);
    await gw.db.run(sql`INSERT INTO attempt_counters (site_id, scope, login_key, ip, taken, window_start, locked_until, updated_at)
      VALUES ('demo', 'pair', 'metrics-locked', '198.51.100.7', 5, ${now}, ${new Date(now.getTime() + 15 * MINUTE)}, ${now})`);
    await setPlatform(
      gw.db,
      'demo',
      { kind: 'http', url: 'http://127.0.0.1:9', keyId: 'metrics-key', secret: 'a platform secret of the metrics tests 0123' },
      now,
    );
    gw.clock.advance(90_000);

    const text = await scrape();
    expect(sample(text, 'credit_db_pool_connections', { pool: 'main', state: 'waiting' })).toBe(0);
    expect(sample(text, 'credit_db_pool_connections', { pool: 'main', state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'credit_jobs', { state: 'queued' })).toBe(1);
    expect(sample(text, 'credit_jobs', { state: 'running' })).toBe(0);
    expect(sample(text, 'credit_transfers_pending', { site: 'demo', age: 'over_5m' })).toBe(1);
    // The second one has waited 100 s by now.
    expect(sample(text, 'credit_transfers_pending', { site: 'demo', age: '1m_to_5m' })).toBe(1);
    expect(sample(text, 'credit_transfer_oldest_pending_seconds', { site: 'demo' })).toBe(6 * 60 + 90);
    expect(sample(text, 'credit_feed_lag_seconds', { site: 'demo' })).toBe(90);
    expect(sample(text, 'credit_feed_lag_items', { site: 'demo' })).toBe(0);
    expect(sample(text, 'credit_sign_in_locks', { scope: 'pair' })).toBe(1);
    expect(sample(text, 'credit_sessions', { site: 'demo' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('a platform secret of the metrics tests');
  });
});
