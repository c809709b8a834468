import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { storeBets } from '../../server/games/bet.store';
import { withFaults, type Fault, type PlatformFor } from '../../server/platform/game-platform';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { REPAIR_AFTER_MS, transferIn, transferOut } from '../../server/points/game-transfers';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
// The gateway's platform: the simulator, with the faults a test arms (each fires once).
const faults: Fault[] = [];
const platformFor: PlatformFor = (db) => withFaults(simulatorPlatform(db), faults);
let seq = 0;

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, platformFor, jobs: { run: false } });
});
afterAll(async () => {
  await gw.close();
});

const later = () => gw.clock.advance(REPAIR_AFTER_MS + 1_000);
async function lostIn(login: string, amount: number, when: Fault['when'] = 'before') {
  faults.push({ call: 'transferIn', when });
  const transferId = `M${++seq}`;
  await transferIn(gw.db, platformFor, { siteId: 'demo', memberId: await gw.accountId(login), amount, transferId, now: gw.clock.now() });
  return transferId;
}

describe('transfer query and repair', () => {
  it("lists the line's transfers with their state and the pending count; an agent sees only its own line", async () => {
    const member = await gw.accountId('mb01010102001');
    const done = `M${++seq}`;
    await transferIn(gw.db, platformFor, { siteId: 'demo', memberId: member, amount: 12_345, transferId: done, now: gw.clock.now() });
    faults.push({ call: 'transferOut', when: 'before' });
    const out = `M${++seq}`;
    await transferOut(gw.db, platformFor, { siteId: 'demo', memberId: member, amount: 12_345, transferId: out, now: gw.clock.now() });

    const admin = await gw.sessionFor('admin');
    const listed = await gw.rpc('gw.credit.transfer.query', { opsId: admin, userId: member, pageIndex: 1, pageSize: 50 });
    expect(listed.pending).toBe(1);
    expect(listed.list.map((row) => [row.transferId, row.type, row.state, row.amount, row.serialNo === null])).toEqual([
      [out, 'out', 'pending', '123.45', true],
      [done, 'in', 'done', '123.45', false],
    ]);
    expect(listed.list.every((row) => row.loginId === 'mb01010102001' && row.sessionId === done)).toBe(true);

    const pendingOnly = await gw.rpc('gw.credit.transfer.query', { opsId: admin, state: 'pending', pageIndex: 1, pageSize: 50 });
    expect(pendingOnly.list.map((row) => row.transferId)).toContain(out);
    expect(pendingOnly.list.every((row) => row.state === 'pending')).toBe(true);

    const own = await gw.sessionFor('ag01010102');
    expect((await gw.rpc('gw.credit.transfer.query', { opsId: own, pageIndex: 1, pageSize: 50 })).total).toBe(2);
    const other = await gw.sessionFor('ag01010201');
    expect((await gw.rpc('gw.credit.transfer.query', { opsId: other, pageIndex: 1, pageSize: 50 })).total).toBe(0);
    expect((await gw.refusal('gw.credit.transfer.query', { opsId: other, userId: member, pageIndex: 1, pageSize: 50 })).code).toBe(
      ErrorCode.accountNotFound,
    );

    later();
    const repaired = await gw.rpc('gw.credit.transfer.repair', { opsId: own, transferId: out });
    expect(repaired).toEqual({ transferId: out, type: 'out', state: 'failed', userId: member });
    const logged = await gw.db.one<{ summary: string; account_id: string | number }>(
      sql`SELECT summary, account_id FROM operation_log WHERE method = 'gw.credit.transfer.repair' ORDER BY id DESC LIMIT 1`,
    );
    expect(logged!.summary).toBe(`TRANSFER_REPAIR out ${out} -> failed`);
  });

  it('repairs a lost transfer in for the company: reversed, and the score log shows both rows with state and reversalOf', async () => {
    const transferId = await lostIn('mb01010102002', 5_000);
    const admin = await gw.sessionFor('admin');
    expect((await gw.refusal('gw.credit.transfer.repair', { opsId: admin, transferId })).code).toBe(ErrorCode.repairTooEarly);
    later();
    expect(await gw.rpc('gw.credit.transfer.repair', { opsId: admin, transferId })).toMatchObject({ type: 'in', state: 'reversed' });
    const member = await gw.accountId('mb01010102002');
    const log = await gw.rpc('gw.credit.score.log.query', { opsId: admin, userId: member, pageIndex: 1, pageSize: 2 });
    const [reversal, original] = log.list;
    expect(original).toMatchObject({
      type: 'in',
      state: 'reversed',
      transferId,
      reversalOf: null,
      amount: '50.00',
      toLoginId: 'game-wallet',
    });
    expect(reversal).toMatchObject({
      type: 'out',
      state: 'done',
      transferId: null,
      reversalOf: original!.serialNo,
      fromLoginId: 'game-wallet',
    });
    expect(reversal!.operator).toBe('admin');
    expect((await gw.refusal('gw.credit.transfer.repair', { opsId: admin, transferId })).code).toBe(ErrorCode.repairNothingPending);
  });

  it('says when the platform is silent (37162) and changes nothing; refuses other lines (20002), other levels and codes (11003)', async () => {
    const transferId = await lostIn('mb01010102003', 4_000, 'after');
    later();
    const admin = await gw.sessionFor('admin');
    faults.push({ call: 'settleTransfer', when: 'before' });
    expect((await gw.refusal('gw.credit.transfer.repair', { opsId: admin, transferId })).code).toBe(ErrorCode.repairPlatformSilent);
    expect((await gw.refusal('gw.credit.transfer.repair', { opsId: await gw.sessionFor('ag01010201'), transferId })).code).toBe(
      ErrorCode.accountNotFound,
    );
    expect((await gw.refusal('gw.credit.transfer.repair', { opsId: await gw.sessionFor('ga010101'), transferId })).code).toBe(
      ErrorCode.notAuthorized,
    );
    await gw.addSubAccount({ loginId: 'clerk06', main: 'admin', accessCodes: [6] });
    expect((await gw.refusal('gw.credit.transfer.repair', { opsId: await gw.sessionForSub('clerk06'), transferId })).code).toBe(
      ErrorCode.notAuthorized,
    );
    const state = await gw.db.one<{ state: string }>(sql`SELECT state FROM score_log WHERE transfer_id = ${transferId}`);
    expect(state!.state).toBe('pending');
    await gw.addSubAccount({ loginId: 'clerk05', main: 'admin', accessCodes: [5] });
    expect(await gw.rpc('gw.credit.transfer.repair', { opsId: await gw.sessionForSub('clerk05'), transferId })).toMatchObject({
      state: 'done',
    });
  });

  it("answers a member's game log: each session with its transfers in and out and its bets' totals", async () => {
    const member = await gw.accountId('mb01010201001');
    const session = `M${++seq}`;
    const now = gw.clock.now();
    await transferIn(gw.db, platformFor, { siteId: 'demo', memberId: member, amount: 20_000, transferId: session, now });
    const bet = (orderId: string, winLoss: number) => ({
      orderId,
      memberId: member,
      betTime: new Date(now.getTime() + 1_000),
      settleTime: new Date(now.getTime() + 30_000),
      gameCode: 'baccarat',
      gameType: 'live' as const,
      playType: 'banker',
      betCode: 'banker',
      gameId: 'BAC-02',
      gameName: 'Baccarat',
      round: '1',
      transactionId: session,
      status: 'settled' as const,
      bet: 5_000,
      validBet: 5_000,
      settle: 5_000 + winLoss,
      winLoss,
      jackpot: 0,
      jackpotWon: 0,
      jackpotRake: 0,
      redPacket: 0,
    });
    await storeBets(gw.db, 'demo', [bet('880000000001', 4_750), bet('880000000002', -5_000)], new Date(now.getTime() + 30_000));
    await gw.db.run(sql`UPDATE platform_wallets SET balance = balance - 250 WHERE site_id = 'demo' AND member_id = ${member}`);
    await transferOut(gw.db, platformFor, {
      siteId: 'demo',
      memberId: member,
      amount: 19_750,
      transferId: `M${++seq}`,
      now: new Date(now.getTime() + 60_000),
    });

    const agent = await gw.sessionFor('ag01010201');
    const range = {
      startTime: new Date(now.getTime() - 86_400_000).toISOString(),
      endTime: new Date(now.getTime() + 86_400_000).toISOString(),
    };
    const log = await gw.rpc('gw.credit.player.game.log', { opsId: agent, userId: member, ...range, pageIndex: 1, pageSize: 50 });
    expect(log.total).toBe(1);
    expect(log.list[0]).toEqual({
      sessionId: session,
      startTime: now.toISOString(),
      endTime: new Date(now.getTime() + 60_000).toISOString(),
      transferIn: '200.00',
      transferOut: '197.50',
      bets: 2,
      betAmount: '100.00',
      validBet: '100.00',
      winLoss: '-2.50',
      pending: 0,
    });
    const other = await gw.sessionFor('ag01010102');
    expect(
      (await gw.refusal('gw.credit.player.game.log', { opsId: other, userId: member, ...range, pageIndex: 1, pageSize: 50 })).code,
    ).toBe(ErrorCode.accountNotFound);
    const notMember = await gw.refusal('gw.credit.player.game.log', {
      opsId: agent,
      userId: await gw.accountId('ag01010201'),
      ...range,
      pageIndex: 1,
      pageSize: 50,
    });
    expect([notMember.code, notMember.data]).toEqual([ErrorCode.invalidParams, { field: 'userId', rule: 'not-a-member' }]);
  });

  it('refuses bad params (100)', async () => {
    const admin = await gw.sessionFor('admin');
    const bad = await gw.refusal('gw.credit.transfer.repair', { opsId: admin, transferId: 'no spaces allowed' });
    expect([bad.code, bad.data]).toEqual([ErrorCode.invalidParams, { field: 'transferId', rule: 'transfer-id' }]);
    const range = await gw.refusal('gw.credit.transfer.query', {
      opsId: admin,
      startTime: '2026-11-02T00:00:00.000Z',
      endTime: '2026-11-01T00:00:00.000Z',
      pageIndex: 1,
      pageSize: 50,
    });
    expect([range.code, range.data]).toEqual([ErrorCode.invalidParams, { field: 'startTime', rule: 'start-after-end' }]);
  });
});
