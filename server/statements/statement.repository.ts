import type { StatementContent } from '../../contract/statement.contract';
import type { Queryable } from '../kernel/db/database';
import { sql, type SQL } from '../kernel/db/sql';

/** A statements row as the database answers it (migration 0061): written once by the bill's close. */
export interface StatementRow {
  id: bigint;
  site_id: string;
  account_id: bigint;
  settlement_id: bigint;
  period_start: Date | string;
  period_end: Date | string;
  /** 'YYYY-MM-DD' (selected with to_char). */
  from_day: string;
  end_day: string;
  ledger_serial: bigint;
  content: StatementContent;
  content_hash: string;
  created_at: Date | string;
}

const COLUMNS = sql`s.id, s.site_id, s.account_id, s.settlement_id, s.period_start, s.period_end,
  to_char(s.from_day, 'YYYY-MM-DD') AS from_day, to_char(s.end_day, 'YYYY-MM-DD') AS end_day, s.ledger_serial, s.content,
  s.content_hash, s.created_at`;

export async function insertStatement(db: Queryable, row: Omit<StatementRow, 'id'>): Promise<bigint> {
  const inserted = await db.one<{ id: bigint }>(sql`INSERT INTO statements
      (site_id, account_id, settlement_id, period_start, period_end, from_day, end_day, ledger_serial, content, content_hash, created_at)
    VALUES (${row.site_id}, ${String(row.account_id)}::bigint, ${String(row.settlement_id)}::bigint, ${row.period_start}::timestamptz,
      ${row.period_end}::timestamptz, ${row.from_day}::date, ${row.end_day}::date, ${String(row.ledger_serial)}::bigint,
      ${JSON.stringify(row.content)}::jsonb, ${row.content_hash}, ${row.created_at}::timestamptz)
    RETURNING id`);
  return inserted!.id;
}

/** An agent's statements in order (oldest first). */
export const statementsOfAccount = (db: Queryable, accountId: string) =>
  db.rows<StatementRow>(sql`SELECT ${COLUMNS} FROM statements s WHERE s.account_id = ${accountId} ORDER BY s.period_end, s.id`);

/** Every statement of a site, each agent's in order (what the ledger check recomputes). */
export const statementsOfSite = (db: Queryable, siteId: string) =>
  db.rows<StatementRow>(sql`SELECT ${COLUMNS} FROM statements s WHERE s.site_id = ${siteId} ORDER BY s.account_id, s.period_end, s.id`);

export const statementById = (db: Queryable, siteId: string, id: string) =>
  db.one<StatementRow>(sql`SELECT ${COLUMNS} FROM statements s WHERE s.site_id = ${siteId} AND s.id = ${id}`);

/** Which statements a caller may read: of the accounts `whose` selects (a condition on accounts a). */
export async function statementPage(db: Queryable, siteId: string, whose: SQL, page: { pageIndex: number; pageSize: number }) {
  const where = sql`s.site_id = ${siteId} AND ${whose}`;
  const total = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM statements s JOIN accounts a ON a.id = s.account_id
    WHERE ${where}`);
  const rows = await db.rows<StatementRow & { login_id: string; level: number }>(sql`
    SELECT ${COLUMNS}, a.login_id, a.level FROM statements s JOIN accounts a ON a.id = s.account_id
     WHERE ${where} ORDER BY s.period_end DESC, s.id DESC
     LIMIT ${page.pageSize} OFFSET ${(page.pageIndex - 1) * page.pageSize}`);
  return { total: total?.n ?? 0, rows };
}
