import { sql } from '../../server/kernel/db/sql';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/en/common.json';
import { transferPoints } from '../../server/points/ledger';
import { toCsv } from '../../shared/table-cells';
import { exportedTable } from '../../src/components/data-table/data-table-export';
import { pointRecordColumns } from '../../src/features/points/point-record-columns';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

interface JobView {
  jobId: string;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  fileId?: string;
}

interface LogRow {
  serialNo: string;
  time: string;
  type: string;
  fromLoginId: string | null;
  toLoginId: string;
  amount: string;
  fromBefore: string | null;
  fromAfter: string | null;
  toBefore: string;
  toAfter: string;
  operator: string;
  operatorIp: string;
  comment: string;
}

let gw: TestGateway;
const AGENT = 'ag02010101';
const MEMBERS = ['mb02010101001', 'mb02010101002', 'mb02010101003'];
/** More rows than one page of the query (100 by default, 500 at most) and of the export's own reads (250). */
const MOVES = 1_150;
const COMMENTS = ['=SUM(A1:A9)', '+cmd|calc', 'plain, "quoted"', '-10', '@user', 'line\nbreak', ';=1+1', ' =1+1', '\u200b@A1', 'paid; -5'];

const idOf = async (loginId: string, siteId = 'demo') =>
  String((await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND login_id = ${loginId}`))!.id);

/** Beijing wall time of an instant, worked out here independently of the gateway's code. */
const beijing = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

async function waitForJob(opsId: string, jobId: string) {
  const seen: number[] = [];
  for (let attempt = 0; attempt < 4000; attempt++) {
    const answer = await gw.call('gw.credit.job.get', { opsId, jobId });
    expect(answer.error).toBeUndefined();
    const job = answer.result as JobView;
    seen.push(job.done);
    if (job.status === 'done' || job.status === 'failed') return { job, seen };
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`job ${jobId} did not end`);
}

async function exportFile(opsId: string, params: Record<string, unknown>) {
  const answer = await gw.call('gw.credit.score.log.export', { opsId, ...params });
  expect(answer.error).toBeUndefined();
  const { jobId } = answer.result as { jobId: string };
  const { job, seen } = await waitForJob(opsId, jobId);
  expect(job.status).toBe('done');
  expect(job.fileId).toMatch(/^[1-9][0-9]*$/);
  return { job, seen, fileId: job.fileId! };
}

function download(fileId: string, body: string, contentType = 'application/json', host?: string) {
  return fetch(`${gw.url}/api/files/${fileId}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(host ? { host } : {}) },
    body,
  });
}

async function queryAll(opsId: string, filters: Record<string, unknown>): Promise<LogRow[]> {
  const rows: LogRow[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const answer = await gw.call('gw.credit.score.log.query', { opsId, ...filters, pageIndex, pageSize: 100 });
    expect(answer.error).toBeUndefined();
    const page = answer.result as { total: number; list: LogRow[] };
    rows.push(...page.list);
    if (rows.length >= page.total) return rows;
  }
}

async function sheetRows(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  const sheet = workbook.worksheets[0]!;
  const rows: { values: unknown[]; formats: string[] }[] = [];
  sheet.eachRow((row) => {
    const values: unknown[] = [];
    const formats: string[] = [];
    for (let c = 1; c <= 13; c++) {
      const cell = row.getCell(c);
      values.push(cell.value ?? '');
      formats.push(cell.numFmt ?? '');
    }
    rows.push({ values, formats });
  });
  return { name: sheet.name, rows };
}

const expectedCells = (row: LogRow, typeName: (type: string) => string) => [
  Number(row.serialNo),
  // Beijing's wall clock as a date: a workbook has no time zones.
  new Date(Date.parse(row.time) + 8 * 3600_000),
  typeName(row.type),
  row.fromLoginId ?? '',
  row.toLoginId,
  Number(row.amount),
  Number(row.toBefore),
  Number(row.toAfter),
  row.fromBefore === null ? '' : Number(row.fromBefore),
  row.fromAfter === null ? '' : Number(row.fromAfter),
  row.operator,
  row.operatorIp,
  // A workbook's text cell is a string, never run: no apostrophe to show.
  row.comment,
];

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  const agentId = await idOf(AGENT);
  const memberIds = await Promise.all(MEMBERS.map((login) => idOf(login)));
  for (let i = 0; i < MOVES; i++) {
    gw.clock.advance(7_000);
    const up = Math.floor(i / MEMBERS.length) % 2 === 0;
    await gw.db.transaction((tx) =>
      transferPoints(tx, {
        siteId: 'demo',
        direction: up ? 'up' : 'down',
        operatorId: agentId,
        targetId: memberIds[i % MEMBERS.length]!,
        amount: 1 + (i % 250),
        operatorLogin: AGENT,
        operatorSubAccountId: null,
        ip: '10.1.2.3',
        comment: COMMENTS[i % COMMENTS.length]!,
        now: gw.clock.now(),
        minIntervalMs: 0,
        requestKey: null,
      }),
    );
  }
}, 240_000);
afterAll(async () => {
  await gw.close();
});

describe('gw.credit.score.log.export', () => {
  it("writes every page of the query's rows into an xlsx file: serials as numbers, Beijing times as dates, amounts as numbers with 2 decimals, text as typed", async () => {
    const agent = await gw.sessionFor(AGENT);
    const filters = { startTime: new Date(Date.parse(gw.clock.now().toISOString()) - 7_000 * (MOVES - 20)).toISOString() };
    const expected = await queryAll(agent, filters);
    expect(expected.length).toBeGreaterThan(1000);

    const { job, seen, fileId } = await exportFile(agent, { ...filters, format: 'xlsx', ztsLang: 'en' });
    expect(job).toMatchObject({ kind: 'export', done: expected.length, total: expected.length });
    // Progress only grows and was seen on the way, page by page.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((done) => done > 0 && done < expected.length)).toBe(true);

    const response = await download(fileId, JSON.stringify({ opsId: agent }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="User score log-\d{8}-\d{6}\.xlsx"; filename\*=UTF-8''User%20score%20log-\d{8}-\d{6}\.xlsx$/,
    );

    const sheet = await sheetRows(await response.arrayBuffer());
    expect(sheet.name).toBe('User score log');
    expect(sheet.rows[0]!.values).toEqual([
      'Serial',
      'Time',
      'Type',
      'Score account',
      'Recipient',
      'Points',
      'Recipient before',
      'Recipient after',
      'Score account before',
      'Score account after',
      'Operator',
      'Operator IP',
      'Comment',
    ]);
    const data = sheet.rows.slice(1);
    expect(data.map((row) => row.values)).toEqual(
      expected.map((row) => expectedCells(row, (type) => ({ up: 'Score up', down: 'Score down' })[type]!)),
    );
    expect(data[0]!.formats.slice(0, 2)).toEqual(['0', 'yyyy-mm-dd hh:mm:ss']);
    expect(data[0]!.formats.slice(5, 10)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00']);
    expect(data.some((row) => row.values[12] === '=SUM(A1:A9)')).toBe(true);
  });

  it("writes CSV in the caller's language with the formula guard, and the form field opsId works too", async () => {
    const agent = await gw.sessionFor(AGENT);
    const userId = await idOf(MEMBERS[0]!);
    const expected = await queryAll(agent, { userId, order: 'asc' });
    const { fileId } = await exportFile(agent, { userId, order: 'asc', format: 'csv', ztsLang: 'zh' });

    const response = await download(fileId, new URLSearchParams({ opsId: agent }).toString(), 'application/x-www-form-urlencoded');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%E7%94%A8%E6%88%B7%E5%88%86%E6%95%B0%E8%AE%B0%E5%BD%95-",
    );
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFF流水号,')).toBe(true);
    expect(text).toContain(`,'=SUM(A1:A9)\r\n`);
    expect(text).toContain(`,'-10\r\n`);
    expect(text).toContain(`,"';=1+1"\r\n`);
    expect(text).toContain(`,' =1+1\r\n`);
    expect(text).toContain(`,'\u200b@A1\r\n`);
    expect(text).toContain(`,"'paid; -5"\r\n`);
    expect(text).not.toMatch(/,=SUM/);
    const lines = text.split('\r\n').filter((line) => /^\d+,/.test(line));
    expect(lines.map((line) => line.split(',')[0])).toEqual(expected.map((row) => row.serialNo));
    expect(lines[0]).toContain(`,${beijing(expected[0]!.time)},`);
    expect(lines[0]).toContain(`,${expected[0]!.amount},`);
  });

  it("writes the same file as the screen's own export of the rows it loaded: one header row, the same columns and cells", async () => {
    const agent = await gw.sessionFor(AGENT);
    const userId = await idOf(MEMBERS[1]!);
    const loaded = await queryAll(agent, { userId });
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { common: en } }, defaultNS: 'common', interpolation: { escapeValue: false } });
    const columns = pointRecordColumns(i18n.t, {} as Parameters<typeof pointRecordColumns>[1]).map((columnDef) => ({ columnDef }));
    const onScreen = toCsv(exportedTable(columns as never, loaded as never));
    const { fileId } = await exportFile(agent, { userId, format: 'csv', ztsLang: 'en' });
    const response = await download(fileId, JSON.stringify({ opsId: agent }));
    const byJob = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(byJob.split('\r\n').length).toBeGreaterThan(50);
    expect(byJob).toBe(onScreen);
  });

  it('refuses the file to anyone but the account that made it, and bad requests, with catalogue errors', async () => {
    const agent = await gw.sessionFor(AGENT);
    const { fileId } = await exportFile(agent, { userId: await idOf(MEMBERS[1]!), format: 'csv' });
    const refusal = async (response: Response) => {
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = (await response.json()) as { jsonrpc: string; error: { code: number; message: string } };
      expect(body.jsonrpc).toBe('2.0');
      expect(body.error.message).not.toMatch(/at .*\.ts/);
      return body.error.code;
    };
    // Even the agent's own parent, and the company, get "not found".
    for (const other of ['ga020101', 'admin', 'ag02010102']) {
      expect(await refusal(await download(fileId, JSON.stringify({ opsId: await gw.sessionFor(other) })))).toBe(20049);
    }
    const otherSite = await gw.raw({
      path: `/api/files/${fileId}`,
      host: 'demo2.localhost',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ opsId: await gw.sessionFor('admin2', 'demo2') }),
    });
    expect((otherSite.json as { error: { code: number } }).error.code).toBe(20049);
    expect(await refusal(await download(fileId, JSON.stringify({})))).toBe(2202);
    expect(await refusal(await download(fileId, ''))).toBe(2202);
    expect(await refusal(await download(fileId, JSON.stringify({ opsId: 'x'.repeat(40) })))).toBe(2202);
    expect(await refusal(await download('99999999', JSON.stringify({ opsId: agent })))).toBe(20049);
    expect(await refusal(await download('abc', JSON.stringify({ opsId: agent })))).toBe(100);
    expect(await refusal(await download(`${fileId}%00`, JSON.stringify({ opsId: agent })))).toBe(100);
    expect(await refusal(await download(fileId, '{"opsId":'))).toBe(-32700);
    // Still serving, and still the owner's.
    expect((await gw.call('gw.credit.job.get', { opsId: agent, jobId: '1' })).jsonrpc).toBe('2.0');
    expect((await download(fileId, JSON.stringify({ opsId: agent }))).status).toBe(200);
  });

  it('keeps a file 24 hours: then it is refused, and swept when the next one is written', async () => {
    let agent = await gw.sessionFor(AGENT);
    const { job, fileId } = await exportFile(agent, { userId: await idOf(MEMBERS[2]!), format: 'xlsx' });
    gw.clock.advance(23 * 3600_000);
    agent = await gw.sessionFor(AGENT);
    expect((await download(fileId, JSON.stringify({ opsId: agent }))).status).toBe(200);
    gw.clock.advance(3600_000);
    agent = await gw.sessionFor(AGENT);
    const expired = (await (await download(fileId, JSON.stringify({ opsId: agent }))).json()) as { error: { code: number } };
    expect(expired.error.code).toBe(20049);

    await exportFile(agent, { userId: await idOf(MEMBERS[2]!), format: 'csv' });
    const left = await gw.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM files WHERE id = ${fileId}`);
    expect(Number(left!.n)).toBe(0);
    const after = (await gw.call('gw.credit.job.get', { opsId: agent, jobId: job.jobId })).result as JobView;
    expect(after.fileId).toBeUndefined();
  });
});
