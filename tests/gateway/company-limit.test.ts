import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { storeBets } from '../../server/games/bet.store';
import type { PlatformBet } from '../../server/platform/game-platform';
import { betRefusal, type BetRequest } from '../../server/game-rules/platform-rules';
import { sendPlatformPushes } from '../../server/games/platform-pushes';
import { drainRollups } from '../../server/reports/rollup-drain';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// The line: ma01 > sh0101 > ga010101 > ag01010102 > mb01010102002. ag01010102's bill is with
// ga010101 (its parent sets its limit and closes its bill).
let gw: TestGateway;
let member: string;
let agent: string;
let bet: BetRequest;
let orders = 0;

beforeAll(async () => {
  // No background jobs: the tests drain the rollups and send the pushes themselves.
  gw = await startTestGateway({ captcha: false, jobs: { run: false } });
  member = await gw.accountId('mb01010102002');
  agent = await gw.accountId('ag01010102');
  bet = { siteId: 'demo', memberId: member, gameCode: 'baccarat', device: 'pc', stake: 10_000 };
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`DELETE FROM bets`);
  await gw.db.run(sql`DELETE FROM report_queue`);
  await gw.db.run(sql`DELETE FROM report_edge_days WHERE child_id = ${agent}`);
  await gw.db.run(sql`DELETE FROM settlements WHERE account_id = ${agent}`);
  // Its members' limits at 0, so the agent's own may go down to 0 (a child's never exceeds its parent's).
  await gw.db.run(sql`UPDATE game_settings SET agent_to_company_limit = 0
    WHERE account_id IN (SELECT id FROM accounts WHERE parent_id = ${agent})`);
  await gw.db.run(sql`UPDATE game_settings SET agent_to_company_limit = 10000, company_limit_reached = false WHERE account_id = ${agent}`);
  await push();
});

/** What the back office changed reaches the platform's copy, as the push job sends it. */
const push = () => sendPlatformPushes(gw.db, simulatorPlatform, gw.clock.now());
const judged = async (request: BetRequest) => {
  await push();
  return betRefusal(gw.db, request);
};
/** A settled live bet of the member, now: a loss of `loss` cents (the whole stake, or part of 100.00). */
const lost = (loss: number): PlatformBet => {
  const now = gw.clock.now();
  const stake = Math.max(10_000, loss);
  orders += 1;
  return {
    orderId: String(8_300_000 + orders),
    memberId: member,
    betTime: new Date(now.getTime() - 30_000),
    settleTime: now,
    gameCode: 'baccarat',
    gameType: 'live',
    playType: 'player',
    betCode: 'player',
    gameId: 'BAC-01',
    gameName: '百家乐',
    round: String(orders),
    transactionId: 'T',
    status: 'settled',
    bet: stake,
    validBet: stake,
    settle: stake - loss,
    winLoss: -loss,
    jackpot: 0,
    jackpotWon: 0,
    jackpotRake: 0,
    redPacket: 0,
  };
};
/** Bets stored as the ingest stores them, then the drain that follows (where the limit is checked). */
const settle = async (...bets: PlatformBet[]) => {
  await storeBets(gw.db, 'demo', bets, gw.clock.now());
  await drainRollups(gw.db);
};
const parent = () => gw.sessionFor('ga010101');
const liveSetting = async () =>
  (await gw.rpc('gw.credit.user.profile', { opsId: await parent(), userId: agent })).gameSettings.find((s) => s.gameType === 'live')!;
const stops = async () =>
  (await gw.rpc('gw.credit.agent.to.company.limit.query', { opsId: await gw.sessionFor('admin') })).list.map(
    (row) => `${row.loginId}:${row.gameType}`,
  );
const setLimit = async (opsId: string, userId: string, agentToCompanyLimit: unknown) =>
  gw.call('gw.credit.agent.profile.edit', { opsId, userId, gameSettings: [{ gameType: 'live', agentToCompanyLimit }] });
/** The bill's open period of the agent as its parent reads it. */
const openBill = async () =>
  (await gw.rpc('gw.credit.bill.query', { opsId: await parent() })).list.find((row) => row.loginId === 'ag01010102')!.open;

describe('the agent-to-company limit', () => {
  it("stops the line's bets of that game type once the open period reaches it, shows it, and the bill's close lifts it", async () => {
    await settle(lost(5_000));
    const under = await liveSetting();
    expect(under).toMatchObject({ agentToCompanyLimit: '100.00', agentToCompanyReached: false });
    expect(Number(under.agentToCompanyUsed)).toBeGreaterThan(0);
    expect(Number(under.agentToCompanyUsed)).toBeLessThan(100);
    expect(await judged(bet)).toBeNull();

    await settle(lost(200_000));
    const reached = await liveSetting();
    expect(reached.agentToCompanyReached).toBe(true);
    // The amount used is the bill's own open agent-to-company amount.
    expect(reached.agentToCompanyUsed).toBe((await openBill()).agentToCompany);
    expect(Number(reached.agentToCompanyUsed)).toBeGreaterThanOrEqual(100);
    expect(await judged(bet)).toBe('line-limit-reached');
    // Another game type of the same line is not stopped.
    expect(await judged({ ...bet, gameCode: 'lucky-seven' })).toBeNull();
    expect(await stops()).toEqual(['ag01010102:live']);
    const [row] = (await gw.rpc('gw.credit.agent.to.company.limit.query', { opsId: await gw.sessionFor('admin') })).list;
    expect(row).toMatchObject({ userId: agent, level: 4, limit: '100.00', used: reached.agentToCompanyUsed });

    // The next day its parent closes the bill: the new open period is empty, the line bets again.
    gw.clock.advance(86_400_000);
    await gw.rpc('gw.credit.agent.to.company.acc.reset', { opsId: await parent(), userId: agent });
    expect(await liveSetting()).toMatchObject({ agentToCompanyUsed: '0.00', agentToCompanyReached: false });
    expect(await judged(bet)).toBeNull();
    expect(await stops()).toEqual([]);
  });

  it('keeps the line stopped after a close on the day the limit was reached (the open period holds that day)', async () => {
    await settle(lost(200_000));
    expect(await judged(bet)).toBe('line-limit-reached');
    gw.clock.advance(86_400_000);
    await gw.rpc('gw.credit.agent.to.company.acc.reset', { opsId: await parent(), userId: agent });
    await settle(lost(200_000));
    expect(await judged(bet)).toBe('line-limit-reached');
  });

  it('never stops with a limit of 0, and setting 0 (or a higher limit) frees a stopped line at once', async () => {
    await settle(lost(200_000));
    expect(await judged(bet)).toBe('line-limit-reached');
    expect((await setLimit(await parent(), agent, '1000000.00')).error).toBeUndefined();
    expect(await judged(bet)).toBeNull();
    expect((await setLimit(await parent(), agent, '100.00')).error).toBeUndefined();
    expect(await judged(bet)).toBe('line-limit-reached');
    expect((await setLimit(await parent(), agent, 0)).error).toBeUndefined();
    expect(await liveSetting()).toMatchObject({ agentToCompanyLimit: '0.00', agentToCompanyReached: false });
    expect(await judged(bet)).toBeNull();
    await settle(lost(5_000_000));
    expect(await judged(bet)).toBeNull();
    expect(await stops()).toEqual([]);
  });

  it("is set only by the agent's parent: not by the agent itself, a grandparent or another line", async () => {
    for (const [caller, code] of [
      ['ag01010102', ErrorCode.notAuthorized],
      ['sh0101', ErrorCode.notDirectRelation],
      ['ga010102', ErrorCode.accountNotFound],
    ] as const) {
      const answer = await setLimit(await gw.sessionFor(caller), agent, '1.00');
      expect([caller, answer.error?.code]).toEqual([caller, code]);
    }
    expect((await liveSetting()).agentToCompanyLimit).toBe('100.00');
  });

  it.each([['-1.00'], ['abc'], ['1.001'], [{}], [Number.MAX_SAFE_INTEGER * 10]])('refuses the value %j with 100', async (value) => {
    expect((await setLimit(await parent(), agent, value)).error).toMatchObject({ code: ErrorCode.invalidParams });
    expect((await liveSetting()).agentToCompanyLimit).toBe('100.00');
  });
});
