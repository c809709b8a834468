import { sql, type SQL } from '../kernel/db/sql';
import { formatCents } from '../../contract/amount.contract';
import type { Queryable } from '../kernel/db/database';
import type { AccountRow } from '../tree/account.repository';
import { pendingTransfers, type PendingTransferRow } from './game-transfers';
import { checkStatementHashes, checkStatementsRecompute, type StatementCheck } from '../statements/statement-check';

/**
 * The ledger's invariants, checked from the data alone (npm run ledger:check, and the tests):
 * points only come from issuance, no balance is negative (the game wallet is exempt), serials
 * have no gaps, every row adds up, each account's rows chain from 0 to its balance, each
 * account's last score time is its latest transfer's, each transfer joins a parent and its
 * direct child (a game transfer a member and its site's wallet), the wallet holds transfers in
 * minus transfers out, every finished game session pays out what came in plus its bets'
 * win/loss, the members in game are those with an open session; pending transfers are listed.
 */

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
  /** Every check read one snapshot: checkLedger's own REPEATABLE READ READ ONLY transaction. */
  oneSnapshot: boolean;
}

const SNAPSHOT = 'REPEATABLE READ READ ONLY';

const MAX_EXAMPLES = 10;
const points = (value: bigint | null | undefined) => formatCents(value ?? 0n);

/** One row per account side of each score-log row: the target's before/after, and the parent side's. */
const sides = (siteId: string) => sql`
  SELECT l.target_account_id AS account_id, l.serial_no, l.before, l.after
    FROM score_log l WHERE l.site_id = ${siteId}
  UNION ALL
  SELECT CASE WHEN l.from_account_id = l.target_account_id THEN l.to_account_id ELSE l.from_account_id END,
         l.serial_no, l.operator_before, l.operator_after
    FROM score_log l WHERE l.site_id = ${siteId} AND l.operator_before IS NOT NULL`;

async function violations<T>(db: Queryable, query: SQL, describe: (row: T) => string): Promise<{ count: number; examples: string[] }> {
  const rows = await db.rows<T & { violations: number }>(
    sql`SELECT *, (count(*) OVER ())::int AS violations FROM (${query}) v LIMIT ${MAX_EXAMPLES}`,
  );
  return { count: rows[0]?.violations ?? 0, examples: rows.map(describe) };
}

function result(site: string, name: string, ok: boolean, detail: string, examples: string[] = []): CheckResult {
  return { site, name, ok, detail, examples };
}

/** The points in the accounts are the points issued. */
async function checkBalancesMatchIssued(db: Queryable, siteId: string): Promise<CheckResult> {
  const totals = await db.one<{ issued: bigint | null; balances: bigint | null; accounts: bigint; negative: bigint }>(sql`
    SELECT (SELECT sum(amount) FROM score_log WHERE site_id = ${siteId} AND type = 'issue') AS issued,
           sum(balance) AS balances, count(*) AS accounts, count(*) FILTER (WHERE balance < 0) AS negative
      FROM accounts WHERE site_id = ${siteId}`);
  const issued = totals?.issued ?? 0n;
  const balances = totals?.balances ?? 0n;
  return result(
    siteId,
    'sum of balances equals issued points',
    issued === balances,
    `${formatCents(balances)} in ${totals?.accounts ?? 0} accounts, ${formatCents(issued)} issued`,
  );
}

/** No tree account holds less than 0. */
async function checkNoNegativeBalance(db: Queryable, siteId: string): Promise<CheckResult> {
  const negative = await violations<{ login_id: string; balance: bigint }>(
    db,
    sql`SELECT login_id, balance FROM accounts WHERE site_id = ${siteId} AND balance < 0 AND kind = 'tree'`,
    (row) => `${row.login_id}: ${points(row.balance)}`,
  );
  return result(
    siteId,
    'no negative balance (the game wallet is exempt)',
    negative.count === 0,
    `${negative.count} negative`,
    negative.examples,
  );
}

/** The serial numbers count the rows, from 1, as the site's counter does. */
async function checkSerials(db: Queryable, siteId: string): Promise<CheckResult> {
  const serials = await db.one<{
    row_count: bigint;
    distinct_serials: bigint;
    lowest: bigint | null;
    highest: bigint | null;
    counter: bigint | null;
  }>(sql`
    SELECT count(*) AS row_count, count(DISTINCT serial_no) AS distinct_serials, min(serial_no) AS lowest, max(serial_no) AS highest,
           (SELECT score_serial FROM sites WHERE id = ${siteId}) AS counter
      FROM score_log WHERE site_id = ${siteId}`);
  const rowCount = serials?.row_count ?? 0n;
  const serialsOk =
    (serials?.distinct_serials ?? 0n) === rowCount &&
    (serials?.counter ?? 0n) === rowCount &&
    (rowCount === 0n || (serials!.lowest! === 1n && serials!.highest! === rowCount));
  return result(
    siteId,
    'serial numbers run from 1 without gaps or repeats',
    serialsOk,
    `${rowCount} rows, serials ${serials?.lowest ?? '-'}..${serials?.highest ?? '-'}, site counter ${serials?.counter ?? '-'}`,
  );
}

/** Each row's amount moves both its sides' before to their after. */
async function checkRowsAddUp(db: Queryable, siteId: string): Promise<CheckResult> {
  const arithmetic = await violations<{ serial_no: bigint; type: string }>(
    db,
    sql`SELECT serial_no, type FROM score_log
         WHERE site_id = ${siteId} AND NOT COALESCE(CASE type
           WHEN 'issue' THEN after = before + amount AND operator_before IS NULL AND operator_after IS NULL
           WHEN 'up' THEN after = before + amount AND operator_after = operator_before - amount
           WHEN 'down' THEN after = before - amount AND operator_after = operator_before + amount
           WHEN 'in' THEN after = before - amount AND operator_after = operator_before + amount
           WHEN 'out' THEN after = before + amount AND operator_after = operator_before - amount
           ELSE false END, false)`,
    (row) => `#${row.serial_no} (${row.type})`,
  );
  return result(
    siteId,
    'every row adds up (amount, before and after on both sides)',
    arithmetic.count === 0,
    `${arithmetic.count} rows do not`,
    arithmetic.examples,
  );
}

/** Each account's rows chain: each before is the previous row's after, the first's is 0. */
async function checkChains(db: Queryable, siteId: string): Promise<CheckResult> {
  const links = await db.one<{ links: bigint }>(sql`SELECT count(*) AS links FROM (${sides(siteId)}) s`);
  const broken = await violations<{ login_id: string; serial_no: bigint; before: bigint; previous: bigint }>(
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
  return result(
    siteId,
    "each account's rows chain (each before is the previous after, the first starts at 0)",
    broken.count === 0,
    `${links?.links ?? 0} account rows, ${broken.count} broken`,
    broken.examples,
  );
}

/** Each account's last row ends at its balance. */
async function checkChainEnds(db: Queryable, siteId: string): Promise<CheckResult> {
  const ends = await violations<{ login_id: string; balance: bigint; last_after: bigint | null }>(
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
  return result(siteId, "each account's last row ends at its balance", ends.count === 0, `${ends.count} accounts differ`, ends.examples);
}

/** Each account's last score time is its latest transfer's. */
async function checkLastScoreTimes(db: Queryable, siteId: string): Promise<CheckResult> {
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
  return result(
    siteId,
    "each account's last score time (the minimum interval reads it) is its latest transfer's",
    stamps.count === 0,
    `${stamps.count} accounts differ`,
    stamps.examples,
  );
}

/** Each row is between the accounts its type allows (a parent and its child, the company, a member and the wallet). */
async function checkRelations(db: Queryable, siteId: string): Promise<CheckResult> {
  const relations = await db.one<{ transfers: bigint; issues: bigint; game: bigint }>(sql`
    SELECT count(*) FILTER (WHERE type IN ('up', 'down')) AS transfers, count(*) FILTER (WHERE type = 'issue') AS issues,
           count(*) FILTER (WHERE type IN ('in', 'out')) AS game
      FROM score_log WHERE site_id = ${siteId}`);
  const strangers = await violations<{ serial_no: bigint; type: string }>(
    db,
    sql`SELECT l.serial_no, l.type
          FROM score_log l
          LEFT JOIN accounts child ON child.id = l.target_account_id
          LEFT JOIN accounts parent ON parent.id = CASE WHEN l.from_account_id = l.target_account_id THEN l.to_account_id ELSE l.from_account_id END
         WHERE l.site_id = ${siteId} AND CASE l.type
           WHEN 'issue' THEN l.from_account_id IS NOT NULL OR child.level IS DISTINCT FROM 0 OR child.site_id IS DISTINCT FROM l.site_id
             OR l.to_account_id IS DISTINCT FROM child.id OR child.kind <> 'tree'
           WHEN 'up' THEN child.parent_id IS DISTINCT FROM parent.id OR parent.site_id IS DISTINCT FROM l.site_id
             OR child.site_id IS DISTINCT FROM l.site_id OR l.from_account_id <> parent.id OR l.to_account_id <> child.id
             OR l.operator_account_id <> parent.id
           WHEN 'down' THEN child.parent_id IS DISTINCT FROM parent.id OR parent.site_id IS DISTINCT FROM l.site_id
             OR child.site_id IS DISTINCT FROM l.site_id OR l.from_account_id <> child.id OR l.to_account_id <> parent.id
             OR l.operator_account_id <> parent.id
           WHEN 'in' THEN child.level IS DISTINCT FROM 5 OR child.kind <> 'tree' OR parent.kind IS DISTINCT FROM 'wallet'
             OR child.site_id IS DISTINCT FROM l.site_id OR parent.site_id IS DISTINCT FROM l.site_id OR l.from_account_id <> child.id
           WHEN 'out' THEN child.level IS DISTINCT FROM 5 OR child.kind <> 'tree' OR parent.kind IS DISTINCT FROM 'wallet'
             OR child.site_id IS DISTINCT FROM l.site_id OR parent.site_id IS DISTINCT FROM l.site_id OR l.to_account_id <> child.id
           ELSE true END
         ORDER BY l.serial_no`,
    (row) => `#${row.serial_no} (${row.type})`,
  );
  return result(
    siteId,
    "each transfer is between a parent and its direct child, each issue goes to the company, each game transfer between a member and the site's wallet",
    strangers.count === 0,
    `${relations?.transfers ?? 0} transfers, ${relations?.issues ?? 0} issues, ${relations?.game ?? 0} game transfers, ${strangers.count} not`,
    strangers.examples,
  );
}

/** The game wallet holds what went in minus what came out. */
async function checkWallet(db: Queryable, siteId: string): Promise<CheckResult> {
  const wallet = await db.one<{ balance: bigint | null; ins: bigint | null; outs: bigint | null }>(sql`
    SELECT (SELECT balance FROM accounts WHERE site_id = ${siteId} AND kind = 'wallet') AS balance,
           sum(amount) FILTER (WHERE type = 'in') AS ins, sum(amount) FILTER (WHERE type = 'out') AS outs
      FROM score_log WHERE site_id = ${siteId} AND type IN ('in', 'out')`);
  const held = (wallet?.ins ?? 0n) - (wallet?.outs ?? 0n);
  return result(
    siteId,
    'the game wallet holds transfers in minus transfers out',
    wallet?.balance !== null && wallet?.balance !== undefined && wallet.balance === held,
    `wallet ${wallet?.balance === null || wallet?.balance === undefined ? 'missing' : points(wallet.balance)}, in - out ${formatCents(held)}`,
  );
}

/** Every finished game session pays out what came in plus its bets' win/loss. */
async function checkGameSessions(db: Queryable, siteId: string): Promise<CheckResult> {
  const sessions = await db.one<{ finished: bigint; open: bigint }>(sql`SELECT count(*) FILTER (WHERE ended_at IS NOT NULL) AS finished,
      count(*) FILTER (WHERE ended_at IS NULL) AS open FROM game_sessions WHERE site_id = ${siteId}`);
  const unbalanced = await violations<{
    session_id: string;
    login_id: string;
    ins: bigint;
    outs: bigint;
    win_loss: bigint;
    open_bets: bigint;
  }>(
    db,
    sql`WITH moved AS (
          SELECT game_session, COALESCE(sum(amount) FILTER (WHERE type = 'in' AND state = 'done'), 0) AS ins,
                 COALESCE(sum(amount) FILTER (WHERE type = 'out' AND reversal_of IS NULL), 0) AS outs,
                 count(*) FILTER (WHERE state = 'pending') AS pending
            FROM score_log WHERE site_id = ${siteId} AND game_session IS NOT NULL GROUP BY game_session
        ), played AS (
          SELECT transaction_id, COALESCE(sum(win_loss) FILTER (WHERE status IN ('settled', 'resettled')), 0) AS win_loss,
                 count(*) FILTER (WHERE status = 'unsettled') AS open_bets
            FROM bets WHERE site_id = ${siteId} GROUP BY transaction_id
        )
        SELECT s.session_id, a.login_id, COALESCE(m.ins, 0) AS ins, COALESCE(m.outs, 0) AS outs,
               COALESCE(p.win_loss, 0) AS win_loss, COALESCE(p.open_bets, 0) AS open_bets
          FROM game_sessions s JOIN accounts a ON a.id = s.member_id
          LEFT JOIN moved m ON m.game_session = s.session_id LEFT JOIN played p ON p.transaction_id = s.session_id
         WHERE s.site_id = ${siteId} AND s.ended_at IS NOT NULL
           AND (COALESCE(m.outs, 0) <> COALESCE(m.ins, 0) + COALESCE(p.win_loss, 0) OR COALESCE(m.pending, 0) > 0 OR COALESCE(p.open_bets, 0) > 0)
         ORDER BY s.started_at`,
    (row) =>
      `${row.login_id} session ${row.session_id}: in ${points(row.ins)}, out ${points(row.outs)}, win/loss ${points(row.win_loss)}` +
      (row.open_bets > 0 ? `, ${row.open_bets} unsettled bets` : ''),
  );
  return result(
    siteId,
    "every finished game session: out = in + its bets' win/loss",
    unbalanced.count === 0,
    `${sessions?.finished ?? 0} finished, ${sessions?.open ?? 0} open, ${unbalanced.count} do not add up`,
    unbalanced.examples,
  );
}

/** The members in game are those with an open session. */
async function checkInGameFlags(db: Queryable, siteId: string): Promise<CheckResult> {
  const flags = await violations<{ login_id: string; in_game: boolean }>(
    db,
    sql`SELECT a.login_id, a.in_game FROM accounts a
         WHERE a.site_id = ${siteId} AND a.in_game <> EXISTS (SELECT FROM game_sessions s WHERE s.member_id = a.id AND s.ended_at IS NULL)
         ORDER BY a.id`,
    (row) => `${row.login_id}: ${row.in_game ? 'in game without an open session' : 'an open session but not in game'}`,
  );
  return result(
    siteId,
    'the members in game are those with an open game session',
    flags.count === 0,
    `${flags.count} differ`,
    flags.examples,
  );
}

/** The pending transfers, listed. */
async function listPendingTransfers(db: Queryable, siteId: string): Promise<CheckResult> {
  const pending = await violations<Pick<PendingTransferRow, 'transfer_id' | 'type' | 'amount' | 'at'> & Pick<AccountRow, 'login_id'>>(
    db,
    sql`SELECT p.transfer_id, p.type, a.login_id, p.amount, p.at FROM (${pendingTransfers(siteId)}) p
          JOIN accounts a ON a.id = p.member_id ORDER BY p.at`,
    (row) => `${row.type} ${row.transfer_id} ${row.login_id} ${points(row.amount)} since ${new Date(row.at).toISOString()}`,
  );
  // Listed, not failed: a pending transfer is a normal state until the repair settles it.
  return result(siteId, 'pending transfers (the repair settles them)', true, `${pending.count} pending`, pending.examples);
}

/** A check of the statements namespace, as a check of this report. */
const statementCheck =
  (check: (db: Queryable, siteId: string) => Promise<StatementCheck>) =>
  async (db: Queryable, siteId: string): Promise<CheckResult> => ({ site: siteId, ...(await check(db, siteId)) });

/** The checks of one site, in order, each read after the one before (one connection). */
const SITE_CHECKS = [
  checkBalancesMatchIssued,
  checkNoNegativeBalance,
  checkSerials,
  checkRowsAddUp,
  checkChains,
  checkChainEnds,
  checkLastScoreTimes,
  checkRelations,
  // The game wallet, the game sessions and the pending transfers (docs/product.md#wallet-and-transfers).
  checkWallet,
  checkGameSessions,
  checkInGameFlags,
  listPendingTransfers,
  // The frozen statements (docs/product.md#statements).
  statementCheck(checkStatementHashes),
  statementCheck(checkStatementsRecompute),
];

async function checkSite(db: Queryable, siteId: string): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of SITE_CHECKS) results.push(await check(db, siteId));
  return results;
}

/**
 * Checks one site, or every site, on one snapshot: all the checks run in one REPEATABLE READ READ
 * ONLY transaction of their own. Each check is one statement, but under READ COMMITTED each
 * statement sees the database as it is when it starts, so while points move the checks compared
 * different moments of it. `db` must not be in a transaction (checkLedgerInTransaction is).
 * Unknown site ids are reported as a failed check.
 */
export function checkLedger(db: Queryable, options: { siteId?: string } = {}): Promise<LedgerReport> {
  return db.transaction(async (tx) => {
    await tx.run(sql.raw(`SET TRANSACTION ISOLATION LEVEL ${SNAPSHOT}`));
    return { ...(await checkLedgerInTransaction(tx, options)), oneSnapshot: true };
  });
}

/** The checks in the caller's transaction (a test's, after a change it then rolls back): one snapshot only if that transaction is REPEATABLE READ. */
export async function checkLedgerInTransaction(db: Queryable, options: { siteId?: string } = {}): Promise<LedgerReport> {
  const rows = await db.rows<{ id: string }>(
    options.siteId === undefined ? sql`SELECT id FROM sites ORDER BY id` : sql`SELECT id FROM sites WHERE id = ${options.siteId}`,
  );
  const sites = rows.map((row) => row.id);
  const checks: CheckResult[] = [];
  if (options.siteId !== undefined && sites.length === 0) {
    checks.push({ site: options.siteId, name: 'site exists', ok: false, detail: 'no such site', examples: [] });
  }
  for (const site of sites) checks.push(...(await checkSite(db, site)));
  return { sites, checks, ok: checks.every((check) => check.ok), oneSnapshot: false };
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
  const read = report.oneSnapshot ? `, all read in one ${SNAPSHOT} transaction` : '';
  lines.push(
    failed === 0
      ? `Ledger check passed: ${report.checks.length} checks on ${report.sites.length} site(s)${read}.`
      : `Ledger check FAILED: ${failed} of ${report.checks.length} checks on ${report.sites.length} site(s)${read}.`,
  );
  return lines;
}
