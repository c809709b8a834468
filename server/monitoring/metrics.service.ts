import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ErrorCode } from '../../contract/errors.contract';
import type { Clock } from '../kernel/clock';
import { poolStatsOf, type Database } from '../kernel/db/database';
import type { PlatformWatch } from '../platform/platform-watch';
import { jobCounts, liveSessions, PENDING_AGES, pendingTransfers, retentionPurged, signInLocks } from './metrics.repository';
import { platformHealth } from './platform-health.repository';
import { purgedTables } from '../retention/retention-purge.service';

/** What a call's outcome is to the metrics: its method (null: none the contract knows) and its code (null: answered a result). */
export interface CallOutcome {
  method: string | null;
  code: number | null;
  ms: number;
}

/** The methods whose refusals are failed sign-ins. */
const SIGN_IN_METHODS = new Set(['gw.credit.agent.login']);

/** The refusal codes a sign-in counts, each present from the start (a series absent at zero reads as "no data" to an alert). */
const SIGN_IN_FAILURE_CODES = [ErrorCode.wrongCredentials, ErrorCode.safeCodeWrong, ErrorCode.captchaWrong, ErrorCode.tooFrequentAccess];

/** The scopes of the sign-in counters (auth/attempt-counters.ts), each answered even when none holds a lock. */
const SIGN_IN_LOCK_SCOPES = ['pair', 'name', 'ip', 'captcha'] as const;

/** Seconds: from a cached read (a few ms) to a long export start or a slow platform (10 s). */
const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Registers = Registry[];

/** The calls this process answered: counted by method and outcome, timed, and the failed sign-ins among them. */
function callMetrics(registers: Registers) {
  const calls = new Counter({
    name: 'credit_calls_total',
    help: 'Gateway calls answered, by method and outcome code ("ok" for a result, else the catalogue code; 0 is an internal error)',
    labelNames: ['method', 'code'] as const,
    registers,
  });
  const callSeconds = new Histogram({
    name: 'credit_call_duration_seconds',
    help: 'Time from reading a call to its answer, by method',
    labelNames: ['method'] as const,
    buckets: CALL_BUCKETS,
    registers,
  });
  const responses = new Counter({
    name: 'credit_http_responses_total',
    help: 'HTTP responses by status code (JSON-RPC answers are 200 whatever their outcome)',
    labelNames: ['status'] as const,
    registers,
  });
  const signInFailures = new Counter({
    name: 'credit_sign_in_failures_total',
    help: `Sign-ins refused, by code (${ErrorCode.tooFrequentAccess}: refused by a lock or limit of failed attempts)`,
    labelNames: ['code'] as const,
    registers,
  });
  for (const code of SIGN_IN_FAILURE_CODES) signInFailures.inc({ code: String(code) }, 0);
  return { calls, callSeconds, responses, signInFailures };
}

/** The gauges a scrape sets from the database's facts (and the pools of this process). */
function databaseGauges(registers: Registers) {
  return {
    databaseUp: new Gauge({ name: 'credit_database_up', help: '1 when the last scrape could read the database', registers }),
    pool: new Gauge({
      name: 'credit_db_pool_connections',
      help: 'Database connections of this process: in_use, idle, and waiting (requests queued for a connection)',
      labelNames: ['pool', 'state'] as const,
      registers,
    }),
    jobs: new Gauge({
      name: 'credit_jobs',
      help: 'Background jobs: queued, running, and failed in the last hour (all processes)',
      labelNames: ['state'] as const,
      registers,
    }),
    pending: new Gauge({
      name: 'credit_transfers_pending',
      help: 'Transfers to and from the game platform still pending, by site and age',
      labelNames: ['site', 'age'] as const,
      registers,
    }),
    oldestPending: new Gauge({
      name: 'credit_transfer_oldest_pending_seconds',
      help: 'Age of the oldest pending transfer, by site (0 when none is pending)',
      labelNames: ['site'] as const,
      registers,
    }),
    feedLag: new Gauge({
      name: 'credit_feed_lag_seconds',
      help: "Seconds since a site's platform feed was last read to its end (HTTP platforms only)",
      labelNames: ['site'] as const,
      registers,
    }),
    feedLagItems: new Gauge({
      name: 'credit_feed_lag_items',
      help: "Items the last full page of a site's feed held (a lower bound of what remains; 0 once read to its end)",
      labelNames: ['site'] as const,
      registers,
    }),
    platformLastSuccess: new Gauge({
      name: 'credit_platform_last_success_timestamp_seconds',
      help: "Unix time of the last call a site's HTTP platform answered, by site (0: none yet, or the embedded platform)",
      labelNames: ['site'] as const,
      registers,
    }),
    // A restored copy starts with its HTTP platforms paused (no call goes out until --resume): a
    // production site left paused plays nothing, so an alert needs the series at 0 the rest of the time.
    platformPaused: new Gauge({
      name: 'credit_platform_paused',
      help: "1 while a site's HTTP platform connection is paused (a restored copy, until `npm run site -- platform <site> --resume`), else 0",
      labelNames: ['site'] as const,
      registers,
    }),
    unsentPushes: new Gauge({
      name: 'credit_platform_pushes_unsent',
      help: "Pushes to a site's game platform (accounts, closed games, game notices) it refused or did not answer, still queued, by site",
      labelNames: ['site'] as const,
      registers,
    }),
    reconciliationOpen: new Gauge({
      name: 'credit_reconciliation_open_differences',
      help: "Differences a site's last reconciliation run with its game platform found that are not resolved yet, by site",
      labelNames: ['site'] as const,
      registers,
    }),
    signInLocks: new Gauge({
      name: 'credit_sign_in_locks',
      help: 'Sign-in counters holding a lock or delay now, by scope (pair: a login name locked for one IP; name, ip, captcha)',
      labelNames: ['scope'] as const,
      registers,
    }),
    sessions: new Gauge({ name: 'credit_sessions', help: 'Live sessions, by site', labelNames: ['site'] as const, registers }),
  };
}

type DatabaseGauges = ReturnType<typeof databaseGauges>;

/** This process's count of platform calls that got no answer. */
/** What the retention purge removed, by table, as the database keeps it (a counter: it only grows). */
function retentionCounter(registers: Registers) {
  return new Counter({
    name: 'credit_retention_purged_rows_total',
    help: 'Rows the retention purge removed, by table (all processes; docs/operations.md#data-retention)',
    labelNames: ['table'] as const,
    registers,
  });
}

function platformErrorCounter(registers: Registers) {
  return new Counter({
    name: 'credit_platform_call_errors_total',
    help: "Calls to a site's HTTP platform that got no answer (refused, timeout, TLS, a 5xx), counted by this process, by site",
    labelNames: ['site'] as const,
    registers,
  });
}

function setPool(gauges: DatabaseGauges, name: string, database: Database) {
  const stats = poolStatsOf(database);
  if (!stats) return;
  gauges.pool.set({ pool: name, state: 'in_use' }, stats.inUse);
  gauges.pool.set({ pool: name, state: 'idle' }, stats.idle);
  gauges.pool.set({ pool: name, state: 'waiting' }, stats.waiting);
}

/** What one scrape reads from the database, one statement each. */
async function readFacts(db: Database, now: Date) {
  const [jobs, pending, health, locks, sessions, purged] = await Promise.all([
    jobCounts(db, now),
    pendingTransfers(db, now),
    platformHealth(db, now),
    signInLocks(db, now),
    liveSessions(db, now),
    retentionPurged(db),
  ]);
  return { jobs, pending, health, locks, sessions, purged };
}

type Facts = Awaited<ReturnType<typeof readFacts>>;

/** Clears the gauges whose series are per site or scope, so that one which left drops out. */
function resetScrapedGauges(gauges: DatabaseGauges) {
  for (const gauge of [
    gauges.pending,
    gauges.oldestPending,
    gauges.feedLag,
    gauges.feedLagItems,
    gauges.unsentPushes,
    gauges.reconciliationOpen,
    gauges.platformPaused,
    gauges.platformLastSuccess,
    gauges.signInLocks,
    gauges.sessions,
  ]) {
    gauge.reset();
  }
}

function setJobs(gauges: DatabaseGauges, jobs: Facts['jobs']) {
  gauges.jobs.set({ state: 'queued' }, jobs.queued);
  gauges.jobs.set({ state: 'running' }, jobs.running);
  gauges.jobs.set({ state: 'failed_last_hour' }, jobs.failedLastHour);
}

/** Pending transfers by site and age, every site's series there from 0, and each site's oldest. */
function setPendingTransfers(gauges: DatabaseGauges, { health, pending }: Facts) {
  const oldest = new Map<string, number>();
  for (const site of health) {
    for (const age of PENDING_AGES) gauges.pending.set({ site: site.siteId, age }, 0);
    oldest.set(site.siteId, 0);
  }
  for (const row of pending) {
    gauges.pending.set({ site: row.siteId, age: row.age }, row.count);
    oldest.set(row.siteId, Math.max(row.oldestSeconds, oldest.get(row.siteId) ?? 0));
  }
  for (const [site, seconds] of oldest) gauges.oldestPending.set({ site }, seconds);
}

function setPlatformHealth(gauges: DatabaseGauges, health: Facts['health']) {
  for (const site of health) {
    // Every site, 0 included: an alert on it needs the series there before the first failure.
    gauges.unsentPushes.set({ site: site.siteId }, site.unsentPushes);
    gauges.reconciliationOpen.set({ site: site.siteId }, site.reconciliationDifferences);
    gauges.platformPaused.set({ site: site.siteId }, site.pausedAt === null ? 0 : 1);
    gauges.platformLastSuccess.set({ site: site.siteId }, site.lastSuccessAt === null ? 0 : Date.parse(site.lastSuccessAt) / 1000);
    if (site.feed === null) continue;
    gauges.feedLag.set({ site: site.siteId }, site.feed.lagSeconds);
    gauges.feedLagItems.set({ site: site.siteId }, site.feed.lagItems);
  }
}

/** This process's count, every site's series there from 0. */
function setPlatformErrors(platformErrors: Counter<'site'>, health: Facts['health'], platformWatch?: PlatformWatch) {
  const counted = platformWatch?.errors() ?? new Map<string, number>();
  platformErrors.reset();
  for (const site of new Set([...health.map((h) => h.siteId), ...counted.keys()])) platformErrors.inc({ site }, counted.get(site) ?? 0);
}

/** Every scope and site answered, at 0 when nothing is there. */
function setSignInLocksAndSessions(gauges: DatabaseGauges, { health, locks, sessions }: Facts) {
  for (const scope of SIGN_IN_LOCK_SCOPES) gauges.signInLocks.set({ scope }, 0);
  for (const row of locks) gauges.signInLocks.set({ scope: row.scope }, row.count);
  for (const site of health) gauges.sessions.set({ site: site.siteId }, 0);
  for (const row of sessions) gauges.sessions.set({ site: row.siteId }, row.count);
}

/**
 * The gateway's Prometheus metrics (docs/operations.md, "Metrics"), one registry per app. Calls and
 * latency are counted in this process (Prometheus sums the processes); the database's facts (pool,
 * jobs, pending transfers, feed lag, sign-in locks, sessions) are read when scraped, one statement
 * each, so every process answers the same and nothing polls between scrapes.
 */
export function createGatewayMetrics(db: Database, clock: Clock, reportDb?: Database, platformWatch?: PlatformWatch) {
  const registry = new Registry();
  const registers = [registry];
  const { calls, callSeconds, responses, signInFailures } = callMetrics(registers);
  const gauges = databaseGauges(registers);
  const platformErrors = platformErrorCounter(registers);
  const purgedRows = retentionCounter(registers);
  let processMetrics = false;

  /**
   * The database's facts, read now; a gauge holds only what this scrape found (a site that left
   * drops out), and every site and scope it knows is answered, at 0 when nothing is there.
   */
  async function readDatabase() {
    const facts = await readFacts(db, clock.now());
    resetScrapedGauges(gauges);
    setJobs(gauges, facts.jobs);
    setPendingTransfers(gauges, facts);
    setPlatformHealth(gauges, facts.health);
    setPlatformErrors(platformErrors, facts.health, platformWatch);
    setSignInLocksAndSessions(gauges, facts);
    purgedRows.reset();
    // Every table from the first scrape, at 0 before the first purge.
    for (const table of purgedTables) purgedRows.inc({ table }, 0);
    for (const row of facts.purged) purgedRows.inc({ table: row.table }, row.rows);
  }

  return {
    contentType: registry.contentType,
    /** A call once answered: counted by method and outcome, timed by method. */
    observeCall(call: CallOutcome) {
      const method = call.method ?? 'unknown';
      calls.inc({ method, code: call.code === null ? 'ok' : String(call.code) });
      callSeconds.observe({ method }, call.ms / 1000);
      if (call.code !== null && call.method !== null && SIGN_IN_METHODS.has(call.method)) signInFailures.inc({ code: String(call.code) });
    },
    observeResponse(status: number) {
      responses.inc({ status: String(status) });
    },
    /** The text Prometheus reads: the database's facts read now, then every metric. */
    async scrape(): Promise<string> {
      // The process's own (CPU, memory, event loop) from the first scrape on: apps never scraped (tests) start no observers.
      if (!processMetrics) {
        processMetrics = true;
        collectDefaultMetrics({ register: registry });
      }
      setPool(gauges, 'main', db);
      if (reportDb) setPool(gauges, 'report', reportDb);
      try {
        await readDatabase();
        gauges.databaseUp.set(1);
      } catch {
        // The process's own metrics still answer; the alert on credit_database_up says why the rest is missing.
        gauges.databaseUp.set(0);
      }
      return registry.metrics();
    },
  };
}

export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
