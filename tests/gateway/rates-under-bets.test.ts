import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeBets } from '../../server/games/bet.store';
import type { PlatformBet } from '../../server/platform/game-platform';
import { aBet } from '../support/bet-fixture';
import { testDatabaseKind } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
let ma01: string;
let ag: string;
let orders = 0;

/** A live bet of mb01010101001 (line ma01 / sh0101 / ga010101 / ag01010101), unsettled. */
const openBet = async (overrides: Partial<PlatformBet> = {}): Promise<PlatformBet> =>
  aBet(await gw.accountId('mb01010101001'), {
    orderId: String(8_800_000 + ++orders),
    status: 'unsettled',
    settleTime: null,
    settle: 0,
    winLoss: 0,
    ...overrides,
  });
const settled = (bet: PlatformBet): PlatformBet => ({ ...bet, status: 'settled', settleTime: new Date(), winLoss: -10_000 });
/** The share of sh0101 (level 2) the stored bet snapshotted, in hundredths of a percent (null while unsettled). */
const snapshotOf = async (bet: PlatformBet) =>
  (await gw.db.one<{ status: string; p2: number | null }>(
    sql`SELECT status, p2 FROM bets WHERE site_id = 'demo' AND order_id = ${bet.orderId}`,
  ))!;
const liveRateOf = async (loginId: string) =>
  (await gw.db.one<{ agent_rate: number; betting_ratio: number }>(sql`
    SELECT g.agent_rate, g.betting_ratio FROM game_settings g JOIN accounts a ON a.id = g.account_id
     WHERE a.site_id = 'demo' AND a.login_id = ${loginId} AND g.game_type = 'live'`))!;
const allow = async (opsId: string, loginId: string) =>
  (await gw.call('gw.credit.user.rate.modify.allow', { opsId, userId: await gw.accountId(loginId) })).result;
const editAgent = async (loginId: string, gameSettings: Record<string, unknown>[]) =>
  gw.call('gw.credit.agent.profile.edit', { opsId: ma01, userId: await gw.accountId(loginId), gameSettings });

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
  ma01 = await gw.sessionFor('ma01');
  ag = await gw.sessionFor('ag01010101');
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`DELETE FROM bets WHERE site_id = 'demo'`);
  await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1 WHERE site_id = 'demo'`);
});

// Seeded: sh0101's live agent rate 80 %, betting ratio 1.0 %; its children's 70 % / 0.9 %.
describe('rates under unsettled bets', () => {
  it("rate.modify.allow names the game types of the child's line's unsettled bets, and only that line's", async () => {
    expect(await allow(ma01, 'sh0101')).toMatchObject({ allowed: true, reason: null, lockedGameTypes: [] });
    const bet = await openBet();
    await storeBets(gw.db, 'demo', [bet], new Date());
    expect(await allow(ma01, 'sh0101')).toMatchObject({ allowed: false, reason: 'unsettled-bets', lockedGameTypes: ['live'] });
    expect(await allow(ag, 'mb01010101001')).toMatchObject({ allowed: false, reason: 'unsettled-bets', lockedGameTypes: ['live'] });
    expect(await allow(ma01, 'sh0102')).toMatchObject({ allowed: true, reason: null, lockedGameTypes: [] });
    await storeBets(gw.db, 'demo', [settled(bet)], new Date());
    expect(await allow(ma01, 'sh0101')).toMatchObject({ allowed: true, reason: null, lockedGameTypes: [] });
    // Frozen outranks the bets: every game type is locked.
    await storeBets(gw.db, 'demo', [await openBet({ gameType: 'electronic' })], new Date());
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    expect(await allow(ma01, 'sh0101')).toMatchObject({ allowed: false, reason: 'frozen', lockedGameTypes: ['live', 'electronic'] });
  });

  it('refuses a live agent rate or betting ratio under an unsettled live bet, changing nothing; the bet settles with the old rate', async () => {
    const bet = await openBet();
    await storeBets(gw.db, 'demo', [bet], new Date());
    const before = await liveRateOf('sh0101');

    const share = await editAgent('sh0101', [{ gameType: 'live', agentRate: 75 }]);
    expect(share.error).toMatchObject({ code: 20011, data: { field: 'gameSettings.live.agentRate', rule: 'unsettled-bets' } });
    const ratio = await editAgent('sh0101', [{ gameType: 'live', bettingRatio: 0.95 }]);
    expect(ratio.error).toMatchObject({ code: 20011, data: { field: 'gameSettings.live.bettingRatio', rule: 'unsettled-bets' } });
    // The member's own ratio, by its agent.
    const member = await gw.call('gw.credit.user.profile.edit', {
      opsId: ag,
      userId: await gw.accountId('mb01010101001'),
      gameSettings: [{ gameType: 'live', bettingRatio: 0.1 }],
    });
    expect(member.error).toMatchObject({ code: 20011, data: { field: 'gameSettings.live.bettingRatio', rule: 'unsettled-bets' } });
    expect(await liveRateOf('sh0101')).toEqual(before);

    // Another game type, the same value again, and the other fields still change.
    expect((await editAgent('sh0101', [{ gameType: 'electronic', agentRate: 75 }])).error).toBeUndefined();
    expect((await editAgent('sh0101', [{ gameType: 'live', agentRate: 80, redLimit: '5000' }])).error).toBeUndefined();

    await storeBets(gw.db, 'demo', [settled(bet)], new Date());
    expect(await snapshotOf(bet)).toEqual({ status: 'settled', p2: before.agent_rate });
    // Settled: the rate may change, and the settled bet keeps its snapshot.
    expect((await editAgent('sh0101', [{ gameType: 'live', agentRate: 75 }])).error).toBeUndefined();
    expect((await liveRateOf('sh0101')).agent_rate).toBe(7500);
    expect(await snapshotOf(bet)).toEqual({ status: 'settled', p2: before.agent_rate });
    expect((await editAgent('sh0101', [{ gameType: 'live', agentRate: 80 }])).error).toBeUndefined();
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'an edit racing a bet being stored waits for it and is refused; a bet racing an edit is stored after it commits',
    async () => {
      // Waits of this test's database only: other test files share the server (pg_locks and
      // pg_stat_activity see every database of it).
      const waitsOn = async (event: 'advisory' | 'transactionid') =>
        Number(
          (await gw.db.one<{ n: string | number }>(
            sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = ${event}`,
          ))!.n,
        );
      const waitingForLock = async () => (await waitsOn('advisory')) > 0;

      // A storer holds its transaction open with an unsettled bet while the edit comes in. The
      // month's partition exists already: a storer making it would hold up every reader of bets.
      const bet = await openBet();
      await gw.db.run(sql`SELECT bets_partition_for(${bet.betTime.toISOString()}::timestamptz)`);
      let commitStorer!: () => void;
      const storerMayCommit = new Promise<void>((resolve) => (commitStorer = resolve));
      let betStored!: () => void;
      const betIsStored = new Promise<void>((resolve) => (betStored = resolve));
      const storer = gw.db.transaction(async (tx) => {
        await storeBets(tx, 'demo', [bet], new Date());
        betStored();
        await storerMayCommit;
      });
      await betIsStored;
      let editDone = false;
      const editing = editAgent('sh0101', [{ gameType: 'live', agentRate: 75 }]).finally(() => (editDone = true));
      await expect.poll(async () => editDone || (await waitingForLock()), { timeout: 10_000 }).toBe(true);
      commitStorer();
      await storer;
      expect((await editing).error).toMatchObject({ code: 20011, data: { field: 'gameSettings.live.agentRate', rule: 'unsettled-bets' } });
      await storeBets(gw.db, 'demo', [settled(bet)], new Date());
      expect(await snapshotOf(bet)).toEqual({ status: 'settled', p2: 8000 });

      // The other way round: the edit holds the lock (held up on the parent's row meanwhile); a
      // settled bet arriving then is stored once the edit committed, with the new rate.
      await gw.db.run(sql`DELETE FROM bets WHERE site_id = 'demo'`);
      let releaseParent!: () => void;
      const parentMayGo = new Promise<void>((resolve) => (releaseParent = resolve));
      let parentLocked!: () => void;
      const parentIsLocked = new Promise<void>((resolve) => (parentLocked = resolve));
      const holder = gw.db.transaction(async (tx) => {
        await tx.run(sql`SELECT 1 FROM accounts WHERE site_id = 'demo' AND login_id = 'ma01' FOR UPDATE`);
        parentLocked();
        await parentMayGo;
      });
      await parentIsLocked;
      const edit = editAgent('sh0101', [{ gameType: 'live', agentRate: 75 }]);
      let storing: Promise<unknown> = Promise.resolve();
      let late!: PlatformBet;
      try {
        await expect.poll(() => waitsOn('transactionid')).toBe(1);
        late = settled(await openBet());
        let lateStored = false;
        storing = storeBets(gw.db, 'demo', [late], new Date()).finally(() => (lateStored = true));
        await expect.poll(waitingForLock).toBe(true);
        expect(lateStored).toBe(false);
      } finally {
        // A failed wait must not leave the parent's row locked for the next tests and the teardown.
        releaseParent();
      }
      await holder;
      expect((await edit).error).toBeUndefined();
      await storing;
      expect(await snapshotOf(late)).toEqual({ status: 'settled', p2: 7500 });
      expect((await editAgent('sh0101', [{ gameType: 'live', agentRate: 80 }])).error).toBeUndefined();
    },
  );
});
