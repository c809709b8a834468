import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingMidnight } from '../../contract/beijing-time.contract';
import { sql } from '../../server/kernel/db/sql';
import { ingestPlatformFeed } from '../../server/games/feed-ingest';
import { PlatformSilent, type PlatformFor } from '../../server/platform/game-platform';
import { transferIn } from '../../server/points/game-transfers';
import { RECONCILE_EVERY_MS, reconcileDueSites, reconcileSite } from '../../server/reconciliation/reconciliation-job';
import { releaseDelayedFeed, setSimulatorFaults, type FaultAction } from '../../server/simulator/simulator-faults';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { publish } from '../../server/simulator/simulator-runtime';
import { aBet, feedBet } from '../support/bet-fixture';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// The embedded simulator in the gateway's database, its fault mode set by the tests; each test
// reconciles a Beijing day of its own, in the future, where only what it made happened.
let gw: TestGateway;
let members: string[];
const simulator: PlatformFor = (q) => simulatorPlatform(q);
const dayStart = (iso: string) => beijingMidnight(Date.parse(iso));
let order = 0;
const nextOrder = () => `6${String(++order).padStart(9, '0')}`;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  const rows = await gw.db.rows<{ id: bigint }>(sql`SELECT id FROM accounts
    WHERE site_id = 'demo' AND kind = 'tree' AND level = 5 AND status = 1 AND NOT in_game AND balance >= 100000 ORDER BY id LIMIT 8`);
  members = rows.map((row) => String(row.id));
  expect(members).toHaveLength(8);
});
afterAll(async () => {
  await setSimulatorFaults(gw.db, 'demo', []);
  await gw?.close();
});

const classes = (differences: { class: string; subject: string; ref: string }[]) =>
  differences.map((difference) => `${difference.class} ${difference.subject} ${difference.ref}`).sort();

describe('the reconciliation job against the simulator in its fault mode', () => {
  it('finds a dropped, a delayed, a duplicated and an altered feed row, each once, in its class', async () => {
    const from = dayStart('2027-01-12T04:00:00Z');
    const at = (minutes: number) => new Date(from + minutes * 60_000);
    const betAt = at(60);
    const bet = (memberId: string, gameCode = 'baccarat') =>
      feedBet(aBet(memberId, { orderId: nextOrder(), betTime: betAt, settleTime: betAt, gameCode, winLoss: -10_000 }));
    const [clean, dropped, duplicated, altered, delayed] = members;
    const faulty = async (action: FaultAction, memberId: string) => {
      await setSimulatorFaults(gw.db, 'demo', [{ subject: 'bet', action }]);
      await publish(gw.db, 'demo', 'bet', bet(memberId), betAt);
    };
    for (let n = 0; n < 3; n++) await publish(gw.db, 'demo', 'bet', bet(clean!), betAt);
    await publish(gw.db, 'demo', 'bet', bet(clean!, 'roulette'), betAt);
    // Each faulty row beside a good one of the same member and game: only the faulty one differs.
    for (const memberId of [dropped, duplicated, altered, delayed]) await publish(gw.db, 'demo', 'bet', bet(memberId!), betAt);
    await faulty('drop', dropped!);
    await faulty('duplicate', duplicated!);
    await faulty('alter', altered!);
    await faulty('delay', delayed!);
    expect(await ingestPlatformFeed(gw.db, simulator, at(61))).toBeGreaterThan(0);
    // The delayed row reaches the feed ten minutes later: stored then, it is late.
    expect(await releaseDelayedFeed(gw.db, 'demo', at(70))).toBe(1);
    await ingestPlatformFeed(gw.db, simulator, at(70));

    const outcome = await reconcileSite(gw.db, simulator, {
      kind: 'intraday',
      window: { siteId: 'demo', from: new Date(from), to: at(12 * 60) },
      now: at(12 * 60 + 5),
    });
    expect(outcome.state).toBe('differences');
    expect(classes(outcome.differences)).toEqual(
      [
        `missing bets ${dropped}/baccarat`,
        `duplicate bets ${duplicated}/baccarat`,
        `mismatched bets ${altered}/baccarat`,
        `late bets ${delayed}/baccarat`,
      ].sort(),
    );
    const mismatch = outcome.differences.find((difference) => difference.class === 'mismatched')!;
    expect(mismatch.platformRow).toMatchObject({ count: 2, winLoss: '-20000' });
    expect(mismatch.ourRow).toMatchObject({ count: 2, winLoss: '-19900' });
    const missing = outcome.differences.find((difference) => difference.class === 'missing')!;
    expect([missing.platformRow?.count, missing.ourRow?.count]).toEqual([2, 1]);

    // The run and its differences are kept: four open differences, the rows of both sides with them.
    const stored = await gw.db.rows<{ class: string; platform_row: unknown; our_row: unknown }>(
      sql`SELECT class, platform_row, our_row FROM reconciliation_differences WHERE run_id = ${outcome.runId} ORDER BY id`,
    );
    expect(stored.map((row) => row.class).sort()).toEqual(['duplicate', 'late', 'mismatched', 'missing']);
    expect(stored.every((row) => row.platform_row !== null && row.our_row !== null)).toBe(true);
    const run = await gw.db.one<{ state: string; differences: number; bet_groups: number }>(
      sql`SELECT state, differences, bet_groups FROM reconciliation_runs WHERE id = ${outcome.runId}`,
    );
    expect(run).toEqual({ state: 'differences', differences: 4, bet_groups: 6 });
  });

  it('finds a dropped, a delayed, a duplicated and an altered transfer, each once, in its class; the clean one is not one', async () => {
    const from = dayStart('2027-01-14T04:00:00Z');
    const at = (minutes: number) => new Date(from + minutes * 60_000);
    const [clean, dropped, delayed, duplicated, altered] = members.slice(3);
    let seq = 0;
    const moveIn = (memberId: string, minutes: number) =>
      transferIn(gw.db, simulator, { siteId: 'demo', memberId, amount: 50_000, transferId: `RC-${from}-${++seq}`, now: at(minutes) });
    expect((await moveIn(clean!, 10)).state).toBe('done');
    const states: Record<string, string> = {};
    for (const [action, memberId] of [
      ['drop', dropped],
      ['delay', delayed],
      ['duplicate', duplicated],
      ['alter', altered],
    ] as const) {
      await setSimulatorFaults(gw.db, 'demo', [{ subject: 'transfer', action }]);
      states[action] = (await moveIn(memberId!, 20)).state;
    }
    expect(states).toEqual({ drop: 'done', delay: 'pending', duplicate: 'done', alter: 'done' });

    const outcome = await reconcileSite(gw.db, simulator, {
      kind: 'intraday',
      window: { siteId: 'demo', from: new Date(from), to: at(60) },
      now: at(61),
    });
    const ids = (n: number) => `RC-${from}-${n}`;
    expect(classes(outcome.differences)).toEqual(
      [`missing transfer ${ids(2)}`, `late transfer ${ids(3)}`, `duplicate transfer ${ids(4)}`, `mismatched transfer ${ids(5)}`].sort(),
    );
    const altered5 = outcome.differences.find((difference) => difference.ref === ids(5))!;
    expect([altered5.platformRow?.amount, altered5.ourRow?.amount]).toEqual(['50001', '50000']);
    expect(outcome.differences.find((difference) => difference.ref === ids(4))!.platformRow).toMatchObject({ times: 2 });
    // The clean member's transfer agrees, and so does its balance at the platform.
    expect(outcome.differences.some((difference) => difference.memberId === clean)).toBe(false);
  });

  it('is clean when nothing differs, and a failed run when the platform does not answer', async () => {
    const from = dayStart('2027-01-16T04:00:00Z');
    const window = { siteId: 'demo', from: new Date(from), to: new Date(from + 3_600_000) };
    const clean = await reconcileSite(gw.db, simulator, { kind: 'daily', window, now: new Date(from + 7_200_000) });
    expect([clean.state, clean.differences]).toEqual(['clean', []]);
    const silent: PlatformFor = (q) => ({
      ...simulatorPlatform(q),
      statement: async () => {
        throw new PlatformSilent('statement: connection refused');
      },
    });
    const failed = await reconcileSite(gw.db, silent, { kind: 'intraday', window, now: new Date(from + 7_200_000) });
    expect(failed.state).toBe('failed');
    const run = await gw.db.one<{ state: string; error: string }>(
      sql`SELECT state, error FROM reconciliation_runs WHERE id = ${failed.runId}`,
    );
    expect(run).toEqual({ state: 'failed', error: 'statement: connection refused' });
  });

  it('runs each site from when it first saw it: today intraday every few minutes up to a cut-off, the day before once it ended', async () => {
    const since = new Date(dayStart('2027-02-01T04:00:00Z') + 3_600_000);
    const sites = (await gw.db.rows<{ id: string }>(sql`SELECT id FROM sites ORDER BY id`)).map((row) => row.id);
    const runs = async (now: Date) => (await reconcileDueSites(gw.db, simulator, now)).map((outcome) => outcome.state);
    // The first sight: nothing to compare yet (the site's life before is never compared).
    expect(await runs(since)).toEqual([]);
    const later = new Date(since.getTime() + RECONCILE_EVERY_MS + 60_000);
    expect(await runs(later)).toEqual(sites.map(() => 'clean'));
    expect(await runs(new Date(later.getTime() + 60_000))).toEqual([]);
    const windows = await gw.db.rows<{ kind: string; from_at: Date; to_at: Date }>(
      sql`SELECT kind, from_at, to_at FROM reconciliation_runs WHERE site_id = 'demo' AND from_at >= ${since} ORDER BY id`,
    );
    const dated = (row: { from_at: Date; to_at: Date }) => ({ from: new Date(row.from_at), to: new Date(row.to_at) });
    expect(windows.map((row) => ({ kind: row.kind, ...dated(row) }))).toEqual([
      { kind: 'intraday', from: since, to: new Date(later.getTime() - 60_000) },
    ]);
    // The next day: the day before as a daily run from the first sight to its end, and today's intraday run.
    const nextDay = new Date(dayStart('2027-02-02T04:00:00Z') + 3_600_000);
    expect(await runs(nextDay)).toEqual(sites.flatMap(() => ['clean', 'clean']));
    const daily = await gw.db.one<{ from_at: Date; to_at: Date }>(
      sql`SELECT from_at, to_at FROM reconciliation_runs WHERE site_id = 'demo' AND kind = 'daily' AND from_at >= ${since}`,
    );
    expect(dated(daily!)).toEqual({ from: since, to: new Date(dayStart('2027-02-02T04:00:00Z')) });
  });
});

describe('the reconciliation methods: runs, differences with both rows, resolving with a note', () => {
  it("lists the runs with the complete-to stamp and a run's differences to the company and level 1, never below", async () => {
    const from = dayStart('2027-03-01T04:00:00Z');
    const at = (minutes: number) => new Date(from + minutes * 60_000);
    const window = { siteId: 'demo', from: new Date(from), to: at(60) };
    await reconcileSite(gw.db, simulator, { kind: 'intraday', window, now: at(61) });
    const betAt = at(90);
    await setSimulatorFaults(gw.db, 'demo', [{ subject: 'bet', action: 'drop' }]);
    await publish(gw.db, 'demo', 'bet', feedBet(aBet(members[0]!, { orderId: nextOrder(), betTime: betAt, settleTime: betAt })), betAt);
    const found = await reconcileSite(gw.db, simulator, { kind: 'intraday', window: { ...window, to: at(120) }, now: at(121) });
    expect(found.state).toBe('differences');

    const admin = await gw.sessionFor('admin');
    const runs = await gw.rpc('gw.credit.reconciliation.run.query', { opsId: admin, pageIndex: 1, pageSize: 50 });
    expect(runs.list[0]).toMatchObject({ runId: found.runId, state: 'differences', differences: 1, open: 1, kind: 'intraday' });
    // The last clean run is followed by one with differences: the records are complete to no time yet after it.
    expect(runs.completeTo).toBeNull();
    const differences = await gw.rpc('gw.credit.reconciliation.difference.query', {
      opsId: admin,
      runId: found.runId,
      pageIndex: 1,
      pageSize: 100,
    });
    expect(differences.total).toBe(1);
    const [difference] = differences.list;
    expect(difference).toMatchObject({ class: 'missing', subject: 'bets', ref: `${members[0]}/baccarat`, ourRow: null, resolvedAt: null });
    expect(difference!.platformRow).toMatchObject({ count: 1, winLoss: '-10000' });
    expect(difference!.memberLogin).toMatch(/^mb/);
    // The open difference lights the monitoring red dot (the platform health's alert) and its metric.
    expect(await gw.rpc('gw.credit.platform.health', { opsId: admin })).toMatchObject({ reconciliationDifferences: 1, alert: true });
    const metrics = await gw.raw({ path: '/metrics', method: 'GET' });
    expect(metrics.text).toMatch(/^credit_reconciliation_open_differences\{site="demo"\} 1$/m);

    const [level1, level2] = await Promise.all(
      [1, 2].map(async (level) => {
        const row = await gw.db.one<{ login_id: string }>(
          sql`SELECT login_id FROM accounts WHERE site_id = 'demo' AND kind = 'tree' AND level = ${level} AND status = 1 ORDER BY id LIMIT 1`,
        );
        return gw.sessionFor(row!.login_id);
      }),
    );
    expect((await gw.rpc('gw.credit.reconciliation.run.query', { opsId: level1!, pageIndex: 1, pageSize: 5 })).total).toBe(runs.total);
    expect((await gw.refusal('gw.credit.reconciliation.run.query', { opsId: level2!, pageIndex: 1, pageSize: 5 })).code).toBe(11003);
    expect(
      (
        await gw.refusal('gw.credit.reconciliation.difference.resolve', {
          opsId: level2!,
          differenceId: difference!.differenceId,
          note: 'x',
        })
      ).code,
    ).toBe(11003);
    // Another site's company sees none of it.
    const admin2 = await gw.sessionFor('admin2', 'demo2');
    const other = await gw.refusal(
      'gw.credit.reconciliation.difference.query',
      { opsId: admin2, runId: found.runId, pageIndex: 1, pageSize: 10 },
      { host: 'demo2.localhost' },
    );
    expect(other.code).toBe(20049);
  });

  it('resolves a difference once with a note, kept with it and in the operation record; the run clean again stamps complete-to', async () => {
    const admin = await gw.sessionFor('admin');
    const [run] = (await gw.rpc('gw.credit.reconciliation.run.query', { opsId: admin, state: 'differences', pageIndex: 1, pageSize: 1 }))
      .list;
    const { list } = await gw.rpc('gw.credit.reconciliation.difference.query', {
      opsId: admin,
      runId: run!.runId,
      pageIndex: 1,
      pageSize: 10,
    });
    const differenceId = list[0]!.differenceId;
    const empty = await gw.refusal('gw.credit.reconciliation.difference.resolve', { opsId: admin, differenceId, note: '   ' });
    expect(empty.code).toBe(100);
    const resolved = await gw.rpc('gw.credit.reconciliation.difference.resolve', {
      opsId: admin,
      differenceId,
      note: 'The platform confirmed the bet; entered by hand',
    });
    expect(resolved).toMatchObject({ differenceId, resolvedBy: 'admin' });
    const again = await gw.refusal('gw.credit.reconciliation.difference.resolve', { opsId: admin, differenceId, note: 'twice' });
    expect([again.code, again.data?.rule]).toEqual([20011, 'already-resolved']);
    const shown = await gw.rpc('gw.credit.reconciliation.difference.query', {
      opsId: admin,
      runId: run!.runId,
      pageIndex: 1,
      pageSize: 10,
    });
    expect(shown.list[0]).toMatchObject({ resolvedBy: 'admin', note: 'The platform confirmed the bet; entered by hand' });
    const recorded = await gw.db.one<{ summary: string; operator_login: string }>(
      sql`SELECT summary, operator_login FROM operation_log WHERE method = 'gw.credit.reconciliation.difference.resolve' AND code IS NULL ORDER BY id DESC LIMIT 1`,
    );
    expect(recorded).toEqual({
      summary: `RECONCILIATION_RESOLVE ${differenceId} missing ${list[0]!.ref}: The platform confirmed the bet; entered by hand`,
      operator_login: 'admin',
    });
    expect((await gw.rpc('gw.credit.reconciliation.run.query', { opsId: admin, pageIndex: 1, pageSize: 1 })).list[0]!.open).toBe(0);
    expect(await gw.rpc('gw.credit.platform.health', { opsId: admin })).toMatchObject({ reconciliationDifferences: 0, alert: false });

    // A run now, the same day: the bet is still missing (resolving records what was done, it changes no record).
    gw.clock.set(new Date(dayStart('2027-03-01T04:00:00Z') + 5 * 3_600_000));
    const again2 = await gw.rpc('gw.credit.reconciliation.run.start', { opsId: await gw.sessionFor('admin') });
    expect([again2.state, again2.differences, again2.open]).toEqual(['differences', 1, 1]);
    // The next day's run now is clean: the records are complete to its cut-off.
    gw.clock.set(new Date(dayStart('2027-03-02T04:00:00Z') + 5 * 3_600_000));
    const later = await gw.sessionFor('admin');
    const now = await gw.rpc('gw.credit.reconciliation.run.start', { opsId: later });
    expect(now).toMatchObject({ state: 'clean', to: new Date(dayStart('2027-03-02T04:00:00Z') + 5 * 3_600_000 - 60_000).toISOString() });
    expect((await gw.rpc('gw.credit.reconciliation.run.query', { opsId: later, pageIndex: 1, pageSize: 1 })).completeTo).toBe(now.to);
  });
});
