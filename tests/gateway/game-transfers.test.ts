import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.contract';
import type { Queryable } from '../../server/kernel/db/database';
import { storeBets } from '../../server/games/bet.store';
import { withFaults, type Fault, type PlatformFor } from '../../server/platform/game-platform';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import {
  REPAIR_AFTER_MS,
  repairStaleTransfers,
  repairTransfer,
  transferIn,
  transferOut,
  type TransferOperator,
} from '../../server/points/game-transfers';
import { checkLedger } from '../../server/points/ledger-check';
import { transferPoints } from '../../server/points/ledger';
import { RpcError } from '../../server/kernel/rpc-error';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/test-database';
import { startTestGateway } from '../support/test-gateway';
import { aBet } from '../support/bet-fixture';

let database: TestDatabase;
let db: Queryable;
let seq = 0;
const t0 = Date.parse('2026-11-20T04:00:00Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  admin = { accountId: await memberId('admin'), login: 'admin', subAccountId: null, ip: '127.0.0.1' };
});
afterAll(async () => {
  await database.close();
});

async function memberId(login: string) {
  const row = await db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${login}`);
  return String(row!.id);
}
async function balanceOf(id: string) {
  return BigInt((await db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE id = ${id}`))!.balance);
}
async function walletBalance() {
  return BigInt(
    (await db.one<{ balance: string | number }>(sql`SELECT balance FROM accounts WHERE site_id = 'demo' AND kind = 'wallet'`))!.balance,
  );
}
async function inGame(id: string) {
  return (await db.one<{ in_game: boolean }>(sql`SELECT in_game FROM accounts WHERE id = ${id}`))!.in_game;
}
async function platformBalance(id: string) {
  return simulatorPlatform(db).balance({ siteId: 'demo', memberId: id });
}
async function ledgerFailures() {
  const report = await checkLedger(db, { siteId: 'demo' });
  return report.checks.filter((check) => !check.ok).map((check) => `${check.name}: ${check.examples.join('; ')}`);
}
async function pendingListed() {
  const report = await checkLedger(db, { siteId: 'demo' });
  return report.checks.find((check) => check.name.startsWith('pending transfers'))!.examples;
}
async function codeOf(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof RpcError) return error.code;
    throw error;
  }
  return 'no error';
}

const simulator: PlatformFor = (q) => simulatorPlatform(q);
// One fault list across every connection the transfer uses: each fault fires once.
const faulty =
  (...faults: Fault[]): PlatformFor =>
  (q) =>
    withFaults(simulatorPlatform(q), faults);
const nextId = () => `T${++seq}`;
let admin: TransferOperator;

describe('transfers to the game platform', () => {
  it('moves points member -> wallet -> platform and back; the member is in game in between (20032 on score down)', async () => {
    const member = await memberId('mb01010102001');
    const before = await balanceOf(member);
    const wallet = await walletBalance();
    const transferred = await transferIn(db, simulator, {
      siteId: 'demo',
      memberId: member,
      amount: 50_000,
      transferId: nextId(),
      now: at(0),
    });
    expect(transferred.state).toBe('done');
    expect(await balanceOf(member)).toBe(before - 50_000n);
    expect(await walletBalance()).toBe(wallet + 50_000n);
    expect(await platformBalance(member)).toBe(50_000n);
    expect(await inGame(member)).toBe(true);

    const parent = await db.one<{ parent_id: string | number; login_id: string }>(
      sql`SELECT p.id AS parent_id, p.login_id FROM accounts p JOIN accounts c ON c.parent_id = p.id WHERE c.id = ${member}`,
    );
    const down = db.transaction((tx) =>
      transferPoints(tx, {
        siteId: 'demo',
        direction: 'down',
        operatorId: String(parent!.parent_id),
        targetId: member,
        amount: 100,
        operatorLogin: parent!.login_id,
        operatorSubAccountId: null,
        ip: '',
        comment: '',
        now: at(1),
        minIntervalMs: 0,
        requestKey: null,
      }),
    );
    expect(await codeOf(down)).toBe(ErrorCode.onlinePlayerScoreDown);

    const out = await transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 50_000, transferId: nextId(), now: at(2) });
    expect(out).toMatchObject({ state: 'done', sessionId: transferred.sessionId });
    expect(await balanceOf(member)).toBe(before);
    expect(await walletBalance()).toBe(wallet);
    expect(await inGame(member)).toBe(false);
    expect(await ledgerFailures()).toEqual([]);
  });

  it('holds out = in + win/loss for a session with bets, and the wallet pays the winnings (it may go negative)', async () => {
    const member = await memberId('mb01010102002');
    const before = await balanceOf(member);
    const wallet = await walletBalance();
    const session = (
      await transferIn(db, simulator, { siteId: 'demo', memberId: member, amount: 30_000, transferId: nextId(), now: at(10) })
    ).sessionId;
    // The member wins 250.00 at the platform: a settled bet of the session, and the platform's books.
    const bet = {
      orderId: `9${Date.now()}`.slice(0, 18),
      memberId: member,
      betTime: at(11),
      settleTime: at(40),
      gameCode: 'baccarat',
      gameType: 'live' as const,
      playType: 'player',
      betCode: 'player',
      gameId: 'BAC-01',
      gameName: 'Baccarat',
      round: '20261120-0001',
      transactionId: session,
      status: 'settled' as const,
      bet: 25_000,
      validBet: 25_000,
      settle: 50_000,
      winLoss: 25_000,
      jackpot: 0,
      jackpotWon: 0,
      jackpotRake: 0,
      redPacket: 0,
    };
    await storeBets(db, 'demo', [bet], at(40));
    await db.run(sql`UPDATE platform_wallets SET balance = balance + 25000 WHERE site_id = 'demo' AND member_id = ${member}`);
    await transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 55_000, transferId: nextId(), now: at(50) });
    expect(await balanceOf(member)).toBe(before + 25_000n);
    expect(await walletBalance()).toBe(wallet - 25_000n);
    expect(await ledgerFailures()).toEqual([]);

    // A session that pays out what its bets do not explain is found.
    await db.run(sql`UPDATE bets SET win_loss = 24000 WHERE transaction_id = ${session}`);
    expect((await ledgerFailures()).join('\n')).toContain("every finished game session: out = in + its bets' win/loss");
    await db.run(sql`UPDATE bets SET win_loss = 25000 WHERE transaction_id = ${session}`);
  });

  it('a transfer out that empties the platform balance while a bet is in play leaves the session open, to end with the out after it settles', async () => {
    const member = await memberId('mb01010101042');
    const parent = (await db.one<{ id: string | number; login_id: string }>(
      sql`SELECT p.id, p.login_id FROM accounts p JOIN accounts c ON c.parent_id = p.id WHERE c.id = ${member}`,
    ))!;
    await db.transaction((tx) =>
      transferPoints(tx, {
        siteId: 'demo',
        direction: 'up',
        operatorId: String(parent.id),
        targetId: member,
        amount: 5_000,
        operatorLogin: parent.login_id,
        operatorSubAccountId: null,
        ip: '',
        comment: '',
        now: at(69),
        minIntervalMs: 0,
        requestKey: null,
      }),
    );
    const before = await balanceOf(member);
    const session = (
      await transferIn(db, simulator, { siteId: 'demo', memberId: member, amount: 5_000, transferId: nextId(), now: at(70) })
    ).sessionId;
    // A live bet of 10.00 at the platform: its stake leaves the wallet there, the bet waits for its round.
    await db.run(sql`UPDATE platform_wallets SET balance = balance - 1000 WHERE site_id = 'demo' AND member_id = ${member}`);
    await db.run(sql`INSERT INTO simulator_players (member_id, site_id, game_code, table_id, session_id, stake, plays_left, next_at, open_bet)
      VALUES (${member}, 'demo', 'baccarat', 'BAC-01', ${session}, 1000, 0, ${at(3_600)}, '{"orderId":"open-1"}'::jsonb)`);
    expect(await simulatorPlatform(db).holding({ siteId: 'demo', memberId: member })).toEqual({ balance: 4_000n, inPlay: 1_000n });

    await transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 4_000, transferId: nextId(), now: at(71) });
    expect(await platformBalance(member)).toBe(0n);
    const open = async () =>
      (await db.one<{ ended_at: Date | null }>(sql`SELECT ended_at FROM game_sessions WHERE session_id = ${session}`))!.ended_at === null;
    expect({ open: await open(), inGame: await inGame(member) }).toEqual({ open: true, inGame: true });

    // The bet wins 10.00: the platform pays 20.00 and publishes it under the session; the member takes it out.
    await db.run(sql`DELETE FROM simulator_players WHERE member_id = ${member}`);
    await db.run(sql`UPDATE platform_wallets SET balance = balance + 2000 WHERE site_id = 'demo' AND member_id = ${member}`);
    await storeBets(
      db,
      'demo',
      [
        aBet(member, {
          orderId: `8${Date.now()}`.slice(0, 18),
          betTime: at(70),
          settleTime: at(90),
          playType: 'player',
          betCode: 'player',
          transactionId: session,
          bet: 1_000,
          validBet: 1_000,
          settle: 2_000,
          winLoss: 1_000,
        }),
      ],
      at(90),
    );
    await transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 2_000, transferId: nextId(), now: at(91) });
    expect({ open: await open(), inGame: await inGame(member) }).toEqual({ open: false, inGame: false });
    expect(await balanceOf(member)).toBe(before + 1_000n);
    expect(await ledgerFailures()).toEqual([]);
  });

  it('refuses a transfer out above the platform balance (37112) and one with nothing there; nothing moves', async () => {
    const member = await memberId('mb01010102003');
    const before = await balanceOf(member);
    expect(
      await codeOf(transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 100, transferId: nextId(), now: at(60) })),
    ).toBe(ErrorCode.platformBalanceLow);
    await transferIn(db, simulator, { siteId: 'demo', memberId: member, amount: 1_000, transferId: nextId(), now: at(61) });
    const tooMuch = nextId();
    expect(
      await codeOf(transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 1_001, transferId: tooMuch, now: at(62) })),
    ).toBe(ErrorCode.platformBalanceLow);
    const request = await db.one<{ state: string }>(sql`SELECT state FROM transfer_outs WHERE transfer_id = ${tooMuch}`);
    expect(request!.state).toBe('failed');
    expect(await balanceOf(member)).toBe(before - 1_000n);
    await transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 1_000, transferId: nextId(), now: at(63) });
    expect(await balanceOf(member)).toBe(before);
    expect(await ledgerFailures()).toEqual([]);
  });

  it('the platform applies a transfer id once: the same transfer out sent three times at once, and once more later, debits once', async () => {
    const member = await memberId('mb01010101002');
    await transferIn(db, simulator, { siteId: 'demo', memberId: member, amount: 3_000, transferId: nextId(), now: at(70) });
    const platform = simulatorPlatform(db);
    const call = { siteId: 'demo', memberId: member, amount: 1_000n, transferId: nextId(), now: at(71) };
    // The member's row at the platform held a moment, so that on PostgreSQL the three calls read
    // "a new id" before any of them records it: the later ones break the id's unique key.
    const held = db.transaction(async (tx) => {
      await tx.run(sql`SELECT FROM platform_wallets WHERE site_id = 'demo' AND member_id = ${member}::bigint FOR UPDATE`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const answers = await Promise.all([1, 2, 3].map(() => platform.transferOut(call)));
    await held;
    expect(answers.map((answer) => answer.balance)).toEqual([2_000n, 2_000n, 2_000n]);
    expect((await platform.transferOut(call)).balance).toBe(2_000n);
    expect(await platformBalance(member)).toBe(2_000n);
    const records = await db.one<{ n: string | number }>(
      sql`SELECT count(*) AS n FROM platform_transfers WHERE transfer_id = ${call.transferId}`,
    );
    expect(Number(records!.n)).toBe(1);
    // A repeated id is answered as the first call was even when the balance could no longer pay it.
    expect((await platform.transferOut({ ...call, amount: 1_000n })).balance).toBe(2_000n);
    // The platform's side only: give it back, and the member leaves with all it brought.
    await platform.transferIn({ ...call, transferId: nextId() });
    await transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 3_000, transferId: nextId(), now: at(72) });
    expect(await inGame(member)).toBe(false);
    expect(await ledgerFailures()).toEqual([]);
  });

  it('refuses a transfer in above the balance (37111), of a frozen member or line (20003), of an unknown one (20002)', async () => {
    const member = await memberId('mb01010102004');
    const balance = await balanceOf(member);
    const wallet = await walletBalance();
    const call = (amount: number, id = member) =>
      transferIn(db, simulator, { siteId: 'demo', memberId: id, amount, transferId: nextId(), now: at(70) });
    expect(await codeOf(call(Number(balance) + 1))).toBe(ErrorCode.targetBalanceLow);
    await db.run(sql`UPDATE accounts SET status = 6 WHERE id = ${member}`);
    expect(await codeOf(call(100))).toBe(ErrorCode.targetStatusForbidsScore);
    await db.run(sql`UPDATE accounts SET status = 1 WHERE id = ${member}`);
    // A line frozen two levels up: the member's own row says normal.
    const grandparent = await memberId('ga010101');
    await db.run(sql`UPDATE accounts SET team_status = 6 WHERE id = ${grandparent}`);
    expect(await codeOf(call(100))).toBe(ErrorCode.targetStatusForbidsScore);
    await db.run(sql`UPDATE accounts SET team_status = 1 WHERE id = ${grandparent}`);
    expect(await codeOf(call(100, await memberId('ag01010101')))).toBe(ErrorCode.accountNotFound);
    expect(await codeOf(call(100, '999999999'))).toBe(ErrorCode.accountNotFound);
    expect(await balanceOf(member)).toBe(balance);
    expect(await walletBalance()).toBe(wallet);
    expect(await inGame(member)).toBe(false);
    expect(await db.one(sql`SELECT FROM game_sessions WHERE member_id = ${member}`)).toBeUndefined();
  });

  it('takes a transfer id once: one used by an in or an out is refused before anything moves, in either direction', async () => {
    const member = await memberId('mb01010102003');
    const request = { siteId: 'demo', memberId: member, amount: 500, now: at(80) };
    const transferIn1 = nextId();
    await transferIn(db, simulator, { ...request, transferId: transferIn1 });
    const transferOut1 = nextId();
    await transferOut(db, simulator, { ...request, amount: 200, transferId: transferOut1 });
    const balance = await balanceOf(member);
    const wallet = await walletBalance();
    for (const transferId of [transferIn1, transferOut1]) {
      await expect(transferIn(db, simulator, { ...request, transferId })).rejects.toThrow(/already used/);
      await expect(transferOut(db, simulator, { ...request, amount: 100, transferId })).rejects.toThrow(/already used/);
    }
    expect(await balanceOf(member)).toBe(balance);
    expect(await walletBalance()).toBe(wallet);
    expect(await platformBalance(member)).toBe(300n);
    await transferOut(db, simulator, { ...request, amount: 300, transferId: nextId() });
    expect(await inGame(member)).toBe(false);
    expect(await ledgerFailures()).toEqual([]);
  });
});

describe('repair of a transfer whose answer was lost', () => {
  it('an in lost before the platform saw it stays pending, then is reversed from the platform record (the id is void there)', async () => {
    const member = await memberId('mb01010102005');
    const before = await balanceOf(member);
    const transferId = nextId();
    const lost = await transferIn(db, faulty({ call: 'transferIn', when: 'before' }), {
      siteId: 'demo',
      memberId: member,
      amount: 7_000,
      transferId,
      now: at(100),
    });
    expect(lost.state).toBe('pending');
    expect(await balanceOf(member)).toBe(before - 7_000n);
    expect(await inGame(member)).toBe(true);
    expect(await pendingListed()).toEqual([expect.stringContaining(`in ${transferId} mb01010102005 70.00`)]);
    expect(await ledgerFailures()).toEqual([]);
    // One transfer at a time: the next one waits for this one to be settled.
    expect(
      await codeOf(transferIn(db, simulator, { siteId: 'demo', memberId: member, amount: 1, transferId: nextId(), now: at(101) })),
    ).toBe(ErrorCode.repairTooEarly);
    expect(
      await codeOf(transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 1, transferId: nextId(), now: at(101) })),
    ).toBe(ErrorCode.repairTooEarly);
    expect(await balanceOf(member)).toBe(before - 7_000n);
    // Its first answer may still come: too early to repair.
    expect(await codeOf(repairTransfer(db, simulator, { siteId: 'demo', transferId, operator: admin, now: at(110) }))).toBe(
      ErrorCode.repairTooEarly,
    );
    const repaired = await repairTransfer(db, simulator, {
      siteId: 'demo',
      transferId,
      operator: admin,
      now: at(100 + REPAIR_AFTER_MS / 1000),
    });
    expect(repaired).toMatchObject({ type: 'in', state: 'reversed' });
    expect(await balanceOf(member)).toBe(before);
    expect(await inGame(member)).toBe(false);
    const rows = await db.rows<{ type: string; state: string; reversal_of: string | number | null; serial_no: string | number }>(
      sql`SELECT type, state, reversal_of, serial_no FROM score_log WHERE site_id = 'demo' AND game_session = ${lost.sessionId} ORDER BY serial_no`,
    );
    expect(rows.map((row) => [row.type, row.state, row.reversal_of === null ? null : String(row.reversal_of)])).toEqual([
      ['in', 'reversed', null],
      ['out', 'done', String(rows[0]!.serial_no)],
    ]);
    // The late request is refused by the platform: the void id stays unapplied.
    await expect(
      simulatorPlatform(db).transferIn({ siteId: 'demo', transferId, memberId: member, amount: 7_000n, now: at(200) }),
    ).rejects.toThrow();
    expect(await platformBalance(member)).toBe(0n);
    // Repairing it again finds nothing pending.
    expect(await codeOf(repairTransfer(db, simulator, { siteId: 'demo', transferId, operator: admin, now: at(300) }))).toBe(
      ErrorCode.repairNothingPending,
    );
    expect(await ledgerFailures()).toEqual([]);
  });

  it('an in applied whose answer was lost becomes done, not reversed', async () => {
    const member = await memberId('mb01010201001');
    const before = await balanceOf(member);
    const transferId = nextId();
    const lost = await transferIn(db, faulty({ call: 'transferIn', when: 'after' }), {
      siteId: 'demo',
      memberId: member,
      amount: 8_000,
      transferId,
      now: at(400),
    });
    expect(lost.state).toBe('pending');
    expect(await platformBalance(member)).toBe(8_000n);
    const repaired = await repairTransfer(db, simulator, { siteId: 'demo', transferId, operator: admin, now: at(500) });
    expect(repaired.state).toBe('done');
    expect(await balanceOf(member)).toBe(before - 8_000n);
    expect(await inGame(member)).toBe(true);
    await transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 8_000, transferId: nextId(), now: at(501) });
    expect(await balanceOf(member)).toBe(before);
    expect(await ledgerFailures()).toEqual([]);
  });

  it('an out lost before the platform saw it credits nothing; its repair fails it and the points stay at the platform', async () => {
    const member = await memberId('mb01010201002');
    const before = await balanceOf(member);
    await transferIn(db, simulator, { siteId: 'demo', memberId: member, amount: 9_000, transferId: nextId(), now: at(600) });
    const transferId = nextId();
    const lost = await transferOut(db, faulty({ call: 'transferOut', when: 'before' }), {
      siteId: 'demo',
      memberId: member,
      amount: 9_000,
      transferId,
      now: at(601),
    });
    expect(lost).toMatchObject({ state: 'pending', serialNo: null });
    expect(await balanceOf(member)).toBe(before - 9_000n);
    expect(await pendingListed()).toEqual([expect.stringContaining(`out ${transferId}`)]);
    const repaired = await repairTransfer(db, simulator, { siteId: 'demo', transferId, operator: admin, now: at(700) });
    expect(repaired.state).toBe('failed');
    expect(await balanceOf(member)).toBe(before - 9_000n);
    expect(await platformBalance(member)).toBe(9_000n);
    expect(await inGame(member)).toBe(true);
    await transferOut(db, simulator, { siteId: 'demo', memberId: member, amount: 9_000, transferId: nextId(), now: at(701) });
    expect(await balanceOf(member)).toBe(before);
    expect(await ledgerFailures()).toEqual([]);
  });

  it('an out applied whose answer was lost is credited once by the repair job, whichever processes run it', async () => {
    const member = await memberId('mb01010201003');
    const before = await balanceOf(member);
    await transferIn(db, simulator, { siteId: 'demo', memberId: member, amount: 6_000, transferId: nextId(), now: at(800) });
    const transferId = nextId();
    await transferOut(db, faulty({ call: 'transferOut', when: 'after' }), {
      siteId: 'demo',
      memberId: member,
      amount: 6_000,
      transferId,
      now: at(801),
    });
    expect(await balanceOf(member)).toBe(before - 6_000n);
    expect(await platformBalance(member)).toBe(0n);
    // Too early for the job: nothing settled.
    expect(await repairStaleTransfers(db, simulator, at(802))).toBe(0);
    // Two runs at once (two gateway processes): one settles it, the other finds it settled.
    const runs = await Promise.all([repairStaleTransfers(db, simulator, at(900)), repairStaleTransfers(db, simulator, at(900))]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await balanceOf(member)).toBe(before);
    expect(await inGame(member)).toBe(false);
    const outs = await db.one<{ n: string | number }>(
      sql`SELECT count(*) AS n FROM score_log WHERE site_id = 'demo' AND transfer_id = ${transferId}`,
    );
    expect(Number(outs!.n)).toBe(1);
    expect(await ledgerFailures()).toEqual([]);
  });

  it('says why a repair cannot settle: the platform silent (37162), its record differs (37164), nothing pending (37163)', async () => {
    const member = await memberId('mb01010201004');
    const transferId = nextId();
    await transferIn(db, faulty({ call: 'transferIn', when: 'after' }), {
      siteId: 'demo',
      memberId: member,
      amount: 5_000,
      transferId,
      now: at(1000),
    });
    const repair = (platform: PlatformFor, id = transferId) =>
      codeOf(repairTransfer(db, platform, { siteId: 'demo', transferId: id, operator: admin, now: at(1100) }));
    expect(await repair(faulty({ call: 'settleTransfer', when: 'before' }))).toBe(ErrorCode.repairPlatformSilent);
    await db.run(sql`UPDATE platform_transfers SET amount = 4000 WHERE transfer_id = ${transferId}`);
    expect(await repair(simulator)).toBe(ErrorCode.repairRecordDiffers);
    expect(await pendingListed()).toEqual([expect.stringContaining(`in ${transferId}`)]);
    await db.run(sql`UPDATE platform_transfers SET amount = 5000 WHERE transfer_id = ${transferId}`);
    expect(await repair(simulator, 'T-none')).toBe(ErrorCode.repairNothingPending);
    expect(await repairTransfer(db, simulator, { siteId: 'demo', transferId, operator: admin, now: at(1100) })).toMatchObject({
      state: 'done',
    });
    expect(await ledgerFailures()).toEqual([]);
  });

  it.runIf(testDatabaseKind() === 'postgres')('many members transferring at once leave the ledger whole', async () => {
    const logins = ['mb01010201005', 'mb01010202001', 'mb01010202002', 'mb01010202003', 'mb01010202004'];
    const ids = await Promise.all(logins.map(memberId));
    await Promise.all(
      ids.map(async (member, index) => {
        for (let round = 0; round < 4; round++) {
          await transferIn(db, simulator, {
            siteId: 'demo',
            memberId: member,
            amount: 100 + index,
            transferId: nextId(),
            now: at(2000 + round),
          });
          await transferOut(db, simulator, {
            siteId: 'demo',
            memberId: member,
            amount: 100 + index,
            transferId: nextId(),
            now: at(2000 + round),
          });
        }
      }),
    );
    expect(await ledgerFailures()).toEqual([]);
  });

  it('a gateway that runs jobs settles a transfer left pending on its own, on its timer', async () => {
    const member = await memberId('mb01010201004');
    const before = await balanceOf(member);
    const atPlatform = await platformBalance(member);
    const transferId = nextId();
    // The platform applied the in, its answer was lost: pending, the member's points gone from it.
    const pending = await transferIn(db, faulty({ call: 'transferIn', when: 'after' }), {
      siteId: 'demo',
      memberId: member,
      amount: 4_000,
      transferId,
      now: at(3000),
    });
    expect(pending.state).toBe('pending');
    expect(await pendingListed()).toHaveLength(1);
    const stateOf = async () =>
      (await db.one<{ state: string }>(sql`SELECT state FROM score_log WHERE site_id = 'demo' AND transfer_id = ${transferId}`))!.state;
    // A gateway whose clock is days past it, its repair timer hurried: nobody calls anything.
    const gw = await startTestGateway({ db: database.db, captcha: false, jobs: { run: true, pollMs: 100, repairEveryMs: 100 } });
    try {
      await expect.poll(stateOf, { timeout: 5_000, interval: 100 }).toBe('done');
    } finally {
      await gw.close();
    }
    expect(await balanceOf(member)).toBe(before - 4_000n);
    expect(await platformBalance(member)).toBe(atPlatform + 4_000n);
    expect(await pendingListed()).toEqual([]);
    expect(await ledgerFailures()).toEqual([]);
  });
});
