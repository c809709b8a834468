import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_DAYS, retentionKinds as kinds, type RetentionKind, type SystemSettings } from '../../contract/system-setting.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { sql } from '../../server/kernel/db/sql';
import { purgeExpiredRecords } from '../../server/retention/retention-purge.service';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// Data that ages out (docs/operations.md#data-retention): each site's days per kind, set by the
// company; the purge removes what is older in batches and keeps the rest, the bets and the ledger.
// Background work is off: the purge runs here when the test says so.

const DAY = 86_400_000;
let gw: TestGateway;
let admin: string;
let now: Date;
let ids: { demo: string; demo2: string };

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  admin = await gw.sessionFor('admin');
  now = gw.clock.now();
  ids = { demo: await gw.accountId('admin'), demo2: await gw.accountId('admin2', 'demo2') };
});
afterAll(async () => {
  await gw?.close();
});

const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

/** One marked row of the kind, for the site, stamped `days` ago. */
async function plant(kind: RetentionKind, site: 'demo' | 'demo2', days: number, mark: string): Promise<void> {
  const at = daysAgo(days);
  const account = ids[site];
  const rows: Record<RetentionKind, ReturnType<typeof sql>> = {
    requestKeys: sql`INSERT INTO request_keys (site_id, account_id, method, request_key, params_hash, created_at)
      VALUES (${site}, ${account}, 'gw.credit.user.score.up', ${mark}, 'x', ${at})`,
    sessions: sql`INSERT INTO sessions (token_hash, site_id, account_id, created_at, last_seen_at, terminal)
      VALUES (${randomBytes(32)}, ${site}, ${account}, ${at}, ${at}, ${mark})`,
    loginLog: sql`INSERT INTO login_log (site_id, account_id, login_id, result, ip, created_at)
      VALUES (${site}, ${account}, ${mark}, 'ok', '127.0.0.1', ${at})`,
    operationLog: sql`INSERT INTO operation_log (site_id, account_id, operator_login, method, summary, level, created_at)
      VALUES (${site}, ${account}, 'admin', 'gw.credit.user.score.up', ${mark}, 'normal', ${at})`,
    jobs: sql`INSERT INTO jobs (site_id, owner_id, kind, status, total, done, params, failure, created_at, updated_at)
      VALUES (${site}, ${account}, 'export', 'failed', 0, 0, ${JSON.stringify({ mark })}::jsonb, 'gone', ${at}, ${at})`,
    monitorEvents: sql`INSERT INTO monitor_events (site_id, account_id, level, kind, detail, created_at)
      VALUES (${site}, ${account}, 1, 'sign-in', ${mark}, ${at})`,
  };
  await gw.db.run(rows[kind]);
}

/** How many marked rows of the kind are still there, by their mark's prefix. */
async function left(kind: RetentionKind, prefix: string): Promise<number> {
  const like = `${prefix}%`;
  const counts: Record<RetentionKind, ReturnType<typeof sql>> = {
    requestKeys: sql`SELECT count(*)::int AS n FROM request_keys WHERE request_key LIKE ${like}`,
    sessions: sql`SELECT count(*)::int AS n FROM sessions WHERE terminal LIKE ${like}`,
    loginLog: sql`SELECT count(*)::int AS n FROM login_log WHERE login_id LIKE ${like}`,
    operationLog: sql`SELECT count(*)::int AS n FROM operation_log WHERE summary LIKE ${like}`,
    jobs: sql`SELECT count(*)::int AS n FROM jobs WHERE params->>'mark' LIKE ${like}`,
    monitorEvents: sql`SELECT count(*)::int AS n FROM monitor_events WHERE detail LIKE ${like}`,
  };
  return (await gw.db.one<{ n: number }>(counts[kind]))!.n;
}

const settings = async () => (await gw.call('gw.credit.sys.setting.get', { opsId: admin })).result as SystemSettings;

describe('retention settings', () => {
  it("reads each kind's default, changes one with the safe code, and records it before -> after", async () => {
    expect((await settings()).retentionDays).toEqual(Object.fromEntries(kinds.map((kind) => [kind, RETENTION_DAYS[kind].default])));
    const changed = await gw.call('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', retentionDays: { loginLog: 45 } });
    expect((changed.result as SystemSettings).retentionDays).toMatchObject({
      loginLog: 45,
      operationLog: RETENTION_DAYS.operationLog.default,
    });
    const record = await gw.db.one<{ changes: unknown }>(
      sql`SELECT changes FROM operation_log WHERE method = 'gw.credit.sys.setting' ORDER BY id DESC LIMIT 1`,
    );
    expect(record!.changes).toEqual([{ field: 'retentionLoginLog', before: 180, after: 45 }]);
    // The other site keeps its own days.
    const other = await gw.call(
      'gw.credit.sys.setting.get',
      { opsId: await gw.sessionFor('admin2', 'demo2') },
      { host: 'demo2.localhost' },
    );
    expect(other.result ?? other.error).toMatchObject({ retentionDays: { loginLog: 180 } });
  });

  it("refuses days outside a kind's range with the field and rule, and changes nothing", async () => {
    for (const [field, days] of [
      ['loginLog', RETENTION_DAYS.loginLog.min - 1],
      ['operationLog', RETENTION_DAYS.operationLog.min - 1],
      ['jobs', RETENTION_DAYS.jobs.max + 1],
      ['sessions', 2.5],
    ] as const) {
      const refused = await gw.call('gw.credit.sys.setting', { opsId: admin, safeCode: '1234', retentionDays: { [field]: days } });
      expect(refused.error, `${field} ${days}`).toMatchObject({
        code: ErrorCode.invalidParams,
        data: { field: `retentionDays.${field}`, rule: 'retention-days' },
      });
    }
    expect((await settings()).retentionDays.loginLog).toBe(45);
  });
});

describe('the purge', () => {
  it('removes, batch by batch, what each site keeps no longer, and keeps the rest, the bets and the score log', async () => {
    // demo: login log 45 days (set above); demo2: every default. Rows on both sides of each cut-off.
    const days = { ...Object.fromEntries(kinds.map((kind) => [kind, RETENTION_DAYS[kind].default])), loginLog: 45 } as Record<
      RetentionKind,
      number
    >;
    for (const kind of kinds) {
      for (let i = 0; i < 5; i++) await plant(kind, 'demo', days[kind] + 1 + i, `old-${kind}-${i}`);
      await plant(kind, 'demo', days[kind] - 1, `kept-${kind}`);
      await plant(kind, 'demo2', RETENTION_DAYS[kind].default - 1, `kept2-${kind}`);
    }
    // Within demo2's 180 days of login log, past demo's 45: kept there only.
    await plant('loginLog', 'demo2', 100, 'kept2-loginLog-100');
    await plant('loginLog', 'demo', 100, 'old-loginLog-100');
    // A finished job past its days is removed; one still running is not, however old.
    await gw.db
      .run(sql`INSERT INTO jobs (site_id, owner_id, kind, status, total, done, params, worker, heartbeat_at, created_at, updated_at)
      VALUES ('demo', ${ids.demo}, 'export', 'running', 0, 0, '{"mark":"kept-running"}'::jsonb, 'w', ${now}, ${daysAgo(400)}, ${daysAgo(400)})`);
    const ledger = sql`SELECT (SELECT count(*) FROM bets)::int AS bets, (SELECT count(*) FROM score_log)::int AS scores,
      (SELECT count(*) FROM accounts)::int AS accounts`;
    const before = await gw.db.one(ledger);

    const removed = await purgeExpiredRecords(gw.db, now, 2);

    for (const kind of kinds) {
      expect(await left(kind, `old-${kind}`), kind).toBe(0);
      expect(await left(kind, `kept-${kind}`), kind).toBe(1);
      expect(await left(kind, `kept2-${kind}`), kind).toBe(kind === 'loginLog' ? 2 : 1);
    }
    expect(await left('jobs', 'kept-running')).toBe(1);
    // Batches of 2: five old rows take three statements, and every one of them counts.
    expect(removed.get('login_log')).toBeGreaterThanOrEqual(6);
    expect(removed.get('monitor_events')).toBeGreaterThanOrEqual(5);
    expect(await gw.db.one(ledger)).toEqual(before);
    // The admin's own session is live: the purge left it, so calls go on.
    expect((await settings()).retentionDays.loginLog).toBe(45);
  });

  it('sweeps expired captchas and files and old platform nonces too', async () => {
    await gw.db.run(sql`INSERT INTO captchas (id, site_id, code, created_at, expires_at)
      VALUES ('00000000-0000-4000-8000-000000000001', 'demo', 'abcd', ${daysAgo(3)}, ${daysAgo(3)})`);
    await gw.db.run(
      sql`INSERT INTO platform_api_nonces (key_id, nonce, signed_at) VALUES ('retention-key', 'retention-nonce', ${daysAgo(1)})`,
    );
    await gw.db.run(sql`INSERT INTO files (site_id, owner_id, name, content_type, bytes, created_at, expires_at)
      VALUES ('demo', ${ids.demo}, 'retention.xlsx', 'application/octet-stream', '\\x00'::bytea, ${daysAgo(2)}, ${new Date(daysAgo(2).getTime() + DAY)})`);
    const removed = await purgeExpiredRecords(gw.db, now);
    expect(removed.get('captchas')).toBeGreaterThanOrEqual(1);
    expect(removed.get('platform_api_nonces')).toBeGreaterThanOrEqual(1);
    expect(removed.get('files')).toBeGreaterThanOrEqual(1);
    expect(await gw.db.one(sql`SELECT count(*)::int AS n FROM files WHERE name = 'retention.xlsx'`)).toEqual({ n: 0 });
  });

  it('adds what it removed to the metric, per table, every table answered', async () => {
    const scrape = (await gw.raw({ path: '/metrics', method: 'GET' })).text;
    const value = (table: string) =>
      Number(new RegExp(`^credit_retention_purged_rows_total\\{table="${table}"\\} (\\d+)$`, 'm').exec(scrape)?.[1] ?? NaN);
    const stored = await gw.db.rows<{ table_name: string; rows: string }>(sql`SELECT table_name, rows::text FROM retention_purged`);
    expect(stored.length).toBeGreaterThanOrEqual(kinds.length + 3);
    for (const row of stored) expect(value(row.table_name), row.table_name).toBe(Number(row.rows));
    expect(value('login_log')).toBeGreaterThanOrEqual(6);
  });
});
