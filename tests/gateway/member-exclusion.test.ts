import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import { betRefusal } from '../../server/game-rules/platform-rules';
import { sendPlatformPushes } from '../../server/games/platform-pushes';
import { sql } from '../../server/kernel/db/sql';
import { withFaults, type Fault, type PlatformFor } from '../../server/platform/game-platform';
import { checkLedger } from '../../server/points/ledger-check';
import { REPAIR_AFTER_MS, transferIn } from '../../server/points/game-transfers';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { testDatabaseKind } from '../support/test-database';
import { startTestGateway, type TestGateway } from '../support/test-gateway';

// Time-outs and self-exclusions (docs/product.md#time-outs-and-self-exclusion), on both engines.
// The line: admin (0) > ma01 (1) > sh0101 (2) > ga010101 (3) > ag01010102 (4) > mb01010102001.
// sh0201 (2) is of another line.

let gw: TestGateway;
const faults: Fault[] = [];
const platformFor: PlatformFor = (db) => withFaults(simulatorPlatform(db), faults);
const MEMBER = 'mb01010102001';
let member: string;
let seq = 0;

const set = async (login: string, period: string, kind = 'time-out', reason = 'member-request') =>
  gw.call('gw.credit.user.exclusion.set', {
    opsId: await gw.sessionFor(login),
    userId: member,
    period,
    kind,
    reason,
    note: 'asked at the desk',
  });
const lift = async (login: string) => gw.call('gw.credit.user.exclusion.lift', { opsId: await gw.sessionFor(login), userId: member });
const codeOf = (answer: { error?: { code: number } }) => answer.error?.code;
const wallet = () => platformFor(gw.db).balance({ siteId: 'demo', memberId: member });
/** The member brings `amount` cents into the game (its lobby's transfer in). */
const playWith = (amount: number) =>
  transferIn(gw.db, platformFor, { siteId: 'demo', memberId: member, amount, transferId: `EX${++seq}`, now: gw.clock.now() });
const bet = async () => {
  await sendPlatformPushes(gw.db, platformFor, gw.clock.now());
  return betRefusal(gw.db, { siteId: 'demo', memberId: member, gameCode: 'baccarat', device: 'pc', stake: 1_000 });
};
const scoreUp = async (login = 'ag01010102') =>
  gw.call('gw.credit.user.score.up', { opsId: await gw.sessionFor(login), userId: member, amount: '1.00', comment: '' });

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false, platformFor, jobs: { run: false } });
  member = await gw.accountId(MEMBER);
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  faults.length = 0;
  await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
  await gw.db.run(sql`DELETE FROM member_exclusions`);
  await gw.db.run(sql`DELETE FROM platform_pushes`);
});

describe('setting an exclusion', () => {
  it('refuses score ups (20062), recalls the game wallet, and the platform refuses the bets until it is lifted', async () => {
    await playWith(5_000);
    expect(await wallet()).toBe(5_000n);
    expect(await bet()).toBeNull();
    const answer = await set('ag01010102', '24h');
    expect(answer.error, JSON.stringify(answer)).toBeUndefined();
    const result = answer.result as { change: string; recall: { state: string; amount: string }; exclusion: { until: string } };
    expect(result.change).toBe('set');
    expect(result.recall).toMatchObject({ state: 'done', amount: '50.00' });
    expect(Date.parse(result.exclusion.until)).toBe(gw.clock.now().getTime() + 86_400_000);
    expect(await wallet()).toBe(0n);
    expect(codeOf(await scoreUp())).toBe(ErrorCode.memberExcluded);
    expect(codeOf(await scoreUp('admin'))).toBe(ErrorCode.memberExcluded);
    // Its preview says so too.
    const preview = await gw.rpc('gw.credit.user.score.preview', {
      opsId: await gw.sessionFor('ag01010102'),
      direction: 'up',
      userId: member,
      amount: '1.00',
      comment: '',
    });
    expect(preview.refusals.map((refusal) => refusal.code)).toEqual([ErrorCode.memberExcluded]);
    expect(await bet()).toBe('member-excluded');
    // A transfer in is refused too: nothing goes to the game.
    await expect(playWith(100)).rejects.toMatchObject({ code: ErrorCode.memberExcluded });
    // The member detail shows it; the operation record keeps the setting.
    const profile = await gw.rpc('gw.credit.user.profile', { opsId: await gw.sessionFor('ag01010102'), userId: member });
    expect(profile.exclusion).toMatchObject({ kind: 'time-out', reason: 'member-request', note: 'asked at the desk', setterLevel: 4 });
    const logged = await gw.db.rows<{ summary: string }>(
      sql`SELECT summary FROM operation_log WHERE method = 'gw.credit.user.exclusion.set' AND target_id = ${member}::bigint`,
    );
    expect(logged.map((row) => row.summary)).toEqual([`EXCLUSION_SET ${MEMBER} time-out 24h member-request`]);

    expect((await lift('ag01010102')).error).toBeUndefined();
    expect(await bet()).toBeNull();
    expect((await scoreUp()).error).toBeUndefined();
    const after = await gw.rpc('gw.credit.user.profile', { opsId: await gw.sessionFor('ag01010102'), userId: member });
    expect(after.exclusion).toBeNull();
    expect(codeOf(await lift('ag01010102'))).toBe(ErrorCode.exclusionNone);
  });

  it('still applies when the platform loses the recall: the recall stays pending for the repair', async () => {
    await playWith(2_000);
    faults.push({ call: 'transferOut', when: 'after' });
    const answer = await set('ga010101', '7d', 'self-exclusion', 'responsible-gaming');
    expect(answer.error, JSON.stringify(answer)).toBeUndefined();
    expect((answer.result as { recall: { state: string } }).recall.state).toBe('pending');
    expect(codeOf(await scoreUp())).toBe(ErrorCode.memberExcluded);
    expect(await bet()).toBe('member-excluded');
    const pending = await gw.rpc('gw.credit.transfer.query', { opsId: await gw.sessionFor('admin'), userId: member, state: 'pending' });
    expect(pending.list).toHaveLength(1);
    gw.clock.advance(REPAIR_AFTER_MS);
    await gw.rpc('gw.credit.transfer.repair', { opsId: await gw.sessionFor('admin'), transferId: pending.list[0]!.transferId! });
    expect(await wallet()).toBe(0n);
  });
});

describe('who may change it', () => {
  it('is lengthened by a lower agent, shortened or lifted only by the setter or above', async () => {
    expect((await set('ga010101', '24h')).error).toBeUndefined();
    const longer = await set('ag01010102', '7d');
    expect((longer.result as { change: string }).change).toBe('lengthened');
    expect(codeOf(await set('ag01010102', '24h'))).toBe(ErrorCode.exclusionNotYours);
    expect(codeOf(await lift('ag01010102'))).toBe(ErrorCode.exclusionNotYours);
    const shorter = await set('ga010101', '24h');
    expect((shorter.result as { change: string; exclusion: { setByLogin: string } }).change).toBe('shortened');
    expect((shorter.result as { exclusion: { setByLogin: string } }).exclusion.setByLogin).toBe('ga010101');
    // An account above the setter takes it over: then the setter below may no longer shorten it.
    expect((await set('sh0101', '30d')).error).toBeUndefined();
    expect(codeOf(await set('ga010101', '7d'))).toBe(ErrorCode.exclusionNotYours);
    expect((await lift('sh0101')).error).toBeUndefined();
  });

  it('lifts or shortens a permanent one only by the company', async () => {
    expect((await set('ga010101', 'permanent', 'self-exclusion')).error).toBeUndefined();
    expect(codeOf(await lift('ga010101'))).toBe(ErrorCode.exclusionPermanent);
    expect(codeOf(await set('ma01', '6m'))).toBe(ErrorCode.exclusionPermanent);
    expect((await set('ag01010102', 'permanent')).error).toBeUndefined();
    expect(await bet()).toBe('member-excluded');
    expect((await lift('admin')).error).toBeUndefined();
    expect(await bet()).toBeNull();
  });

  it('refuses an agent of another line (20002); the list of those in force is the company’s', async () => {
    expect(codeOf(await set('sh0201', '24h'))).toBe(ErrorCode.accountNotFound);
    expect((await set('ag01010102', '30d')).error).toBeUndefined();
    const list = await gw.rpc('gw.credit.user.exclusion.list', { opsId: await gw.sessionFor('admin') });
    expect(list.list.map((row) => [row.loginId, row.setByLogin])).toEqual([[MEMBER, 'ag01010102']]);
    expect(Date.parse(list.list[0]!.until!)).toBe(gw.clock.now().getTime() + 30 * 86_400_000);
    const refused = await gw.call('gw.credit.user.exclusion.list', { opsId: await gw.sessionFor('sh0101') });
    expect(codeOf(refused)).toBe(ErrorCode.notAuthorized);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('an exclusion set while a transfer in runs', () => {
  it('leaves the ledger clean and nothing at the platform once the recall settles', async () => {
    // A few rounds, so that both orders happen: the transfer in first, or the exclusion first.
    for (let round = 0; round < 6; round += 1) {
      await gw.db.run(sql`DELETE FROM member_exclusions`);
      await playWith(1_000);
      const [moved, excluded] = await Promise.allSettled([playWith(3_000), set('ag01010102', '24h')]);
      expect(excluded.status).toBe('fulfilled');
      const answer = (excluded as PromiseFulfilledResult<Awaited<ReturnType<typeof set>>>).value;
      expect(answer.error, JSON.stringify(answer)).toBeUndefined();
      const recall = (answer.result as { recall: { state: string; code: number | null } }).recall;
      // The transfer in went first (the recall took it back, or found it unsettled: 37165), or it was refused 20062.
      if (moved.status === 'rejected') expect(moved.reason).toMatchObject({ code: ErrorCode.memberExcluded });
      if (recall.state === 'refused') expect(recall.code).toBe(ErrorCode.repairTooEarly);
      if ((await wallet()) > 0n) {
        // The recall settles: asked again once the transfer in is done.
        const again = await gw.rpc('gw.credit.transfer.recall', { opsId: await gw.sessionFor('ag01010102'), userId: member });
        expect(again.state).toBe('done');
      }
      expect(await wallet()).toBe(0n);
    }
    const report = await checkLedger(gw.db, { siteId: 'demo' });
    expect(report.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual([]);
  });
});
