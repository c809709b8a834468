import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import type { ParamsIn } from '../../contract/methods.contract';
import { storeBets } from '../../server/games/bet.store';
import type { PlatformBet } from '../../server/platform/game-platform';
import { transferIn, transferOut } from '../../server/points/game-transfers';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { testDatabaseKind } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let member: string;
let otherMember: string;
const day = (iso: string) => new Date(iso);
const range = { startTime: '2026-10-01T00:00:00.000Z', endTime: '2026-12-01T00:00:00.000Z' };

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  member = await gw.accountId('mb01010101001');
  otherMember = await gw.accountId('mb01010102001');
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`DELETE FROM bets`);
  await gw.db.run(sql`DELETE FROM bet_revisions`);
});

let orders = 0;
function bet(overrides: Partial<PlatformBet> = {}): PlatformBet {
  orders++;
  return {
    orderId: String(9_000_000 + orders),
    memberId: member,
    betTime: day('2026-11-20T10:00:00.000Z'),
    settleTime: day('2026-11-20T10:00:30.000Z'),
    gameCode: 'roulette',
    gameType: 'live',
    playType: 'straight',
    betCode: 'straight:17',
    gameId: 'ROU-01',
    gameName: '轮盘',
    round: '20261120-0042',
    transactionId: 'T1',
    status: 'settled',
    bet: 1000,
    validBet: 1000,
    settle: 0,
    winLoss: -1000,
    jackpot: 0,
    jackpotWon: 0,
    jackpotRake: 0,
    redPacket: 0,
    ...overrides,
  };
}

const store = (bets: PlatformBet[]) => storeBets(gw.db, 'demo', bets, gw.clock.now());
const stored = (orderId: string) => gw.db.rows<Record<string, unknown>>(sql`SELECT * FROM bets WHERE order_id = ${orderId}`);

describe('storing bets read from the platform', () => {
  it('stores a bet once whatever is read twice, in the same read or a later one', async () => {
    const one = bet();
    expect(await store([one, { ...one }])).toEqual({ stored: 1, ignored: 1 });
    expect(await store([{ ...one }])).toEqual({ stored: 0, ignored: 1 });
    expect(await stored(one.orderId)).toHaveLength(1);
  });

  it('moves an unsettled bet on to settled, and never back', async () => {
    const open = bet({ status: 'unsettled', settleTime: null, validBet: 0, winLoss: 0 });
    await store([open]);
    expect((await stored(open.orderId))[0]).toMatchObject({ status: 'unsettled', settle_time: null, p1: null, m: null });
    const settled = {
      ...open,
      status: 'settled' as const,
      settleTime: day('2026-11-20T10:00:40.000Z'),
      validBet: 1000,
      settle: 36_000,
      winLoss: 35_000,
    };
    expect(await store([settled])).toEqual({ stored: 1, ignored: 0 });
    // The unsettled report read again afterwards changes nothing.
    expect(await store([open])).toEqual({ stored: 0, ignored: 1 });
    expect((await stored(open.orderId))[0]).toMatchObject({ status: 'settled', win_loss: expect.anything() });
    expect(Number((await stored(open.orderId))[0]!.win_loss)).toBe(35_000);
  });

  it("snapshots the line's shares and rates at settlement, and keeps them through later changes and resettlement", async () => {
    const path = (await gw.db.one<{ path: string }>(sql`SELECT path FROM accounts WHERE id = ${member}`))!.path;
    const [, level1, level2, level3, level4] = path.split('/').filter(Boolean);
    const setRates = async (id: string, agentRate: number, ratio: number) =>
      gw.db.run(
        sql`UPDATE game_settings SET agent_rate = ${agentRate}, betting_ratio = ${ratio} WHERE account_id = ${id} AND game_type = 'live'`,
      );
    await setRates(level1!, 9000, 150);
    await setRates(level2!, 8000, 140);
    await setRates(level3!, 6000, 120);
    await setRates(level4!, 4000, 100);
    await setRates(member, 0, 80);
    const open = bet({ status: 'unsettled', settleTime: null });
    await store([open]);
    // Changed before settlement: the settlement takes what holds then.
    await setRates(level4!, 3500, 100);
    await store([open].map((each) => ({ ...each, status: 'settled' as const, settleTime: day('2026-11-20T10:01:00.000Z') })));
    const snapshot = { p1: 9000, p2: 8000, p3: 6000, p4: 3500, a1: 150, a2: 140, a3: 120, a4: 100, m: 80 };
    expect((await stored(open.orderId))[0]).toMatchObject(snapshot);

    // Changed after settlement, then resettled: the snapshot stays, the old numbers are kept.
    await setRates(level4!, 1000, 50);
    const resettled = { ...open, status: 'resettled' as const, settleTime: day('2026-11-21T09:00:00.000Z'), settle: 2000, winLoss: 1000 };
    expect(await store([resettled])).toEqual({ stored: 1, ignored: 0 });
    const row = (await stored(open.orderId))[0]!;
    expect(row).toMatchObject({ ...snapshot, status: 'resettled' });
    expect(Number(row.win_loss)).toBe(1000);
    const revisions = await gw.db.rows<{ previous: { status: string; winLoss: number } }>(
      sql`SELECT previous FROM bet_revisions WHERE order_id = ${open.orderId}`,
    );
    expect(revisions.map((revision) => [revision.previous.status, Number(revision.previous.winLoss)])).toEqual([['settled', -1000]]);
    // The same resettlement read again is no new revision.
    expect(await store([resettled])).toEqual({ stored: 0, ignored: 1 });
    expect(await gw.db.rows(sql`SELECT 1 FROM bet_revisions WHERE order_id = ${open.orderId}`)).toHaveLength(1);
  });

  it('puts each month in its own partition, and ignores a bet of no member of the site', async () => {
    const october = bet({ betTime: day('2026-10-31T23:59:59.000Z'), settleTime: day('2026-11-01T00:00:10.000Z') });
    const november = bet();
    const agentsBet = bet({ memberId: await gw.accountId('ag01010101') });
    const otherSite = bet({ memberId: await gw.accountId('admin2', 'demo2') });
    expect(await store([october, november, agentsBet, otherSite])).toEqual({ stored: 2, ignored: 2 });
    const partitions = await gw.db.rows<{ partition: string; order_id: string }>(
      sql`SELECT tableoid::regclass::text AS partition, order_id FROM bets ORDER BY bet_time`,
    );
    expect(partitions).toEqual([
      { partition: 'bets_2026_10', order_id: october.orderId },
      { partition: 'bets_2026_11', order_id: november.orderId },
    ]);
  });
});

describe('gw.credit.bet.query', () => {
  it("lists the caller's line newest first by settlement (bet time while unsettled), with sums that leave cancelled bets out", async () => {
    const early = bet({ settleTime: day('2026-11-20T10:00:30.000Z'), bet: 1000, validBet: 1000, winLoss: -1000 });
    const late = bet({ settleTime: day('2026-11-21T10:00:00.000Z'), bet: 2000, validBet: 1500, settle: 4000, winLoss: 2000 });
    const open = bet({
      betTime: day('2026-11-22T08:00:00.000Z'),
      settleTime: null,
      status: 'unsettled',
      bet: 500,
      validBet: 0,
      winLoss: 0,
    });
    const cancelled = bet({ status: 'cancelled', bet: 7000, validBet: 0, winLoss: 0 });
    const elsewhere = bet({ memberId: otherMember });
    await store([early, late, open, cancelled, elsewhere]);

    const agent = await gw.sessionFor('ag01010101');
    const page = await gw.rpc('gw.credit.bet.query', { opsId: agent, ...range });
    // Equal times: the higher order number first.
    expect(page.list.map((row) => row.orderId)).toEqual([open.orderId, late.orderId, cancelled.orderId, early.orderId]);
    expect(page.total).toBe(4);
    expect(page.sum).toEqual({ bet: '35.00', validBet: '25.00', winLoss: '10.00' });
    expect(page.list.find((row) => row.orderId === late.orderId)).toMatchObject({
      loginId: 'mb01010101001',
      userId: member,
      bet: '20.00',
      validBet: '15.00',
      settle: '40.00',
      winLoss: '20.00',
      status: 'settled',
      round: '20261120-0042',
      gameId: 'ROU-01',
      settleTime: '2026-11-21T10:00:00.000Z',
    });

    // The company sees both lines; a range that ends before the late settlement leaves it out.
    const company = await gw.sessionFor('admin');
    const narrow = await gw.rpc('gw.credit.bet.query', { opsId: company, startTime: range.startTime, endTime: '2026-11-21T00:00:00.000Z' });
    expect(narrow.list.map((row) => row.orderId).sort()).toEqual([early.orderId, cancelled.orderId, elsewhere.orderId].sort());
  });

  it('filters by order number, account, game, type and status', async () => {
    const straight = bet();
    const sicBo = bet({ gameCode: 'sic-bo', playType: 'big', betCode: 'big', gameId: 'SIC-01' });
    const slot = bet({
      gameCode: 'lucky-seven',
      gameType: 'electronic',
      playType: 'spin',
      betCode: 'spin',
      gameId: 'L7-01',
      memberId: otherMember,
    });
    const open = bet({ status: 'unsettled', settleTime: null });
    await store([straight, sicBo, slot, open]);
    const admin = await gw.sessionFor('admin');
    const ids = async (filter: Record<string, unknown>) =>
      (await gw.rpc('gw.credit.bet.query', { opsId: admin, ...range, ...filter })).list.map((row) => row.orderId).sort();
    expect(await ids({ orderId: sicBo.orderId })).toEqual([sicBo.orderId]);
    expect(await ids({ gameCode: 'sic-bo' })).toEqual([sicBo.orderId]);
    expect(await ids({ gameType: 'electronic' })).toEqual([slot.orderId]);
    expect(await ids({ status: 'unsettled' })).toEqual([open.orderId]);
    expect(await ids({ userId: otherMember })).toEqual([slot.orderId]);
    // An agent's id lists its line's bets.
    expect(await ids({ userId: await gw.accountId('ag01010101') })).toEqual([straight.orderId, sicBo.orderId, open.orderId].sort());
  });

  it('refuses bad input with the catalogue: an order number with letters, a range over 93 days, an account outside the line', async () => {
    const agent = await gw.sessionFor('ag01010101');
    const letters = await gw.refusal('gw.credit.bet.query', { opsId: agent, ...range, orderId: '12a' });
    expect([letters.code, letters.data?.field, letters.data?.rule]).toEqual([ErrorCode.invalidParams, 'orderId', 'digits-only']);
    const long = await gw.refusal('gw.credit.bet.query', {
      opsId: agent,
      startTime: '2026-08-01T00:00:00.000Z',
      endTime: '2026-11-03T00:00:00.000Z',
    });
    expect([long.code, long.data?.rule]).toEqual([ErrorCode.invalidParams, 'range-over-93-days']);
    const reversed = await gw.refusal('gw.credit.bet.query', { opsId: agent, startTime: range.endTime, endTime: range.startTime });
    expect(reversed.data?.rule).toBe('start-after-end');
    expect((await gw.refusal('gw.credit.bet.query', { opsId: agent, ...range, userId: otherMember })).code).toBe(ErrorCode.accountNotFound);
  });
});

describe('gw.credit.bet.detail', () => {
  const round = '20261120-7771';
  let sessionId: string;
  let settled: PlatformBet;

  beforeAll(async () => {
    const path = (await gw.db.one<{ path: string }>(sql`SELECT path FROM accounts WHERE id = ${member}`))!.path;
    const [, level1, level2, level3, level4] = path.split('/').filter(Boolean);
    const setRates = async (id: string, agentRate: number, ratio: number) =>
      gw.db.run(
        sql`UPDATE game_settings SET agent_rate = ${agentRate}, betting_ratio = ${ratio} WHERE account_id = ${id} AND game_type = 'live'`,
      );
    await setRates(level1!, 9000, 150);
    await setRates(level2!, 8000, 140);
    await setRates(level3!, 6000, 120);
    await setRates(level4!, 4000, 100);
    await setRates(member, 0, 80);
    await gw.db.run(sql`INSERT INTO game_rounds (game_code, game_id, round_no, started_at, ended_at, result, site_id)
      VALUES ('roulette', 'ROU-01', ${round}, '2026-11-20T09:59:00Z', '2026-11-20T10:00:20Z', '{"number": 17, "colour": "black"}', NULL)
      ON CONFLICT DO NOTHING`);
    await gw.rpc('gw.credit.user.score.up', { opsId: await gw.sessionFor('ag01010101'), userId: member, amount: '100' });
    const platform = () => simulatorPlatform(gw.db);
    const entered = await transferIn(gw.db, platform, {
      siteId: 'demo',
      memberId: member,
      amount: 10_000,
      transferId: 'DETAIL-IN-1',
      now: day('2026-11-20T09:58:00.000Z'),
    });
    sessionId = entered.sessionId;
    await transferOut(gw.db, platform, {
      siteId: 'demo',
      memberId: member,
      amount: 10_000,
      transferId: 'DETAIL-OUT-1',
      now: day('2026-11-20T10:05:00.000Z'),
    });
  });
  beforeEach(async () => {
    // The fixture of docs/product.md#report-rows: stake 10,000, valid 9,000, W -1,200, m 0.8 %, a 1.0 %, p 40 %: the agent keeps 498.
    settled = bet({ round, transactionId: sessionId, bet: 1_000_000, validBet: 900_000, settle: 880_000, winLoss: -120_000 });
    await store([settled]);
  });
  const detail = async (login: string, params: ParamsIn<'gw.credit.bet.detail'>) =>
    gw.rpc('gw.credit.bet.detail', { opsId: await gw.sessionFor(login), ...params });

  it('answers every field, the round with its result, the session with its transfers, and the line with shares, rates and parts', async () => {
    const answer = await detail('admin', { orderId: settled.orderId });
    expect(answer.bet).toMatchObject({
      orderId: settled.orderId,
      loginId: 'mb01010101001',
      winLoss: '-1200.00',
      validBet: '9000.00',
      round,
    });
    expect(answer.round).toMatchObject({ gameCode: 'roulette', gameId: 'ROU-01', round, result: { number: 17, colour: 'black' } });
    expect(answer.session).toMatchObject({ sessionId, endTime: '2026-11-20T10:05:00.000Z' });
    expect(answer.session!.transfers.map((row) => [row.type, row.amount, row.state])).toEqual([
      ['in', '100.00', 'done'],
      ['out', '100.00', 'done'],
    ]);
    expect(answer.sessionHidden).toBe(false);
    expect(answer.revisions).toEqual([]);
    expect(answer.line.map((row) => [row.kind, row.level, row.loginId, row.share, row.rate, row.keeps])).toEqual([
      ['company', 0, 'admin', 100, null, '-15.00'],
      ['agent', 1, 'ma01', 90, 1.5, '129.00'],
      ['agent', 2, 'sh0101', 80, 1.4, '258.00'],
      ['agent', 3, 'ga010101', 60, 1.2, '258.00'],
      ['agent', 4, 'ag01010101', 40, 1, '498.00'],
      ['member', 5, 'mb01010101001', null, 0.8, '72.00'],
    ]);
    // Every part and the member's rebate make up what the member lost.
    const cents = answer.line.reduce((sum, row) => sum + Math.round(Number(row.keeps) * 100), 0);
    expect(cents).toBe(120_000);
  });

  it('shows an agent its own level and below by name, everything above it as one row of what its line hands up', async () => {
    const answer = await detail('ga010101', { orderId: settled.orderId, betTime: settled.betTime.toISOString() });
    expect(answer.line.map((row) => [row.kind, row.level, row.loginId, row.keeps])).toEqual([
      ['upline', 2, null, '372.00'],
      ['agent', 3, 'ga010101', '258.00'],
      ['agent', 4, 'ag01010101', '498.00'],
      ['member', 5, 'mb01010101001', '72.00'],
    ]);
  });

  it('lists what each resettlement replaced, oldest first, and takes the parts from the latest numbers', async () => {
    await store([{ ...settled, status: 'resettled', settleTime: day('2026-11-21T09:00:00.000Z'), settle: 1_000_000, winLoss: 0 }]);
    const answer = await detail('admin', { orderId: settled.orderId });
    expect(answer.bet).toMatchObject({ status: 'resettled', winLoss: '0.00', settleTime: '2026-11-21T09:00:00.000Z' });
    expect(answer.revisions).toEqual([
      expect.objectContaining({ status: 'settled', winLoss: '-1200.00', settle: '8800.00', settleTime: '2026-11-20T10:00:30.000Z' }),
    ]);
    expect(answer.line.find((row) => row.level === 4)!.keeps).toBe('18.00');
  });

  it('gives no parts for an unsettled bet, and leaves the session out while the site hides finance from agents', async () => {
    const open = bet({ round, transactionId: sessionId, status: 'unsettled', settleTime: null, validBet: 0, winLoss: 0 });
    await store([open]);
    const answer = await detail('admin', { orderId: open.orderId });
    expect(answer.line.every((row) => row.keeps === null)).toBe(true);
    expect(answer.line.find((row) => row.level === 4)!.share).toBeNull();
    await gw.db.run(sql`UPDATE sites SET finance_visible = false WHERE id = 'demo'`);
    try {
      expect(await detail('ga010101', { orderId: settled.orderId })).toMatchObject({ session: null, sessionHidden: true });
      expect((await detail('admin', { orderId: settled.orderId })).session).not.toBeNull();
    } finally {
      await gw.db.run(sql`UPDATE sites SET finance_visible = true WHERE id = 'demo'`);
    }
  });

  it("refuses a bet outside the caller's line like an unknown one (20049), and bad input with 100", async () => {
    for (const login of ['ma02', 'ga010102', 'ag01010102']) {
      const refused = await gw.refusal('gw.credit.bet.detail', { opsId: await gw.sessionFor(login), orderId: settled.orderId });
      expect(refused, login).toMatchObject({ code: ErrorCode.recordNotFound, data: { field: 'orderId' } });
    }
    const admin = await gw.sessionFor('admin');
    expect((await gw.refusal('gw.credit.bet.detail', { opsId: admin, orderId: '999999999' })).code).toBe(ErrorCode.recordNotFound);
    const otherTime = { opsId: admin, orderId: settled.orderId, betTime: '2026-11-20T10:00:01.000Z' };
    expect((await gw.refusal('gw.credit.bet.detail', otherTime)).code).toBe(ErrorCode.recordNotFound);
    expect(await gw.refusal('gw.credit.bet.detail', { opsId: admin, orderId: '12ab' })).toMatchObject({
      code: ErrorCode.invalidParams,
      data: { field: 'orderId' },
    });
    expect((await gw.call('gw.credit.bet.detail', { opsId: admin })).error?.code).toBe(ErrorCode.missingParams);
    // The other site's company does not reach it either.
    const foreign = await gw.call(
      'gw.credit.bet.detail',
      { opsId: await gw.sessionFor('admin2', 'demo2'), orderId: settled.orderId },
      {
        host: 'demo2.localhost',
      },
    );
    expect(foreign.error?.code).toBe(ErrorCode.recordNotFound);
  });
});

describe('gw.credit.bet.export', () => {
  it('writes every bet the query lists, in its order, across pages of equal times, as a file for its starter', async () => {
    // 600 bets: more than one page of the export's reads (250), half of them settled at the same instant.
    const bets = Array.from({ length: 600 }, (_, i) =>
      bet({ settleTime: day(i % 2 === 0 ? '2026-11-20T12:00:00.000Z' : `2026-11-2${i % 7}T08:00:00.000Z`) }),
    );
    await store(bets);
    const agent = await gw.sessionFor('ag01010101');
    const listed: string[] = [];
    for (let pageIndex = 1; listed.length < 600; pageIndex++)
      listed.push(
        ...(await gw.rpc('gw.credit.bet.query', { opsId: agent, ...range, pageIndex, pageSize: 500 })).list.map((row) => row.orderId),
      );

    const { jobId } = await gw.rpc('gw.credit.bet.export', { opsId: agent, ...range, format: 'csv' });
    let fileId: string | undefined;
    for (let attempt = 0; attempt < 2000 && !fileId; attempt++) {
      const job = await gw.rpc('gw.credit.job.get', { opsId: agent, jobId });
      expect(job.status).not.toBe('failed');
      if (job.status === 'done') fileId = job.fileId ?? undefined;
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const response = await fetch(`${gw.url}/api/files/${fileId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ opsId: agent }),
    });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(601);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(listed);
  });

  it('refuses a range over 93 days and an account outside the line before any job exists', async () => {
    const agent = await gw.sessionFor('ag01010101');
    const jobsBefore = await gw.db.rows(sql`SELECT 1 FROM jobs`);
    const long = await gw.refusal('gw.credit.bet.export', {
      opsId: agent,
      startTime: '2026-01-01T00:00:00.000Z',
      endTime: '2026-12-01T00:00:00.000Z',
    });
    expect(long.data?.rule).toBe('range-over-93-days');
    expect((await gw.refusal('gw.credit.bet.export', { opsId: agent, ...range, userId: otherMember })).code).toBe(
      ErrorCode.accountNotFound,
    );
    expect(await gw.db.rows(sql`SELECT 1 FROM jobs`)).toHaveLength(jobsBefore.length);
  });
});

describe('gw.credit.bet.onsite.query', () => {
  it("lists the line's unsettled bets newest first, with stakes in all and per game, whatever their time", async () => {
    const older = bet({ status: 'unsettled', settleTime: null, betTime: day('2026-09-01T10:00:00.000Z'), bet: 300 });
    const newer = bet({ status: 'unsettled', settleTime: null, betTime: day('2026-11-22T10:00:00.000Z'), bet: 700 });
    const sicBo = bet({ status: 'unsettled', settleTime: null, gameCode: 'sic-bo', gameName: '骰宝', bet: 1000 });
    const settled = bet();
    const elsewhere = bet({ status: 'unsettled', settleTime: null, memberId: otherMember });
    await store([older, newer, sicBo, settled, elsewhere]);
    const agent = await gw.sessionFor('ag01010101');
    const onsite = await gw.rpc('gw.credit.bet.onsite.query', { opsId: agent });
    expect(onsite.list.map((row) => row.orderId)).toEqual([newer.orderId, sicBo.orderId, older.orderId]);
    expect(onsite.total).toBe(3);
    expect(onsite.sum).toEqual({ bet: '20.00' });
    expect(onsite.byGame).toEqual([
      { gameCode: 'roulette', gameType: 'live', gameName: '轮盘', count: 2, bet: '10.00' },
      { gameCode: 'sic-bo', gameType: 'live', gameName: '骰宝', count: 1, bet: '10.00' },
    ]);
    const sicBoOnly = await gw.rpc('gw.credit.bet.onsite.query', { opsId: agent, gameCode: 'sic-bo' });
    expect(sicBoOnly.list.map((row) => row.orderId)).toEqual([sicBo.orderId]);
    // The company sees the other line's too.
    expect((await gw.rpc('gw.credit.bet.onsite.query', { opsId: await gw.sessionFor('admin') })).total).toBe(4);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('storing bets concurrently on PostgreSQL', () => {
  it("stores a batch read by two storers at once exactly once, making the new month's partition once", async () => {
    // A month no test has used: both storers find its partition missing.
    const march = Array.from({ length: 500 }, (_, i) =>
      bet({ betTime: day(`2027-03-0${1 + (i % 9)}T10:00:00.000Z`), settleTime: day(`2027-03-0${1 + (i % 9)}T10:01:00.000Z`) }),
    );
    const unsettled = march.map((each) => ({ ...each, status: 'unsettled' as const, settleTime: null, winLoss: 0 }));
    const outcomes = await Promise.all([
      gw.db.transaction((tx) => storeBets(tx, 'demo', march, gw.clock.now())),
      gw.db.transaction((tx) => storeBets(tx, 'demo', unsettled, gw.clock.now())),
      gw.db.transaction((tx) => storeBets(tx, 'demo', march, gw.clock.now())),
    ]);
    const rows = await gw.db.rows<{ status: string; n: string | number }>(
      sql`SELECT status, count(*) AS n FROM bets WHERE bet_time >= '2027-03-01' GROUP BY status`,
    );
    // Whatever order they ran in, every bet ends settled, once.
    expect(rows.map((row) => [row.status, Number(row.n)])).toEqual([['settled', 500]]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.stored, 0)).toBeGreaterThanOrEqual(500);
    const partitions = await gw.db.rows(sql`SELECT 1 FROM pg_class WHERE relname = 'bets_2027_03'`);
    expect(partitions).toHaveLength(1);
  });
});
