import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';

/**
 * Takes the next score-log serial number of a site. Callers hold their account row locks
 * first, so for each account the serial order of its rows is their commit order.
 */
export async function nextSerial(tx: Queryable, siteId: string): Promise<number> {
  const row = await tx.one<{ score_serial: string | number }>(
    sql`UPDATE sites SET score_serial = score_serial + 1 WHERE id = ${siteId} RETURNING score_serial`,
  );
  if (!row) throw new Error(`no site ${siteId}`);
  return Number(row.score_serial);
}

/**
 * The company's audited issuance: the only way points come into existence. Amounts are
 * integer cents. Must run inside a transaction.
 */
export async function issuePoints(
  tx: Queryable,
  input: { siteId: string; companyId: string; amount: number; operatorLogin: string; ip: string; comment: string; now: Date },
): Promise<{ serialNo: number; before: number; after: number }> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('amount must be positive integer cents');
  const company = await tx.one<{ balance: string | number }>(sql`SELECT balance FROM accounts
    WHERE id = ${input.companyId} AND site_id = ${input.siteId} AND level = 0 FOR UPDATE`);
  if (!company) throw new Error('issuance goes to the company account of the site');
  const before = Number(company.balance);
  const after = before + input.amount;
  const serialNo = await nextSerial(tx, input.siteId);
  await tx.run(sql`UPDATE accounts SET balance = ${after} WHERE id = ${input.companyId}`);
  await tx.run(sql`INSERT INTO score_log (site_id, serial_no, type, from_account_id, to_account_id, amount, before, after,
      operator_account_id, operator_login, operator_ip, comment, created_at)
    VALUES (${input.siteId}, ${serialNo}, 'issue', NULL, ${input.companyId}, ${input.amount}, ${before}, ${after},
      ${input.companyId}, ${input.operatorLogin}, ${input.ip}, ${input.comment}, ${input.now})`);
  return { serialNo, before, after };
}
