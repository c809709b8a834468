import { sql, type SQL } from 'drizzle-orm';
import { formatCents } from '../../contract/amount.contract';
import type { Queryable } from '../db/database';

/**
 * The ledger's invariants, checked from the data alone (npm run ledger:check, and the tests):
 * points only come from issuance, no balance is negative, serials have no gaps, every row adds
 * up, each account's rows chain from 0 to its balance, each account's last score time is its
 * latest transfer's, and each transfer joins a parent and its direct child.
 */

type DbInt = string | number | bigint;

export interface CheckResult {
  site: string;
  name: string;
  ok: boolean;
  /** What was compared or counted, for the printed report. */
  detail: string;
  /** Up to MAX_EXAMPLES offending rows, described. */
  examples: string[];
}

export interface LedgerReport {
  sites: string[];
  checks: CheckResult[];
  ok: boolean;
}

const MAX_EXAMPLES = 10;
const points = (value: DbInt | null | undefined) => formatCents(BigInt(value ?? 0));

/** One row per account side of each score-log row: the target's before/after, and the parent side's. */
const sides = (siteId: string) => sql`
  SELECT l.target_account_id AS account_id, l.serial_no, l.before, l.after
    FROM score_log l WHERE l.site_id = ${siteId}
  UNION ALL
  SELECT CASE WHEN l.from_account_id = l.target_account_id THEN l.to_account_id ELSE l.from_account_id END,
         l.serial_no, l.operator_before, l.operator_after
    FROM score_log l WHERE l.site_id = ${siteId} AND l.operator_before IS NOT NULL`;

async function violations<T>(db: Queryable, query: SQL, describe: (row: T) => string): Promise<{ count: number; examples: string[] }> {
  const rows = await db.rows<T & { violations: DbInt }>(
    sql`SELECT *, count(*) OVER () AS violations FROM (${query}) v LIMIT ${MAX_EXAMPLES}`,
  );
  return { count: Number(rows[0]?.violations ?? 0), examples: rows.map(describe) };
}

async function checkSite(db: Queryable, siteId: string): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const add = (name: string, ok: boolean, detail: string, examples: string[] = []) =>
    results.push({ site: siteId, name, ok, detail, examples });

  const totals = await db.one<{ issued: DbInt | null; balances: DbInt | null; accounts: DbInt; negative: DbInt }>(sql`
    SELECT (SELECT sum(amount) FROM score_log WHERE site_id = ${siteId} AND type = 'issue') AS issued,
           sum(balance) AS balances, count(*) AS accounts, count(*) FILTER (WHERE balance < 0) AS negative
      FROM accounts WHERE site_id = ${siteId}`);
  const issued = BigInt(totals?.issued ?? 0);
  const balances = BigInt(totals?.balances ?? 0);
  add(
    'sum of balances equals issued points',
    issued === balances,
    `${formatCents(balances)} in ${Number(totals?.accounts ?? 0)} accounts, ${formatCents(issued)} issued`,
  );

  const negative = await violations<{ login_id: string; balance: DbInt }>(
    db,
    sql`SELECT login_id, balance FROM accounts WHERE site_id = ${siteId} AND balance < 0`,
    (row) => `${row.login_id}: ${points(row.balance)}`,
  );
  add('no negative balance', negative.count === 0, `${negative.count} negative`, negative.examples);

  const serials = await db.one<{
    row_count: DbInt;
    distinct_serials: DbInt;
    lowest: DbInt | null;
    highest: DbInt | null;
    counter: DbInt | null;
  }>(sql`
    SELECT count(*) AS row_count, count(DISTINCT serial_no) AS distinct_serials, min(serial_no) AS lowest, max(serial_no) AS highest,
           (SELECT score_serial FROM sites WHERE id = ${siteId}) AS counter
      FROM score_log WHERE site_id = ${siteId}`);
  const rowCount = BigInt(serials?.row_count ?? 0);
  const serialsOk =
    BigInt(serials?.distinct_serials ?? 0) === rowCount &&
    BigInt(serials?.counter ?? 0) === rowCount &&
    (rowCount === 0n || (BigInt(serials!.lowest!) === 1n && BigInt(serials!.highest!) === rowCount));
  add(
    'serial numbers run from 1 without gaps or repeats',
    serialsOk,
    `${rowCount} rows, serials ${serials?.lowest ?? '-'}..${serials?.highest ?? '-'}, site counter ${serials?.counter ?? '-'}`,
  );

  const arithmetic = await violations<{ serial_no: DbInt; type: string }>(
    db,
    sql`SELECT serial_no, type FROM score_log
         WHERE site_id = ${siteId} AND NOT COALESCE(CASE type
           WHEN 'issue' THEN after = before + amount AND operator_before IS NULL AND operator_after IS NULL
           WHEN 'up' THEN after = before + amount AND operator_after = operator_before - amount
           WHEN 'down' THEN after = before - amount AND operator_after = operator_before + amount
           ELSE true END, false)`,
    (row) => `#${row.serial_no} (${row.type})`,
  );
  add(
    'every row adds up (amount, before and after on both sides)',
    arithmetic.count === 0,
    `${arithmetic.count} rows do not`,
    arithmetic.examples,
  );

  const links = await db.one<{ links: DbInt }>(sql`SELECT count(*) AS links FROM (${sides(siteId)}) s`);
  const broken = await violations<{ login_id: string; serial_no: DbInt; before: DbInt; previous: DbInt }>(
    db,
    sql`SELECT a.login_id, o.serial_no, o.before, o.previous
          FROM (SELECT account_id, serial_no, before,
                       lag(after, 1, 0::bigint) OVER (PARTITION BY account_id ORDER BY serial_no) AS previous
                  FROM (${sides(siteId)}) s) o
          JOIN accounts a ON a.id = o.account_id
         WHERE o.before <> o.previous
         ORDER BY o.serial_no`,
    (row) => `${row.login_id} #${row.serial_no}: before ${points(row.before)}, previous after ${points(row.previous)}`,
  );
  add(
    "each account's rows chain (each before is the previous after, the first starts at 0)",
    broken.count === 0,
    `${Number(links?.links ?? 0)} account rows, ${broken.count} broken`,
    broken.examples,
  );

  const ends = await violations<{ login_id: string; balance: DbInt; last_after: DbInt | null }>(
    db,
    sql`SELECT a.login_id, a.balance, last.after AS last_after
          FROM accounts a
          LEFT JOIN (SELECT DISTINCT ON (account_id) account_id, after FROM (${sides(siteId)}) s
                      ORDER BY account_id, serial_no DESC) last ON last.account_id = a.id
         WHERE a.site_id = ${siteId} AND a.balance <> COALESCE(last.after, 0)
         ORDER BY a.id`,
    (row) =>
      `${row.login_id}: balance ${points(row.balance)}, last row's after ${row.last_after === null ? 'none' : points(row.last_after)}`,
  );
  add("each account's last row ends at its balance", ends.count === 0, `${ends.count} accounts differ`, ends.examples);

  const stamps = await violations<{ login_id: string; last_scored_at: string | null; latest: string | null }>(
    db,
    sql`SELECT a.login_id, a.last_scored_at, latest.at AS latest
          FROM accounts a
          LEFT JOIN (SELECT target_account_id, max(created_at) AS at FROM score_log
                      WHERE site_id = ${siteId} AND type IN ('up', 'down') GROUP BY target_account_id) latest ON latest.target_account_id = a.id
         WHERE a.site_id = ${siteId} AND a.last_scored_at IS DISTINCT FROM latest.at
         ORDER BY a.id`,
    (row) => `${row.login_id}: last scored ${row.last_scored_at ?? 'never'}, latest transfer ${row.latest ?? 'none'}`,
  );
  add(
    "each account's last score time (the minimum interval reads it) is its latest transfer's",
    stamps.count === 0,
    `${stamps.count} accounts differ`,
    stamps.examples,
  );

  const relations = await db.one<{ transfers: DbInt; issues: DbInt }>(sql`
    SELECT count(*) FILTER (WHERE type IN ('up', 'down')) AS transfers, count(*) FILTER (WHERE type = 'issue') AS issues
      FROM score_log WHERE site_id = ${siteId}`);
  const strangers = await violations<{ serial_no: DbInt; type: string }>(
    db,
    sql`SELECT l.serial_no, l.type
          FROM score_log l
          LEFT JOIN accounts child ON child.id = l.target_account_id
          LEFT JOIN accounts parent ON parent.id = CASE WHEN l.from_account_id = l.target_account_id THEN l.to_account_id ELSE l.from_account_id END
         WHERE l.site_id = ${siteId} AND CASE l.type
           WHEN 'issue' THEN l.from_account_id IS NOT NULL OR child.level IS DISTINCT FROM 0 OR child.site_id IS DISTINCT FROM l.site_id
             OR l.to_account_id IS DISTINCT FROM child.id
           WHEN 'up' THEN child.parent_id IS DISTINCT FROM parent.id OR parent.site_id IS DISTINCT FROM l.site_id
             OR child.site_id IS DISTINCT FROM l.site_id OR l.from_account_id <> parent.id OR l.to_account_id <> child.id
             OR l.operator_account_id <> parent.id
           WHEN 'down' THEN child.parent_id IS DISTINCT FROM parent.id OR parent.site_id IS DISTINCT FROM l.site_id
             OR child.site_id IS DISTINCT FROM l.site_id OR l.from_account_id <> child.id OR l.to_account_id <> parent.id
             OR l.operator_account_id <> parent.id
           ELSE false END
         ORDER BY l.serial_no`,
    (row) => `#${row.serial_no} (${row.type})`,
  );
  add(
    'each transfer is between a parent and its direct child, each issue goes to the company',
    strangers.count === 0,
    `${Number(relations?.transfers ?? 0)} transfers, ${Number(relations?.issues ?? 0)} issues, ${strangers.count} not`,
    strangers.examples,
  );
  return results;
}

/** Checks one site, or every site; unknown site ids are reported as a failed check. */
export async function checkLedger(db: Queryable, options: { siteId?: string } = {}): Promise<LedgerReport> {
  const rows = await db.rows<{ id: string }>(
    options.siteId === undefined ? sql`SELECT id FROM sites ORDER BY id` : sql`SELECT id FROM sites WHERE id = ${options.siteId}`,
  );
  const sites = rows.map((row) => row.id);
  const checks: CheckResult[] = [];
  if (options.siteId !== undefined && sites.length === 0) {
    checks.push({ site: options.siteId, name: 'site exists', ok: false, detail: 'no such site', examples: [] });
  }
  for (const site of sites) checks.push(...(await checkSite(db, site)));
  return { sites, checks, ok: checks.every((check) => check.ok) };
}

/** The report as printed lines. */
export function formatLedgerReport(report: LedgerReport): string[] {
  const lines: string[] = [];
  let site: string | undefined;
  for (const check of report.checks) {
    if (check.site !== site) {
      site = check.site;
      lines.push(`site ${site}:`);
    }
    lines.push(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
    for (const example of check.examples) lines.push(`         ${example}`);
  }
  const failed = report.checks.filter((check) => !check.ok).length;
  lines.push(
    failed === 0
      ? `Ledger check passed: ${report.checks.length} checks on ${report.sites.length} site(s).`
      : `Ledger check FAILED: ${failed} of ${report.checks.length} checks on ${report.sites.length} site(s).`,
  );
  return lines;
}
