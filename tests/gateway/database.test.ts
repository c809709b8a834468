import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { checkLedger } from '../../server/points/ledger-check';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('database', () => {
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
    const rows = await database.db.rows<{ site_id: string; amount: string | number; serial_no: string | number; type: string; after: string | number }>(sql`
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
    const agent = await database.db.one<{ child_count: number }>(sql`SELECT child_count FROM accounts WHERE login_id = 'ag01010101' AND site_id = 'demo'`);
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
});
