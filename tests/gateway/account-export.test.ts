import { sql } from '../../server/kernel/db/sql';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

interface JobView {
  status: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  fileId?: string;
}

interface AccountRow {
  loginId: string;
  nickname: string;
  level: number;
  status: number;
  balance: string;
  pointLimit: string;
  online: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

let gw: TestGateway;
const AGENT = 'ag01010101';

const idOf = async (loginId: string, siteId = 'demo') =>
  String((await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND login_id = ${loginId}`))!.id);

/** Beijing wall time of an instant, worked out here independently of the gateway's code. */
const beijing = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const beijingDate = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000);

const HEADER_EN = ['Username', 'Nickname', 'Level', 'Status', 'Points', 'Point limit', 'Online', 'Last login', 'Created'];
const LEVEL_EN: Record<number, string> = { 3: 'General agent', 4: 'Agent', 5: 'Member' };
const STATUS_EN: Record<number, string> = { 1: 'Normal', 4: 'Disabled', 6: 'Frozen' };

const expectedCells = (row: AccountRow) => [
  row.loginId,
  row.nickname,
  LEVEL_EN[row.level],
  STATUS_EN[row.status],
  Number(row.balance),
  Number(row.pointLimit),
  row.online ? 'Online' : 'Offline',
  // Beijing's wall clock as dates: a workbook has no time zones (the CSV writes them as text).
  row.lastLoginAt === null ? '' : beijingDate(row.lastLoginAt),
  beijingDate(row.createdAt),
];

type ListMethod = 'gw.credit.agent.query' | 'gw.credit.user.query';
const exportOf = (method: ListMethod) => (method === 'gw.credit.agent.query' ? 'gw.credit.agent.export' : 'gw.credit.user.export');

/** What the list method answers, page by page (200 rows a page), for these filters and sort. */
async function queryAll(opsId: string, method: ListMethod, filters: Record<string, unknown>): Promise<AccountRow[]> {
  const rows: AccountRow[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const answer = await gw.call(method, { opsId, ...filters, pageIndex, pageSize: 200 });
    expect(answer.error).toBeUndefined();
    const page = answer.result as { total: number; list: AccountRow[] };
    rows.push(...page.list);
    if (page.list.length === 0 || rows.length >= page.total) return rows;
  }
}

async function waitForJob(opsId: string, jobId: string): Promise<JobView> {
  for (let attempt = 0; attempt < 4000; attempt++) {
    const answer = await gw.call('gw.credit.job.get', { opsId, jobId });
    expect(answer.error).toBeUndefined();
    const job = answer.result as JobView;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`job ${jobId} did not end`);
}

/** Runs an export to its end and downloads its file. */
async function exportFile(opsId: string, method: ListMethod, params: Record<string, unknown>) {
  const answer = await gw.call(exportOf(method), { opsId, ...params });
  expect(answer.error).toBeUndefined();
  const job = await waitForJob(opsId, (answer.result as { jobId: string }).jobId);
  expect(job.status).toBe('done');
  const response = await fetch(`${gw.url}/api/files/${job.fileId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ opsId }),
  });
  expect(response.status).toBe(200);
  return { job, response };
}

async function sheetOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as never);
  const sheet = workbook.worksheets[0]!;
  const rows: { values: unknown[]; formats: string[] }[] = [];
  sheet.eachRow((row) => {
    const values: unknown[] = [];
    const formats: string[] = [];
    for (let c = 1; c <= HEADER_EN.length; c++) {
      values.push(row.getCell(c).value ?? '');
      formats.push(row.getCell(c).numFmt ?? '');
    }
    rows.push({ values, formats });
  });
  return { name: sheet.name, header: rows[0]!.values, data: rows.slice(1) };
}

const jobCount = async () => Number((await gw.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs`))!.n);

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  // Some members disabled or frozen, some signed in (online, with a last sign-in time), so every column varies.
  await gw.db.run(sql`UPDATE accounts SET status = 4 WHERE login_id IN ('mb01010101007', 'mb01010101150', 'mb01010101299')`);
  await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'mb01010101042'`);
  for (const member of ['mb01010101003', 'mb01010101200']) await gw.sessionFor(member);
  await gw.db.run(sql`UPDATE accounts SET last_login_at = now() - interval '3 days' WHERE login_id = 'mb01010101010'`);
}, 120_000);
afterAll(async () => {
  await gw.close();
});

describe('gw.credit.user.export and gw.credit.agent.export', () => {
  it('writes every page of the member list into an xlsx file, equal to what user.query answers page by page', async () => {
    const agent = await gw.sessionFor(AGENT);
    const filters = { sort: 'loginId', order: 'asc' };
    const expected = await queryAll(agent, 'gw.credit.user.query', filters);
    expect(expected.length).toBe(300);
    expect(new Set(expected.map((row) => row.status))).toEqual(new Set([1, 4, 6]));

    const { job, response } = await exportFile(agent, 'gw.credit.user.query', { ...filters, format: 'xlsx', ztsLang: 'en' });
    expect(job).toMatchObject({ done: 300, total: 300 });
    expect(response.headers.get('content-disposition')).toMatch(/filename="Members-\d{8}-\d{6}\.xlsx"/);
    const sheet = await sheetOf(response);
    expect(sheet.name).toBe('Members');
    expect(sheet.header).toEqual(HEADER_EN);
    expect(sheet.data.map((row) => row.values)).toEqual(expected.map(expectedCells));
    expect(sheet.data[0]!.formats.slice(4, 6)).toEqual(['0.00', '0.00']);
    expect(sheet.data.some((row) => row.values[6] === 'Online')).toBe(true);
    expect(sheet.data.some((row) => row.values[7] !== '')).toBe(true);
  });

  it('applies the filters and sort: a status, a part of the name, and agents of a level across the line', async () => {
    const agent = await gw.sessionFor(AGENT);
    for (const filters of [
      { status: 4, sort: 'createdAt', order: 'desc' },
      { loginId: '0101010102', sort: 'balance', order: 'asc' },
      { online: true },
    ]) {
      const expected = await queryAll(agent, 'gw.credit.user.query', filters);
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(expected.length, JSON.stringify(filters)).toBeLessThan(300);
      const { response } = await exportFile(agent, 'gw.credit.user.query', { ...filters, format: 'xlsx', ztsLang: 'en' });
      expect(
        (await sheetOf(response)).data.map((row) => row.values),
        JSON.stringify(filters),
      ).toEqual(expected.map(expectedCells));
    }

    const shareholder = await gw.sessionFor('sh0101');
    for (const filters of [{}, { level: 4, sort: 'loginId', order: 'desc' }]) {
      const expected = await queryAll(shareholder, 'gw.credit.agent.query', filters);
      expect(expected.length).toBeGreaterThan(0);
      const { response } = await exportFile(shareholder, 'gw.credit.agent.query', { ...filters, format: 'xlsx', ztsLang: 'en' });
      const sheet = await sheetOf(response);
      expect(sheet.name).toBe('Agents');
      expect(sheet.data.map((row) => row.values)).toEqual(expected.map(expectedCells));
    }
  });

  it("refuses at its start, with the list method's own code and no job, a parent outside the caller's line, another site, a member", async () => {
    const before = await jobCount();
    const refusals: [string, string | undefined, Record<string, unknown>, { host?: string } | undefined][] = [
      // Another agent's members, and a line the caller is not in.
      [AGENT, undefined, { parentId: await idOf('ag01010102') }, undefined],
      ['ma02', undefined, { parentId: await idOf(AGENT) }, undefined],
      // An account of another site, from that site.
      ['admin2', 'demo2', { parentId: await idOf(AGENT) }, { host: 'demo2.localhost' }],
      // A member may not read account lists at all.
      ['mb01010101001', undefined, {}, undefined],
    ];
    for (const [caller, site, params, options] of refusals) {
      const opsId = await gw.sessionFor(caller, site);
      for (const method of ['gw.credit.user.query', 'gw.credit.agent.query'] as const) {
        const listed = await gw.call(method, { opsId, ...params }, options);
        const exported = await gw.call(exportOf(method), { opsId, ...params, format: 'xlsx' }, options);
        expect(listed.error?.code, `${caller} ${method}`).toBeDefined();
        expect(exported.error?.code, `${caller} ${method}`).toBe(listed.error?.code);
      }
    }
    expect(await jobCount()).toBe(before);
    const codes = await Promise.all(
      refusals.slice(0, 3).map(async ([caller, site, params, options]) => {
        const opsId = await gw.sessionFor(caller, site);
        return (await gw.call('gw.credit.user.export', { opsId, ...params, format: 'csv' }, options)).error?.code;
      }),
    );
    expect(codes).toEqual([20002, 20002, 20002]);
  });

  it("writes CSV in the caller's language, rows in the list's order", async () => {
    const agent = await gw.sessionFor(AGENT);
    const filters = { sort: 'loginId', order: 'desc' };
    const expected = await queryAll(agent, 'gw.credit.user.query', filters);
    const { response } = await exportFile(agent, 'gw.credit.user.query', { ...filters, format: 'csv', ztsLang: 'zh' });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFF用户名,昵称,层级,状态,积分,积分上限,在线,最后登录,创建时间\r\n')).toBe(true);
    const lines = text.split('\r\n').filter((line) => line.startsWith('mb'));
    expect(lines.map((line) => line.split(',')[0])).toEqual(expected.map((row) => row.loginId));
    const frozen = expected.find((row) => row.status === 6)!;
    expect(lines.find((line) => line.startsWith(`${frozen.loginId},`))).toBe(
      [frozen.loginId, frozen.nickname, '会员', '冻结', frozen.balance, frozen.pointLimit, '离线', '', beijing(frozen.createdAt)].join(','),
    );
  });
});
