import { createHash } from 'node:crypto';
import { sql } from '../../server/kernel/db/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyLine } from '../../server/kernel/db/database';
import { migrate } from '../../server/kernel/db/migrate';
import { startUpkeep, tidyDatabase } from '../../server/kernel/db/pglite-upkeep';
import { checkLedger } from '../../server/points/ledger-check';
import { cents } from '../../server/rollups/rollup.sql';
import { centsOfBasisPoints } from '../../contract/amount.contract';
import fc from 'fast-check';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('database', () => {
  it("rounds below a cent as the contract does (half away from zero), on the rollups' side of every bet part", async () => {
    // Around the halves, and anywhere a bigint product of cents and hundredths of a percent reaches.
    const values = [
      ...[-15_001n, -15_000n, -14_999n, -5_001n, -5_000n, -4_999n, -1n, 0n, 1n, 4_999n, 5_000n, 5_001n, 15_000n],
      ...fc.sample(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), { numRuns: 300, seed: 20_261_206 }),
    ];
    const rows = await database.db.rows<{ x: string; c: string }>(
      sql`SELECT x::text, (${sql.raw(cents('x'))})::text AS c FROM unnest(${`{${values.join(',')}}`}::bigint[]) AS x`,
    );
    expect(rows.map((row) => [row.x, row.c])).toEqual(values.map((value) => [String(value), String(centsOfBasisPoints(value))]));
  });

  it('applies each migration once', async () => {
    expect(await migrate(database.db)).toEqual([]);
    const rows = await database.db.rows<{ name: string }>(sql`SELECT name FROM schema_migrations`);
    expect(rows.map((r) => r.name)).toContain('0001_foundation.sql');
  });

  it('refuses a negative balance and a second default site by constraint', async () => {
    await expect(database.db.run(sql`UPDATE accounts SET balance = -1 WHERE login_id = 'admin'`)).rejects.toThrow();
    await expect(database.db.run(sql`INSERT INTO sites (id, title, is_default) VALUES ('other', 'x', true)`)).rejects.toThrow();
  });

  it('seeds each company with its issuance, logged as the first score-log row, and moves points down by score-ups', async () => {
    const rows = await database.db.rows<{
      site_id: string;
      amount: string | number;
      serial_no: string | number;
      type: string;
      after: string | number;
    }>(sql`
      SELECT a.site_id, l.amount, l.serial_no, l.type, l.after
        FROM accounts a JOIN score_log l ON l.to_account_id = a.id WHERE a.level = 0 AND l.type = 'issue' ORDER BY a.site_id`);
    expect(rows.map((r) => [r.site_id, Number(r.amount), Number(r.serial_no), r.type, Number(r.after)])).toEqual([
      ['demo', 1_000_000_000, 1, 'issue', 1_000_000_000],
      ['demo2', 500_000_000, 1, 'issue', 500_000_000],
    ]);
    // Every other account got its points by one score-up from its parent.
    const unfunded = await database.db.rows(sql`SELECT a.login_id FROM accounts a
      WHERE a.level > 0 AND (a.balance = 0 OR (SELECT count(*) FROM score_log l WHERE l.to_account_id = a.id AND l.type = 'up') <> 1)`);
    expect(unfunded).toEqual([]);
    const report = await checkLedger(database.db);
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
  });

  it("keeps each account's count of direct children equal to its children", async () => {
    const wrong = await database.db.rows(sql`SELECT p.id FROM accounts p
      WHERE p.child_count <> (SELECT count(*) FROM accounts c WHERE c.parent_id = p.id)`);
    expect(wrong).toEqual([]);
    const agent = await database.db.one<{ child_count: number }>(
      sql`SELECT child_count FROM accounts WHERE login_id = 'ag01010101' AND site_id = 'demo'`,
    );
    expect(agent!.child_count).toBe(300);
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.run(sql`UPDATE sites SET title = 'changed' WHERE id = 'demo'`);
        await tx.run(sql`UPDATE accounts SET balance = -5 WHERE login_id = 'admin'`);
      }),
    ).rejects.toThrow();
    expect((await database.db.one<{ title: string }>(sql`SELECT title FROM sites WHERE id = 'demo'`))!.title).toBe('信用代理后台');
  });

  it('commits the statement given to runAndCommit together with the transaction, and nothing after it', async () => {
    const title = () => database.db.one<{ title: string }>(sql`SELECT title FROM sites WHERE id = 'demo2'`).then((row) => row!.title);
    const before = await title();
    const result = await database.db.transaction(async (tx) => {
      await tx.run(sql`UPDATE sites SET title = 'first' WHERE id = 'demo2'`);
      await tx.runAndCommit(sql`UPDATE sites SET title = title || ' and last' WHERE id = 'demo2'`);
      // The transaction has ended: a statement now would run outside it, so it is refused.
      await expect(tx.run(sql`UPDATE sites SET title = 'late' WHERE id = 'demo2'`)).rejects.toThrow(/already ended/);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await title()).toBe('first and last');
    await database.db.run(sql`UPDATE sites SET title = ${before} WHERE id = 'demo2'`);
  });

  it('answers the row of the statement given to oneAndCommit, committed with the transaction', async () => {
    const title = () => database.db.one<{ title: string }>(sql`SELECT title FROM sites WHERE id = 'demo2'`).then((row) => row!.title);
    const before = await title();
    const row = await database.db.transaction(async (tx) => {
      await tx.run(sql`UPDATE sites SET title = 'one' WHERE id = 'demo2'`);
      return tx.oneAndCommit<{ title: string }>(sql`UPDATE sites SET title = title || ' row' WHERE id = 'demo2' RETURNING title`);
    });
    expect(row).toEqual({ title: 'one row' });
    expect(await title()).toBe('one row');
    await database.db.run(sql`UPDATE sites SET title = ${before} WHERE id = 'demo2'`);
  });

  it('rolls back whole when the statement of runAndCommit fails, even if the work goes on as if nothing happened', async () => {
    const balance = () =>
      database.db
        .one<{ balance: string }>(sql`SELECT balance FROM accounts WHERE login_id = 'admin' AND site_id = 'demo'`)
        .then((row) => row!.balance);
    const before = await balance();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.run(sql`UPDATE accounts SET balance = balance + 7 WHERE login_id = 'admin' AND site_id = 'demo'`);
        await tx.runAndCommit(sql`UPDATE accounts SET balance = -1 WHERE login_id = 'admin' AND site_id = 'demo'`).catch(() => undefined);
        return 'looks fine';
      }),
    ).rejects.toThrow(/rolled back/);
    expect(await balance()).toBe(before);
    // The connection is clean for the next transaction.
    expect(await database.db.transaction((tx) => tx.one<{ one: number }>(sql`SELECT 1 AS one`))).toEqual({ one: 1 });
  });

  it('copies rows in with COPY, values with tabs, line breaks, backslashes and nulls intact, inside a transaction or not', async () => {
    const values = ['plain', 'a\ttab', 'two\nlines\r', 'back\\slash \\N', '雪 ✓', ''];
    await database.db.run(sql`CREATE TABLE copy_check (n integer, label text, extra text)`);
    try {
      const lines = values.map((label, n) => copyLine([n, label, n % 2 === 0 ? null : `x${n}`]));
      // Two chunks, so a chunk boundary falls between rows.
      expect(await database.db.copyFrom('copy_check', ['n', 'label', 'extra'], [lines.slice(0, 2).join(''), lines.slice(2).join('')])).toBe(
        6,
      );
      const rows = await database.db.rows<{ n: number; label: string; extra: string | null }>(sql`SELECT * FROM copy_check ORDER BY n`);
      expect(rows.map((row) => row.label)).toEqual(values);
      expect(rows.map((row) => row.extra)).toEqual([null, 'x1', null, 'x3', null, 'x5']);
      // In a transaction that fails, the copied rows go with it; in one that commits, they stay.
      await expect(
        database.db.transaction(async (tx) => {
          expect(await tx.copyFrom('copy_check', ['n', 'label'], [copyLine([10, 'gone'])])).toBe(1);
          expect(await tx.one(sql`SELECT 1 FROM copy_check WHERE n = 10`)).toBeDefined();
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      await database.db.transaction(async (tx) => {
        await tx.run(sql`UPDATE copy_check SET extra = 'seen' WHERE n = 0`);
        await tx.copyFrom('copy_check', ['n', 'label'], [copyLine([11, 'kept'])]);
      });
      const after = await database.db.rows<{ n: number }>(sql`SELECT n FROM copy_check WHERE n >= 10 OR extra = 'seen' ORDER BY n`);
      expect(after.map((row) => row.n)).toEqual([0, 11]);
      // A name that is not a plain identifier is refused before anything reaches the database.
      await expect(database.db.copyFrom('copy_check; DROP TABLE sites', ['n'], [''])).rejects.toThrow(/plain name/);
      // A bad line fails the copy and changes nothing.
      await expect(database.db.copyFrom('copy_check', ['n', 'label'], ['not-a-number\tx\n'])).rejects.toThrow();
      expect((await database.db.rows(sql`SELECT 1 FROM copy_check`)).length).toBe(7);
    } finally {
      await database.db.run(sql`DROP TABLE copy_check`);
    }
  });

  it('reads a long answer whole and exact, rows crossing the chunks it arrives in', async () => {
    // About 1.3 MB: PGlite hands an answer over in many chunks (PostgreSQL's 8 KB send buffer), rows cut at their edges.
    const rows = await database.db.rows<{ n: number; text: string }>(
      sql`SELECT n, repeat(md5(n::text), 20) || '€' AS text FROM generate_series(1, 2000) AS n`,
    );
    expect(rows).toHaveLength(2000);
    const expected = await database.db.one<{ digest: string }>(
      sql`SELECT md5(string_agg(repeat(md5(n::text), 20) || '€', '|' ORDER BY n)) AS digest FROM generate_series(1, 2000) AS n`,
    );
    const digest = createHash('md5')
      .update(rows.map((row) => row.text).join('|'))
      .digest('hex');
    expect(digest).toBe(expected!.digest);
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
  });

  it('vacuums and analyzes the tables of PGlite that have grown, at start and then on a timer, and leaves a PostgreSQL server to its autovacuum', async () => {
    const { db } = database;
    await db.run(sql`CREATE TABLE upkeep_probe (id int PRIMARY KEY)`);
    const counts = async () => {
      const row = await db.one<{
        vacuums: string | number;
        analyzes: string | number;
      }>(sql`SELECT vacuum_count AS vacuums, analyze_count AS analyzes
        FROM pg_stat_user_tables WHERE relname = 'accounts'`);
      return { vacuums: Number(row!.vacuums), analyzes: Number(row!.analyzes) };
    };
    const probeTuples = async () =>
      Number((await db.one<{ n: number }>(sql`SELECT reltuples AS n FROM pg_class WHERE relname = 'upkeep_probe'`))!.n);
    const before = await counts();
    const errors: unknown[] = [];
    try {
      if (db.kind === 'postgres') {
        expect(await tidyDatabase(db)).toEqual([]);
        const stop = await startUpkeep(db, 20, (error) => errors.push(error));
        await new Promise((resolve) => setTimeout(resolve, 100));
        stop();
        expect(await counts()).toEqual(before);
      } else {
        const tidied = await tidyDatabase(db);
        expect(tidied).toContain('accounts');
        // An empty table keeps "never analyzed" (reltuples -1), so lookups by key use its index when it grows.
        expect(tidied).not.toContain('upkeep_probe');
        expect(await probeTuples()).toBe(-1);
        expect(await counts()).toEqual({ vacuums: before.vacuums + 1, analyzes: before.analyzes + 1 });
        const stop = await startUpkeep(db, 20, (error) => errors.push(error));
        expect((await counts()).vacuums).toBe(before.vacuums + 2);
        await expect.poll(async () => (await counts()).vacuums, { timeout: 5000 }).toBeGreaterThanOrEqual(before.vacuums + 4);
        stop();
        const stopped = (await counts()).vacuums;
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect((await counts()).vacuums).toBe(stopped);
        const planned = await db.one<{ n: string | number }>(sql`SELECT count(*) AS n FROM pg_stats WHERE tablename = 'accounts'`);
        expect(Number(planned!.n)).toBeGreaterThan(0);
        expect(await probeTuples()).toBe(-1);
      }
    } finally {
      await db.run(sql`DROP TABLE upkeep_probe`);
    }
    expect(errors).toEqual([]);
  });

  it('answers statements sent together in order, each on its own, inside the one transaction BEGIN opened with the first', async () => {
    let statuses: string[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        // Issued in one turn of the event loop: one write to the server (one call of PGlite).
        const settled = await Promise.allSettled([tx.one(sql`SELECT 1 AS n`), tx.one(sql`SELECT 1 / 0 AS n`), tx.one(sql`SELECT 3 AS n`)]);
        statuses = settled.map((answer) => answer.status);
        return 'went on';
      }),
    ).rejects.toThrow(/rolled back/);
    // The division failed and aborted the transaction: the statement after it failed too, and
    // the COMMIT the work asked for by returning was a rollback, which is not reported as done.
    expect(statuses).toEqual(['fulfilled', 'rejected', 'rejected']);

    const times = await database.db.transaction(async (tx) => {
      const together = await Promise.all([
        tx.one<{ t: string }>(sql`SELECT now()::text AS t`),
        tx.one<{ t: string }>(sql`SELECT now()::text AS t`),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const later = await tx.one<{ t: string }>(sql`SELECT now()::text AS t`);
      return [...together, later].map((row) => row!.t);
    });
    expect(new Set(times).size).toBe(1);
  });
});
