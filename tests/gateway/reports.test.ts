import { sql } from '../../server/kernel/db/sql';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { beijingDayOf } from '../../contract/beijing-time.contract';
import { storeBets } from '../../server/games/bet.store';
import type { BetStatus, PlatformBet } from '../../server/platform/game-platform';
import { drainRollups } from '../../server/reports/rollup-drain';
import { finishRollupBackfill, rebuildRollupDays } from '../../server/reports/rollup-rebuild';
import { runServerScript } from '../support/server-script';
import { openDatabase } from '../../server/kernel/db/database';
import { withFaults } from '../../server/platform/game-platform';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { transferIn, transferOut } from '../../server/points/game-transfers';
import { testDatabaseKind } from '../support/test-database';
import { aBet } from '../support/bet-fixture';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// The demo line of one member: ma01 (1) -> sh0101 (2) -> ga010101 (3) -> ag01010102 (4) -> mb01010102002.
const LINE = ['ma01', 'sh0101', 'ga010101', 'ag01010102'] as const;
const MEMBER = 'mb01010102002';
// Beijing day 2026-11-20 is [2026-11-19T16:00Z, 2026-11-20T16:00Z).
const DAY = { startTime: '2026-11-19T16:00:00.000Z', endTime: '2026-11-20T16:00:00.000Z' };
const NEXT_DAY = { startTime: '2026-11-20T16:00:00.000Z', endTime: '2026-11-21T16:00:00.000Z' };

let gw: TestGateway;
let sessions: Record<string, string>;
let ids: Record<string, string>;
let orders = 0;

function bet(overrides: Partial<PlatformBet> & { status: BetStatus }): PlatformBet {
  orders += 1;
  return aBet(ids[MEMBER]!, {
    orderId: String(9_300_000 + orders),
    betTime: new Date('2026-11-20T03:59:00Z'),
    settleTime: new Date('2026-11-20T04:00:00Z'),
    round: 'R1',
    transactionId: 'T-report',
    validBet: 9_000,
    settle: 8_800,
    winLoss: -1_200,
    ...overrides,
  });
}

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  sessions = {};
  ids = {};
  for (const login of ['admin', 'ag01010101', ...LINE, MEMBER]) ids[login] = await gw.accountId(login);
  for (const login of ['admin', ...LINE]) sessions[login] = await gw.sessionFor(login);
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`DELETE FROM bets`);
  await gw.db.run(sql`DELETE FROM report_edge_days`);
  await gw.db.run(sql`DELETE FROM report_member_days`);
  await gw.db.run(sql`DELETE FROM report_queue`);
  // The fixture of docs/product.md#report-rows: every agent of the line a share of 40 % and a wash-code rate of 1.0 %, the member 0.8 %.
  const line = LINE.map((login) => sql`${ids[login]!}::bigint`);
  await gw.db.run(sql`UPDATE game_settings SET agent_rate = 4000, betting_ratio = 100 WHERE account_id IN (${sql.join(line, sql`, `)})`);
  await gw.db.run(sql`UPDATE game_settings SET agent_rate = 0, betting_ratio = 80 WHERE account_id = ${ids[MEMBER]!}`);
});

const report = {
  agents: (viewer: string, range = DAY, parentId?: string) =>
    gw.rpc('gw.credit.agent.list.total.report', { opsId: sessions[viewer]!, ...range, ...(parentId ? { parentId } : {}) }),
  members: (viewer: string, range = DAY) => gw.rpc('gw.credit.player.list.total.report', { opsId: sessions[viewer]!, ...range }),
};

describe('the win/loss report', () => {
  it("takes the report rows' fixture through the whole path: the agent keeps 4.98, hands up 6.30, to-company bet value 54.00", async () => {
    await storeBets(gw.db, 'demo', [bet({ status: 'settled' })], gw.clock.now());

    const agentView = await report.members('ag01010102');
    expect(agentView.list).toEqual([
      {
        userId: ids[MEMBER],
        loginId: MEMBER,
        level: 5,
        bets: 1,
        betAmount: '100.00',
        validAmount: '90.00',
        valueWonLose: '-12.00',
        betRebate: '0.72',
        agentRate: 0,
        agentToCompany: '11.28',
        toCompanyBetValue: '90.00',
        toCompanyBets: 1,
        companyProfitRate: 7,
      },
    ]);
    expect(agentView.own).toEqual({ userId: ids.ag01010102, loginId: 'ag01010102', level: 4, result: '4.98' });

    const aboveAgent = await report.agents('ga010101');
    expect(aboveAgent.list).toEqual([
      expect.objectContaining({
        loginId: 'ag01010102',
        level: 4,
        valueWonLose: '-12.00',
        betRebate: '0.72',
        agentRate: 40,
        agentToCompany: '6.30',
        toCompanyBetValue: '54.00',
        toCompanyBets: 1,
        companyProfitRate: 7,
      }),
    ]);
    expect(aboveAgent.total).toMatchObject({ bets: 1, agentToCompany: '6.30', valueWonLose: '-12.00' });
    // Same share above: the levels between keep nothing, the company the 6.30 handed up.
    expect(aboveAgent.own.result).toBe('0.00');
    const company = await report.agents('admin');
    expect(company.list.map((row) => [row.loginId, row.agentToCompany])).toEqual([['ma01', '6.30']]);
    expect(company.own.result).toBe('6.30');
    // The company drills down: ma01's children from the company's seat.
    expect((await report.agents('admin', DAY, ids.ma01)).list.map((row) => row.loginId)).toEqual(['sh0101']);
  });

  it('keeps settlement snapshots: a share changed afterwards rewrites nothing', async () => {
    await storeBets(gw.db, 'demo', [bet({ status: 'settled' })], gw.clock.now());
    await gw.db.run(sql`UPDATE game_settings SET agent_rate = 1000 WHERE account_id = ${ids.ag01010102!}`);
    expect((await report.agents('ga010101')).list[0]).toMatchObject({ agentRate: 40, agentToCompany: '6.30' });
  });

  it('moves a resettled bet to the day of its new settlement, and a cancelled one leaves every report', async () => {
    const first = bet({ status: 'settled' });
    await storeBets(gw.db, 'demo', [first], gw.clock.now());
    const resettled = {
      ...first,
      status: 'resettled' as const,
      settleTime: new Date('2026-11-21T02:00:00Z'),
      settle: 19_500,
      winLoss: 9_500,
    };
    await storeBets(gw.db, 'demo', [resettled], gw.clock.now());
    expect((await report.agents('admin')).list).toEqual([]);
    expect((await report.agents('admin', NEXT_DAY)).list).toEqual([expect.objectContaining({ bets: 1, valueWonLose: '95.00' })]);
    // Read twice: counted once.
    await storeBets(gw.db, 'demo', [resettled], gw.clock.now());
    expect((await report.members('ag01010102', NEXT_DAY)).total).toMatchObject({ bets: 1, valueWonLose: '95.00' });

    await storeBets(gw.db, 'demo', [{ ...resettled, status: 'cancelled', settleTime: new Date('2026-11-21T03:00:00Z') }], gw.clock.now());
    for (const range of [DAY, NEXT_DAY]) {
      expect((await report.agents('admin', range)).list).toEqual([]);
      expect((await report.members('ag01010102', range)).list).toEqual([]);
    }
    // An unsettled bet counts nowhere either.
    await storeBets(gw.db, 'demo', [bet({ status: 'unsettled', settleTime: null })], gw.clock.now());
    expect((await report.agents('admin')).list).toEqual([]);
  });

  it('rebuilds a day from the bets to the same rollups it keeps', async () => {
    // Two settled bets and a cancelled one, stored twice below (each time new orders).
    const storeThree = () =>
      storeBets(
        gw.db,
        'demo',
        [
          bet({ status: 'settled' }),
          bet({ status: 'settled', winLoss: 4_321, settle: 14_321, validBet: 10_000 }),
          bet({ status: 'cancelled' }),
        ],
        gw.clock.now(),
      );
    await storeThree();
    const rollups = async () => ({
      edges: await gw.db.rows(sql`SELECT * FROM report_edge_days ORDER BY agent_id, child_id, game_code`),
      members: await gw.db.rows(sql`SELECT * FROM report_member_days ORDER BY member_id, game_code`),
    });
    // Stored bets wait in the queue until a drain: the two settled ones as one line of their day
    // and game (the cancelled one adds nothing).
    const queued = async () => (await gw.db.rows<{ n: string }>(sql`SELECT n::text FROM report_queue`)).map((row) => row.n);
    expect(await queued()).toEqual(['2']);
    expect((await rollups()).edges).toEqual([]);
    // A rebuild with bets still queued counts each once: the queue is drained first, not added again later.
    await rebuildRollupDays(gw.db, ['2026-11-20'], 'demo');
    expect(await queued()).toEqual([]);
    const rebuilt = await rollups();
    expect(await drainRollups(gw.db)).toBe(0);
    await gw.db.run(sql`DELETE FROM report_edge_days`);
    await gw.db.run(sql`DELETE FROM report_member_days`);
    await gw.db.run(sql`DELETE FROM report_queue`);
    await gw.db.run(sql`DELETE FROM bets`);
    await storeThree();
    expect(await drainRollups(gw.db)).toBe(1);
    const kept = await rollups();
    expect(kept.edges).toHaveLength(4);
    expect(kept).toEqual(rebuilt);
    await gw.db.run(sql`UPDATE report_edge_days SET win_loss = 0`);
    expect(await rebuildRollupDays(gw.db, ['2026-11-19', '2026-11-20'], 'demo')).toEqual([
      { siteId: 'demo', day: '2026-11-19', bets: 0 },
      { siteId: 'demo', day: '2026-11-20', bets: 2 },
    ]);
    expect(await rollups()).toEqual(kept);

    // The same from the command line, on the database a gateway serves.
    if (gw.databaseUrl) {
      await gw.db.run(sql`UPDATE report_member_days SET bets = 99`);
      const run = await runServerScript('server/cli/reports-rebuild.ts', { DATABASE_URL: gw.databaseUrl }, [
        '--day',
        '2026-11-20',
        '--site',
        'demo',
      ]);
      expect(run.output).toContain('demo 2026-11-20: 2 settled bets');
      expect(run.code).toBe(0);
      expect(await rollups()).toEqual(kept);
    }
    // A database whose bets predate the rollups (migration 0029 flags it): counted once at start.
    await gw.db.run(sql`DELETE FROM report_edge_days`);
    await gw.db.run(sql`DELETE FROM report_member_days`);
    expect(await finishRollupBackfill(gw.db)).toBe(0);
    await gw.db.run(sql`INSERT INTO rollup_backfill (id) VALUES (1)`);
    expect(await finishRollupBackfill(gw.db)).toBe(1);
    expect(await rollups()).toEqual(kept);
    expect(await gw.db.one(sql`SELECT 1 FROM rollup_backfill`)).toBeUndefined();
    for (const args of [[], ['--day', '20-11-2026'], ['--day', '2026-11-20', '--days', '0'], ['--bogus']]) {
      const wrong = await runServerScript('server/cli/reports-rebuild.ts', { DATABASE_URL: '' }, args);
      expect(wrong.code, args.join(' ')).toBe(2);
      expect(wrong.output).toContain('Usage: npm run reports:rebuild');
    }
  });

  it('drains the queue on its own in a gateway that runs jobs, with no report asked', async () => {
    await storeBets(gw.db, 'demo', [bet({ status: 'settled' }), bet({ status: 'settled', winLoss: 300, settle: 10_300 })], gw.clock.now());
    const memberBets = async () =>
      Number((await gw.db.one<{ n: string | null }>(sql`SELECT sum(bets) AS n FROM report_member_days`))!.n ?? 0);
    expect(await memberBets()).toBe(0);
    const running = await startTestGateway({ db: gw.db, captcha: false, jobs: { run: true, pollMs: 100, drainEveryMs: 100 } });
    try {
      await expect.poll(memberBets, { timeout: 5_000, interval: 100 }).toBe(2);
      expect(await gw.db.one(sql`SELECT 1 FROM report_queue`)).toBeUndefined();
    } finally {
      await running.close();
    }
  });

  it('answers the daily and summary reports from the same rollups', async () => {
    await storeBets(
      gw.db,
      'demo',
      [bet({ status: 'settled' }), bet({ status: 'settled', settleTime: new Date('2026-11-21T05:00:00Z'), winLoss: 700, settle: 10_700 })],
      gw.clock.now(),
    );
    const twoDays = { startTime: DAY.startTime, endTime: NEXT_DAY.endTime };
    const daily = await gw.rpc('gw.credit.agent.daily.report', { opsId: sessions.ga010101!, ...twoDays });
    expect(daily.list.map((row) => [row.day, row.valueWonLose, row.agentToCompany])).toEqual([
      ['2026-11-20', '-12.00', '6.30'],
      ['2026-11-21', '7.00', expect.any(String)],
    ]);
    const playerDaily = await gw.rpc('gw.credit.player.daily.report', { opsId: sessions.ag01010102!, ...twoDays, userId: ids[MEMBER]! });
    expect(playerDaily.list.map((row) => row.valueWonLose)).toEqual(['-12.00', '7.00']);
    const summary = await gw.rpc('gw.credit.player.summary.report', { opsId: sessions.ma01!, ...twoDays, userId: ids[MEMBER]! });
    expect(summary).toMatchObject({ loginId: MEMBER, bets: 2, valueWonLose: '-5.00', betRebate: '1.44' });
  });

  it('refuses a range off the Beijing day, reversed or over 93 days, an account outside the line, and the wrong kind of account', async () => {
    const refusal = (params: Record<string, unknown>) =>
      gw.call('gw.credit.agent.list.total.report', { opsId: sessions.ga010101!, ...DAY, ...params }).then((answer) => answer.error);
    expect(await refusal({ startTime: '2026-11-19T00:00:00.000Z' })).toMatchObject({ code: 100, data: { rule: 'beijing-day' } });
    expect(await refusal({ startTime: NEXT_DAY.startTime, endTime: DAY.startTime })).toMatchObject({
      code: 100,
      data: { rule: 'start-after-end' },
    });
    expect(await refusal({ startTime: '2026-08-01T16:00:00.000Z' })).toMatchObject({ code: 100, data: { rule: 'range-over-93-days' } });
    expect(await refusal({ parentId: ids.sh0101 })).toMatchObject({ code: 20002 });
    expect(await refusal({ parentId: ids[MEMBER] })).toMatchObject({ code: 100, data: { rule: 'not-an-agent' } });
    expect((await gw.call('gw.credit.player.list.total.report', { opsId: sessions.ga010101!, ...DAY })).error).toMatchObject({
      code: 100,
      data: { rule: 'not-a-level-4-agent' },
    });
    // The agent's clerk without code 7 reads no win/loss report; its report reader does.
    const clerk = await gw.sessionForSub('agclerk');
    const reader = await gw.sessionForSub('agreader');
    const agentOf = { ...DAY, agentId: ids.ag01010101! };
    expect((await gw.call('gw.credit.player.list.total.report', { opsId: clerk, ...agentOf })).error).toMatchObject({ code: 11003 });
    expect((await gw.call('gw.credit.player.list.total.report', { opsId: reader, ...agentOf })).result).toMatchObject({ list: [] });
  });
});

describe('the rollups over random trees, shares, rates and bets', () => {
  type Account = { id: string; parent: string | null; level: number; path: string; loginId: string };
  const THREE_DAYS = { startTime: DAY.startTime, endTime: '2026-11-22T16:00:00.000Z' };
  /** A tree below the company: children per level 1-4 agent, then the members of each level-4 agent. */
  const treeShape = fc.array(
    fc.array(fc.array(fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }), {
      minLength: 1,
      maxLength: 2,
    }),
    { minLength: 1, maxLength: 2 },
  );
  let trees = 0;

  /** Adds a fresh tree under the company (names unique to this run) with no game settings of its own yet. */
  async function plantTree(shape: number[][][][]): Promise<Account[]> {
    trees += 1;
    const company = (await gw.db.one<{ path: string }>(sql`SELECT path FROM accounts WHERE id = ${ids.admin!}`))!;
    const planted: Account[] = [{ id: ids.admin!, parent: null, level: 0, path: company.path, loginId: 'admin' }];
    const add = async (parent: Account, level: number, name: string) => {
      const loginId = `t${trees}x${name}`;
      const id = await gw.addAccount({ loginId, parent: parent.loginId, level });
      const path = (await gw.db.one<{ path: string }>(sql`SELECT path FROM accounts WHERE id = ${id}`))!.path;
      const account = { id, parent: parent.id, level, path, loginId };
      await gw.db.run(sql`INSERT INTO game_settings (account_id, game_type) VALUES (${id}, 'live'), (${id}, 'electronic')`);
      planted.push(account);
      return account;
    };
    const root = planted[0]!;
    for (const [a, twos] of shape.entries()) {
      const one = await add(root, 1, `${a}`);
      for (const [b, threes] of twos.entries()) {
        const two = await add(one, 2, `${a}${b}`);
        for (const [c, fours] of threes.entries()) {
          const three = await add(two, 3, `${a}${b}${c}`);
          for (const [d, members] of fours.entries()) {
            const four = await add(three, 4, `${a}${b}${c}${d}`);
            for (let m = 0; m < members; m++) await add(four, 5, `${a}${b}${c}${d}${m}`);
          }
        }
      }
    }
    return planted;
  }

  it("sum to zero with the members' net, give each parent the sum of its children, match the bets over random ranges and a rebuild", async () => {
    const fraction = fc.integer({ min: 0, max: 1000 });
    const betCase = fc.record({
      member: fc.nat(),
      gameCode: fc.constantFrom('baccarat', 'lucky-seven'),
      stake: fc.integer({ min: 100, max: 5_000_000 }),
      validPart: fc.integer({ min: 0, max: 100 }),
      winLoss: fc.integer({ min: -5_000_000, max: 9_000_000 }),
      day: fc.integer({ min: 0, max: 2 }),
      after: fc.constantFrom('none', 'resettle', 'cancel'),
      resettleDay: fc.integer({ min: 0, max: 2 }),
      newWinLoss: fc.integer({ min: -5_000_000, max: 9_000_000 }),
    });
    await fc.assert(
      fc.asyncProperty(
        treeShape,
        fc.array(fraction, { minLength: 64, maxLength: 64 }),
        fc.array(fraction, { minLength: 64, maxLength: 64 }),
        fc.array(betCase, { minLength: 1, maxLength: 25 }),
        fc.record({ from: fc.integer({ min: 0, max: 2 }), days: fc.integer({ min: 1, max: 3 }) }),
        async (shape, shareDraws, rateDraws, cases, window) => {
          await gw.db.run(sql`DELETE FROM bets`);
          await gw.db.run(sql`DELETE FROM report_edge_days`);
          await gw.db.run(sql`DELETE FROM report_member_days`);
          const accounts = await plantTree(shape);
          const members = accounts.filter((a) => a.level === 5);
          const memberIds = members.map((m) => m.id);
          const viewers = accounts.filter((a) => a.level <= 4);
          const agentSessions = new Map<string, string>();
          for (const viewer of viewers)
            agentSessions.set(viewer.id, viewer.level === 0 ? sessions.admin! : await gw.sessionFor(viewer.loginId));
          // Shares and rates top-down: a child's share and rate at most its parent's; members have no share.
          const share = new Map<string, number>();
          const rate = new Map<string, number>();
          for (const [index, account] of accounts.entries()) {
            const parentShare = account.parent && share.has(account.parent) ? share.get(account.parent)! : 10_000;
            const parentRate = account.parent && rate.has(account.parent) ? rate.get(account.parent)! : 300;
            share.set(account.id, account.level === 5 ? 0 : Math.floor((parentShare * shareDraws[index]!) / 1000));
            rate.set(account.id, Math.floor((parentRate * rateDraws[index]!) / 1000));
            await gw.db.run(
              sql`UPDATE game_settings SET agent_rate = ${share.get(account.id)!}, betting_ratio = ${rate.get(account.id)!} WHERE account_id = ${account.id}`,
            );
          }
          const at = (day: number, minute: number) => new Date(Date.parse(DAY.startTime) + day * 86_400_000 + (60 + minute) * 60_000);
          const first: PlatformBet[] = [];
          const later: PlatformBet[] = [];
          for (const [index, c] of cases.entries()) {
            const valid = Math.floor((c.stake * c.validPart) / 100);
            const settled = bet({
              status: 'settled',
              memberId: memberIds[c.member % memberIds.length]!,
              gameCode: c.gameCode,
              gameType: c.gameCode === 'baccarat' ? 'live' : 'electronic',
              betTime: at(c.day, index),
              settleTime: at(c.day, index + 1),
              bet: c.stake,
              validBet: valid,
              winLoss: c.winLoss,
              settle: Math.max(0, c.stake + c.winLoss),
            });
            first.push(settled);
            const when = at(Math.max(c.day, c.resettleDay), index + 2);
            if (c.after === 'resettle')
              later.push({
                ...settled,
                status: 'resettled',
                settleTime: when,
                winLoss: c.newWinLoss,
                settle: Math.max(0, c.stake + c.newWinLoss),
              });
            if (c.after === 'cancel') later.push({ ...settled, status: 'cancelled', settleTime: when });
          }
          await storeBets(gw.db, 'demo', first, gw.clock.now());
          await storeBets(gw.db, 'demo', later, gw.clock.now());

          const rowsOf = new Map<string, Awaited<ReturnType<typeof report.agents>>>();
          for (const viewer of viewers) {
            const opsId = agentSessions.get(viewer.id)!;
            rowsOf.set(
              viewer.id,
              viewer.level === 4
                ? await gw.rpc('gw.credit.player.list.total.report', { opsId, ...THREE_DAYS })
                : await gw.rpc('gw.credit.agent.list.total.report', { opsId, ...THREE_DAYS }),
            );
          }
          const cents = (amount: string) => Math.round(Number(amount) * 100);
          // Every level's own result and every member's net (win/loss + rebate) sum to zero.
          const owns = [...rowsOf.values()].reduce((sum, r) => sum + cents(r.own.result), 0);
          const memberNets = viewers
            .filter((v) => v.level === 4)
            .flatMap((v) => rowsOf.get(v.id)!.list)
            .reduce((sum, row) => sum + cents(row.valueWonLose) + cents(row.betRebate), 0);
          expect(owns + memberNets).toBe(0);
          // Each level's own result is what the formula gives over the bets it ends with (a model apart
          // from the SQL): level k keeps -W*(p_k - p_k+1) + V*(a_k - a_k+1), half away from zero per bet.
          const finalBets = new Map([...first, ...later].map((b) => [b.orderId, b]));
          const expectedOwn = new Map<string, number>();
          const credit = (id: string, amount: number) => expectedOwn.set(id, (expectedOwn.get(id) ?? 0) + amount);
          const rounded = (tenThousandths: number) => Math.sign(tenThousandths) * Math.floor((Math.abs(tenThousandths) + 5_000) / 10_000);
          for (const b of finalBets.values()) {
            if (b.status === 'cancelled') continue;
            const line = members
              .find((m) => m.id === b.memberId)!
              .path.split('/')
              .filter(Boolean);
            const p = [1, 2, 3, 4].map((k) => share.get(line[k]!)!).concat(0);
            const a = [1, 2, 3, 4].map((k) => rate.get(line[k]!)!).concat(rate.get(b.memberId)!);
            const rebate = rounded(b.validBet * a[4]!);
            let kept = 0;
            for (let k = 0; k < 4; k++) {
              const part = rounded(-b.winLoss * (p[k]! - p[k + 1]!) + b.validBet * (a[k]! - a[k + 1]!));
              credit(line[k + 1]!, part);
              kept += part;
            }
            credit(line[0]!, -(b.winLoss + rebate + kept));
          }
          for (const viewer of viewers) expect(cents(rowsOf.get(viewer.id)!.own.result)).toBe(expectedOwn.get(viewer.id) ?? 0);
          // A child's row in its parent's report is the totals of its own report: what it hands up is
          // what its children hand up less what it keeps.
          for (const viewer of viewers.filter((v) => v.level >= 1)) {
            const own = rowsOf.get(viewer.id)!;
            const row = rowsOf.get(viewer.parent!)!.list.find((r) => r.userId === viewer.id);
            if (!row) {
              expect(own.total.bets).toBe(0);
              continue;
            }
            for (const field of ['bets', 'betAmount', 'validAmount', 'valueWonLose', 'betRebate'] as const)
              expect(row[field]).toEqual(own.total[field]);
            expect(cents(row.agentToCompany)).toBe(cents(own.total.agentToCompany) - cents(own.own.result));
          }
          // The company's totals are the sums of the bets bet.query lists for the range.
          const listed = await gw.rpc('gw.credit.bet.query', { opsId: sessions.admin!, ...THREE_DAYS, pageIndex: 1, pageSize: 500 });
          const company = rowsOf.get(ids.admin!)!;
          expect(company.total.valueWonLose).toBe(listed.sum.winLoss);
          expect(company.total.validAmount).toBe(listed.sum.validBet);
          // And for a random range of days, seen from one line: the rollups answer what the bets say.
          const from = Date.parse(DAY.startTime) + window.from * 86_400_000;
          const range = { startTime: new Date(from).toISOString(), endTime: new Date(from + window.days * 86_400_000).toISOString() };
          const lineOne = agentSessions.get(viewers.find((v) => v.level === 1)!.id)!;
          const rolled = await gw.rpc('gw.credit.agent.list.total.report', { opsId: lineOne, ...range });
          const raw = await gw.rpc('gw.credit.bet.query', { opsId: lineOne, ...range, pageIndex: 1, pageSize: 500 });
          expect([rolled.total.valueWonLose, rolled.total.validAmount]).toEqual([raw.sum.winLoss, raw.sum.validBet]);
          // A rebuild of each day gives the rollups kept.
          const rollups = async () => ({
            edges: await gw.db.rows(sql`SELECT * FROM report_edge_days WHERE bets <> 0 ORDER BY agent_id, day, child_id, game_code`),
            members: await gw.db.rows(sql`SELECT * FROM report_member_days WHERE bets <> 0 ORDER BY member_id, day, game_code`),
          });
          const kept = await rollups();
          await rebuildRollupDays(gw.db, ['2026-11-20', '2026-11-21', '2026-11-22'], 'demo');
          expect(await rollups()).toEqual(kept);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('the leaderboard', () => {
  it("ranks the line's members by win, loss, valid bet or bets over the range, within the caller's line, at most `limit`", async () => {
    const members = await gw.db.rows<{ id: string | number; login_id: string }>(
      sql`SELECT id, login_id FROM accounts WHERE site_id = 'demo' AND login_id IN ('mb01010102001', 'mb01010102002', 'mb01010101001', 'mb02010101001') ORDER BY login_id`,
    );
    const id = (login: string) => String(members.find((m) => m.login_id === login)!.id);
    const plays: [string, number, number][] = [
      // member, win/loss, valid bet (each a bet of 100.00)
      ['mb01010101001', 5_000, 9_000],
      ['mb01010102001', -3_000, 10_000],
      ['mb01010102002', 800, 2_000],
      ['mb01010102002', 700, 2_000],
      ['mb02010101001', 90_000, 10_000],
    ];
    await storeBets(
      gw.db,
      'demo',
      plays.map(([login, winLoss, validBet]) =>
        bet({ status: 'settled', memberId: id(login), winLoss, validBet, settle: 10_000 + winLoss }),
      ),
      gw.clock.now(),
    );
    const board = async (viewer: string, by: 'win' | 'loss' | 'validBet' | 'bets', limit = 20) =>
      (await gw.rpc('gw.credit.leaderboard.query', { opsId: sessions[viewer]!, ...DAY, by, limit })).list.map((row) => [
        row.rank,
        row.loginId,
        row.valueWonLose,
      ]);
    expect(await board('admin', 'win')).toEqual([
      [1, 'mb02010101001', '900.00'],
      [2, 'mb01010101001', '50.00'],
      [3, 'mb01010102002', '15.00'],
    ]);
    // The biggest losers are members who lost: the winners are not ranked below them.
    expect(await board('admin', 'loss')).toEqual([[1, 'mb01010102001', '-30.00']]);
    // ma01's line leaves out ma02's member.
    expect((await board('ma01', 'validBet')).map((row) => row[1])).toEqual(['mb01010102001', 'mb01010101001', 'mb01010102002']);
    expect((await board('ma01', 'bets'))[0]).toEqual([1, 'mb01010102002', '15.00']);
    const first = (await gw.rpc('gw.credit.leaderboard.query', { opsId: sessions.ag01010102!, ...DAY })).list[0];
    expect(first).toMatchObject({
      loginId: 'mb01010102002',
      agentLoginId: 'ag01010102',
      bets: 2,
      betAmount: '200.00',
      validAmount: '40.00',
    });
    expect((await gw.call('gw.credit.leaderboard.query', { opsId: sessions.admin!, ...DAY, limit: 101 })).error).toMatchObject({
      code: 100,
    });
    expect((await gw.call('gw.credit.leaderboard.query', { opsId: sessions.admin!, ...DAY, by: 'money' })).error).toMatchObject({
      code: 100,
    });
  });
});

describe('reports on their own connection (REPORT_DATABASE_URL)', () => {
  it.runIf(testDatabaseKind() === 'postgres')(
    'answer the same from a role that can only read, which no report needs more than',
    async () => {
      const role = `report_reader_${process.pid}`;
      await gw.db.run(
        sql.raw(
          `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role} LOGIN; END IF; END $$`,
        ),
      );
      await gw.db.run(sql.raw(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`));
      const url = new URL(gw.databaseUrl!);
      url.username = role;
      const reportDb = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      const reading = await startTestGateway({ db: gw.db, captcha: false, jobs: { run: false }, reportDb });
      try {
        await storeBets(gw.db, 'demo', [bet({ status: 'settled' })], gw.clock.now());
        const asked = { ...DAY, parentId: ids.ma01! };
        const admin = await reading.sessionFor('admin');
        const agent = await reading.sessionFor('ag01010102');
        expect(await reading.rpc('gw.credit.agent.list.total.report', { opsId: admin, ...asked })).toEqual(
          await gw.rpc('gw.credit.agent.list.total.report', { opsId: sessions.admin!, ...asked }),
        );
        expect((await reading.rpc('gw.credit.player.list.total.report', { opsId: agent, ...DAY })).own.result).toBe('4.98');
        expect((await reading.rpc('gw.credit.agent.daily.report', { opsId: admin, ...DAY })).list).toHaveLength(1);
        // The member lost: it heads the biggest losers.
        expect((await reading.rpc('gw.credit.leaderboard.query', { opsId: admin, ...DAY, by: 'loss' })).list[0]!.loginId).toBe(MEMBER);
        expect((await reading.rpc('gw.credit.player.summary.report', { opsId: admin, ...DAY, userId: ids[MEMBER]! })).valueWonLose).toBe(
          '-12.00',
        );
        expect((await reading.rpc('gw.credit.trading.report', { opsId: admin, ...DAY })).list).toEqual(
          (await gw.rpc('gw.credit.trading.report', { opsId: sessions.admin!, ...DAY })).list,
        );
        // The role can read, not write.
        await expect(reportDb.run(sql`DELETE FROM report_edge_days`)).rejects.toThrow(/permission denied/);
      } finally {
        await reading.close();
        await reportDb.close();
        await gw.db.run(sql.raw(`DROP OWNED BY ${role}`));
        await gw.db.run(sql.raw(`DROP ROLE ${role}`));
      }
    },
  );
});

describe.runIf(testDatabaseKind() === 'postgres')('the rollups on PostgreSQL, stored and drained at once', () => {
  it('count every bet once while storers, drains and a rebuild run side by side', async () => {
    const games = ['baccarat', 'roulette', 'sic-bo'];
    // Settlements spread over two days and three games, each later resettled or cancelled by another storer.
    const settled = Array.from({ length: 6 }, (_, storer) =>
      Array.from({ length: 150 }, (_, i) =>
        bet({
          status: 'settled',
          gameCode: games[i % 3]!,
          settleTime: new Date(Date.parse('2026-11-20T04:00:00Z') + (i % 2) * 86_400_000),
          winLoss: (storer + 1) * 100 - i,
        }),
      ),
    );
    const changed = settled.map((batch, storer) =>
      batch.slice(0, 50).map((each) => ({
        ...each,
        status: storer % 2 === 0 ? ('resettled' as const) : ('cancelled' as const),
        settleTime: new Date(each.settleTime!.getTime() + 3_600_000),
        winLoss: each.winLoss + 7,
      })),
    );
    let storing = true;
    const drains = Array.from({ length: 3 }, async () => {
      while (storing) await drainRollups(gw.db);
    });
    await Promise.all(
      settled.map(async (batch, storer) => {
        await gw.db.transaction((tx) => storeBets(tx, 'demo', batch, gw.clock.now()));
        await gw.db.transaction((tx) => storeBets(tx, 'demo', changed[(storer + 1) % changed.length]!, gw.clock.now()));
      }),
    );
    const rebuilt = rebuildRollupDays(gw.db, ['2026-11-20'], 'demo');
    await gw.db.transaction((tx) => storeBets(tx, 'demo', [bet({ status: 'settled', winLoss: 555 })], gw.clock.now()));
    await rebuilt;
    storing = false;
    await Promise.all(drains);
    await drainRollups(gw.db);

    const rollups = async () => ({
      edges: await gw.db.rows(sql`SELECT * FROM report_edge_days WHERE bets <> 0 ORDER BY agent_id, day, child_id, game_code`),
      members: await gw.db.rows<Record<string, string>>(
        sql`SELECT * FROM report_member_days WHERE bets <> 0 ORDER BY member_id, day, game_code`,
      ),
    });
    const kept = await rollups();
    const fromBets = await gw.db.one<{ bets: string; win_loss: string }>(sql`SELECT count(*)::text AS bets, sum(win_loss)::text AS win_loss
      FROM bets WHERE site_id = 'demo' AND status IN ('settled', 'resettled')`);
    expect(fromBets!.bets).toBe(String(6 * 150 - 3 * 50 + 1));
    const memberTotal = kept.members.reduce<[bigint, bigint]>(
      (sum, row) => [sum[0] + BigInt(row.bets!), sum[1] + BigInt(row.win_loss!)],
      [0n, 0n],
    );
    expect(memberTotal.map(String)).toEqual([fromBets!.bets, fromBets!.win_loss]);
    await rebuildRollupDays(gw.db, ['2026-11-20', '2026-11-21'], 'demo');
    expect(await rollups()).toEqual(kept);
  });
});

describe('the trading report', () => {
  it('puts each score up, score down and finished transfer on the direct child whose line holds its account', async () => {
    const dayOf = (time: Date) => {
      const day = 86_400_000;
      const start = Math.floor((time.getTime() + 8 * 3_600_000) / day) * day - 8 * 3_600_000;
      return { startTime: new Date(start).toISOString(), endTime: new Date(start + day).toISOString() };
    };
    const today = dayOf(gw.clock.now());
    const before = async (viewer: string) => (await gw.rpc('gw.credit.trading.report', { opsId: sessions[viewer]!, ...today })).list;
    const start = { admin: await before('admin'), ga: await before('ga010101') };
    await gw.rpc('gw.credit.user.score.up', { opsId: sessions.admin!, userId: ids.ma01!, amount: '100.00' });
    await gw.rpc('gw.credit.user.score.up', { opsId: sessions.ma01!, userId: ids.sh0101!, amount: '40.00' });
    await gw.rpc('gw.credit.user.score.down', { opsId: sessions.ma01!, userId: ids.sh0101!, amount: '15.00' });
    const member = { siteId: 'demo', memberId: ids[MEMBER]!, now: gw.clock.now() };
    await transferIn(gw.db, simulatorPlatform, { ...member, amount: 3_000, transferId: 'TR-in-1' });
    await transferOut(gw.db, simulatorPlatform, { ...member, amount: 1_000, transferId: 'TR-out-1' });
    // Left pending (the platform's answer lost): not counted until it is settled.
    const lost = (q: Parameters<typeof simulatorPlatform>[0]) => withFaults(simulatorPlatform(q), [{ call: 'transferIn', when: 'before' }]);
    expect((await transferIn(gw.db, lost, { ...member, amount: 700, transferId: 'TR-in-2' })).state).toBe('pending');

    const grown = (rows: Awaited<ReturnType<typeof before>>, earlier: Awaited<ReturnType<typeof before>>, login: string) => {
      const now = rows.find((row) => row.loginId === login)!;
      const then = earlier.find((row) => row.loginId === login);
      const cents = (amount: string | undefined) => Math.round(Number(amount ?? '0') * 100);
      return {
        up: cents(now.up) - cents(then?.up),
        upCount: now.upCount - (then?.upCount ?? 0),
        down: cents(now.down) - cents(then?.down),
        transferIn: cents(now.transferIn) - cents(then?.transferIn),
        inCount: now.inCount - (then?.inCount ?? 0),
        transferOut: cents(now.transferOut) - cents(then?.transferOut),
      };
    };
    const company = await gw.rpc('gw.credit.trading.report', { opsId: sessions.admin!, ...today });
    expect(grown(company.list, start.admin, 'ma01')).toEqual({
      up: 14_000,
      upCount: 2,
      down: 1_500,
      transferIn: 3_000,
      inCount: 1,
      transferOut: 1_000,
    });
    const sum = (key: 'upCount' | 'inCount') => company.list.reduce((total, row) => total + row[key], 0);
    expect(company.total.upCount).toBe(sum('upCount'));
    expect(company.total.inCount).toBe(sum('inCount'));
    // Drilled down: ma01's own score ups land on sh0101; ga010101's line only has the member's transfers.
    const ma01 = await gw.rpc('gw.credit.trading.report', { opsId: sessions.admin!, ...today, parentId: ids.ma01! });
    expect(ma01.list.find((row) => row.loginId === 'sh0101')).toMatchObject({ upCount: expect.any(Number) });
    expect(grown(ma01.list, [], 'sh0101').up).toBeGreaterThanOrEqual(4_000);
    const ga = await gw.rpc('gw.credit.trading.report', { opsId: sessions.ga010101!, ...today });
    expect(grown(ga.list, start.ga, 'ag01010102')).toMatchObject({ up: 0, transferIn: 3_000, inCount: 1, transferOut: 1_000 });
    expect((await gw.call('gw.credit.trading.report', { opsId: sessions.admin!, ...today, parentId: ids[MEMBER] })).error).toMatchObject({
      code: 100,
      data: { rule: 'not-an-agent' },
    });
  });
});

describe('the bill', () => {
  it('keeps what a closed period handed up for good, and shows a later resettlement in the open period as the difference', async () => {
    const ga = sessions.ga010101!;
    const bill = async () => (await gw.rpc('gw.credit.bill.query', { opsId: ga })).list.find((row) => row.loginId === 'ag01010102')!;
    const first = bet({ status: 'settled' });
    await storeBets(gw.db, 'demo', [first], gw.clock.now());
    const opened = await bill();
    expect(opened.open).toMatchObject({ bets: 1, validAmount: '90.00', valueWonLose: '-12.00', agentToCompany: '6.30' });
    expect(opened.closed).toEqual([]);

    const closed = await gw.rpc('gw.credit.agent.to.company.acc.reset', { opsId: ga, userId: ids.ag01010102! });
    expect(closed).toMatchObject({ bets: 1, agentToCompany: '6.30', valueWonLose: '-12.00' });
    const after = await bill();
    expect(after.open).toMatchObject({ periodStart: closed.periodEnd, bets: 0, agentToCompany: '0.00' });
    expect(after.closed).toEqual([expect.objectContaining({ settlementId: closed.settlementId, agentToCompany: '6.30' })]);

    // Resettled today: the member won 5.00 after all. The closed period keeps 6.30; the open one
    // shows the difference (hands up -30.90 now instead of 6.30).
    await storeBets(
      gw.db,
      'demo',
      [{ ...first, status: 'resettled', settleTime: gw.clock.now(), settle: 15_000, winLoss: 5_000 }],
      gw.clock.now(),
    );
    const corrected = await bill();
    expect(corrected.closed[0]).toMatchObject({ agentToCompany: '6.30', bets: 1 });
    expect(corrected.open).toMatchObject({ bets: 0, valueWonLose: '62.00', agentToCompany: '-37.20' });
    // A level-4 agent has members below it, no agents: no bill (and it may not ask for one).
    expect((await gw.call('gw.credit.bill.query', { opsId: ga, userId: ids.ag01010102! })).error).toMatchObject({
      code: 100,
      data: { rule: 'not-above-agents' },
    });
    expect((await gw.call('gw.credit.bill.query', { opsId: sessions.ag01010102! })).error).toMatchObject({ code: 11003 });
  });

  it('labels each period by the first and last Beijing day it holds', async () => {
    const sh = sessions.sh0101!;
    await gw.db.run(sql`DELETE FROM settlements WHERE account_id = ${ids.ga010101!}`);
    const bill = async () => (await gw.rpc('gw.credit.bill.query', { opsId: sh })).list.find((row) => row.loginId === 'ga010101')!;
    const today = beijingDayOf(gw.clock.now());
    // Noon (Beijing) of the day `back` days before today, and its date.
    const noon = (back: number) => new Date(today.start - back * 86_400_000 + 12 * 3_600_000);
    const dayOf = (back: number) => beijingDayOf(noon(back)).date;
    expect((await bill()).open).toMatchObject({ bets: 0, firstDay: null, lastDay: null });

    await storeBets(
      gw.db,
      'demo',
      [3, 2, 1].map((back) => bet({ status: 'settled', betTime: noon(back), settleTime: noon(back) })),
      gw.clock.now(),
    );
    expect((await bill()).open).toMatchObject({ bets: 3, firstDay: dayOf(3), lastDay: dayOf(1) });

    const closed = await gw.rpc('gw.credit.agent.to.company.acc.reset', { opsId: sh, userId: ids.ga010101! });
    expect(closed).toMatchObject({ bets: 3 });
    const after = await bill();
    expect(after.closed).toEqual([
      expect.objectContaining({ settlementId: closed.settlementId, bets: 3, firstDay: dayOf(3), lastDay: dayOf(1) }),
    ]);
    expect(after.open).toMatchObject({ bets: 0, firstDay: null, lastDay: null });

    // A bet of today belongs to the open period only.
    await storeBets(gw.db, 'demo', [bet({ status: 'settled', betTime: noon(0), settleTime: noon(0) })], gw.clock.now());
    const later = await bill();
    expect(later.open).toMatchObject({ bets: 1, firstDay: today.date, lastDay: today.date });
    expect(later.closed[0]).toMatchObject({ bets: 3, firstDay: dayOf(3), lastDay: dayOf(1) });
  });
});
