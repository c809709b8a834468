import { sql } from '../../server/kernel/db/sql';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors.contract';
import type { pointsMethods } from '../../contract/points.contract';
import { scoreTransferMachine, type TransferRequest, type TransferResult } from '../../machines/score-transfer.machine';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { transferIn, transferOut } from '../../server/points/game-transfers';
import { moveBalances } from '../../server/points/ledger';
import { checkLedger } from '../../server/points/ledger-check';
import { scoreLogPages, scoreLogSnapshot } from '../../server/points/score-log.repository';
import { balanceOf as balanceOfAccount, ledgerState as ledgerStateOf } from '../support/ledger-state';
import { startTestGateway, type RpcAnswer, type TestGateway } from '../support/test-gateway';

let gw: TestGateway;
const ids = new Map<string, string>();

async function idOf(loginId: string, siteId = 'demo'): Promise<string> {
  const key = `${siteId}/${loginId}`;
  if (!ids.has(key)) {
    const row = await gw.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND login_id = ${loginId}`);
    ids.set(key, String(row!.id));
  }
  return ids.get(key)!;
}

const balanceOf = (loginId: string, siteId = 'demo') => balanceOfAccount(gw.db, loginId, siteId);

async function pointLimitOf(loginId: string): Promise<bigint> {
  const row = await gw.db.one<{ point_limit: string | number }>(
    sql`SELECT point_limit FROM accounts WHERE site_id = 'demo' AND login_id = ${loginId}`,
  );
  return BigInt(row!.point_limit);
}

const ledgerState = () => ledgerStateOf(gw.db);

async function lastOperation() {
  return gw.db.one<{ method: string; level: string; code: number | null; summary: string; request_key: string | null }>(
    sql`SELECT method, level, code, summary, request_key FROM operation_log ORDER BY id DESC LIMIT 1`,
  );
}

const up = async (caller: string, target: string, amount: unknown, extra: Record<string, unknown> = {}, siteId = 'demo') =>
  gw.call(
    'gw.credit.user.score.up',
    { opsId: await gw.sessionFor(caller, siteId), userId: await idOf(target, siteId), amount, ...extra },
    siteId === 'demo' ? {} : { host: 'demo2.localhost' },
  );
const down = async (caller: string, target: string, amount: unknown, extra: Record<string, unknown> = {}) =>
  gw.call('gw.credit.user.score.down', { opsId: await gw.sessionFor(caller), userId: await idOf(target), amount, ...extra });

/** A refusal with this code that changed nothing but the operation record (a warn row). */
async function expectRefused(call: () => Promise<RpcAnswer>, code: number) {
  const before = await ledgerState();
  const answer = await call();
  expect(answer.error?.code, JSON.stringify(answer)).toBe(code);
  expect(await ledgerState()).toEqual(before);
  return answer;
}

beforeAll(async () => {
  gw = await startTestGateway({ captcha: false });
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1, in_game = false`);
  await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 0`);
});

describe('gw.credit.user.score.up and .down', () => {
  it('moves points from the parent to a direct child and back, with both sides in the answer and the log', async () => {
    const [admin, ma01] = [await balanceOf('admin'), await balanceOf('ma01')];
    const answer = await up('admin', 'ma01', '100.50', { comment: 'weekly top-up' });
    expect(answer.result).toEqual({
      serialNo: expect.stringMatching(/^[1-9][0-9]*$/),
      amount: '100.50',
      before: (Number(ma01) / 100).toFixed(2),
      after: (Number(ma01 + 10_050n) / 100).toFixed(2),
      operatorBefore: (Number(admin) / 100).toFixed(2),
      operatorAfter: (Number(admin - 10_050n) / 100).toFixed(2),
    });
    expect(await balanceOf('ma01')).toBe(ma01 + 10_050n);
    expect(await balanceOf('admin')).toBe(admin - 10_050n);
    const serialNo = (answer.result as TransferResult).serialNo;
    expect(await lastOperation()).toMatchObject({
      method: 'gw.credit.user.score.up',
      level: 'normal',
      code: null,
      summary: `SCORE_UP 100.50 #${serialNo}`,
    });

    const back = await down('admin', 'ma01', 50);
    expect(back.result).toMatchObject({
      amount: '50.00',
      before: (answer.result as TransferResult).after,
      operatorBefore: (answer.result as TransferResult).operatorAfter,
    });
    expect(BigInt((back.result as TransferResult).serialNo)).toBe(BigInt(serialNo) + 1n);

    const log = await gw.call('gw.credit.score.log.query', {
      opsId: await gw.sessionFor('admin'),
      userId: await idOf('ma01'),
      pageSize: 2,
    });
    expect((log.result as { list: unknown[] }).list).toEqual([
      expect.objectContaining({
        type: 'down',
        amount: '50.00',
        fromLoginId: 'ma01',
        toLoginId: 'admin',
        operator: 'admin',
        operatorIp: '127.0.0.1',
        comment: '',
      }),
      expect.objectContaining({
        serialNo,
        type: 'up',
        amount: '100.50',
        fromUserId: await idOf('admin'),
        fromLoginId: 'admin',
        toUserId: await idOf('ma01'),
        toLoginId: 'ma01',
        before: (answer.result as TransferResult).before,
        after: (answer.result as TransferResult).after,
        operatorBefore: (answer.result as TransferResult).operatorBefore,
        operatorAfter: (answer.result as TransferResult).operatorAfter,
        operator: 'admin',
        operatorSubAccountId: null,
        time: gw.clock.now().toISOString(),
        comment: 'weekly top-up',
      }),
    ]);
    expect((await checkLedger(gw.db)).ok).toBe(true);
  });

  it('works at every level down to a member, and a member can be scored down to zero', async () => {
    for (const [caller, target] of [
      ['ma01', 'sh0101'],
      ['sh0101', 'ga010101'],
      ['ga010101', 'ag01010101'],
      ['ag01010102', 'mb01010102001'],
    ]) {
      expect((await up(caller!, target!, '1')).error, `${caller} -> ${target}`).toBeUndefined();
    }
    const all = await balanceOf('mb01010102001');
    const answer = await down('ag01010102', 'mb01010102001', (Number(all) / 100).toFixed(2));
    expect(answer.result).toMatchObject({ after: '0.00' });
    expect((await checkLedger(gw.db)).ok).toBe(true);
  });

  it('refuses an account outside the line, of another site or unknown with 20002', async () => {
    await expectRefused(() => up('ma01', 'sh0201', '1'), ErrorCode.accountNotFound);
    await expectRefused(() => down('ma01', 'ma02', '1'), ErrorCode.accountNotFound);
    const otherSite = await idOf('ma01', 'demo2');
    await expectRefused(
      async () => gw.call('gw.credit.user.score.up', { opsId: await gw.sessionFor('admin'), userId: otherSite, amount: '1' }),
      ErrorCode.accountNotFound,
    );
    await expectRefused(
      async () => gw.call('gw.credit.user.score.up', { opsId: await gw.sessionFor('admin'), userId: '999999999', amount: '1' }),
      ErrorCode.accountNotFound,
    );
    // The caller's parent is outside its line too.
    await expectRefused(() => up('sh0101', 'ma01', '1'), ErrorCode.accountNotFound);
  });

  it('refuses an account of the line that is not a direct child with 20040, and oneself', async () => {
    await expectRefused(() => up('admin', 'sh0101', '1'), ErrorCode.notDirectRelation);
    await expectRefused(() => down('ma01', 'ag01010101', '1'), ErrorCode.notDirectRelation);
    await expectRefused(() => up('ma01', 'ma01', '1'), ErrorCode.notDirectRelation);
  });

  it('refuses a frozen or disabled target, or one whose line is, with 20003', async () => {
    for (const [column, value] of [
      ['status', 6],
      ['status', 4],
      ['team_status', 6],
      ['team_status', 4],
    ] as const) {
      await gw.db.run(sql`UPDATE accounts SET ${sql.raw(column)} = ${value} WHERE login_id = 'sh0101' AND site_id = 'demo'`);
      await expectRefused(() => up('ma01', 'sh0101', '1'), ErrorCode.targetStatusForbidsScore);
      await expectRefused(() => down('ma01', 'sh0101', '1'), ErrorCode.targetStatusForbidsScore);
      await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 1`);
    }
    expect(await lastOperation()).toMatchObject({ level: 'warn', code: ErrorCode.targetStatusForbidsScore });
  });

  it('refuses a frozen operator, or one in a frozen or disabled line, with 20005', async () => {
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    await expectRefused(() => up('ma01', 'sh0101', '1'), ErrorCode.operatorStatusForbidsScore);
    await gw.db.run(sql`UPDATE accounts SET status = 1, team_status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    await expectRefused(() => up('ma01', 'sh0101', '1'), ErrorCode.operatorStatusForbidsScore);
    await expectRefused(() => down('sh0101', 'ga010101', '1'), ErrorCode.operatorStatusForbidsScore);
    const session = await gw.sessionFor('ga010101');
    await gw.db.run(sql`UPDATE accounts SET team_status = 4 WHERE login_id = 'sh0101' AND site_id = 'demo'`);
    await expectRefused(
      async () => gw.call('gw.credit.user.score.up', { opsId: session, userId: await idOf('ag01010101'), amount: '1' }),
      ErrorCode.operatorStatusForbidsScore,
    );
  });

  it('refuses more than the operator holds (37110) and, scoring down, more than the target holds (37111)', async () => {
    const ga = await balanceOf('ga010101');
    await expectRefused(() => up('ga010101', 'ag01010101', ((Number(ga) + 1) / 100).toFixed(2)), ErrorCode.operatorBalanceLow);
    const ag = await balanceOf('ag01010101');
    await expectRefused(() => down('ga010101', 'ag01010101', ((Number(ag) + 1) / 100).toFixed(2)), ErrorCode.targetBalanceLow);
    // Exactly all of it is fine.
    expect((await up('ga010101', 'ag01010101', (Number(ga) / 100).toFixed(2))).result).toMatchObject({ operatorAfter: '0.00' });
    await expectRefused(() => up('ga010101', 'ag01010101', '0.01'), ErrorCode.operatorBalanceLow);
    expect((await down('ga010101', 'ag01010101', (Number(ga) / 100).toFixed(2))).result).toMatchObject({
      operatorAfter: (Number(ga) / 100).toFixed(2),
    });
  });

  it('refuses a score up that would take the target above its point limit (20030 above-point-limit), not one up to it', async () => {
    await gw.db.run(sql`UPDATE accounts SET point_limit = 500000 WHERE login_id = 'mb01010102003' AND site_id = 'demo'`);
    const held = await balanceOf('mb01010102003');
    const room = 500_000n - held;
    const over = await expectRefused(
      () => up('ag01010102', 'mb01010102003', (Number(room + 1n) / 100).toFixed(2)),
      ErrorCode.setScoreFailed,
    );
    expect(over.error?.data).toEqual({ field: 'amount', rule: 'above-point-limit' });
    expect(await lastOperation()).toMatchObject({ level: 'warn', code: ErrorCode.setScoreFailed });
    // An up above the member's point limit: 6000 up to a member whose limit is 5000.
    await gw.db.run(sql`UPDATE accounts SET point_limit = 500000 WHERE login_id = 'mb01010102004' AND site_id = 'demo'`);
    await expectRefused(() => up('ag01010102', 'mb01010102004', '6000'), ErrorCode.setScoreFailed);
    await gw.db.run(sql`UPDATE accounts SET point_limit = 10000000 WHERE login_id = 'mb01010102004' AND site_id = 'demo'`);
    // Up to the limit exactly is fine; then not a cent more, and scoring down is never capped.
    expect((await up('ag01010102', 'mb01010102003', (Number(room) / 100).toFixed(2))).result).toMatchObject({ after: '5000.00' });
    await expectRefused(() => up('ag01010102', 'mb01010102003', '0.01'), ErrorCode.setScoreFailed);
    await gw.db.run(sql`UPDATE accounts SET point_limit = 100000 WHERE login_id = 'mb01010102003' AND site_id = 'demo'`);
    expect((await down('ag01010102', 'mb01010102003', '1')).result).toMatchObject({ after: '4999.00' });
    await gw.db.run(sql`UPDATE accounts SET point_limit = 10000000 WHERE login_id = 'mb01010102003' AND site_id = 'demo'`);
    expect((await checkLedger(gw.db)).ok).toBe(true);
  });

  it('refuses scoring down a member in a game (20032), not scoring it up', async () => {
    await gw.db.run(sql`UPDATE accounts SET in_game = true WHERE login_id = 'mb01010102002' AND site_id = 'demo'`);
    await expectRefused(() => down('ag01010102', 'mb01010102002', '1'), ErrorCode.onlinePlayerScoreDown);
    expect((await up('ag01010102', 'mb01010102002', '1')).result).toBeDefined();
  });

  it("refuses a second operation on one target within the site's minimum interval (37150)", async () => {
    await gw.db.run(sql`UPDATE sites SET min_score_interval_ms = 60000 WHERE id = 'demo'`);
    // The seed's own score-ups count too.
    gw.clock.advance(60_000);
    expect((await up('ma02', 'sh0201', '1', { requestKey: 'interval-1' })).result).toBeDefined();
    gw.clock.advance(59_000);
    await expectRefused(() => down('ma02', 'sh0201', '1'), ErrorCode.setPointsTooFrequent);
    // Another target, or the same operation replayed by its key, is not "too frequent".
    expect((await up('ma02', 'sh0202', '1')).result).toBeDefined();
    expect((await up('ma02', 'sh0201', '1', { requestKey: 'interval-1' })).result).toBeDefined();
    gw.clock.advance(1_000);
    expect((await down('ma02', 'sh0201', '1')).result).toBeDefined();
  });

  it('refuses bad amounts and comments with 100 and a missing amount with 700', async () => {
    for (const amount of [
      '0',
      0,
      '0.00',
      '-1',
      -5,
      '1.001',
      0.001,
      'abc',
      '',
      ' ',
      '1e3',
      '１',
      '1,000',
      null,
      true,
      [],
      {},
      '90071992547409.92',
      1e13,
    ]) {
      const answer = await expectRefused(() => up('admin', 'ma01', amount), ErrorCode.invalidParams);
      expect(answer.error?.data?.field, JSON.stringify(amount)).toBe('amount');
    }
    const tooLong = await expectRefused(() => up('admin', 'ma01', '1', { comment: 'x'.repeat(101) }), ErrorCode.invalidParams);
    expect(tooLong.error?.data).toEqual({ field: 'comment', rule: 'comment-too-long' });
    await expectRefused(() => up('admin', 'ma01', '1', { comment: '😀'.repeat(101) }), ErrorCode.invalidParams);
    // 100 characters is the limit, counted as characters, not UTF-16 units.
    expect((await up('admin', 'ma01', '1', { comment: '😀'.repeat(100) })).result).toBeDefined();
    expect((await up('admin', 'ma01', 0.07)).result).toMatchObject({ amount: '0.07' });
    const missing = await expectRefused(
      async () => gw.call('gw.credit.user.score.up', { opsId: await gw.sessionFor('admin'), userId: await idOf('ma01') }),
      ErrorCode.missingParams,
    );
    expect(missing.error?.data?.field).toBe('amount');
  });

  it('replays the first answer for a repeated requestKey and applies it once; other params with the key get 20011', async () => {
    const before = await balanceOf('sh0102');
    const first = await up('ma01', 'sh0102', '12.34', { requestKey: 'replay-1' });
    const state = await ledgerState();
    // The same amount written otherwise is the same call.
    for (const amount of ['12.34', 12.34])
      expect((await up('ma01', 'sh0102', amount, { requestKey: 'replay-1' })).result).toEqual(first.result);
    expect(await ledgerState()).toEqual(state);
    expect(await balanceOf('sh0102')).toBe(before + 1_234n);
    const other = await expectRefused(() => up('ma01', 'sh0102', '12.35', { requestKey: 'replay-1' }), ErrorCode.illegalOperation);
    expect(other.error?.data).toEqual({ field: 'requestKey', rule: 'reused' });
    await expectRefused(() => up('ma01', 'sh0102', '12.34', { requestKey: 'replay-1', comment: 'other' }), ErrorCode.illegalOperation);
    // The key is the caller's for this method: score.down with it is another call.
    expect((await down('ma01', 'sh0102', '12.34', { requestKey: 'replay-1' })).result).toBeDefined();
    const rows = await gw.db.rows(sql`SELECT serial_no FROM score_log WHERE request_key = 'replay-1'`);
    expect(rows).toHaveLength(2);
  });

  it('applies concurrent calls with one key once', async () => {
    const before = await balanceOf('sh0101');
    const token = await gw.sessionFor('ma01');
    const userId = await idOf('sh0101');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => gw.call('gw.credit.user.score.up', { opsId: token, userId, amount: '3', requestKey: 'race-1' })),
    );
    for (const answer of answers) expect(answer.result).toEqual(answers[0]!.result);
    expect(await balanceOf('sh0101')).toBe(before + 300n);
  });
});

describe('the transfer statement on its own (it leaves with the row lock, before the checks answer)', () => {
  it('changes nothing, even committed, when the target is not a direct child of the site or a balance would go below 0', async () => {
    const base = {
      siteId: 'demo',
      operatorLogin: 'ma01',
      operatorSubAccountId: null,
      ip: '127.0.0.1',
      comment: '',
      minIntervalMs: 0,
      requestKey: null,
    };
    const ma01 = await idOf('ma01');
    const cases = [
      { direction: 'up' as const, operatorId: ma01, targetId: await idOf('sh0201'), amount: 1 }, // another parent's child
      { direction: 'up' as const, operatorId: ma01, targetId: await idOf('ga010101'), amount: 1 }, // a grandchild
      { direction: 'up' as const, operatorId: ma01, targetId: await idOf('ma01', 'demo2'), amount: 1 }, // same login, other site
      { direction: 'up' as const, operatorId: ma01, targetId: await idOf('sh0101'), amount: Number(await balanceOf('ma01')) + 1 },
      { direction: 'down' as const, operatorId: ma01, targetId: await idOf('sh0101'), amount: Number(await balanceOf('sh0101')) + 1 },
    ];
    for (const input of cases) {
      const before = await ledgerState();
      const moved = await gw.db.transaction((tx) => moveBalances(tx, { ...base, ...input, now: gw.clock.now() }, BigInt(input.amount)));
      expect(moved, JSON.stringify(input)).toBeUndefined();
      expect(await ledgerState()).toEqual(before);
    }
    // A score up one cent above the child's point limit, all else met.
    const limit = await pointLimitOf('sh0101');
    await gw.db.run(sql`UPDATE accounts SET point_limit = balance WHERE login_id = 'sh0101' AND site_id = 'demo'`);
    const before = await ledgerState();
    const capped = { ...base, direction: 'up' as const, operatorId: ma01, targetId: await idOf('sh0101'), amount: 1, now: gw.clock.now() };
    expect(await gw.db.transaction((tx) => moveBalances(tx, capped, 1n))).toBeUndefined();
    expect(await ledgerState()).toEqual(before);
    await gw.db.run(sql`UPDATE accounts SET point_limit = ${limit} WHERE login_id = 'sh0101' AND site_id = 'demo'`);
    // The same statement with all guards met moves the points.
    const sh0101 = await balanceOf('sh0101');
    const input = { ...base, direction: 'up' as const, operatorId: ma01, targetId: await idOf('sh0101'), amount: 5, now: gw.clock.now() };
    const moved = await gw.db.transaction((tx) => moveBalances(tx, input, 5n));
    expect(moved).toMatchObject({ before: sh0101, after: sh0101 + 5n });
    expect(await balanceOf('sh0101')).toBe(sh0101 + 5n);
    expect((await checkLedger(gw.db)).ok).toBe(true);
  });
});

describe('gw.credit.score.issue', () => {
  it("adds to the company's balance as an audited issue row, only for the company", async () => {
    const before = await balanceOf('admin');
    const answer = await gw.call('gw.credit.score.issue', {
      opsId: await gw.sessionFor('admin'),
      amount: '1000',
      comment: 'Q3 issuance',
      requestKey: 'issue-1',
    });
    expect(answer.result).toEqual({
      serialNo: expect.any(String),
      before: (Number(before) / 100).toFixed(2),
      after: (Number(before + 100_000n) / 100).toFixed(2),
    });
    expect(
      (
        await gw.call('gw.credit.score.issue', {
          opsId: await gw.sessionFor('admin'),
          amount: '1000',
          comment: 'Q3 issuance',
          requestKey: 'issue-1',
        })
      ).result,
    ).toEqual(answer.result);
    expect(await balanceOf('admin')).toBe(before + 100_000n);
    const log = await gw.call('gw.credit.score.log.query', { opsId: await gw.sessionFor('admin'), type: 'issue' });
    expect((log.result as { list: unknown[] }).list[0]).toMatchObject({
      type: 'issue',
      fromUserId: null,
      operatorBefore: null,
      comment: 'Q3 issuance',
      amount: '1000.00',
    });
    expect((await checkLedger(gw.db, { siteId: 'demo' })).ok).toBe(true);
    await expectRefused(
      async () => gw.call('gw.credit.score.issue', { opsId: await gw.sessionFor('ma01'), amount: '1' }),
      ErrorCode.notAuthorized,
    );
    await expectRefused(
      async () => gw.call('gw.credit.score.issue', { opsId: await gw.sessionFor('admin'), amount: '0' }),
      ErrorCode.invalidParams,
    );
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'admin' AND site_id = 'demo'`);
    await expectRefused(
      async () => gw.call('gw.credit.score.issue', { opsId: await gw.sessionFor('admin'), amount: '1' }),
      ErrorCode.operatorStatusForbidsScore,
    );
  });

  it('keeps the total issued within what a bigint holds, and answers huge balances exactly', async () => {
    // A consistent issue row near the limit, written directly (reaching it by calls takes a thousand of them).
    const huge = 8_999_000_000_000_000_000n;
    await gw.db.transaction(async (tx) => {
      await tx.run(sql`WITH serial AS (UPDATE sites SET score_serial = score_serial + 1 WHERE id = 'demo2' RETURNING score_serial),
          company AS (UPDATE accounts SET balance = balance + ${String(huge)}::bigint WHERE site_id = 'demo2' AND level = 0 AND kind = 'tree' RETURNING id, balance)
        INSERT INTO score_log (site_id, serial_no, type, to_account_id, target_account_id, amount, before, after, operator_account_id, operator_login, created_at)
        SELECT 'demo2', serial.score_serial, 'issue', company.id, company.id, ${String(huge)}::bigint, company.balance - ${String(huge)}::bigint,
               company.balance, company.id, 'admin2', now() FROM serial, company`);
    });
    const token = await gw.sessionFor('admin2', 'demo2');
    const before = await balanceOf('admin2', 'demo2');
    const answer = await gw.call('gw.credit.score.issue', { opsId: token, amount: '90071992547409.91' }, { host: 'demo2.localhost' });
    expect(answer.error).toMatchObject({ code: ErrorCode.invalidParams, data: { field: 'amount', rule: 'issuance-too-large' } });
    const fits = await gw.call('gw.credit.score.issue', { opsId: token, amount: '1.01' }, { host: 'demo2.localhost' });
    const exact = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
    expect(fits.result).toMatchObject({ before: exact(before), after: exact(before + 101n) });
    expect((await gw.call('gw.credit.user.balance.get', { opsId: token }, { host: 'demo2.localhost' })).result).toEqual({
      balance: exact(before + 101n),
    });
    expect((await checkLedger(gw.db, { siteId: 'demo2' })).ok).toBe(true);
  });
});

describe('gw.credit.score.log.query', () => {
  it("lists the rows of the caller's line only, filtered and paged", async () => {
    const ma01 = await gw.sessionFor('ma01');
    const all = (await gw.call('gw.credit.score.log.query', { opsId: ma01, pageSize: 500 })).result as {
      total: number;
      list: { serialNo: string; toLoginId: string; fromLoginId: string | null; type: string }[];
    };
    expect(all.total).toBeGreaterThan(0);
    const lineLogins = await gw.db.rows<{
      login_id: string;
    }>(sql`SELECT a.login_id FROM accounts a JOIN accounts me ON me.login_id = 'ma01' AND me.site_id = 'demo'
      WHERE a.site_id = 'demo' AND a.path LIKE me.path || '%'`);
    const line = new Set(lineLogins.map((row) => row.login_id));
    for (const row of all.list) expect(line.has(row.type === 'down' ? row.fromLoginId! : row.toLoginId), JSON.stringify(row)).toBe(true);
    // Its own funding from admin is in it; admin's issue and other lines are not.
    expect(all.list.some((row) => row.fromLoginId === 'admin' && row.toLoginId === 'ma01')).toBe(true);
    expect(all.list.some((row) => row.type === 'issue' || row.toLoginId === 'ma02')).toBe(false);
    const serials = all.list.map((row) => BigInt(row.serialNo));
    expect(serials).toEqual([...serials].sort((a, b) => (a < b ? 1 : -1)));

    const asc = (await gw.call('gw.credit.score.log.query', { opsId: ma01, order: 'asc', pageSize: 3, pageIndex: 2 })).result as {
      total: number;
      list: { serialNo: string }[];
    };
    expect(asc.total).toBe(all.total);
    expect(asc.list.map((row) => row.serialNo)).toEqual(
      [...all.list]
        .reverse()
        .slice(3, 6)
        .map((row) => row.serialNo),
    );
    const ups = (await gw.call('gw.credit.score.log.query', { opsId: ma01, type: 'down', pageSize: 500 })).result as {
      list: { type: string }[];
    };
    expect(ups.list.every((row) => row.type === 'down')).toBe(true);
  });

  it('reads in time order, as its header says, in the list and in the pages an export reads: a backdated row sorts by its time', async () => {
    const admin = await gw.sessionFor('admin');
    const ordered = async (order: 'asc' | 'desc') =>
      (
        (await gw.call('gw.credit.score.log.query', { opsId: admin, order, pageSize: 500 })).result as {
          list: { serialNo: string; time: string }[];
        }
      ).list;
    const before = await ordered('desc');
    const newest = before[0]!;
    const oldest = before.at(-1)!;
    // The newest row by serial, dated a minute before the oldest (as a history imported after the fact).
    const dated = new Date(new Date(oldest.time).getTime() - 60_000);
    await gw.db.run(sql`UPDATE score_log SET created_at = ${dated} WHERE site_id = 'demo' AND serial_no = ${newest.serialNo}`);
    try {
      const desc = await ordered('desc');
      expect(desc.at(-1)!.serialNo).toBe(newest.serialNo);
      const times = desc.map((row) => new Date(row.time).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect((await ordered('asc')).map((row) => row.serialNo)).toEqual(desc.map((row) => row.serialNo).reverse());
      // An export reads the same order page by page (each page after the last row of the one before).
      const scope = { siteId: 'demo', callerId: await idOf('admin'), wholeSite: true };
      const { untilSerial } = await scoreLogSnapshot(gw.db, scope, { order: 'desc' });
      for (const order of ['asc', 'desc'] as const) {
        const paged: string[] = [];
        for await (const page of scoreLogPages(gw.db, scope, { order, untilSerial }, 7)) paged.push(...page.map((row) => row.serialNo));
        expect(paged).toEqual((await ordered(order)).map((row) => row.serialNo));
      }
    } finally {
      await gw.db.run(
        sql`UPDATE score_log SET created_at = ${new Date(newest.time)} WHERE site_id = 'demo' AND serial_no = ${newest.serialNo}`,
      );
    }
  });

  it('filters by time, and refuses a start after the end (100), a bad type (100) and an account outside the line (20002)', async () => {
    gw.clock.advance(3_600_000);
    const admin = await gw.sessionFor('admin');
    const at = gw.clock.now();
    await up('admin', 'ma03', '2', { comment: 'timed' });
    const window = (await gw.call('gw.credit.score.log.query', { opsId: admin, startTime: at.toISOString(), endTime: at.toISOString() }))
      .result as { total: number; list: { comment: string }[] };
    expect(window.list.map((row) => row.comment)).toEqual(['timed']);
    const before = (
      await gw.call('gw.credit.score.log.query', { opsId: admin, endTime: new Date(at.getTime() - 1).toISOString(), pageSize: 500 })
    ).result as { list: { comment: string }[] };
    expect(before.list.some((row) => row.comment === 'timed')).toBe(false);
    const reversed = await gw.call('gw.credit.score.log.query', {
      opsId: admin,
      startTime: at.toISOString(),
      endTime: new Date(at.getTime() - 1000).toISOString(),
    });
    expect(reversed.error).toMatchObject({ code: 100, data: { field: 'startTime', rule: 'start-after-end' } });
    expect((await gw.call('gw.credit.score.log.query', { opsId: admin, type: 'sideways' })).error).toMatchObject({
      code: 100,
      data: { field: 'type' },
    });
    expect((await gw.call('gw.credit.score.log.query', { opsId: admin, pageSize: 501 })).error).toMatchObject({
      code: 100,
      data: { field: 'pageSize' },
    });
    expect(
      (await gw.call('gw.credit.score.log.query', { opsId: await gw.sessionFor('ma01'), userId: await idOf('ma02') })).error?.code,
    ).toBe(20002);
    expect((await gw.call('gw.credit.score.log.query', { opsId: admin, userId: await idOf('ma01', 'demo2') })).error?.code).toBe(20002);
  });

  it("answers each side's own before and after: the score account's (from) and the recipient's (to), for every type", async () => {
    const member = 'mb01010102003';
    const wallet = async () =>
      BigInt(
        (await gw.db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE site_id = 'demo' AND kind = 'wallet'`))!
          .balance,
      );
    const sides = { admin: () => balanceOf('admin'), ma01: () => balanceOf('ma01'), member: () => balanceOf(member), wallet };
    type Side = keyof typeof sides;
    const cents = (value: bigint) => (Number(value) / 100).toFixed(2);
    /** The newest row of a type after `move`, with each side's balances read before and after it. */
    const check = async (type: string, from: Side | null, to: Side, move: () => Promise<unknown>) => {
      const before = { from: from ? await sides[from]() : null, to: await sides[to]() };
      await move();
      const after = { from: from ? await sides[from]() : null, to: await sides[to]() };
      const log = await gw.call('gw.credit.score.log.query', { opsId: await gw.sessionFor('admin'), type, pageSize: 1 });
      const row = (log.result as { list: Record<string, unknown>[] }).list[0];
      expect(row, type).toMatchObject({
        type,
        fromBefore: before.from === null ? null : cents(before.from),
        fromAfter: after.from === null ? null : cents(after.from),
        toBefore: cents(before.to),
        toAfter: cents(after.to),
      });
      expect(before.to).not.toBe(after.to);
    };
    await check('issue', null, 'admin', async () =>
      gw.call('gw.credit.score.issue', { opsId: await gw.sessionFor('admin'), amount: '30' }),
    );
    await check('up', 'admin', 'ma01', () => up('admin', 'ma01', '20'));
    await check('down', 'ma01', 'admin', () => down('admin', 'ma01', '10'));
    const platform = simulatorPlatform(gw.db);
    const transfer = { siteId: 'demo', memberId: await idOf(member), amount: 1_500, now: gw.clock.now() };
    await check('in', 'member', 'wallet', () => transferIn(gw.db, () => platform, { ...transfer, transferId: 'sides-in' }));
    await check('out', 'wallet', 'member', () => transferOut(gw.db, () => platform, { ...transfer, transferId: 'sides-out' }));
    expect((await checkLedger(gw.db, { siteId: 'demo' })).ok).toBe(true);
  });
});

describe('the set-score risk search (score.log.query between two amounts)', () => {
  it('lists the operations whose amount lies between whole-point bounds, both included, and refuses bad bounds', async () => {
    gw.clock.advance(3_600_000);
    const admin = await gw.sessionFor('admin');
    const at = gw.clock.now();
    for (const amount of ['999.99', '1000.00', '2500.00', '5000.00', '5000.01'])
      expect((await up('admin', 'ma02', amount)).error).toBeUndefined();
    const between = async (minAmount: number, maxAmount: number) =>
      (
        (await gw.call('gw.credit.score.log.query', { opsId: admin, startTime: at.toISOString(), minAmount, maxAmount, order: 'asc' }))
          .result as { list: { amount: string }[] }
      ).list.map((row) => row.amount);
    expect(await between(1000, 5000)).toEqual(['1000.00', '2500.00', '5000.00']);
    expect(await between(2501, 4999)).toEqual([]);
    const refused = async (params: Record<string, unknown>) =>
      (await gw.call('gw.credit.score.log.query', { opsId: admin, ...params })).error;
    expect(await refused({ minAmount: 999, maxAmount: 5000 })).toMatchObject({
      code: 100,
      data: { field: 'minAmount', rule: 'risk-amount' },
    });
    expect(await refused({ minAmount: 2000, maxAmount: 2000 })).toMatchObject({
      code: 100,
      data: { field: 'maxAmount', rule: 'min-below-max' },
    });
    expect(await refused({ minAmount: 1000.5, maxAmount: 2000 })).toMatchObject({ code: 100, data: { field: 'minAmount' } });
  });
});

describe('gw.credit.agent.to.company.acc.reset', () => {
  it('closes a settlement period of a direct child agent: a row per call, periods joined, balances kept', async () => {
    const token = await gw.sessionFor('admin');
    const state = await ledgerState();
    const first = await gw.call('gw.credit.agent.to.company.acc.reset', { opsId: token, userId: await idOf('ma02') });
    // A period ends where today (Beijing) begins.
    const day = 86_400_000;
    const todayStart = Math.floor((gw.clock.now().getTime() + 8 * 3_600_000) / day) * day - 8 * 3_600_000;
    expect(first.result).toMatchObject({
      userId: await idOf('ma02'),
      periodEnd: new Date(todayStart).toISOString(),
      balance: (Number(await balanceOf('ma02')) / 100).toFixed(2),
    });
    // Today's period is closed: once a day, refused with its own code and message, and the bill says so before anyone asks.
    const closedToday = async () =>
      (await gw.rpc('gw.credit.bill.query', { opsId: await gw.sessionFor('admin') })).list.find((row) => row.loginId === 'ma02')!.open
        .closedToday;
    expect(await closedToday()).toBe(true);
    expect(
      (await gw.call('gw.credit.agent.to.company.acc.reset', { opsId: token, userId: await idOf('ma02'), ztsLang: 'en' })).error,
    ).toMatchObject({
      code: 20052,
      message: "This agent's period was already closed today: the next close is possible tomorrow (Beijing time)",
      data: { rule: 'closed-today' },
    });
    gw.clock.advance(86_400_000);
    expect(await closedToday()).toBe(false);
    const second = await gw.call('gw.credit.agent.to.company.acc.reset', {
      opsId: await gw.sessionFor('admin'),
      userId: await idOf('ma02'),
    });
    expect((second.result as { periodStart: string }).periodStart).toBe((first.result as { periodEnd: string }).periodEnd);
    expect(await ledgerState()).toMatchObject({ balances: state.balances, logRows: state.logRows, settlements: state.settlements + 2 });
    expect(await lastOperation()).toMatchObject({
      method: 'gw.credit.agent.to.company.acc.reset',
      level: 'normal',
      summary: 'SETTLEMENT_CLOSE ma02',
    });
  });

  it('refuses a grandchild (20040), another line (20002), a member-level caller (11003) and a frozen caller (20012)', async () => {
    await expectRefused(
      async () => gw.call('gw.credit.agent.to.company.acc.reset', { opsId: await gw.sessionFor('admin'), userId: await idOf('sh0101') }),
      ErrorCode.notDirectRelation,
    );
    await expectRefused(
      async () => gw.call('gw.credit.agent.to.company.acc.reset', { opsId: await gw.sessionFor('ma01'), userId: await idOf('sh0201') }),
      ErrorCode.accountNotFound,
    );
    await expectRefused(
      async () =>
        gw.call('gw.credit.agent.to.company.acc.reset', { opsId: await gw.sessionFor('ag01010101'), userId: await idOf('mb01010101001') }),
      ErrorCode.notAuthorized,
    );
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'ma01' AND site_id = 'demo'`);
    await expectRefused(
      async () => gw.call('gw.credit.agent.to.company.acc.reset', { opsId: await gw.sessionFor('ma01'), userId: await idOf('sh0101') }),
      ErrorCode.cannotOperate,
    );
  });
});

type Actor = 'level0' | 'level1' | 'level2' | 'level3' | 'level4' | 'notDirectParent' | 'otherLine' | 'otherSite';
const actors: Record<Actor, { caller: string; site: string; host?: string; target: string }> = {
  level0: { caller: 'admin', site: 'demo', target: 'ma03' },
  level1: { caller: 'ma03', site: 'demo', target: 'sh0301' },
  level2: { caller: 'sh0301', site: 'demo', target: 'ga030101' },
  level3: { caller: 'ga030101', site: 'demo', target: 'ag03010101' },
  level4: { caller: 'ag03010101', site: 'demo', target: 'mb03010101001' },
  notDirectParent: { caller: 'admin', site: 'demo', target: 'sh0301' },
  otherLine: { caller: 'ma02', site: 'demo', target: 'sh0301' },
  otherSite: { caller: 'admin2', site: 'demo2', host: 'demo2.localhost', target: 'sh0301' },
};
const ok = 'ok' as const;
const transferRow = {
  level0: ok,
  level1: ok,
  level2: ok,
  level3: ok,
  level4: ok,
  notDirectParent: 20040,
  otherLine: 20002,
  otherSite: 20002,
};
const matrix: Record<keyof typeof pointsMethods, Record<Actor, number | 'ok' | 'n/a'>> = {
  'gw.credit.user.score.up': transferRow,
  'gw.credit.user.score.down': transferRow,
  // A preview answers only what its action would be allowed to touch.
  'gw.credit.user.score.preview': transferRow,
  // Reads reach the whole line.
  'gw.credit.score.log.query': {
    level0: ok,
    level1: ok,
    level2: ok,
    level3: ok,
    level4: ok,
    notDirectParent: ok,
    otherLine: 20002,
    otherSite: 20002,
  },
  // The export starts a job for the rows the query would answer: the same rights.
  'gw.credit.score.log.export': {
    level0: ok,
    level1: ok,
    level2: ok,
    level3: ok,
    level4: ok,
    notDirectParent: ok,
    otherLine: 20002,
    otherSite: 20002,
  },
  'gw.credit.score.issue': {
    level0: ok,
    level1: 11003,
    level2: 11003,
    level3: 11003,
    level4: 11003,
    notDirectParent: 'n/a',
    otherLine: 'n/a',
    otherSite: 'n/a',
  },
  'gw.credit.agent.to.company.acc.reset': {
    level0: ok,
    level1: ok,
    level2: ok,
    level3: ok,
    level4: 11003,
    notDirectParent: 20040,
    otherLine: 20002,
    otherSite: 20002,
  },
  // The close's preview shows only what the close may touch.
  'gw.credit.agent.to.company.acc.reset.preview': {
    level0: ok,
    level1: ok,
    level2: ok,
    level3: ok,
    level4: 11003,
    notDirectParent: 20040,
    otherLine: 20002,
    otherSite: 20002,
  },
};

describe('who may call which points method on whom', () => {
  for (const [method, row] of Object.entries(matrix)) {
    it(method, async () => {
      const outcomes: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const [actor, want] of Object.entries(row) as [Actor, number | 'ok' | 'n/a'][]) {
        if (want === 'n/a') continue;
        const who = actors[actor];
        const opsId = await gw.sessionFor(who.caller, who.site);
        const userId = await idOf(who.target);
        const params =
          method === 'gw.credit.score.issue'
            ? { amount: '1' }
            : method.includes('score.') && !method.includes('log')
              ? { userId, amount: '0.01', ...(method.endsWith('preview') ? { direction: 'up' } : {}) }
              : { userId };
        const answer = await gw.call(method, { opsId, ...params }, who.host ? { host: who.host } : {});
        outcomes[actor] = answer.error ? answer.error.code : 'ok';
        expected[actor] = want;
      }
      expect(outcomes).toEqual(expected);
    });
  }
});

describe('generated bad inputs change nothing', () => {
  const badAmount = fc.oneof(
    fc.constantFrom(
      '0',
      '0.00',
      '-1',
      '1.001',
      '',
      ' ',
      'abc',
      '1e3',
      '0x10',
      '１',
      '1,5',
      '+1',
      '01',
      '.5',
      '5.',
      'NaN',
      'Infinity',
      '90071992547409.92',
      '1'.repeat(33),
    ),
    fc.constantFrom(0, -1, 0.001, 1e13, Number.MAX_VALUE, -0.01, 1.005),
    fc.constantFrom(null, true, false, [], {}, ['1'], { amount: 1 }),
    fc.double({ noNaN: true }).filter((value) => !(value > 0 && String(value).match(/^[0-9]+(\.[0-9]{1,2})?$/) && value < 1e13)),
    fc
      .string({ maxLength: 12 })
      .filter((text) => !/^\s*(0|[1-9][0-9]*)(\.[0-9]{1,2})?\s*$/.test(text) || /^\s*0(\.0{1,2})?\s*$/.test(text)),
  );
  const badComment = fc.oneof(
    fc.string({ minLength: 101, maxLength: 300 }).filter((text) => [...text].length > 100),
    fc.constantFrom(1, true, null, [], {}, '😀'.repeat(101)),
  );
  const badId = fc.oneof(
    fc.constantFrom('0', '-1', '1.5', 'abc', '', ' 1', '1e3', '0001', '9'.repeat(19)),
    fc.constantFrom(1, null, true, [], {}),
    fc.string({ maxLength: 8 }).filter((t) => !/^[1-9][0-9]{0,17}$/.test(t)),
  );

  type Case = { params: Record<string, unknown>; codes: number[]; field?: string };

  async function targets() {
    return {
      child: await idOf('sh0101'),
      grandchild: await idOf('ga010101'),
      self: await idOf('ma01'),
      otherLine: await idOf('sh0201'),
      otherSite: await idOf('sh0101', 'demo2'),
      parent: await idOf('admin'),
      unknown: '999999999',
    };
  }

  function transferCases(t: Awaited<ReturnType<typeof targets>>): fc.Arbitrary<Case> {
    return fc.oneof(
      badAmount.map((amount): Case => ({ params: { userId: t.child, amount }, codes: [100], field: 'amount' })),
      badComment.map((comment): Case => ({ params: { userId: t.child, amount: '1', comment }, codes: [100], field: 'comment' })),
      badId.map((userId): Case => ({ params: { userId, amount: '1' }, codes: [100], field: 'userId' })),
      fc.constantFrom<Case>(
        { params: { userId: t.child }, codes: [700], field: 'amount' },
        { params: { amount: '1' }, codes: [700], field: 'userId' },
      ),
      fc
        .constantFrom(t.otherLine, t.otherSite, t.parent, t.unknown)
        .map((userId): Case => ({ params: { userId, amount: '1' }, codes: [20002] })),
      fc.constantFrom(t.grandchild, t.self).map((userId): Case => ({ params: { userId, amount: '1' }, codes: [20040] })),
    );
  }

  async function runCases(method: string, caller: string, cases: fc.Arbitrary<Case>) {
    const token = await gw.sessionFor(caller);
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(cases, fc.option(fc.string({ minLength: 1, maxLength: 64 }), { nil: undefined }), async (c, requestKey) => {
        const before = await ledgerState();
        const res = await gw.raw({
          path: '/api',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method,
            params: { opsId: token, ...c.params, ...(requestKey ? { requestKey } : {}) },
          }),
        });
        expect(res.status).toBe(200);
        const answer = res.json as RpcAnswer;
        expect(c.codes, `${JSON.stringify(c.params)} -> ${res.text}`).toContain(answer.error?.code);
        if (c.field) expect(answer.error?.data?.field, res.text).toBe(c.field);
        seen.add(answer.error!.code);
        expect(await ledgerState()).toEqual(before);
      }),
      { numRuns: 120 },
    );
    return seen;
  }

  it('score up and down: bad amounts, comments and ids (100, 700), accounts outside the line (20002) or not direct (20040)', async () => {
    const t = await targets();
    for (const method of ['gw.credit.user.score.up', 'gw.credit.user.score.down']) {
      expect([...(await runCases(method, 'ma01', transferCases(t)))].sort((a, b) => a - b)).toEqual([100, 700, 20002, 20040]);
    }
  });

  it('score issue: bad amounts and comments (100, 700)', async () => {
    const cases = fc.oneof(
      badAmount.map((amount): Case => ({ params: { amount }, codes: [100], field: 'amount' })),
      badComment.map((comment): Case => ({ params: { amount: '1', comment }, codes: [100], field: 'comment' })),
      fc.constant<Case>({ params: {}, codes: [700], field: 'amount' }),
    );
    expect([...(await runCases('gw.credit.score.issue', 'admin', cases))].sort((a, b) => a - b)).toEqual([100, 700]);
  });

  it('settlement close: bad ids (100, 700), accounts outside the line (20002) or not direct (20040)', async () => {
    const t = await targets();
    const cases = fc.oneof(
      badId.map((userId): Case => ({ params: { userId }, codes: [100], field: 'userId' })),
      fc.constant<Case>({ params: {}, codes: [700], field: 'userId' }),
      fc.constantFrom(t.otherLine, t.otherSite, t.parent, t.unknown).map((userId): Case => ({ params: { userId }, codes: [20002] })),
      fc.constantFrom(t.grandchild, t.self).map((userId): Case => ({ params: { userId }, codes: [20040] })),
    );
    expect([...(await runCases('gw.credit.agent.to.company.acc.reset', 'ma01', cases))].sort((a, b) => a - b)).toEqual([
      100, 700, 20002, 20040,
    ]);
  });

  it('score log query: bad filters and pages (100), accounts outside the line (20002)', async () => {
    const t = await targets();
    const cases = fc.oneof(
      fc.constantFrom('sideways', '', 'UP', 1, null, []).map((type): Case => ({ params: { type }, codes: [100], field: 'type' })),
      fc
        .constantFrom('2026-13-01T00:00:00Z', 'yesterday', '2026-01-01', 1_700_000_000, '')
        .map((startTime): Case => ({ params: { startTime }, codes: [100], field: 'startTime' })),
      fc.constantFrom(0, 501, -1, 1.5, '10', null).map((pageSize): Case => ({ params: { pageSize }, codes: [100], field: 'pageSize' })),
      fc.constantFrom(0, -1, 1.5, '1').map((pageIndex): Case => ({ params: { pageIndex }, codes: [100], field: 'pageIndex' })),
      fc.constantFrom('ASC', 'up', 1).map((order): Case => ({ params: { order }, codes: [100], field: 'order' })),
      fc.integer({ min: 1, max: 10 ** 9 }).map((ms): Case => ({
        params: { startTime: new Date(1.8e12 + ms).toISOString(), endTime: new Date(1.8e12).toISOString() },
        codes: [100],
        field: 'startTime',
      })),
      badId.map((userId): Case => ({ params: { userId }, codes: [100], field: 'userId' })),
      fc.constantFrom(t.otherLine, t.otherSite, t.parent, t.unknown).map((userId): Case => ({ params: { userId }, codes: [20002] })),
    );
    expect([...(await runCases('gw.credit.score.log.query', 'ma01', cases))].sort((a, b) => a - b)).toEqual([100, 20002]);
  });
});

describe('the score-transfer machine against the gateway', () => {
  it('retries with the same request key after a lost answer, and the points move once', async () => {
    const token = await gw.sessionFor('ag01010102');
    const before = await balanceOf('mb01010102003');
    let attempts = 0;
    const machine = scoreTransferMachine.provide({
      actors: {
        submitTransfer: fromPromise<TransferResult, TransferRequest>(async ({ input }) => {
          attempts++;
          const answer = await gw.call(`gw.credit.user.score.${input.direction}`, {
            opsId: token,
            userId: input.userId,
            amount: input.amount,
            comment: input.comment,
            requestKey: input.requestKey,
            ztsLang: 'en',
          });
          // The first answer is lost on the way back, after the gateway applied the call.
          if (attempts === 1) throw new TypeError('fetch failed');
          if (answer.error) throw answer.error;
          return answer.result as TransferResult;
        }),
      },
    });
    const actor = createActor(machine, { input: { userId: await idOf('mb01010102003') } }).start();
    actor.send({ type: 'SUBMIT', values: { direction: 'up', amount: '25.50', comment: 'machine' } });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ code: 1, message: 'Network error' });
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('done') || s.matches('failed'));
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.result).toMatchObject({ amount: '25.50', after: (Number(before + 2_550n) / 100).toFixed(2) });
    expect(await balanceOf('mb01010102003')).toBe(before + 2_550n);

    // A refused amount goes back on the amount field (no retry that could never succeed).
    actor.send({ type: 'NEW' });
    actor.send({ type: 'SUBMIT', values: { direction: 'down', amount: '99999999', comment: '' } });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => !s.matches('submitting') && !s.matches('confirming'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ amount: ErrorCode.targetBalanceLow });
    // Another refusal shows the catalogue message in the caller's language.
    await gw.db.run(sql`UPDATE accounts SET status = 6 WHERE login_id = 'mb01010102003' AND site_id = 'demo'`);
    actor.send({ type: 'SUBMIT', values: { direction: 'down', amount: '1', comment: '' } });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toMatchObject({ code: ErrorCode.targetStatusForbidsScore });
    expect(actor.getSnapshot().context.error!.message.length).toBeGreaterThan(0);
  });
});
