/**
 * Benchmark of the gateway (`npm run bench`):
 *   1. a gateway read (JSON-RPC gw.credit.sn.template.get) against the bare route GET /api/health,
 *      on embedded PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL;
 *      and a read as a main account against the same read as its sub-account (the right check's cost);
 *   2. the start time of the start script on an empty DATA_DIR and on existing data;
 *   5. score ups per second through the gateway (HTTP, 8 connections) against the same transfer
 *      as raw SQL from 8 clients on the same database, on PostgreSQL and on PGlite; on PostgreSQL,
 *      one client's score ups each confirmed on its preview (preview + action) against the action alone;
 *   6. the first page of the operation record over 1,000,000 records of one line in 15 days;
 *   7. bets stored per second through the real path (snapshot, once per order) against a raw
 *      multi-row INSERT of the same rows, on PGlite and PostgreSQL;
 *   8. transfers to and from the game platform per second against score ups, same members,
 *      same database, same run, on PGlite and PostgreSQL;
 *   9. 30-day reports from the rollups over a loaded history (10,000,000 bets on PostgreSQL,
 *      1,000,000 on PGlite) against the same numbers aggregated from the bets, and settlement
 *      with the rollups kept against without;
 *  10. the landing page's notice call with 10,000 notices stored, on PGlite;
 *  11. the last `npm test` run, per project, as tests/.artifacts/test-times.json kept it (not run here);
 *  12. "platform", on PostgreSQL: transfers through the HTTP platform (the simulator as a platform
 *      process, the httpPlatform adapter) against the same transfers to the embedded platform, same
 *      members, same run; and the feed stored over HTTP (one site's cursor) against the embedded feed.
 *  13. faults on the wire, the long version (the short one is
 *      tests/gateway/platform-faults.test.ts), on PostgreSQL: lobby transfers and play for minutes
 *      through the fault proxy while the gateway process is killed 50 times; the faults injected and
 *      the final checks (`npm run bench -- faults` runs only this part); the ledger checked after
 *      every kill (the soak; FAULT_BENCH_KILLS sets the count).
 *  14. capacity on one machine (docs/operations.md, "Capacity"): N signed-in agents working through
 *      the gateway while the platform's feed delivers bets at a fixed rate, N and the rate stepped
 *      up; the largest passing step, on PGlite and PostgreSQL (`npm run bench -- capacity` runs only
 *      this part).
 *  15. the gateway's PGlite connection (server/kernel/db/pglite-connection.ts) against PGlite's own
 *      node-postgres adapter: CPU time of the same reads and writes through each (what keeping it buys).
 *  16. balances as of an instant over the 100,000-member line with a score log filled by SQL: one
 *      account with 1,000,000 log rows, a page of 100 of the agent's members, 100 accounts by id.
 *  17. the ledger through kill -9: 3,000 score ups and downs from 8 clients over two gateway
 *      processes on PostgreSQL, members playing meanwhile, the second process killed with SIGKILL
 *      three times and started again; the ledger check and exactly-once after (`-- kill`).
 *  18. a rolling upgrade under load: two gateways on PostgreSQL, each replaced in turn (a new one
 *      started, the old one sent SIGTERM and drained) while 8 clients score; no call dropped (`-- rolling`).
 * `npm run bench -- score` runs only the parts whose names hold one of the words given.
 * Aims are reported, never enforced: the exit code is non-zero only when something could not be measured.
 */
import { cpus } from 'node:os';
import { allGood, bareRoute, CONNECTIONS, DURATION_SECONDS, gatewayRead, measure, warmUp, type LoadResult } from './load.bench-helper';
import { createBenchDatabase, maskUrl, postgresAdminUrl } from './postgres.bench-helper';
import { cleanUpProcessesAndDirs, makeTempDir, startCommand, startServer } from './server-process.bench-helper';
import { printTable, type TableRow } from './text-table.bench-helper';
import { measureBundles, measureStackFloor } from './bundle.bench-helper';
import { bigTreeDatabase, scrollBigTable, timeFirstPage } from './account-list.bench-helper';
import { benchBalanceAsOf, LONG_HISTORY_ROWS } from './balance-asof.bench-helper';
import { loginWeights } from '../support/login-weight';
import { ensureWebBuild } from '../support/web-build';
import { benchRights } from './rights.bench-helper';
import { AUDIT_ROWS, auditDatabase, timeOperationRecord } from './audit.bench-helper';
import { benchBetIngest, INGEST_BETS, INGEST_ROUNDS, type IngestResult, type IngestRound } from './bets.bench-helper';
import {
  benchTransfers,
  TRANSFER_BENCH_ROUNDS,
  TRANSFER_BENCH_SECONDS,
  TRANSFER_WORKERS,
  type TransferBenchResult,
} from './transfers.bench-helper';
import { benchScorePglite, benchScorePostgres, SCORE_CONNECTIONS, type ScoreBenchResult, type ScoreLoadResult } from './score.bench-helper';
import { benchReports, type ReportBenchResult } from './reports.bench-helper';
import { benchReconciliation, RECONCILE_BETS } from './reconciliation.bench-helper';
import { benchPgliteConnection, PGLITE_CONNECTION_READS, PGLITE_CONNECTION_WRITES } from './pglite-connection.bench-helper';
import { benchNotices, STORED_NOTICES } from './notices.bench-helper';
import { NPM_TEST_AIM_S, readTestTimes, RUN_CPU_AIM_S } from './test-times.bench-helper';
import {
  benchPlatform,
  PLATFORM_FEED_BETS,
  PLATFORM_FEED_ROUNDS,
  PLATFORM_TRANSFER_SECONDS,
  PLATFORM_TRANSFER_TURNS,
  PLATFORM_TRANSFER_WORKERS,
  type PlatformBenchResult,
} from './platform.bench-helper';
import { benchPlatformFaults, FAULT_BENCH_KILLS, type FaultBenchResult } from './platform-faults.bench-helper';
import { benchLedgerKill, benchRollingUpgrade, type LedgerKillResult, type RollingUpgradeResult } from './ledger-kill.bench-helper';
import { benchCapacity, CAPACITY_AIMS, CAPACITY_STEP_SECONDS, capacityRows, type CapacityResult } from './capacity.bench-helper';
import { TEST_SECRETS_KEY } from '../support/secrets-key';

// The servers the bench starts (on PostgreSQL too) seal their secrets with the tests' key, as the test runs do (vite.config.ts).
process.env.SECRETS_KEY ||= TEST_SECRETS_KEY;

const RATIO_AIM = 0.6;
/** Reconciling a day of a million bets of one site on PostgreSQL: the statement, our records and the comparison. */
const RECONCILE_AIM_S = 60;
const EMPTY_START_AIM_S = 30;
const EXISTING_START_AIM_S = 3;
const EXISTING_START_RUNS = 3;

const loadRows: TableRow[] = [];
const startRows: TableRow[] = [];
const summaryRows: TableRow[] = [];
let failed = false;

const yesNo = (met: boolean) => (met ? 'yes' : 'NO');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function addSummary(check: string, measured: string, aim: string, met: boolean): void {
  summaryRows.push({ check, measured, aim, 'aim met': yesNo(met) });
}

function addLoadRow(database: string, label: string, result: LoadResult): void {
  loadRows.push({
    database,
    route: `${label} ${result.target}`,
    'req/s': result.requestsPerSecond.toFixed(0),
    'p50 ms': String(result.p50Ms),
    'p99 ms': String(result.p99Ms),
    responses: String(result.total),
    'status 200': String(result.status200),
    'non-2xx': String(result.non2xx),
    errors: String(result.errors),
    timeouts: String(result.timeouts),
    'bad body': String(result.badBodies),
  });
}

/** Words given after `npm run bench --`: only the parts whose names hold one of them run ("score", "PGlite"). */
const onlyParts = process.argv.slice(2).map((word) => word.toLowerCase());

/** Runs one part; a part that throws is reported and makes the exit code non-zero, the others still run. */
async function part(name: string, work: () => Promise<void>): Promise<void> {
  if (onlyParts.length > 0 && !onlyParts.some((word) => name.toLowerCase().includes(word))) return;
  console.log(`… ${name}`);
  try {
    await work();
  } catch (error) {
    failed = true;
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${name} could not be measured: ${message}`);
    summaryRows.push({ check: name, measured: `NOT MEASURED: ${message.split('\n')[0]}`, aim: '', 'aim met': '-' });
  }
}

/** (a) gateway read then (b) bare route, same settings, one after the other, on one running server. */
async function benchGateway(database: string, databaseUrl?: string): Promise<void> {
  const server = await startServer({ dataDir: makeTempDir(), ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    await warmUp(server.url, [gatewayRead, bareRoute]);
    const read = await measure(server.url, gatewayRead);
    const bare = await measure(server.url, bareRoute);
    addLoadRow(database, '(a)', read);
    addLoadRow(database, '(b)', bare);
    const ratio = read.requestsPerSecond / bare.requestsPerSecond;
    addSummary(
      `${database}: gateway read / bare route`,
      `${ratio.toFixed(2)} (${read.requestsPerSecond.toFixed(0)} / ${bare.requestsPerSecond.toFixed(0)} req/s)`,
      `ratio >= ${RATIO_AIM}`,
      ratio >= RATIO_AIM,
    );
    addSummary(
      `${database}: (a) every response 200 with result`,
      `${read.status200}/${read.total} ok, non-2xx ${read.non2xx}, errors ${read.errors}, bad body ${read.badBodies}`,
      'all',
      allGood(read),
    );
  } finally {
    await server.stop();
  }
}

const RIGHTS_RATIO_AIM = 0.95;

/** The same read as a sub-account and as its main account: what the sub-account's right check costs. */
async function benchRightsCheck(database: string, databaseUrl?: string): Promise<void> {
  const server = await startServer({ dataDir: makeTempDir(), ...(databaseUrl ? { databaseUrl } : {}), env: { CAPTCHA: 'off' } });
  try {
    const { main, sub } = await benchRights(server.url);
    addLoadRow(database, '(g)', main);
    addLoadRow(database, '(h)', sub);
    const ratio = sub.requestsPerSecond / main.requestsPerSecond;
    addSummary(
      `${database}: read as a sub-account / as its main account`,
      `${ratio.toFixed(2)} (${sub.requestsPerSecond.toFixed(0)} / ${main.requestsPerSecond.toFixed(0)} req/s)`,
      `ratio >= ${RIGHTS_RATIO_AIM}`,
      ratio >= RIGHTS_RATIO_AIM,
    );
    addSummary(
      `${database}: (g) and (h) every response 200 with result`,
      `${sub.status200 + main.status200}/${sub.total + main.total} ok`,
      'all',
      allGood(main) && allGood(sub),
    );
  } finally {
    await server.stop();
  }
}

async function benchPostgres(adminUrl: string): Promise<void> {
  const database = await createBenchDatabase(adminUrl);
  try {
    await benchGateway('PostgreSQL', database.url);
  } finally {
    await database.drop();
  }
}

/** Spawn until GET /api/health is 200, then SIGINT; returns the time and the exit code. */
async function timeStart(dataDir: string): Promise<{ ms: number; exitCode: number | null }> {
  const server = await startServer({ dataDir });
  const exitCode = await server.stop();
  return { ms: server.readyMs, exitCode };
}

async function benchStartTime(): Promise<void> {
  const dataDir = makeTempDir();
  const empty = await timeStart(dataDir);
  startRows.push({ case: 'empty DATA_DIR', run: '1', 'ready after': seconds(empty.ms), 'exit code on SIGINT': String(empty.exitCode) });
  const existing = [];
  for (let run = 1; run <= EXISTING_START_RUNS; run++) {
    const result = await timeStart(dataDir);
    existing.push(result);
    startRows.push({
      case: 'existing data',
      run: String(run),
      'ready after': seconds(result.ms),
      'exit code on SIGINT': String(result.exitCode),
    });
  }
  const existingMedian = median(existing.map((result) => result.ms));
  const exitCodes = [empty, ...existing].map((result) => result.exitCode);

  addSummary('start, empty DATA_DIR', seconds(empty.ms), `< ${EMPTY_START_AIM_S} s`, empty.ms < EMPTY_START_AIM_S * 1000);
  addSummary(
    `start, existing data (median of ${EXISTING_START_RUNS})`,
    seconds(existingMedian),
    `< ${EXISTING_START_AIM_S} s`,
    existingMedian < EXISTING_START_AIM_S * 1000,
  );
  addSummary(
    'stop with SIGINT',
    `exit codes ${exitCodes.join(', ')}`,
    'all 0',
    exitCodes.every((code) => code === 0),
  );
}

// Decisions of 2026-11-27: both logins at most 130 KiB of JavaScript (gzip) in every language (the
// phone's old 100 was withdrawn), the first screen after sign-in at most 250.
const LOGIN_JS_AIM_KIB = 130;
const LOGIN_CSS_AIM_KIB = 20;
const SIGNED_IN_JS_AIM_KIB = 250;
const bundleRows: TableRow[] = [];

async function benchBundles(): Promise<void> {
  const { login, mobileLogin, afterSignIn, noticeEditor, foreignRequests } = await measureBundles();
  const kib = (value: number) => `${value.toFixed(1)} KiB`;
  bundleRows.push({ screen: 'login (/#/login)', 'JS gzip': kib(login.jsKiB), 'CSS gzip': kib(login.cssKiB), files: String(login.files) });
  bundleRows.push({
    screen: 'mobile login (/m/#/login, 390 px)',
    'JS gzip': kib(mobileLogin.jsKiB),
    'CSS gzip': kib(mobileLogin.cssKiB),
    files: String(mobileLogin.files),
  });
  // The six logins as built (entry, its imports and the language's login texts), held to the
  // login weight (docs/development.md, "Login weight").
  const weights = loginWeights();
  for (const { page, language, jsKiB, files } of weights)
    bundleRows.push({
      screen: `${page} login in ${language} (build manifest)`,
      'JS gzip': kib(jsKiB),
      'CSS gzip': '',
      files: String(files.length),
    });
  const floor = await measureStackFloor();
  bundleRows.push({
    screen: "the stack's floor: React, an xstate actor, i18next, nothing of ours (see bundle.bench-helper.ts)",
    'JS gzip': kib(floor),
    'CSS gzip': '',
    files: '',
  });
  bundleRows.push({
    screen: 'first screen after sign-in (/#/notice)',
    'JS gzip': kib(afterSignIn.jsKiB),
    'CSS gzip': kib(afterSignIn.cssKiB),
    files: String(afterSignIn.files),
  });
  bundleRows.push({
    screen: 'then the notice editor (/#/oprateNotice/index, all loaded so far)',
    'JS gzip': kib(noticeEditor.jsKiB),
    'CSS gzip': kib(noticeEditor.cssKiB),
    files: String(noticeEditor.files),
  });
  bundleRows.push({
    screen: 'anchors (login JS): shadcn-admin 221, vue-element-admin 345, react-admin 404 KiB',
    'JS gzip': '',
    'CSS gzip': '',
    files: '',
  });
  addSummary('login JS (gzip)', kib(login.jsKiB), `<= ${LOGIN_JS_AIM_KIB} KiB`, login.jsKiB <= LOGIN_JS_AIM_KIB);
  addSummary('login CSS (gzip)', kib(login.cssKiB), `<= ${LOGIN_CSS_AIM_KIB} KiB`, login.cssKiB <= LOGIN_CSS_AIM_KIB);
  addSummary('mobile login JS (gzip)', kib(mobileLogin.jsKiB), `<= ${LOGIN_JS_AIM_KIB} KiB`, mobileLogin.jsKiB <= LOGIN_JS_AIM_KIB);
  const heaviest = weights.reduce((top, weight) => (weight.jsKiB > top.jsKiB ? weight : top));
  addSummary(
    'heaviest of the six logins (desktop, phone; zh, en, th)',
    `${kib(heaviest.jsKiB)} (${heaviest.page} in ${heaviest.language})`,
    `<= ${LOGIN_JS_AIM_KIB} KiB`,
    weights.every((weight) => weight.jsKiB <= LOGIN_JS_AIM_KIB),
  );
  addSummary(
    'JS after sign-in (gzip)',
    kib(afterSignIn.jsKiB),
    `<= ${SIGNED_IN_JS_AIM_KIB} KiB`,
    afterSignIn.jsKiB <= SIGNED_IN_JS_AIM_KIB,
  );
  addSummary(
    'rich-text editor code loaded by the login / first screen / the editor',
    `${yesNo(login.editor)} / ${yesNo(afterSignIn.editor)} / ${yesNo(noticeEditor.editor)}`.replaceAll('NO', 'no'),
    'no / no / yes',
    !login.editor && !afterSignIn.editor && noticeEditor.editor,
  );
  addSummary('requests to other origins', String(foreignRequests.length), '0', foreignRequests.length === 0);
}

const LIST_AIM_MS = 100;
const FRAME_AIM_MS = 50;
const DOM_ROWS_AIM = 200;
const listRows: TableRow[] = [];

async function benchAccountList(name: string, target: Parameters<typeof bigTreeDatabase>[0], withBrowser: boolean): Promise<void> {
  const db = await bigTreeDatabase(target);
  try {
    const timings = await timeFirstPage(db);
    for (const timing of timings) {
      listRows.push({ database: name, sort: timing.sort, 'p50 ms': timing.p50.toFixed(1), 'p99 ms': timing.p99.toFixed(1) });
    }
    const worst = Math.max(...timings.map((timing) => timing.p50));
    addSummary(
      `${name}: first page of 100,000 members (p50, worst sort)`,
      `${worst.toFixed(1)} ms`,
      `< ${LIST_AIM_MS} ms`,
      worst < LIST_AIM_MS,
    );
    if (withBrowser) {
      const scroll = await scrollBigTable(db);
      listRows.push({
        database: name,
        sort: 'Chromium scroll, 4 s',
        'p50 ms': `frames ${scroll.frames}, p95 ${scroll.p95FrameMs.toFixed(1)}`,
        'p99 ms': `max ${scroll.maxFrameMs.toFixed(1)}, DOM rows ${scroll.maxDomRows}, rows loaded ${scroll.rowsLoaded}`,
      });
      addSummary(
        'longest frame scrolling the 100,000-row table',
        `${scroll.maxFrameMs.toFixed(1)} ms`,
        `<= ${FRAME_AIM_MS} ms`,
        scroll.maxFrameMs <= FRAME_AIM_MS,
      );
      addSummary(
        'table rows in the page while scrolling',
        String(scroll.maxDomRows),
        `< ${DOM_ROWS_AIM}`,
        scroll.maxDomRows < DOM_ROWS_AIM,
      );
    }
  } finally {
    await db.close();
  }
}

const SCORE_RATIO_AIM = 0.6;
const scoreRows: TableRow[] = [];

function addScoreRow(database: string, label: string, result: ScoreLoadResult): void {
  scoreRows.push({
    database,
    transfer: label,
    'ops/s': result.opsPerSecond.toFixed(0),
    'p50 ms': String(result.p50Ms),
    'p99 ms': String(result.p99Ms),
    done: String(result.total),
    failures: String(result.failures),
  });
}

/** A score up confirmed on its preview (preview + action, as the web app sends them) costs at most this much of the action alone. */
const PREVIEW_RATIO_AIM = 1.3;

function reportPreviewed(database: string, previewed: NonNullable<ScoreBenchResult['previewed']>): void {
  addScoreRow(database, '(h) gateway: gw.credit.user.score.up alone, one client', previewed.alone);
  addScoreRow(database, '(i) gateway: gw.credit.user.score.preview, then score.up with its token, one client', previewed.previewed);
  // Per operation, by the rates of one client: the time a previewed score up takes over the action's.
  const ratio = previewed.alone.opsPerSecond / previewed.previewed.opsPerSecond;
  const failures = previewed.alone.failures + previewed.previewed.failures;
  addSummary(
    `${database}: score up with its preview (i) / alone (h), time per operation`,
    `${ratio.toFixed(2)} (p50 ${previewed.previewed.p50Ms} / ${previewed.alone.p50Ms} ms; ${failures} failures)`,
    `ratio <= ${PREVIEW_RATIO_AIM}`,
    ratio <= PREVIEW_RATIO_AIM && failures === 0,
  );
}

function reportScore(database: string, result: ScoreBenchResult): void {
  addScoreRow(database, `(c) gateway: POST /api gw.credit.user.score.up, HTTP, ${SCORE_CONNECTIONS} connections`, result.gateway);
  const clients = database === 'PGlite' ? `${SCORE_CONNECTIONS} loops on its one session` : `${SCORE_CONNECTIONS} clients`;
  addScoreRow(
    database,
    `(d) raw SQL, prepared, same rows in two round trips: BEGIN + key + lock both rows + transfer (serial, balances, log row), then answer + operation record + COMMIT; ${clients}`,
    result.raw['same rows'],
  );
  addScoreRow(
    database,
    `(e) raw SQL, prepared, bare transfer in two round trips: BEGIN + lock both rows, then transfer + COMMIT; ${clients}`,
    result.raw.bare,
  );
  addScoreRow(
    database,
    `(f) raw SQL, prepared, same rows as (d), each statement awaited, as a plain client sends them; ${clients}`,
    result.raw['one by one'],
  );
  addScoreRow(
    database,
    `(g) gateway without a transfer: POST /api gw.credit.agent.level (HTTP, JSON-RPC, site and session), ${SCORE_CONNECTIONS} connections`,
    result.withoutTransfer,
  );
  const gateway = result.gateway.opsPerSecond;
  const ratio = gateway / result.raw['same rows'].opsPerSecond;
  const versus = (kind: 'bare' | 'one by one') => (gateway / result.raw[kind].opsPerSecond).toFixed(2);
  addSummary(
    `${database}: score ups, gateway (c) / raw SQL same rows (d)`,
    `${ratio.toFixed(2)} (${gateway.toFixed(0)} / ${result.raw['same rows'].opsPerSecond.toFixed(0)} ops/s; against (e) ${versus('bare')}, against (f) ${versus('one by one')})`,
    `ratio >= ${SCORE_RATIO_AIM}`,
    ratio >= SCORE_RATIO_AIM,
  );
  if (database === 'PGlite') {
    // One thread does the gateway's own work (g) and the database's (d): even a transfer that cost
    // the gateway no more than it costs raw SQL would leave (c) at 1 / (1/g + 1/d).
    const g = result.withoutTransfer.opsPerSecond;
    const d = result.raw['same rows'].opsPerSecond;
    summaryRows.push({
      check: `${database}: the most (c) / (d) can be on one thread, 1 / (1/g + 1/d) / d`,
      measured: `${(g / (g + d)).toFixed(2)} (g ${g.toFixed(0)} ops/s)`,
      aim: '',
      'aim met': '-',
    });
  }
  if (result.previewed) reportPreviewed(database, result.previewed);
  const failures =
    result.gateway.failures + result.withoutTransfer.failures + Object.values(result.raw).reduce((sum, raw) => sum + raw.failures, 0);
  addSummary(`${database}: every score up done`, `${failures} failures`, '0', failures === 0);
  addSummary(`${database}: ledger check after the score bench`, result.ledgerOk ? 'passed' : 'FAILED', 'passed', result.ledgerOk);
}

const NOTICE_AIM_MS = 10;
const noticeRows: TableRow[] = [];

async function benchNoticeCalls(): Promise<void> {
  const timings = await benchNotices();
  for (const timing of timings)
    noticeRows.push({ database: 'PGlite', call: timing.query, 'p50 ms': timing.p50.toFixed(1), 'p95 ms': timing.p95.toFixed(1) });
  const landing = timings[0]!;
  addSummary(
    `PGlite: the landing page's notices (layer.list, ${STORED_NOTICES.toLocaleString('en')} stored, p50; p95 in part 10)`,
    `${landing.p50.toFixed(1)} ms`,
    `< ${NOTICE_AIM_MS} ms`,
    landing.p50 < NOTICE_AIM_MS,
  );
}

const ASOF_ONE_AIM_MS = 5;
const ASOF_PAGE_AIM_MS = 50;
const asOfRows: TableRow[] = [];

async function benchAsOf(name: string, target: Parameters<typeof benchBalanceAsOf>[0]): Promise<void> {
  const result = await benchBalanceAsOf(target);
  const row = (query: string, timing: { p50: number; p95: number }) =>
    asOfRows.push({ database: name, query, 'p50 ms': timing.p50.toFixed(2), 'p95 ms': timing.p95.toFixed(2) });
  row(`one account, ${LONG_HISTORY_ROWS.toLocaleString('en')} log rows`, result.one);
  row("a page of 100 of the agent's members", result.page);
  row('100 accounts by id (the long history among them)', result.ids);
  asOfRows.push({
    database: name,
    query: 'filling the log (SQL, generate_series)',
    'p50 ms': `${result.fillSeconds.toFixed(1)} s`,
    'p95 ms': '',
  });
  addSummary(
    `${name}: balance as of an instant, one account with ${LONG_HISTORY_ROWS.toLocaleString('en')} log rows (p95)`,
    `${result.one.p95.toFixed(2)} ms`,
    `< ${ASOF_ONE_AIM_MS} ms`,
    result.one.p95 < ASOF_ONE_AIM_MS,
  );
  addSummary(
    `${name}: balances as of an instant, a page of 100 of a 100,000-member line (p95)`,
    `${result.page.p95.toFixed(2)} ms`,
    `< ${ASOF_PAGE_AIM_MS} ms`,
    result.page.p95 < ASOF_PAGE_AIM_MS,
  );
}

const AUDIT_AIM_MS = 50;
const auditRows: TableRow[] = [];

async function benchOperationRecord(name: string, target: Parameters<typeof auditDatabase>[0]): Promise<void> {
  const { db, end } = await auditDatabase(target);
  try {
    const timings = await timeOperationRecord(db, end);
    for (const timing of timings) {
      auditRows.push({ database: name, query: timing.query, 'p50 ms': timing.p50.toFixed(1), 'p99 ms': timing.p99.toFixed(1) });
    }
    const first = timings[0]!;
    addSummary(
      `${name}: first page of the operation record, ${AUDIT_ROWS.toLocaleString('en')} rows of one line, 15 days (p50)`,
      `${first.p50.toFixed(1)} ms`,
      `< ${AUDIT_AIM_MS} ms`,
      first.p50 < AUDIT_AIM_MS,
    );
  } finally {
    await db.close();
  }
}

const INGEST_RATIO_AIM = 0.5;
const ingestRows: TableRow[] = [];

function reportIngest(name: string, result: IngestResult): void {
  // Each round held to the faster of the two raw ways in, in that round; the medians printed, with the rounds' range.
  const { bets, rounds } = result;
  const fastestRaw = (round: IngestRound) => Math.max(round.rawPerSecond ?? 0, round.rawJsonPerSecond);
  const ratios = rounds.map((round) => bets / round.serialSeconds / fastestRaw(round));
  const besideRatios = rounds.map((round) => bets / round.besideSeconds / fastestRaw(round));
  // What sessions before 2026-11-27 printed as e: the drains that ran beside the ingest added to its time.
  const addedRatios = rounds.map((round) => bets / (round.besideSeconds + round.besideDrainSeconds) / fastestRaw(round));
  const spread = (values: number[]) => `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)})`;
  const ratio = median(ratios);
  ingestRows.push({
    database: name,
    bets: bets.toLocaleString('en'),
    rounds: String(rounds.length),
    '(e) serial, bets/s': median(rounds.map((round) => bets / round.serialSeconds)).toFixed(0),
    'e s': median(rounds.map((round) => round.serialSeconds)).toFixed(2),
    'of which drains s': median(rounds.map((round) => round.serialDrainSeconds)).toFixed(2),
    '(e∥) drains beside, bets/s': median(rounds.map((round) => bets / round.besideSeconds)).toFixed(0),
    '(f) raw INSERT VALUES, rows/s': (rounds[0]?.rawPerSecond ?? 0).toFixed(0),
    '(g) raw INSERT from JSON, rows/s': median(rounds.map((round) => round.rawJsonPerSecond)).toFixed(0),
    'e / max(f, g)': spread(ratios),
    'e∥ / max(f, g)': spread(besideRatios),
    '(e∥ + its drains) / max(f, g)': spread(addedRatios),
  });
  addSummary(
    `${name}: bets stored through the real path (serial) / the faster raw INSERT`,
    ratio.toFixed(2),
    `>= ${INGEST_RATIO_AIM}`,
    ratio >= INGEST_RATIO_AIM,
  );
}

const TRANSFER_RATIO_AIM = 0.8;
const transferRows: TableRow[] = [];

function reportTransfers(name: string, result: TransferBenchResult): void {
  const ratio = result.transfersPerSecond / result.scoreUpsPerSecond;
  transferRows.push({
    database: name,
    members: String(result.members),
    '(h) score ups/s': result.scoreUpsPerSecond.toFixed(1),
    '(i) transfers in+out/s': result.transfersPerSecond.toFixed(1),
    'i / h': ratio.toFixed(2),
    failures: String(result.failures),
    'ledger check': result.ledgerOk ? 'passed' : 'FAILED',
  });
  addSummary(`${name}: transfers in and out / score ups`, ratio.toFixed(2), `>= ${TRANSFER_RATIO_AIM}`, ratio >= TRANSFER_RATIO_AIM);
  addSummary(`${name}: ledger check after the transfer bench`, result.ledgerOk ? 'passed' : 'FAILED', 'passed', result.ledgerOk);
}

const REPORT_AIMS = {
  postgres: { p50: 20, p95: 100, speedUp: 50 },
  pglite: { p95: 50 },
};
const SETTLE_RATIO_AIM = 0.7;
const reportRows: TableRow[] = [];

function reportReports(name: 'PostgreSQL' | 'PGlite', result: ReportBenchResult): void {
  for (const timing of result.timings) {
    const speedUp = timing.rawP50 / timing.p50;
    reportRows.push({
      database: name,
      bets: `${result.bets.toLocaleString('en')} (loaded in ${result.loadSeconds.toFixed(0)} s)`,
      report: timing.report,
      rows: String(timing.rows),
      '(j) rollups p50 ms': timing.p50.toFixed(1),
      '(j) p95 ms': timing.p95.toFixed(1),
      '(k) from the bets p50 ms': timing.rawP50.toFixed(0),
      'k / j': speedUp.toFixed(0),
    });
    if (name === 'PostgreSQL') {
      const aim = REPORT_AIMS.postgres;
      addSummary(
        `PostgreSQL: ${timing.report}, 30 days (p50 / p95, times faster than from the bets)`,
        `${timing.p50.toFixed(1)} / ${timing.p95.toFixed(1)} ms, ${speedUp.toFixed(0)}x`,
        `<= ${aim.p50} / ${aim.p95} ms, >= ${aim.speedUp}x`,
        timing.p50 <= aim.p50 && timing.p95 <= aim.p95 && speedUp >= aim.speedUp,
      );
    } else {
      addSummary(
        `PGlite: ${timing.report}, 30 days (p95)`,
        `${timing.p95.toFixed(1)} ms`,
        `<= ${REPORT_AIMS.pglite.p95} ms`,
        timing.p95 <= REPORT_AIMS.pglite.p95,
      );
    }
  }
  const ratio = result.settleWith / result.settleWithout;
  reportRows.push({
    database: name,
    bets: '',
    report: `settlement: ${result.settleWith.toFixed(0)} bets/s with the rollups, ${result.settleWithout.toFixed(0)} without`,
    rows: '',
    '(j) rollups p50 ms': '',
    '(j) p95 ms': '',
    '(k) from the bets p50 ms': '',
    'k / j': ratio.toFixed(2),
  });
  addSummary(`${name}: settlement with the rollups kept / without`, ratio.toFixed(2), `>= ${SETTLE_RATIO_AIM}`, ratio >= SETTLE_RATIO_AIM);
}

const PLATFORM_TRANSFER_AIM = 0.6;
const PLATFORM_FEED_AIM = 0.8;
const platformRows: TableRow[] = [];

/** 12. The HTTP platform against the embedded one: both ratios measured in the same run. */
function reportPlatform(result: PlatformBenchResult): void {
  const { embedded, http } = result;
  const transfers = http.transfersPerSecond / embedded.transfersPerSecond;
  const feed = http.feedPerSecond / embedded.feedPerSecond;
  const spread = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
  platformRows.push({
    database: 'PostgreSQL',
    measure: `transfers in+out/s, ${result.members} members`,
    embedded: embedded.transfersPerSecond.toFixed(1),
    HTTP: http.transfersPerSecond.toFixed(1),
    'HTTP / embedded': transfers.toFixed(2),
    detail: `failures ${embedded.transferFailures} / ${http.transferFailures}; ledger check ${result.ledgerOk ? 'passed' : 'FAILED'}`,
  });
  platformRows.push({
    database: 'PostgreSQL',
    measure: `feed items stored/s (median of ${PLATFORM_FEED_ROUNDS})`,
    embedded: embedded.feedPerSecond.toFixed(0),
    HTTP: http.feedPerSecond.toFixed(0),
    'HTTP / embedded': feed.toFixed(2),
    detail: `seconds: embedded ${spread(embedded.feedSeconds)}; HTTP ${spread(http.feedSeconds)}`,
  });
  addSummary(
    'PostgreSQL: transfers through the HTTP platform / the embedded one',
    transfers.toFixed(2),
    `>= ${PLATFORM_TRANSFER_AIM}`,
    transfers >= PLATFORM_TRANSFER_AIM,
  );
  addSummary(
    'PostgreSQL: the feed stored over HTTP / the embedded feed',
    feed.toFixed(2),
    `>= ${PLATFORM_FEED_AIM}`,
    feed >= PLATFORM_FEED_AIM,
  );
  const failures = embedded.transferFailures + http.transferFailures;
  addSummary('PostgreSQL: every transfer of the platform bench done', `${failures} failures`, '0', failures === 0);
  addSummary('PostgreSQL: ledger check after the platform bench', result.ledgerOk ? 'passed' : 'FAILED', 'passed', result.ledgerOk);
}

const testTimeRows: TableRow[] = [];

/** 11. The last test run's times (the project-times reporter keeps them), with the suite's aims. */
async function benchTestTimes(): Promise<void> {
  const read = readTestTimes();
  testTimeRows.push(...read.rows);
  const check = `npm test, last whole run${read.rows.length ? ` (${read.note} UTC)` : ''}`;
  if (read.npmTestSeconds === undefined)
    summaryRows.push({
      check,
      measured: read.rows.length ? 'none: the last run was not a whole npm test' : read.note,
      aim: '',
      'aim met': '-',
    });
  else
    addSummary(
      check,
      seconds(read.npmTestSeconds * 1000),
      `<= ${NPM_TEST_AIM_S} s on a quiet machine`,
      read.npmTestSeconds <= NPM_TEST_AIM_S,
    );
  if (read.runCpuSeconds !== undefined)
    addSummary(
      'CPU seconds of that run (every process)',
      `${read.runCpuSeconds} CPU s`,
      `<= ${RUN_CPU_AIM_S}`,
      read.runCpuSeconds <= RUN_CPU_AIM_S,
    );
  if (read.rows.length)
    summaryRows.push({
      check: '`expect` calls that run executed',
      measured: String(read.expectCalls),
      aim: 'not below the last',
      'aim met': '-',
    });
}

const faultRows: TableRow[] = [];

/** The long faults run: what was injected and done, one row each, and its checks in the summary (they are its aims). */
function reportFaults(result: FaultBenchResult): void {
  const row = (what: string, count: string) => faultRows.push({ what, count });
  row('seconds of load', result.seconds.toFixed(0));
  row('members moving points', String(result.members));
  row('gateway kills (SIGKILL, then started again)', String(result.kills));
  row('calls to the platform (forwarded, copies included)', `${result.calls.received} (${result.calls.forwarded})`);
  for (const [kind, count] of Object.entries(result.faults)) row(`fault: ${kind}`, String(count));
  for (const [outcome, count] of Object.entries(result.lobby).sort()) row(`lobby transfer: ${outcome}`, String(count));
  row('transfers settled by the repair job during the run', String(result.repairedDuringRun));
  row('transfers pending before the final repair', String(result.pendingBeforeRepair));
  row('bets stored', String(result.bets));
  for (const check of result.checks) addSummary(`faults on the wire: ${check.name}`, check.detail, 'holds', check.ok);
  const missing = Object.entries(result.faults).filter(([, count]) => count === 0);
  addSummary(
    'faults on the wire: every fault kind injected',
    missing.map(([kind]) => kind).join(', ') || 'all',
    'all',
    missing.length === 0,
  );
}

const ledgerKillRows: TableRow[] = [];

/** 17. What the run did, and each of its checks in the summary. */
function reportLedgerKill(result: LedgerKillResult): void {
  ledgerKillRows.push({ what: 'the load', measured: result.line });
  ledgerKillRows.push({ what: 'game transfers and bets meanwhile', measured: `${result.gameTransfers} transfers, ${result.bets} bets` });
  for (const check of result.checks) addSummary(`ledger through kill -9: ${check.name}`, check.detail, 'holds', check.ok);
}

const rollingRows: TableRow[] = [];

/** 18. What the run did, and each of its checks in the summary. */
function reportRollingUpgrade(result: RollingUpgradeResult): void {
  rollingRows.push({ what: 'the load', measured: result.line });
  rollingRows.push({ what: 'calls dropped', measured: String(result.dropped.length) });
  rollingRows.push({ what: 'refused connections sent to another gateway', measured: String(result.redirected) });
  for (const check of result.checks) addSummary(`rolling upgrade: ${check.name}`, check.detail, 'holds', check.ok);
}

const capacityRowsAll: TableRow[] = [];

/** 14. One row per step; per bet rate the largest N passing, the largest step, and on PostgreSQL the aim. */
function reportCapacity(database: 'PGlite' | 'PostgreSQL', result: CapacityResult): void {
  capacityRowsAll.push(...capacityRows(database, result));
  for (const rate of new Set(result.steps.map((step) => step.betsAsked))) {
    const passed = result.steps.filter((step) => step.betsAsked === rate && step.passed);
    summaryRows.push({
      check: `${database}: capacity at ${rate} bets/s, the largest N passing`,
      measured: passed.length ? String(Math.max(...passed.map((step) => step.agents))) : 'none passed',
      aim: '',
      'aim met': '-',
    });
  }
  const { best } = result;
  const measured = best ? `${best.agents} agents at ${best.betsAsked} bets/s` : 'none passed';
  if (database === 'PGlite') {
    summaryRows.push({ check: 'PGlite: capacity, the largest passing step (highest bet rate, then N)', measured, aim: '', 'aim met': '-' });
    return;
  }
  addSummary(
    'PostgreSQL: capacity, the largest passing step (highest bet rate, then N)',
    measured,
    `${CAPACITY_AIMS.agents} agents at ${CAPACITY_AIMS.betsPerSecond} bets/s`,
    result.aimMet,
  );
}

/** 15. CPU of the same work through each connection; the ratio is what the gateway's own one buys. */
async function benchPgliteConnectionPart(): Promise<void> {
  const { readsMs, writesMs } = await benchPgliteConnection();
  const row = (what: string, ours: number, theirs: number) =>
    summaryRows.push({
      check: `PGlite: ${what}, CPU through PGlite's adapter / through the gateway's connection`,
      measured: `${(theirs / ours).toFixed(2)} (${theirs.toFixed(0)} / ${ours.toFixed(0)} ms)`,
      aim: '',
      'aim met': '-',
    });
  row(`${PGLITE_CONNECTION_READS} prepared reads`, readsMs['gateway connection'], readsMs['PGlite adapter']);
  row(`${PGLITE_CONNECTION_WRITES} write transactions`, writesMs['gateway connection'], writesMs['PGlite adapter']);
}

async function main(): Promise<void> {
  console.log(
    `Bench: node ${process.version}, ${cpus().length} CPUs; autocannon ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route`,
  );
  console.log(`Server: \`${startCommand}\` as a child process, LOG_LEVEL=warn, a fresh temp DATA_DIR each start`);

  // Built before anything is timed, so no start below includes building the web app.
  await ensureWebBuild();
  await part('start time', benchStartTime);
  await part('web bundles', benchBundles);
  await part('account list, PGlite', () => benchAccountList('PGlite', { kind: 'pglite' }, true));
  await part('PGlite', () => benchGateway('PGlite'));
  await part('rights check, PGlite', () => benchRightsCheck('PGlite'));
  await part('score ups, PGlite', async () => reportScore('PGlite', await benchScorePglite()));
  await part('operation record, PGlite', () => benchOperationRecord('PGlite', { kind: 'pglite' }));
  await part('as-of balances, PGlite', () => benchAsOf('PGlite', { kind: 'pglite' }));
  await part('bets ingest, PGlite', async () => reportIngest('PGlite', await benchBetIngest({ kind: 'pglite' })));
  await part('transfers, PGlite', async () => reportTransfers('PGlite', await benchTransfers({ kind: 'pglite' })));
  await part('reports, PGlite', async () => reportReports('PGlite', await benchReports({ kind: 'pglite' })));
  await part('notices, PGlite', benchNoticeCalls);
  await part('PGlite connection', benchPgliteConnectionPart);
  await part('test suite', benchTestTimes);
  const adminUrl = postgresAdminUrl();
  if (adminUrl) {
    console.log(`PostgreSQL: a fresh database on ${maskUrl(adminUrl)}`);
    await part('PostgreSQL', () => benchPostgres(adminUrl));
    await part('rights check, PostgreSQL', async () => {
      const database = await createBenchDatabase(adminUrl);
      try {
        await benchRightsCheck('PostgreSQL', database.url);
      } finally {
        await database.drop();
      }
    });
    await part('score ups, PostgreSQL', async () => {
      const database = await createBenchDatabase(adminUrl);
      try {
        reportScore('PostgreSQL', await benchScorePostgres(database.url));
      } finally {
        await database.drop();
      }
    });
    await part('account list, PostgreSQL', async () => {
      const database = await createBenchDatabase(adminUrl);
      try {
        await benchAccountList('PostgreSQL', { kind: 'postgres', url: database.url }, false);
      } finally {
        await database.drop();
      }
    });
    await part('bets ingest, PostgreSQL', async () => {
      const database = await createBenchDatabase(adminUrl);
      try {
        reportIngest('PostgreSQL', await benchBetIngest({ kind: 'postgres', url: database.url }));
      } finally {
        await database.drop();
      }
    });
    await part('transfers, PostgreSQL', async () => {
      const database = await createBenchDatabase(adminUrl);
      try {
        reportTransfers('PostgreSQL', await benchTransfers({ kind: 'postgres', url: database.url }));
      } finally {
        await database.drop();
      }
    });
    await part('reports, PostgreSQL', async () => {
      const database = await createBenchDatabase(adminUrl);
      try {
        reportReports('PostgreSQL', await benchReports({ kind: 'postgres', url: database.url }));
      } finally {
        await database.drop();
      }
    });
    await part('reconciliation, PostgreSQL', async () => {
      const database = await createBenchDatabase(adminUrl);
      try {
        const result = await benchReconciliation({ kind: 'postgres', url: database.url });
        addSummary(
          `PostgreSQL: reconciling a day of ${result.bets.toLocaleString('en')} bets of one site (loaded in ${result.loadSeconds.toFixed(0)} s; differences found / planted)`,
          `${result.seconds.toFixed(1)} s, ${result.differences} / ${result.expected}`,
          `<= ${RECONCILE_AIM_S} s, all found`,
          result.seconds <= RECONCILE_AIM_S && result.differences === result.expected && result.bets === RECONCILE_BETS,
        );
      } finally {
        await database.drop();
      }
    });
    await part('platform, PostgreSQL', async () => reportPlatform(await benchPlatform(adminUrl)));
    await part('operation record, PostgreSQL', async () => {
      const database = await createBenchDatabase(adminUrl);
      try {
        await benchOperationRecord('PostgreSQL', { kind: 'postgres', url: database.url });
      } finally {
        await database.drop();
      }
    });
    await part('as-of balances, PostgreSQL', async () => {
      const database = await createBenchDatabase(adminUrl);
      try {
        await benchAsOf('PostgreSQL', { kind: 'postgres', url: database.url });
      } finally {
        await database.drop();
      }
    });
    await part('faults on the wire, PostgreSQL', async () => reportFaults(await benchPlatformFaults(adminUrl)));
    await part('ledger through kill -9, PostgreSQL', async () => reportLedgerKill(await benchLedgerKill(adminUrl)));
    await part('rolling upgrade, PostgreSQL', async () => reportRollingUpgrade(await benchRollingUpgrade(adminUrl)));
    // The platform's books are on PostgreSQL in both: only the back office's database differs.
    await part('capacity, PGlite', async () => reportCapacity('PGlite', await benchCapacity(adminUrl, undefined)));
    await part('capacity, PostgreSQL', async () => {
      const database = await createBenchDatabase(adminUrl);
      try {
        reportCapacity('PostgreSQL', await benchCapacity(adminUrl, database.url));
      } finally {
        await database.drop();
      }
    });
  } else {
    summaryRows.push({ check: 'PostgreSQL', measured: 'skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)', aim: '', 'aim met': '-' });
  }

  printTable('1. Gateway read (a) vs bare route (b); a read as a main account (g) and as its sub-account (h)', loadRows);
  printTable(`2. Start time of \`${startCommand}\` (spawn until GET /api/health is 200)`, startRows);
  printTable('3. JavaScript and CSS loaded (production build, gzip level 9)', bundleRows);
  printTable('4. Account list under an agent with 100,000 members (server time of the first page; scrolling in Chromium)', listRows);
  printTable(
    '5. Score ups: the gateway (c) against the same transfer as raw SQL (d), same database, same run; with its preview (i) against alone (h)',
    scoreRows,
  );
  printTable(
    `6. Operation record: server time of a page (100 rows, 15 days, through the gateway) with ${AUDIT_ROWS.toLocaleString('en')} records of one line`,
    auditRows,
  );
  printTable(
    `7. Bets ingested: ${INGEST_BETS.toLocaleString('en')} settled bets through the real path (the platform's feed read by the adapter, the next page while one is stored, stored by storeBets, what they change in the rollups queued and drained) against raw multi-row INSERTs of the same rows (f, g), each round on a fresh start after a checkpoint; medians of ${INGEST_ROUNDS} rounds, ratios with their range. e: the ingest and its drains one after the other, a drain after every 20,000 bets and at the end, all of it counted; e∥: the drain job beside the ingest every second as in a gateway, the ingest's time counted (and, as printed before as e, with those drains' time added); f: the first round only`,
    ingestRows,
  );
  printTable(
    `8. Transfers to and from the game platform (i) against score ups (h): same members, ${TRANSFER_WORKERS} workers, ${TRANSFER_BENCH_SECONDS} s each in ${TRANSFER_BENCH_ROUNDS} turns`,
    transferRows,
  );
  printTable(
    '9. Reports over 30 days from the rollups (j) against the same numbers aggregated from the bets (k); settlement with the rollups kept against without',
    reportRows,
  );
  printTable(
    `10. Notices: server time of a call (pageSize 99, through the gateway) with ${STORED_NOTICES.toLocaleString('en')} notices stored`,
    noticeRows,
  );
  printTable(
    '11. The test suite: the last run as tests/.artifacts/test-times.json keeps it (wall: from the first file to the last; projects overlap)',
    testTimeRows,
  );
  printTable(
    `12. The game platform over HTTP (the simulator as a platform process, the httpPlatform adapter) against the embedded one: transfers in and out, same members, ${PLATFORM_TRANSFER_WORKERS} workers, ${PLATFORM_TRANSFER_SECONDS} s each in ${PLATFORM_TRANSFER_TURNS} turns; the same ${PLATFORM_FEED_BETS.toLocaleString('en')} settled bets stored from each feed (over HTTP: one site's feed from its own cursor), ${PLATFORM_FEED_ROUNDS} rounds each`,
    platformRows,
  );
  printTable(
    `13. Faults on the wire, the long version: lobby transfers and play through the fault proxy, the gateway killed ${FAULT_BENCH_KILLS} times (FAULT_BENCH_KILLS), on PostgreSQL`,
    faultRows,
  );
  printTable(
    `14. Capacity: N agents through the gateway (seeded mix, think time) while the platform's feed delivers bets at a fixed rate, ${CAPACITY_STEP_SECONDS} s a step (CAPACITY_STEP_SECONDS); a step passes with read p95 < ${CAPACITY_AIMS.readP95Ms} ms, write p95 < ${CAPACITY_AIMS.writeP95Ms} ms, no error, feed lag < ${CAPACITY_AIMS.lagSeconds} s`,
    capacityRowsAll,
  );
  printTable(
    `16. Balances as of an instant (server time through the gateway) over an agent's 100,000 members, one of them with ${LONG_HISTORY_ROWS.toLocaleString('en')} score-log rows`,
    asOfRows,
  );
  printTable(
    '17. The ledger through kill -9: score ups and downs over two gateway processes on PostgreSQL, one killed three times, members playing',
    ledgerKillRows,
  );
  printTable(
    '18. A rolling upgrade under load: two gateways on PostgreSQL replaced in turn (SIGTERM, drained), 8 clients scoring',
    rollingRows,
  );
  printTable('Summary', summaryRows);
}

process.on('exit', cleanUpProcessesAndDirs);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the bench`);
    process.exit(130);
  });
}

try {
  await main();
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  cleanUpProcessesAndDirs();
}
process.exit(failed ? 1 : 0);
