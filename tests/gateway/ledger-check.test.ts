import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/kernel/db/database';
import { simulatorPlatform } from '../../server/simulator/simulator-platform';
import { transferIn, transferOut } from '../../server/points/game-transfers';
import { transferPoints } from '../../server/points/ledger';
import { checkLedger, checkLedgerInTransaction, formatLedgerReport, type LedgerReport } from '../../server/points/ledger-check';
import { runServerScript } from '../support/server-script';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

class Rollback extends Error {}

/** The report after a change made in a transaction that is then rolled back. */
async function reportAfter(change: (tx: Queryable) => Promise<unknown>, siteId = 'demo'): Promise<LedgerReport> {
  let report: LedgerReport | undefined;
  await database.db
    .transaction(async (tx) => {
      await change(tx);
      report = await checkLedgerInTransaction(tx, { siteId });
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return report!;
}

const failed = (report: LedgerReport) => report.checks.filter((check) => !check.ok).map((check) => check.name);

describe('ledger check', () => {
  it('passes on the seeded demo data, and says what it checked', async () => {
    const report = await checkLedger(database.db);
    expect(report.sites).toEqual(['demo', 'demo2']);
    expect(failed(report)).toEqual([]);
    const lines = formatLedgerReport(report);
    expect(lines[0]).toBe('site demo:');
    expect(lines).toContain('  ok   sum of balances equals issued points: 10000000.00 in 462 accounts, 10000000.00 issued');
    expect(lines.at(-1)).toBe('Ledger check passed: 28 checks on 2 site(s), all read in one REPEATABLE READ READ ONLY transaction.');
  });

  it('finds points made outside the ledger', async () => {
    const report = await reportAfter((tx) =>
      tx.run(sql`UPDATE accounts SET balance = balance + 100 WHERE login_id = 'ma01' AND site_id = 'demo'`),
    );
    expect(failed(report)).toEqual(['sum of balances equals issued points', "each account's last row ends at its balance"]);
    expect(report.checks.find((check) => !check.ok && check.name.includes('last row'))!.examples).toEqual([
      "ma01: balance 1000001.00, last row's after 1000000.00",
    ]);
  });

  it('finds a negative balance (with the constraint out of the way)', async () => {
    const report = await reportAfter(async (tx) => {
      await tx.run(sql`ALTER TABLE accounts DROP CONSTRAINT accounts_balance_check`);
      await tx.run(sql`UPDATE accounts SET balance = -5 WHERE login_id = 'mb01010101001' AND site_id = 'demo'`);
    });
    expect(failed(report)).toContain('no negative balance (the game wallet is exempt)');
  });

  it('finds a game wallet that does not hold transfers in minus transfers out, and a member in game without a session', async () => {
    const report = await reportAfter(async (tx) => {
      await tx.run(sql`UPDATE accounts SET balance = balance - 500 WHERE site_id = 'demo' AND kind = 'wallet'`);
      await tx.run(sql`UPDATE accounts SET balance = balance + 500, in_game = true WHERE site_id = 'demo' AND login_id = 'mb01010102001'`);
    });
    expect(failed(report)).toEqual([
      "each account's last row ends at its balance",
      'the game wallet holds transfers in minus transfers out',
      'the members in game are those with an open game session',
    ]);
    expect(report.checks.find((check) => check.name.startsWith('the members in game'))!.examples).toEqual([
      'mb01010102001: in game without an open session',
    ]);
  });

  it('finds a deleted score-log row: a gap in the serials and a broken chain', async () => {
    const report = await reportAfter((tx) => tx.run(sql`DELETE FROM score_log WHERE site_id = 'demo' AND serial_no = 10`));
    expect(failed(report)).toEqual(
      expect.arrayContaining([
        'serial numbers run from 1 without gaps or repeats',
        "each account's rows chain (each before is the previous after, the first starts at 0)",
      ]),
    );
  });

  it('finds a transfer that skips a level, even when its numbers add up', async () => {
    const report = await reportAfter(async (tx) => {
      // admin -> sh0101 (a grandchild), written as a consistent row with both balances moved.
      await tx.run(sql`WITH serial AS (UPDATE sites SET score_serial = score_serial + 1 WHERE id = 'demo' RETURNING score_serial),
          parent AS (UPDATE accounts SET balance = balance - 100 WHERE site_id = 'demo' AND login_id = 'admin' RETURNING id, balance),
          child AS (UPDATE accounts SET balance = balance + 100, last_scored_at = now() WHERE site_id = 'demo' AND login_id = 'sh0101' RETURNING id, balance)
        INSERT INTO score_log (site_id, serial_no, type, from_account_id, to_account_id, target_account_id, amount, before, after,
            operator_before, operator_after, operator_account_id, operator_login, created_at)
        SELECT 'demo', serial.score_serial, 'up', parent.id, child.id, child.id, 100, child.balance - 100, child.balance,
               parent.balance + 100, parent.balance, parent.id, 'admin', now() FROM serial, parent, child`);
    });
    expect(failed(report)).toEqual([
      "each transfer is between a parent and its direct child, each issue goes to the company, each game transfer between a member and the site's wallet",
    ]);
  });

  it('finds a last score time out of step with the log (the minimum interval would read it)', async () => {
    const report = await reportAfter((tx) =>
      tx.run(sql`UPDATE accounts SET last_scored_at = NULL WHERE login_id = 'mb01010101001' AND site_id = 'demo'`),
    );
    expect(failed(report)).toEqual(["each account's last score time (the minimum interval reads it) is its latest transfer's"]);
    expect(report.checks.find((check) => !check.ok)!.examples).toEqual([
      expect.stringMatching(/^mb01010101001: last scored never, latest transfer \d{4}-/),
    ]);
  });

  it('refuses by constraint a row whose numbers do not add up', async () => {
    await expect(
      database.db
        .run(sql`INSERT INTO score_log (site_id, serial_no, type, from_account_id, to_account_id, target_account_id, amount, before, after,
          operator_before, operator_after, operator_account_id, operator_login, created_at)
        SELECT 'demo', 999999, 'up', p.id, c.id, c.id, 100, 0, 101, 100, 0, p.id, 'admin', now()
          FROM accounts p JOIN accounts c ON c.parent_id = p.id WHERE p.login_id = 'admin' AND c.login_id = 'ma01'`),
    ).rejects.toThrow();
  });

  it('reports an unknown site as a failure', async () => {
    const report = await checkLedger(database.db, { siteId: 'nowhere' });
    expect(report.ok).toBe(false);
  });
});

describe('the ledger check while points move', () => {
  it('reads one snapshot: its figures agree with each other while score ups and game transfers race it', async () => {
    const idOf = async (login: string) =>
      String(
        (await database.db.one<{ id: string | number }>(sql`SELECT id FROM accounts WHERE site_id = 'demo' AND login_id = ${login}`))!.id,
      );
    const platform = simulatorPlatform(database.db);
    let moving = true;
    let transfers = 0;
    const scoring = async (parent: string, child: string) => {
      const [operatorId, targetId] = [await idOf(parent), await idOf(child)];
      for (let round = 0; moving; round++) {
        await database.db.transaction((tx) =>
          transferPoints(tx, {
            siteId: 'demo',
            direction: round % 2 === 0 ? 'up' : 'down',
            operatorId,
            targetId,
            amount: 100,
            operatorLogin: parent,
            operatorSubAccountId: null,
            ip: '',
            comment: '',
            now: new Date(),
            minIntervalMs: 0,
            requestKey: null,
          }),
        );
      }
    };
    const playing = async (login: string) => {
      const transfer = { siteId: 'demo', memberId: await idOf(login), amount: 100, now: new Date() };
      while (moving) {
        await transferIn(database.db, () => platform, { ...transfer, transferId: `race-${++transfers}` });
        await transferOut(database.db, () => platform, { ...transfer, transferId: `race-${++transfers}` });
      }
    };
    const movers = [
      scoring('admin', 'ma01'),
      scoring('ma02', 'sh0201'),
      scoring('ag01010101', 'mb01010101002'),
      playing('mb01010102004'),
      playing('mb01010201003'),
    ];
    const reports: LedgerReport[] = [];
    try {
      for (let run = 0; run < 4; run++) reports.push(await checkLedger(database.db, { siteId: 'demo' }));
    } finally {
      moving = false;
      await Promise.all(movers);
    }
    expect(transfers).toBeGreaterThan(0);
    const detail = (report: LedgerReport, name: string) => report.checks.find((check) => check.name.startsWith(name))!.detail;
    for (const report of reports) {
      expect(report.checks.filter((check) => !check.ok)).toEqual([]);
      // Two checks read the score log in statements of their own: on one snapshot they count the same rows.
      const rows = Number(/^(\d+) rows/.exec(detail(report, 'serial numbers'))![1]);
      const [moves, issues, game] = /^(\d+) transfers, (\d+) issues, (\d+) game transfers/
        .exec(detail(report, 'each transfer is between'))!
        .slice(1)
        .map(Number);
      expect(moves! + issues! + game!).toBe(rows);
      expect(formatLedgerReport(report).at(-1)).toBe(
        'Ledger check passed: 14 checks on 1 site(s), all read in one REPEATABLE READ READ ONLY transaction.',
      );
    }
  });
});

const runCli = (env: Record<string, string>, args: string[] = []) => runServerScript('server/cli/ledger-check.ts', env, args);

describe('npm run ledger:check', () => {
  it('says there is no database when DATA_DIR holds none (exit 2)', async () => {
    const result = await runCli({ DATABASE_URL: '', DATA_DIR: '/nonexistent-ledger-dir' });
    expect(result.code).toBe(2);
    expect(result.output).toContain('No database');
  });

  it.runIf(testDatabaseKind() === 'postgres')('prints each check and exits 0 on a sound ledger, 1 on a broken one', async () => {
    const good = await runCli({ DATABASE_URL: database.url! }, ['--site', 'demo2']);
    expect(good.code).toBe(0);
    expect(good.output).toContain('site demo2:');
    expect(good.output).toContain('Ledger check passed: 14 checks on 1 site(s), all read in one REPEATABLE READ READ ONLY transaction.');
    await database.db.run(sql`UPDATE accounts SET balance = balance + 1 WHERE login_id = 'admin2'`);
    try {
      const bad = await runCli({ DATABASE_URL: database.url! });
      expect(bad.code).toBe(1);
      expect(bad.output).toContain('FAIL sum of balances equals issued points');
      expect(bad.output).toContain(
        'Ledger check FAILED: 2 of 28 checks on 2 site(s), all read in one REPEATABLE READ READ ONLY transaction.',
      );
    } finally {
      await database.db.run(sql`UPDATE accounts SET balance = balance - 1 WHERE login_id = 'admin2'`);
    }
  });
});
