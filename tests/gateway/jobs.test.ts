import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySecret } from '../../server/kernel/password';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { errorMessage } from '../../server/kernel/messages';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

interface JobView {
  jobId: string;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  results: { loginId: string; userId?: string; error?: { code: number; message: string; rule?: string } }[];
}

let gw: TestGateway;
const idOf = async (loginId: string, siteId = 'demo', db: Database = gw.db) =>
  String((await db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND login_id = ${loginId}`))!.id);
const statusOf = async (loginId: string) =>
  Number((await gw.db.one<{ status: number }>(sql`SELECT status FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`))!.status);
const jobCount = async (db: Database = gw.db) => Number((await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs`))!.n);

/** Reads a job until it ends, keeping every progress seen on the way. */
async function waitForJob(gateway: TestGateway, opsId: string, jobId: string, ztsLang = 'en') {
  const seen: number[] = [];
  for (let attempt = 0; attempt < 1200; attempt++) {
    const answer = await gateway.call('gw.credit.job.get', { opsId, jobId, ztsLang });
    expect(answer.error).toBeUndefined();
    const job = answer.result as JobView;
    seen.push(job.done);
    if (job.status === 'done' || job.status === 'failed') return { job, seen };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${jobId} did not end`);
}

/** The row of a job nobody may read through the gateway any more (its owner is gone), until it ends. */
async function waitForRow(db: Database, jobId: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const row = await db.one<{ status: string; failure: string | null; done: number }>(
      sql`SELECT status, failure, done FROM jobs WHERE id = ${jobId}`,
    );
    if (row && (row.status === 'done' || row.status === 'failed')) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not end`);
}

const started = (answer: { result?: unknown; error?: unknown }) => {
  expect(answer.error).toBeUndefined();
  return (answer.result as { jobId: string }).jobId;
};

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
});
afterAll(async () => {
  await gw.close();
});

describe('gw.credit.user.add.batch', () => {
  it('adds 100 members under the agent in the background, with first login and the one password', async () => {
    const agent = await gw.sessionFor('ag02010101');
    const agentId = await idOf('ag02010101');
    const jobId = started(
      await gw.call('gw.credit.user.add.batch', {
        opsId: agent,
        prefix: 'vip',
        count: 100,
        password: 'Batch_123',
        pointLimit: '1000.50',
        validAmountRate: 0.5,
      }),
    );
    const { job, seen } = await waitForJob(gw, agent, jobId);

    expect(job).toMatchObject({ jobId, kind: 'user.add.batch', status: 'done', done: 100, total: 100 });
    // Progress only grows, and the screen saw it before the end.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((done) => done > 0 && done < 100)).toBe(true);
    expect(job.results.map((r) => r.loginId)).toEqual(Array.from({ length: 100 }, (_, i) => `vip${String(i + 1).padStart(3, '0')}`));
    expect(job.results.every((r) => r.error === undefined && /^\d+$/.test(r.userId ?? ''))).toBe(true);

    const members = await gw.db.rows<{
      id: string | number;
      login_id: string;
      nickname: string;
      level: number;
      first_login: boolean;
      point_limit: string | number;
      valid_amount_rate: number;
      password_hash: string;
      safe_code_hash: string;
    }>(
      sql`SELECT id, login_id, nickname, level, first_login, point_limit, valid_amount_rate, password_hash, safe_code_hash
            FROM accounts WHERE parent_id = ${agentId} AND login_id LIKE 'vip%' ORDER BY login_id`,
    );
    expect(members).toHaveLength(100);
    expect(members.map((m) => String(m.id))).toEqual(job.results.map((r) => r.userId));
    for (const member of members) {
      expect(member).toMatchObject({ nickname: member.login_id, first_login: true, valid_amount_rate: 50 });
      expect(Number(member.level)).toBe(5);
      expect(Number(member.point_limit)).toBe(100_050);
    }
    expect(await verifySecret(members[99]!.password_hash, 'Batch_123')).toBe(true);
    expect(await verifySecret(members[0]!.password_hash, 'Batch_124')).toBe(false);
    expect(await verifySecret(members[0]!.safe_code_hash, '0000')).toBe(true);

    // The job keeps a hash of the password, never the password.
    const stored = await gw.db.one<{ params: { passwordHash: string }; text: string }>(
      sql`SELECT params, params::text AS text FROM jobs WHERE id = ${jobId}`,
    );
    expect(stored!.text).not.toContain('Batch_123');
    expect(await verifySecret(stored!.params.passwordHash, 'Batch_123')).toBe(true);

    // One operation record per member, plus the creating call's (with the password masked).
    const records = await gw.db.rows<{ summary: string; target_id: string | number; level: string; params: Record<string, unknown> }>(
      sql`SELECT summary, target_id, level, params FROM operation_log WHERE method = 'gw.credit.user.add.batch' AND account_id = ${agentId} ORDER BY id`,
    );
    expect(records).toHaveLength(101);
    expect(records[0]!.params).toMatchObject({ password: '***', prefix: 'vip', count: 100 });
    expect(records[1]).toMatchObject({ summary: `added member vip001 (job ${jobId})`, level: 'normal' });
    expect(String(records[100]!.target_id)).toBe(job.results[99]!.userId);
  });

  it('fails only the taken names (100 login-id-taken, any case, any line) and adds the others', async () => {
    await gw.addAccount({ loginId: 'tkn002', parent: 'ag01010101', level: 5 });
    await gw.addAccount({ loginId: 'TKN004', parent: 'ag03010101', level: 5 });
    const agent = await gw.sessionFor('ag02010102');
    const jobId = started(
      await gw.call('gw.credit.user.add.batch', { opsId: agent, prefix: 'tkn', count: 5, password: 'Batch_123', pointLimit: 1 }),
    );
    const { job } = await waitForJob(gw, agent, jobId);
    expect(job.status).toBe('done');
    expect(job.results.map((r) => [r.loginId, r.error?.code ?? 'ok', r.error?.rule ?? null])).toEqual([
      ['tkn001', 'ok', null],
      ['tkn002', 100, 'login-id-taken'],
      ['tkn003', 'ok', null],
      ['tkn004', 100, 'login-id-taken'],
      ['tkn005', 'ok', null],
    ]);
    expect(job.results[1]!.userId).toBeUndefined();
    const created = await gw.db.rows<{ login_id: string }>(
      sql`SELECT login_id FROM accounts WHERE parent_id = ${await idOf('ag02010102')} AND lower(login_id) LIKE 'tkn%' ORDER BY login_id`,
    );
    expect(created.map((r) => r.login_id)).toEqual(['tkn001', 'tkn003', 'tkn005']);
    // The message is in the reader's language, read at read time.
    const zh = (await gw.call('gw.credit.job.get', { opsId: agent, jobId, ztsLang: 'zh' })).result as JobView;
    expect(job.results[1]!.error!.message).toBe(errorMessage(100, 'en'));
    expect(zh.results[1]!.error!.message).toBe(errorMessage(100, 'zh'));
    expect(zh.results[1]!.error!.message).not.toBe(job.results[1]!.error!.message);
  });

  it('numbers from start with at least 3 digits', async () => {
    const agent = await gw.sessionFor('ag02020101');
    const jobId = started(
      await gw.call('gw.credit.user.add.batch', { opsId: agent, prefix: 'st', start: 998, count: 3, password: 'Batch_123', pointLimit: 1 }),
    );
    const { job } = await waitForJob(gw, agent, jobId);
    expect(job.results.map((r) => r.loginId)).toEqual(['st998', 'st999', 'st1000']);
  });
});

describe('gw.credit.user.all.disable and all.enable', () => {
  it('disables direct children one by one; a grandchild (20040) and a disabled one (20011) fail alone; sessions end', async () => {
    const ma01 = await gw.sessionFor('ma01');
    const ids = {
      sh0101: await idOf('sh0101'),
      ga010101: await idOf('ga010101'),
      jbdoff: await gw.addAccount({ loginId: 'jbdoff', parent: 'ma01', level: 2, status: 4 }),
      jbdon: await gw.addAccount({ loginId: 'jbdon', parent: 'ma01', level: 2 }),
    };
    const tokens = {
      sh0101: await gw.sessionFor('sh0101'),
      ga010101: await gw.sessionFor('ga010101'),
      jbdon: await gw.sessionFor('jbdon'),
    };
    const revoked = async (loginId: string) =>
      (await gw.db.rows(sql`SELECT 1 FROM sessions WHERE account_id = ${await idOf(loginId)} AND revoked_at IS NULL`)).length === 0;
    expect(await revoked('jbdon')).toBe(false);

    const jobId = started(
      await gw.call('gw.credit.user.all.disable', { opsId: ma01, userIds: [ids.sh0101, ids.ga010101, ids.jbdoff, ids.jbdon] }),
    );
    const { job } = await waitForJob(gw, ma01, jobId);
    expect(job).toMatchObject({ kind: 'user.all.disable', status: 'done', done: 4, total: 4 });
    expect(job.results).toEqual([
      { loginId: 'sh0101', userId: ids.sh0101 },
      { loginId: 'ga010101', userId: ids.ga010101, error: { code: 20040, message: errorMessage(20040, 'en') } },
      { loginId: 'jbdoff', userId: ids.jbdoff, error: { code: 20011, message: errorMessage(20011, 'en'), rule: 'not-allowed:DISABLE' } },
      { loginId: 'jbdon', userId: ids.jbdon },
    ]);
    expect([await statusOf('sh0101'), await statusOf('ga010101'), await statusOf('jbdoff'), await statusOf('jbdon')]).toEqual([4, 1, 4, 4]);
    expect(await revoked('sh0101')).toBe(true);
    expect(await revoked('jbdon')).toBe(true);
    expect(await revoked('ga010101')).toBe(false);
    expect((await gw.call('gw.credit.agent.level', { opsId: tokens.ga010101 })).result).toBeDefined();

    const records = await gw.db.rows<{ summary: string; level: string; code: number | null; target_id: string | number }>(
      sql`SELECT summary, level, code, target_id FROM operation_log WHERE method = 'gw.credit.user.all.disable' AND summary LIKE ${`%(job ${jobId})`} ORDER BY id`,
    );
    expect(records.map((r) => [r.summary, r.level, r.code, String(r.target_id)])).toEqual([
      [`DISABLE sh0101 (job ${jobId})`, 'normal', null, ids.sh0101],
      [`DISABLE ga010101 (job ${jobId})`, 'warn', 20040, ids.ga010101],
      [`DISABLE jbdoff (job ${jobId})`, 'warn', 20011, ids.jbdoff],
      [`DISABLE jbdon (job ${jobId})`, 'normal', null, ids.jbdon],
    ]);
  });

  it('freezes with mode "freeze", then enables: a disabled or frozen child comes back, a normal one fails (20011)', async () => {
    const ma03 = await gw.sessionFor('ma03');
    const frozen = await gw.addAccount({ loginId: 'jbefrz', parent: 'ma03', level: 2 });
    const locked = await gw.addAccount({ loginId: 'jbeoff', parent: 'ma03', level: 2, status: 4 });
    const normal = await gw.addAccount({ loginId: 'jbeon', parent: 'ma03', level: 2 });
    const grandchild = await idOf('ga030101');
    const freezing = started(await gw.call('gw.credit.user.all.disable', { opsId: ma03, userIds: [frozen], mode: 'freeze' }));
    expect((await waitForJob(gw, ma03, freezing)).job.results).toEqual([{ loginId: 'jbefrz', userId: frozen }]);
    expect(await statusOf('jbefrz')).toBe(6);

    // The same account twice is one item.
    const jobId = started(
      await gw.call('gw.credit.user.all.enable', { opsId: ma03, userIds: [frozen, locked, normal, grandchild, locked] }),
    );
    const { job } = await waitForJob(gw, ma03, jobId);
    expect(job).toMatchObject({ kind: 'user.all.enable', status: 'done', done: 4, total: 4 });
    expect(job.results.map((r) => [r.loginId, r.error?.code ?? 'ok'])).toEqual([
      ['jbefrz', 'ok'],
      ['jbeoff', 'ok'],
      ['jbeon', 20011],
      ['ga030101', 20040],
    ]);
    expect([await statusOf('jbefrz'), await statusOf('jbeoff'), await statusOf('jbeon')]).toEqual([1, 1, 1]);
    const summaries = await gw.db.rows<{ summary: string }>(
      sql`SELECT summary FROM operation_log WHERE summary LIKE ${`%(job ${jobId})`} AND level = 'normal' ORDER BY id`,
    );
    expect(summaries.map((r) => r.summary)).toEqual([`UNFREEZE jbefrz (job ${jobId})`, `ENABLE jbeoff (job ${jobId})`]);
  });
});

describe('refusals before any job', () => {
  it('refuses the whole call for an account of another line or site (20002), above the parent (100), a frozen caller (20012) or line (2243)', async () => {
    const ma01 = await gw.sessionFor('ma01');
    const agent = await gw.sessionFor('ag01020101');
    const own = await idOf('sh0102');
    const before = await jobCount();
    const batch = (extra: Record<string, unknown>) =>
      gw.call('gw.credit.user.add.batch', { opsId: agent, prefix: 'rfs', count: 2, password: 'Batch_123', pointLimit: 1, ...extra });

    for (const method of ['gw.credit.user.all.disable', 'gw.credit.user.all.enable']) {
      expect((await gw.call(method, { opsId: ma01, userIds: [own, await idOf('sh0201')] })).error?.code, `${method} other line`).toBe(
        20002,
      );
      expect(
        (await gw.call(method, { opsId: ma01, userIds: [await idOf('sh0101', 'demo2'), own] })).error?.code,
        `${method} other site`,
      ).toBe(20002);
      expect((await gw.call(method, { opsId: ma01, userIds: ['999999999'] })).error?.code, `${method} unknown`).toBe(20002);
    }
    expect((await batch({ pointLimit: '1000000.01' })).error).toMatchObject({
      code: 100,
      data: { field: 'pointLimit', rule: 'above-parent' },
    });
    expect((await batch({ validAmountRate: '0.81' })).error).toMatchObject({
      code: 100,
      data: { field: 'validAmountRate', rule: 'above-parent' },
    });
    // The last name would be 17 characters.
    expect((await batch({ prefix: 'abcdefghijkl', start: 9999 })).error).toMatchObject({
      code: 100,
      data: { field: 'prefix', rule: 'login-id' },
    });

    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE site_id = 'demo' AND login_id IN ('ma01', 'ag01020101')`);
    expect((await gw.call('gw.credit.user.all.disable', { opsId: ma01, userIds: [own] })).error?.code).toBe(20012);
    expect((await gw.call('gw.credit.user.all.enable', { opsId: ma01, userIds: [own] })).error?.code).toBe(20012);
    expect((await batch({})).error?.code).toBe(20012);
    await gw.db.run(sql`UPDATE accounts SET status = 1 WHERE site_id = 'demo' AND login_id IN ('ma01', 'ag01020101')`);
    await gw.db.run(sql`UPDATE accounts SET team_status = 6 WHERE site_id = 'demo' AND login_id = 'sh0102'`);
    expect((await batch({})).error?.code).toBe(2243);
    await gw.db.run(sql`UPDATE accounts SET team_status = 1 WHERE site_id = 'demo' AND login_id = 'sh0102'`);

    expect(await jobCount()).toBe(before);
    // Only an agent (level 4) starts a batch.
    expect(
      (await gw.call('gw.credit.user.add.batch', { opsId: ma01, prefix: 'rfs', count: 1, password: 'Batch_123', pointLimit: 1 })).error
        ?.code,
    ).toBe(11003);
  });
});

describe('gw.credit.job.get', () => {
  it('answers only the account that started the job: any other account, ancestor or site gets 20049', async () => {
    const ma02 = await gw.sessionFor('ma02');
    const jobId = started(await gw.call('gw.credit.user.all.disable', { opsId: ma02, userIds: [await idOf('sh0201')] }));
    await waitForJob(gw, ma02, jobId);
    const others = [
      { opsId: await gw.sessionFor('admin') },
      { opsId: await gw.sessionFor('ma01') },
      { opsId: await gw.sessionFor('ga020101') },
      { opsId: await gw.sessionFor('admin2', 'demo2'), host: 'demo2.localhost' },
    ];
    for (const other of others) {
      const answer = await gw.call('gw.credit.job.get', { opsId: other.opsId, jobId, ztsLang: 'en' }, { host: other.host });
      expect(answer.error).toEqual({ code: 20049, message: errorMessage(20049, 'en') });
    }
    // ma02's token on the other site's host is no session at all.
    expect((await gw.call('gw.credit.job.get', { opsId: ma02, jobId }, { host: 'demo2.localhost' })).error?.code).toBe(2202);
    expect((await gw.call('gw.credit.job.get', { opsId: ma02, jobId: '999999999' })).error?.code).toBe(20049);
  });

  it('replays a requestKey with the same job and creates one job', async () => {
    const ma02 = await gw.sessionFor('ma02');
    const userIds = [await idOf('sh0202')];
    const before = await jobCount();
    const first = started(await gw.call('gw.credit.user.all.disable', { opsId: ma02, userIds, requestKey: 'bulk-1' }));
    const again = started(await gw.call('gw.credit.user.all.disable', { opsId: ma02, userIds, requestKey: 'bulk-1' }));
    expect(again).toBe(first);
    expect(await jobCount()).toBe(before + 1);
    expect((await gw.call('gw.credit.user.all.disable', { opsId: ma02, userIds, mode: 'freeze', requestKey: 'bulk-1' })).error?.code).toBe(
      20011,
    );
    const { job } = await waitForJob(gw, ma02, first);
    expect(job.results).toEqual([{ loginId: 'sh0202', userId: userIds[0] }]);
    expect(await jobCount()).toBe(before + 1);
  });
});

describe('a job and its file are read under the rights of the method that made them, checked on every read', () => {
  /** An export of the score log by this session, ended: its job id and its file. */
  async function scoreLogExport(opsId: string) {
    const jobId = started(await gw.call('gw.credit.score.log.export', { opsId, format: 'csv' }));
    const { job } = await waitForJob(gw, opsId, jobId);
    const fileId = (job as JobView & { fileId?: string }).fileId;
    expect(fileId).toMatch(/^[1-9][0-9]*$/);
    return { jobId, fileId: fileId! };
  }
  const download = async (opsId: string, fileId: string) => {
    const answer = await gw.raw({
      path: `/api/files/${fileId}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ opsId }),
    });
    // A refusal is a JSON-RPC error; the file itself is CSV.
    const refusal = answer.json as { error?: { code: number } } | undefined;
    return refusal?.error?.code ?? (String(answer.headers['content-type']).includes('text/csv') ? 'ok' : answer.text);
  };
  const jobRead = async (opsId: string, jobId: string) => (await gw.call('gw.credit.job.get', { opsId, jobId })).error?.code ?? 'ok';

  it('refuses a clerk its score-log export (11003) once its owner removed code 6, as the score log itself', async () => {
    await gw.addSubAccount({ loginId: 'jobclerk6', main: 'ma01', accessCodes: [6] });
    const clerk = await gw.sessionForSub('jobclerk6');
    const { jobId, fileId } = await scoreLogExport(clerk);
    expect([await jobRead(clerk, jobId), await download(clerk, fileId)]).toEqual(['ok', 'ok']);

    await gw.db.run(sql`UPDATE sub_accounts SET access_codes = '{1}' WHERE site_id = 'demo' AND login_id = 'jobclerk6'`);
    expect((await gw.call('gw.credit.score.log.query', { opsId: clerk })).error?.code).toBe(11003);
    expect([await jobRead(clerk, jobId), await download(clerk, fileId)]).toEqual([11003, 11003]);
    // The owner holds every code: it still reads its clerk's job and file.
    const owner = await gw.sessionFor('ma01');
    expect([await jobRead(owner, jobId), await download(owner, fileId)]).toEqual(['ok', 'ok']);
  });

  it("refuses an agent its score-log export (11003) while the site hides finance from agents, and not the company's", async () => {
    const agent = await gw.sessionFor('ma01');
    const company = await gw.sessionFor('admin');
    const agentExport = await scoreLogExport(agent);
    const companyExport = await scoreLogExport(company);
    await gw.db.run(sql`UPDATE sites SET finance_visible = false WHERE id = 'demo'`);
    try {
      expect([await jobRead(agent, agentExport.jobId), await download(agent, agentExport.fileId)]).toEqual([11003, 11003]);
      expect([await jobRead(company, companyExport.jobId), await download(company, companyExport.fileId)]).toEqual(['ok', 'ok']);
    } finally {
      await gw.db.run(sql`UPDATE sites SET finance_visible = true WHERE id = 'demo'`);
    }
    expect([await jobRead(agent, agentExport.jobId), await download(agent, agentExport.fileId)]).toEqual(['ok', 'ok']);
  });

  it('refuses a bulk job to a clerk that lost the code of its method (4)', async () => {
    await gw.addSubAccount({ loginId: 'jobclerk4', main: 'ma02', accessCodes: [4] });
    const clerk = await gw.sessionForSub('jobclerk4');
    const jobId = started(await gw.call('gw.credit.user.all.disable', { opsId: clerk, userIds: [await idOf('sh0202')] }));
    await waitForJob(gw, clerk, jobId);
    await gw.db.run(sql`UPDATE sub_accounts SET access_codes = '{6}' WHERE site_id = 'demo' AND login_id = 'jobclerk4'`);
    expect(await jobRead(clerk, jobId)).toBe(11003);
  });
});

describe('recovery: any gateway finishes or clearly fails a job', () => {
  let database: TestDatabase;
  const opened: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const item of opened.reverse()) await item.close();
    await database.close();
  });
  /** A gateway on the shared database; on PostgreSQL with a pool of its own, as another process would have. */
  async function gateway(runJobs: boolean) {
    const db = database.url ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 }) : database.db;
    if (database.url) opened.push(db);
    const started = await startTestGateway({ captcha: false, db, jobs: { run: runJobs, pollMs: 100 } });
    opened.push(started);
    return started;
  }
  const memberCount = async (prefix: string) =>
    Number((await database.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM accounts WHERE login_id LIKE ${`${prefix}%`}`))!.n);

  it('a job left running with a stale heartbeat at done=3 is finished by a fresh gateway, without doubling an item', async () => {
    const first = await gateway(false);
    const agent = await first.sessionFor('ag02010101');
    const jobId = started(
      await first.call('gw.credit.user.add.batch', { opsId: agent, prefix: 'rcv', count: 8, password: 'Batch_123', pointLimit: 1 }),
    );
    // The first gateway died after its third member: those three exist and are counted.
    const results = [];
    for (const n of [1, 2, 3]) {
      const userId = await first.addAccount({ loginId: `rcv00${n}`, parent: 'ag02010101', level: 5 });
      results.push({ loginId: `rcv00${n}`, userId });
    }
    await database.db.run(sql`UPDATE jobs SET status = 'running', worker = 'dead-gateway', heartbeat_at = now() - interval '1 hour',
      done = 3, results = ${JSON.stringify(results)}::jsonb, stalls = 1 WHERE id = ${jobId}`);
    await first.close();

    const second = await gateway(true);
    const { job } = await waitForJob(second, await second.sessionFor('ag02010101'), jobId);
    expect(job).toMatchObject({ status: 'done', done: 8, total: 8 });
    expect(job.results.slice(0, 3)).toEqual(results);
    expect(job.results.map((r) => [r.loginId, r.error?.code ?? 'ok'])).toEqual(
      Array.from({ length: 8 }, (_, i) => [`rcv00${i + 1}`, 'ok']),
    );
    expect(await memberCount('rcv')).toBe(job.total);
    const records = await database.db.rows(sql`SELECT 1 FROM operation_log WHERE summary LIKE ${`%(job ${jobId})`}`);
    expect(records).toHaveLength(5);
  });

  it('leaves a job whose heartbeat is fresh to its own process', async () => {
    const agent = await idOf('ag02010102', 'demo', database.db);
    const row = await database.db.one<{
      id: string | number;
    }>(sql`INSERT INTO jobs (site_id, owner_id, kind, status, total, params, worker, heartbeat_at, created_at, updated_at)
      VALUES ('demo', ${agent}, 'user.all.enable', 'running', 1, '{"userIds":["1"]}', 'alive-gateway', now(), now(), now()) RETURNING id`);
    await gateway(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const job = await database.db.one<{ status: string; worker: string; done: number }>(
      sql`SELECT status, worker, done FROM jobs WHERE id = ${row!.id}`,
    );
    expect(job).toMatchObject({ status: 'running', worker: 'alive-gateway', done: 0 });
    await database.db.run(sql`UPDATE jobs SET status = 'failed', failure = 'test over', worker = NULL WHERE id = ${row!.id}`);
  });

  it('fails a job clearly when its owner is gone or it keeps dying, and fails the items of a frozen owner (20012)', async () => {
    await gateway(true);
    const agentId = await idOf('ag02020101', 'demo', database.db);
    const insert = async (ownerId: string, stalls: number) =>
      String(
        (await database.db.one<{
          id: string | number;
        }>(sql`INSERT INTO jobs (site_id, owner_id, kind, status, total, params, worker, heartbeat_at, stalls, created_at, updated_at)
        VALUES ('demo', ${ownerId}, 'user.all.enable', 'running', 1, ${JSON.stringify({ userIds: [agentId] })}::jsonb, 'dead-gateway', now() - interval '1 hour', ${stalls}, now(), now())
        RETURNING id`))!.id,
      );
    const orphan = await insert('999999999', 0);
    const stalled = await insert(await idOf('ga020201', 'demo', database.db), 3);
    expect(await waitForRow(database.db, orphan)).toMatchObject({
      status: 'failed',
      failure: expect.stringMatching(/^owner-gone/),
      done: 0,
    });
    expect(await waitForRow(database.db, stalled)).toMatchObject({ status: 'failed', failure: expect.stringMatching(/^stalled/), done: 0 });
    // An item that fails with an internal error (here: params the database refuses) is retried, then the job fails.
    const broken = String(
      (await database.db.one<{ id: string | number }>(sql`INSERT INTO jobs (site_id, owner_id, kind, total, params, created_at, updated_at)
      VALUES ('demo', ${await idOf('ag02020102', 'demo', database.db)}, 'user.add.batch', 1,
              ${JSON.stringify({ prefix: 'brk', start: 1, count: 1, passwordHash: 'x', safeCodeHash: 'x', pointLimit: 'many', validAmountRate: 0 })}::jsonb, now(), now())
      RETURNING id`))!.id,
    );
    expect(await waitForRow(database.db, broken)).toMatchObject({
      status: 'failed',
      failure: 'internal-error: item 1 failed 3 times',
      done: 0,
    });
    expect(await memberCount('brk')).toBe(0);

    // Frozen after its job was queued: the items are refused one by one, the job still ends.
    await database.db.run(sql`UPDATE accounts SET status = 6 WHERE site_id = 'demo' AND login_id = 'ga020201'`);
    const targets = [agentId, await idOf('ag02020102', 'demo', database.db)];
    const jobId = String(
      (await database.db.one<{ id: string | number }>(sql`INSERT INTO jobs (site_id, owner_id, kind, total, params, created_at, updated_at)
      VALUES ('demo', ${await idOf('ga020201', 'demo', database.db)}, 'user.all.disable', 2, ${JSON.stringify({ userIds: targets, mode: 'lock' })}::jsonb, now(), now())
      RETURNING id`))!.id,
    );
    const row = await waitForRow(database.db, jobId);
    expect(row).toMatchObject({ status: 'done', done: 2 });
    const job = (await database.db.one<{ results: JobView['results'] }>(sql`SELECT results FROM jobs WHERE id = ${jobId}`))!;
    expect(job.results.map((r) => r.error?.code)).toEqual([20012, 20012]);
    expect(Number((await database.db.one<{ status: number }>(sql`SELECT status FROM accounts WHERE id = ${agentId}`))!.status)).toBe(1);

    // A disabled owner acts no more either (2217), though the single calls never see one: it has no session.
    await database.db.run(sql`UPDATE accounts SET status = 4 WHERE site_id = 'demo' AND login_id = 'ga020202'`);
    const child = await idOf('ag02020201', 'demo', database.db);
    const disabledJob = String(
      (await database.db.one<{ id: string | number }>(sql`INSERT INTO jobs (site_id, owner_id, kind, total, params, created_at, updated_at)
      VALUES ('demo', ${await idOf('ga020202', 'demo', database.db)}, 'user.all.disable', 1, ${JSON.stringify({ userIds: [child] })}::jsonb, now(), now())
      RETURNING id`))!.id,
    );
    expect(await waitForRow(database.db, disabledJob)).toMatchObject({ status: 'done', done: 1 });
    const refused = (await database.db.one<{ results: JobView['results'] }>(sql`SELECT results FROM jobs WHERE id = ${disabledJob}`))!;
    expect(refused.results).toEqual([{ loginId: 'ag02020201', userId: child, error: { code: 2217 } }]);
  });

  it('two gateways on one database share the queued jobs and never do an item twice', async () => {
    const front = await gateway(false);
    await gateway(true);
    await gateway(true);
    const agents = ['ag03010101', 'ag03010102', 'ag03010201', 'ag03010202'];
    const jobs = [];
    for (const [n, agent] of agents.entries()) {
      const opsId = await front.sessionFor(agent);
      jobs.push({
        opsId,
        jobId: started(
          await front.call('gw.credit.user.add.batch', { opsId, prefix: `par${n}x`, count: 10, password: 'Batch_123', pointLimit: 1 }),
        ),
      });
    }
    for (const { opsId, jobId } of jobs) {
      const { job } = await waitForJob(front, opsId, jobId);
      expect(job).toMatchObject({ status: 'done', done: 10 });
      expect(job.results.every((r) => r.error === undefined)).toBe(true);
    }
    expect(await memberCount('par')).toBe(40);
  });
});
