import { sql } from '../../server/kernel/db/sql';
import { openDatabase, type Database } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { transferIn, transferOut } from '../../server/points/game-transfers';
import { transferPoints } from '../../server/points/ledger';
import { checkLedger } from '../../server/points/ledger-check';
import { seedDemo } from '../../server/seed/demo.seed';

/** Seconds each side runs, after a short warm-up, in TRANSFER_BENCH_ROUNDS turns. */
export const TRANSFER_BENCH_SECONDS = 6;
/**
 * The two sides take turns (score ups, transfers, score ups, …) so that whatever else the
 * machine or the database does meanwhile (another process, autovacuum of the tables the bench
 * fills) falls on both alike, not on whichever side ran at that moment.
 */
export const TRANSFER_BENCH_ROUNDS = 4;
export const TRANSFER_WORKERS = 8;

export interface TransferBenchResult {
  members: number;
  scoreUpsPerSecond: number;
  /** Transfers in and out (each counts one), with the platform's side (the simulator) in the loop. */
  transfersPerSecond: number;
  failures: number;
  ledgerOk: boolean;
}

interface Member {
  id: string;
  parentId: string;
  parentLogin: string;
}

/** Runs `work` from TRANSFER_WORKERS workers over their share of the members for `seconds`; answers the operations done. */
async function run(members: Member[], seconds: number, work: (member: Member, n: number) => Promise<number>) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: TRANSFER_WORKERS }, async (_, worker) => {
      const mine = members.filter((_, index) => index % TRANSFER_WORKERS === worker);
      for (let n = 0; performance.now() < until; n++) {
        try {
          // Awaited before it is added: `done += await …` would read `done` before the wait and
          // write back over what the other workers added meanwhile.
          const moved = await work(mine[n % mine.length]!, n);
          done += moved;
        } catch {
          failures += 1;
        }
      }
    }),
  );
  return { done, failures };
}

/**
 * Transfers to and from the game platform per second against score ups, on the same database in
 * the same run, from the same members: a score up of 0.01 from the member's parent, against a
 * transfer in of 1.00 followed by its transfer out (each a ledger movement with its score-log
 * row; a transfer in writes pending, asks the platform, then confirms). All transfers of a site
 * go through its one game wallet, as score ups of one agent go through its row.
 */
export async function benchTransfers(target: { kind: 'pglite' } | { kind: 'postgres'; url: string }): Promise<TransferBenchResult> {
  const db: Database =
    target.kind === 'pglite'
      ? await openDatabase({ kind: 'pglite' })
      : await openDatabase({ kind: 'postgres', url: target.url, poolSize: 12 });
  try {
    await migrate(db);
    await seedDemo(db, new Date());
    const members = (
      await db.rows<{ id: string | number; parent_id: string | number; parent_login: string }>(sql`
        SELECT m.id, m.parent_id, p.login_id AS parent_login FROM accounts m JOIN accounts p ON p.id = m.parent_id
         WHERE m.site_id = 'demo' AND m.level = 5 AND m.balance >= 100000 ORDER BY m.id`)
    ).map((row) => ({ id: String(row.id), parentId: String(row.parent_id), parentLogin: row.parent_login }));
    const scoreUp = async (member: Member) => {
      await db.transaction((tx) =>
        transferPoints(tx, {
          siteId: 'demo',
          direction: 'up',
          operatorId: member.parentId,
          targetId: member.id,
          amount: 1,
          operatorLogin: member.parentLogin,
          operatorSubAccountId: null,
          ip: '127.0.0.1',
          comment: '',
          now: new Date(),
          minIntervalMs: 0,
          requestKey: null,
        }),
      );
      return 1;
    };
    let ids = 0;
    const inAndOut = async (member: Member) => {
      const request = { siteId: 'demo', memberId: member.id, amount: 100, now: new Date() };
      const moved = await transferIn(db, simulatorPlatform, { ...request, transferId: `B${++ids}` });
      if (moved.state !== 'done') throw new Error(`transfer in ${moved.state}`);
      await transferOut(db, simulatorPlatform, { ...request, transferId: `B${++ids}` });
      return 2;
    };
    await run(members, 1, scoreUp);
    await run(members, 1, inAndOut);
    const turn = TRANSFER_BENCH_SECONDS / TRANSFER_BENCH_ROUNDS;
    const ups = { done: 0, failures: 0 };
    const transfers = { done: 0, failures: 0 };
    for (let round = 0; round < TRANSFER_BENCH_ROUNDS; round++) {
      for (const [side, work] of [
        [ups, scoreUp],
        [transfers, inAndOut],
      ] as const) {
        const result = await run(members, turn, work);
        side.done += result.done;
        side.failures += result.failures;
      }
    }
    const report = await checkLedger(db, { siteId: 'demo' });
    return {
      members: members.length,
      scoreUpsPerSecond: ups.done / TRANSFER_BENCH_SECONDS,
      transfersPerSecond: transfers.done / TRANSFER_BENCH_SECONDS,
      failures: ups.failures + transfers.failures,
      ledgerOk: report.ok,
    };
  } finally {
    await db.close();
  }
}
