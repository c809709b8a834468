import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sql } from '../../server/kernel/db/sql';
import pg from 'pg';
import { systemClock } from '../../server/kernel/clock';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import { tidyDatabase } from '../../server/kernel/db/pglite-upkeep';
import { seedDemo } from '../../server/seed/demo.seed';
import { setPlatform } from '../../server/sites/site-admin.service';
import { aBet, feedBet } from '../support/bet-fixture';
import { startPlatformProcess, type PlatformProcess } from '../support/platform-process';
import { secretFile } from '../support/secret-file';
import { emptyLatencies, p95, rpc, runAgent, signIn, slowestAction, warmUp, type Latencies } from './capacity-agent.bench-helper';
import { feedMemberIds, seedCapacityAgents, type CapacityAgent } from './capacity-agents.bench-helper';
import { createBenchDatabase, type BenchDatabase } from './postgres.bench-helper';
import { makeTempDir, startServer, type ServerProcess } from './server-process.bench-helper';
import type { TableRow } from './text-table.bench-helper';

/**
 * Capacity on one machine (docs/operations.md, "Capacity"): the busy hour. The site's game platform
 * is the simulator as a platform process (its books on PostgreSQL); the bench writes settled bets
 * to that platform's feed at a fixed rate, and the gateway's own feed job reads them over HTTP, as
 * in production. Meanwhile N agents, each signed in as an account of its own, work through the
 * gateway with think time (capacity-agent.bench-helper.ts). Each (bet rate, N) step runs
 * CAPACITY_STEP_SECONDS; at each bet rate N steps up until a step fails. A step passes when every
 * read's p95 < 200 ms, every write's p95 < 300 ms, no call fails and the feed's lag
 * (GET /api/health?detail=1, the platform health an operator reads) stays under 5 s.
 */

const list = (value: string | undefined, fallback: number[]) =>
  value
    ? value
        .split(',')
        .map((item) => Number(item.trim()))
        .filter((n) => Number.isInteger(n) && n > 0)
    : fallback;

export const CAPACITY_STEP_SECONDS = Number(process.env.CAPACITY_STEP_SECONDS ?? 20);
export const CAPACITY_AGENTS = list(process.env.CAPACITY_AGENTS, [25, 50, 100, 200, 300]);
export const CAPACITY_BET_RATES = list(process.env.CAPACITY_BET_RATES, [100, 250, 500, 1000]);
const THINK_MS = list(process.env.CAPACITY_THINK_MS, [1000, 3000]) as [number, number];
const SEED = process.env.CAPACITY_SEED ?? 'capacity';

export const CAPACITY_AIMS = { readP95Ms: 200, writeP95Ms: 300, lagSeconds: 5, agents: 200, betsPerSecond: 500 };

const SITE = 'demo';
const KEY_ID = 'bo-capacity-bench';
/** The gateway reads an HTTP site's feed every 3 s: a lag this small is a feed read to its end. */
const CAUGHT_UP_SECONDS = 3;
/** Feed rows are written every tick, rate × tick at a time. */
const TICK_MS = 200;

export interface CapacityStep {
  agents: number;
  betsAsked: number;
  betsStored: number;
  readP95: number;
  writeP95: number;
  slowest: string;
  calls: number;
  errors: number;
  errorSamples: string[];
  lagMax: number;
  passed: boolean;
}

export interface CapacityResult {
  steps: CapacityStep[];
  best: CapacityStep | null;
  aimMet: boolean;
}

/** The platform's feed at a fixed rate: settled bets of the site's members written to its platform_feed. */
function startFeeder(pool: pg.Pool, memberIds: string[], rate: number) {
  let published = 0;
  let order = Number(`7${Date.now() % 1_000_000_000}`) * 1000;
  let running = true;
  const perTick = rate * (TICK_MS / 1000);
  const loop = (async () => {
    const started = performance.now();
    for (let tick = 1; running; tick++) {
      const due = Math.floor(perTick * tick) - published;
      if (due > 0) {
        const items = Array.from({ length: due }, (_, i) =>
          feedBet(aBet(memberIds[(published + i) % memberIds.length]!, { orderId: String(++order) })),
        );
        await pool.query(
          `INSERT INTO platform_feed (site_id, kind, body, created_at)
           SELECT $1, 'bet', item, now() FROM json_array_elements($2::json) AS item`,
          [SITE, JSON.stringify(items)],
        );
        published += due;
      }
      const wait = started + tick * TICK_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    published: () => published,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** The feed's lag as the gateway tells it (loopback reads every site's platform health). */
async function feedLagSeconds(url: string): Promise<number> {
  const response = await fetch(`${url}/api/health?detail=1`, { signal: AbortSignal.timeout(5_000) });
  const body = (await response.json()) as { platforms?: { siteId: string; feed: { lagSeconds: number } | null }[] };
  const feed = body.platforms?.find((platform) => platform.siteId === SITE)?.feed;
  if (!feed) throw new Error('the health detail tells no feed lag for the site');
  return feed.lagSeconds;
}

/** Bets the back office has stored, as the company sees them in its bet records. */
async function storedBets(url: string, token: string): Promise<number> {
  const end = Date.now();
  const result = await rpc(url, 'gw.credit.bet.query', {
    opsId: token,
    pageSize: 1,
    startTime: new Date(end - 3 * 3_600_000).toISOString(),
    endTime: new Date(end + 60_000).toISOString(),
  });
  return Number(result.total);
}

/** The back office's database made ready before the gateway starts: demo, agents, the site on the HTTP platform. */
async function prepare(db: Database, platformUrl: string, secret: string, agents: number) {
  const now = systemClock.now();
  await migrate(db);
  await seedDemo(db, now);
  const capacityAgents = await seedCapacityAgents(db, SITE, agents, now);
  await setPlatform(db, SITE, { kind: 'http', url: platformUrl, keyId: KEY_ID, secret }, now);
  await db.run(sql`ANALYZE`);
  return { capacityAgents, memberIds: await feedMemberIds(db, SITE) };
}

/** Runs the step plan against one database: `boUrl` a PostgreSQL database, or undefined for PGlite. */
export async function benchCapacity(adminUrl: string, boUrl: string | undefined): Promise<CapacityResult> {
  const secret = randomBytes(24).toString('hex');
  const databases: BenchDatabase[] = [];
  let platform: PlatformProcess | null = null;
  let server: ServerProcess | null = null;
  let feedPool: pg.Pool | null = null;
  try {
    const platformDatabase = await createBenchDatabase(adminUrl);
    databases.push(platformDatabase);
    platform = await startPlatformProcess(
      ['--port', '0', '--back-office', 'http://127.0.0.1:1', '--key-id', KEY_ID, '--secret-file', secretFile(secret), '--rate', '0'],
      { PLATFORM_DATABASE_URL: platformDatabase.url },
    );
    feedPool = new pg.Pool({ connectionString: platformDatabase.url, max: 2 });
    const most = Math.max(...CAPACITY_AGENTS);
    const dataDir = makeTempDir();
    const db = boUrl
      ? await openDatabase({ kind: 'postgres', url: boUrl, poolSize: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    let prepared: Awaited<ReturnType<typeof prepare>>;
    try {
      prepared = await prepare(db, platform.url, secret, most);
      if (!boUrl) await tidyDatabase(db);
    } finally {
      // PGlite is one process's: the gateway opens it next.
      await db.close();
    }
    server = await startServer({
      dataDir,
      ...(boUrl ? { databaseUrl: boUrl } : {}),
      env: { CAPTCHA: 'off', LOGIN_IP_LIMIT: '1000000' },
    });
    const url = server.url;
    const company = await signIn(url, 'admin');
    const tokens = new Map<string, string>();

    const first = prepared.capacityAgents[0]!;
    tokens.set(first.loginId, await signIn(url, first.loginId));
    await warmUp(url, { ...first, token: tokens.get(first.loginId)! });

    const steps: CapacityStep[] = [];
    for (const rate of CAPACITY_BET_RATES) {
      for (const agents of CAPACITY_AGENTS) {
        const team = prepared.capacityAgents.slice(0, agents);
        // Sign-ins are not part of a step: each agent signs in once, before its first step.
        for (const agent of team) if (!tokens.has(agent.loginId)) tokens.set(agent.loginId, await signIn(url, agent.loginId));
        const step = await runStep(url, company, team, tokens, rate, prepared.memberIds, feedPool, steps.length + 1);
        steps.push(step);
        if (!step.passed) break;
      }
    }
    const passing = steps.filter((step) => step.passed);
    const best = passing.sort((a, b) => b.betsAsked - a.betsAsked || b.agents - a.agents)[0] ?? null;
    const aimMet = steps.some(
      (step) => step.passed && step.agents >= CAPACITY_AIMS.agents && step.betsAsked >= CAPACITY_AIMS.betsPerSecond,
    );
    return { steps, best, aimMet };
  } finally {
    await server?.stop();
    await feedPool?.end();
    await platform?.stop('SIGTERM');
    for (const database of databases) await database.drop();
  }
}

async function runStep(
  url: string,
  company: string,
  team: CapacityAgent[],
  tokens: Map<string, string>,
  rate: number,
  memberIds: string[],
  feedPool: pg.Pool,
  step: number,
): Promise<CapacityStep> {
  // Each step starts with the feed read to its end: the lag counts from the platform's connection
  // (the preparation's time) or from a step before that fell behind, neither this step's.
  for (let wait = 0; wait < 60 && (await feedLagSeconds(url).catch(() => Infinity)) > CAUGHT_UP_SECONDS; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const before = await storedBets(url, company);
  const feeder = startFeeder(feedPool, memberIds, rate);
  const until = performance.now() + CAPACITY_STEP_SECONDS * 1000;
  const latencies: Latencies = emptyLatencies();
  let lagMax = 0;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      lagMax = Math.max(lagMax, await feedLagSeconds(url).catch(() => Number.POSITIVE_INFINITY));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  const started = performance.now();
  await Promise.all(
    team.map((agent, index) =>
      runAgent(url, { ...agent, token: tokens.get(agent.loginId)! }, { seed: SEED, step, index, until, thinkMs: THINK_MS }, latencies),
    ),
  );
  await feeder.stop();
  const seconds = (performance.now() - started) / 1000;
  watching = false;
  await watcher;
  const stored = (await storedBets(url, company)) - before;
  const readP95 = p95(latencies.read);
  const writeP95 = p95(latencies.write);
  return {
    agents: team.length,
    betsAsked: rate,
    betsStored: stored / seconds,
    readP95,
    writeP95,
    slowest: slowestAction(latencies),
    calls: latencies.read.length + latencies.write.length,
    errors: latencies.errors,
    errorSamples: latencies.samples,
    lagMax,
    passed:
      readP95 < CAPACITY_AIMS.readP95Ms &&
      writeP95 < CAPACITY_AIMS.writeP95Ms &&
      latencies.errors === 0 &&
      lagMax < CAPACITY_AIMS.lagSeconds,
  };
}

/** One table row per step, as bench.ts prints them. */
export function capacityRows(database: string, result: CapacityResult): TableRow[] {
  return result.steps.map((step, index) => ({
    database,
    step: String(index + 1),
    N: String(step.agents),
    'bets/s asked': String(step.betsAsked),
    'bets/s stored': step.betsStored.toFixed(0),
    calls: String(step.calls),
    'read p95 ms': step.readP95.toFixed(0),
    'write p95 ms': step.writeP95.toFixed(0),
    'slowest (p95)': step.slowest,
    errors: step.errors === 0 ? '0' : `${step.errors} (${step.errorSamples[0] ?? ''})`.slice(0, 120),
    'feed lag max s': Number.isFinite(step.lagMax) ? String(step.lagMax) : 'unknown',
    result: step.passed ? 'pass' : 'FAIL',
  }));
}
