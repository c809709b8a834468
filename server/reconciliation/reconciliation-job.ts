import { sql } from '../kernel/db/sql';
import { DAY_MS, beijingMidnight } from '../../contract/beijing-time.contract';
import type { Queryable } from '../kernel/db/database';
import { PlatformRefusal, PlatformSilent, type PlatformFor, type StatementWindow } from '../platform/game-platform';
import { ourRecords, storeRun, type RunKind } from './reconciliation.repository';
import { compareStatement, type Difference } from './statement-compare';

/**
 * The reconciliation job (docs/operations.md, "Reconciliation"): a site's statement from its
 * platform for a window, compared with our bets and transfers, every difference classed and kept
 * with the run. The gateway's background work runs it for every site (reconcileDueSites): an
 * intraday run every RECONCILE_EVERY_MS up to a cut-off a lag behind now, and once a day the
 * whole day before.
 */

/** A bet stored, or a transfer pending, longer than this after its time is late. */
export const LATE_AFTER_MS = 5 * 60_000;
/** How often each site's intraday statement is compared. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** The intraday cut-off stays this far behind now: what is younger is still on its way (the feed is read every few seconds). */
export const CUTOFF_LAG_MS = 60_000;

export interface RunOutcome {
  runId: string;
  state: 'clean' | 'differences' | 'failed';
  differences: Difference[];
}

/** One run: the statement read, compared and stored; a platform that does not answer or refuses makes a failed run. */
export async function reconcileSite(
  db: Queryable,
  platformFor: PlatformFor,
  run: { window: StatementWindow; kind: RunKind; now: Date; lateMs?: number },
): Promise<RunOutcome> {
  const startedAt = run.now;
  const started = performance.now();
  const finishedAt = () => new Date(startedAt.getTime() + Math.round(performance.now() - started));
  const lateMs = run.lateMs ?? LATE_AFTER_MS;
  try {
    const statement = await platformFor(db).statement(run.window);
    const ours = await ourRecords(db, statement, lateMs);
    const differences = compareStatement(statement, ours, new Date(run.now.getTime() - lateMs));
    const runId = await storeRun(db, { window: run.window, kind: run.kind, startedAt, finishedAt: finishedAt(), statement, differences });
    return { runId, state: differences.length > 0 ? 'differences' : 'clean', differences };
  } catch (error) {
    if (!(error instanceof PlatformSilent) && !(error instanceof PlatformRefusal)) throw error;
    const why = error instanceof PlatformSilent ? error.what : `refused with ${error.code}`;
    const runId = await storeRun(db, {
      window: run.window,
      kind: run.kind,
      startedAt,
      finishedAt: finishedAt(),
      statement: null,
      differences: [],
      error: why,
    });
    return { runId, state: 'failed', differences: [] };
  }
}

/**
 * The runs due for a site at `now`, each claimed once (several processes may run the job): the
 * day before as a daily run once that day has ended, and today's intraday run when the last is
 * RECONCILE_EVERY_MS old. A site is reconciled from the time the job first saw it: what was
 * before (a demo's seeded history, a site's life before it had a platform) is never compared.
 */
async function dueWindows(db: Queryable, siteId: string, now: Date): Promise<{ kind: RunKind; window: StatementWindow }[]> {
  await db.run(sql`INSERT INTO reconciliation_sites (site_id, since) VALUES (${siteId}, ${now}) ON CONFLICT DO NOTHING`);
  const site = await db.one<{ since: Date; daily_to: Date | null }>(
    sql`SELECT since, daily_to FROM reconciliation_sites WHERE site_id = ${siteId}`,
  );
  const since = new Date(site!.since).getTime();
  const today = beijingMidnight(now.getTime());
  const due: { kind: RunKind; window: StatementWindow }[] = [];
  const dailyDone = site!.daily_to ? new Date(site!.daily_to).getTime() >= today : false;
  if (!dailyDone && since < today) {
    const claimed = await db.one(sql`UPDATE reconciliation_sites SET daily_to = ${new Date(today)}
      WHERE site_id = ${siteId} AND (daily_to IS NULL OR daily_to < ${new Date(today)}) RETURNING 1`);
    const from = Math.max(today - DAY_MS, since);
    if (claimed && from < today) due.push({ kind: 'daily', window: { siteId, from: new Date(from), to: new Date(today) } });
  }
  const cutoff = now.getTime() - CUTOFF_LAG_MS;
  const from = Math.max(today, since);
  if (cutoff > from) {
    const claimed = await db.one(sql`UPDATE reconciliation_sites SET intraday_at = ${now}
      WHERE site_id = ${siteId} AND (intraday_at IS NULL OR intraday_at <= ${new Date(now.getTime() - RECONCILE_EVERY_MS)}) RETURNING 1`);
    if (claimed) due.push({ kind: 'intraday', window: { siteId, from: new Date(from), to: new Date(cutoff) } });
  }
  return due;
}

/**
 * The window of a run asked for now (the screen's "run now"): today from the day's start, or from
 * when the job first saw the site if later (recorded now when it never did), to a cut-off a lag
 * behind now; at least a second long.
 */
export async function todayWindow(db: Queryable, siteId: string, now: Date): Promise<StatementWindow> {
  await db.run(sql`INSERT INTO reconciliation_sites (site_id, since) VALUES (${siteId}, ${now}) ON CONFLICT DO NOTHING`);
  const site = await db.one<{ since: Date | string }>(sql`SELECT since FROM reconciliation_sites WHERE site_id = ${siteId}`);
  const from = Math.max(beijingMidnight(now.getTime()), new Date(site!.since).getTime());
  const to = Math.max(now.getTime() - CUTOFF_LAG_MS, from + 1_000);
  return { siteId, from: new Date(from), to: new Date(to) };
}

/** Every site's due runs (the background work's task); answers the runs made. */
export async function reconcileDueSites(db: Queryable, platformFor: PlatformFor, now: Date): Promise<RunOutcome[]> {
  const outcomes: RunOutcome[] = [];
  const sites = await db.rows<{ id: string }>(sql`SELECT id FROM sites ORDER BY id`);
  for (const site of sites) {
    for (const due of await dueWindows(db, site.id, now)) outcomes.push(await reconcileSite(db, platformFor, { ...due, now }));
  }
  return outcomes;
}
