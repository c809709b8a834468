import { formatCents } from '../../contract/amount.contract';
import type { StatementBets, StatementContent } from '../../contract/statement.contract';
import { canonicalJson } from '../kernel/canonical-json';
import type { Queryable } from '../kernel/db/database';
import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { iso } from '../kernel/db/timestamps';
import type { SettlementRow } from '../reports/settlement.repository';
import type { AccountRow } from '../tree/account.repository';
import { addBets, formatBets, handedUp, parseBets } from './statement-bets';
import { FIRST_DAY, statementDays, statementHash, storedContent } from './statement-freeze';
import { readLedgerPart } from './statement-ledger';
import { statementsOfSite, type StatementRow } from './statement.repository';

/** One check of the frozen statements, as the ledger check prints it. */
export interface StatementCheck {
  name: string;
  ok: boolean;
  detail: string;
  examples: string[];
}

const MAX_EXAMPLES = 10;
const label = (row: StatementRow, content: StatementContent) => `statement ${wireId(row.id)} (${content.agent.loginId})`;

/** The columns the lists read and the recompute starts from say what the content says. */
function columnsAgree(row: StatementRow, content: StatementContent): boolean {
  return (
    content.agent.userId === wireId(row.account_id) &&
    content.settlementId === wireId(row.settlement_id) &&
    content.periodStart === iso(row.period_start) &&
    content.periodEnd === iso(row.period_end) &&
    content.ledgerSerial === String(row.ledger_serial) &&
    content.frozenAt === iso(row.created_at) &&
    content.siteId === row.site_id
  );
}

/** A bet part adds up: what it hands up follows from its win/loss, rebate and what the line keeps. */
const betsAddUp = (bets: StatementBets) => bets.agentToCompany === formatCents(handedUp(parseBets(bets)));

const movementRows = (movements: StatementContent['movements']) => Object.values(movements).reduce((n, m) => n + m.count, 0);
const byStatement = (a: { corrects: string | null }, b: { corrects: string | null }) => (a.corrects ?? '').localeCompare(b.corrects ?? '');

/** The movement part of a statement: as frozen, and as the score log gives it now for the statement's window. */
async function movementParts(db: Queryable, row: StatementRow, content: StatementContent, previous: StatementRow | undefined) {
  const agent = await db.one<Pick<AccountRow, 'path'>>(sql`SELECT path FROM accounts WHERE id = ${wireId(row.account_id)}`);
  const ledger = await readLedgerPart(db, {
    siteId: row.site_id,
    agentId: wireId(row.account_id),
    linePath: agent?.path ?? '',
    periodStart: row.period_start,
    periodEnd: row.period_end,
    serial: row.ledger_serial,
    previousSerial: previous?.ledger_serial ?? null,
  });
  const again = {
    openingBalance: formatCents(ledger.openingBalance),
    closingBalance: formatCents(ledger.closingBalance),
    movements: ledger.movements,
    previousStatementId: previous ? wireId(previous.id) : null,
    late: [...ledger.corrections]
      .map(([corrects, late]) => ({ corrects, movements: late.movements, balance: formatCents(late.balance) }))
      .sort(byStatement),
  };
  const frozen: typeof again = {
    openingBalance: content.openingBalance,
    closingBalance: content.closingBalance,
    movements: content.movements,
    previousStatementId: content.previousStatementId,
    late: content.corrections
      .filter((c) => c.balance !== '0.00' || movementRows(c.movements) > 0)
      .map((c) => ({ corrects: c.corrects, movements: c.movements, balance: c.balance }))
      .sort(byStatement),
  };
  return { again, frozen };
}

/** What of a statement differs from its recomputation (empty when nothing does). */
async function statementDifferences(db: Queryable, row: StatementRow, content: StatementContent, previous: StatementRow | undefined) {
  const { again, frozen } = await movementParts(db, row, content, previous);
  const differs: string[] = (Object.keys(frozen) as (keyof typeof frozen)[]).filter(
    (key) => canonicalJson(frozen[key]) !== canonicalJson(again[key]),
  );
  const days = statementDays(row.period_start, row.period_end, row.from_day === FIRST_DAY);
  if (days.firstDay !== content.firstDay || days.lastDay !== content.lastDay || days.endDay !== row.end_day) differs.push('days');
  const total = content.corrections.reduce((sum, c) => addBets(sum, parseBets(c.bets)), parseBets(content.bets));
  if (canonicalJson(formatBets(total)) !== canonicalJson(content.betsWithCorrections)) differs.push('betsWithCorrections');
  if (![content.bets, content.betsWithCorrections, ...content.corrections.map((c) => c.bets)].every(betsAddUp)) differs.push('bets');
  return differs;
}

/** Each statement's stored hash is its content's, and its columns say what its content says. */
export async function checkStatementHashes(db: Queryable, siteId: string): Promise<StatementCheck> {
  const rows = await statementsOfSite(db, siteId);
  const bad = rows.filter((row) => {
    const content = storedContent(row);
    return statementHash(content) !== row.content_hash || !columnsAgree(row, content);
  });
  return {
    name: "each statement's content hashes to its stored sha256 and agrees with its columns",
    ok: bad.length === 0,
    detail: `${rows.length} statements, ${bad.length} do not`,
    examples: bad.slice(0, MAX_EXAMPLES).map((row) => label(row, storedContent(row))),
  };
}

/**
 * Each statement recomputes from the score log at its serial (balances, movements, late rows as
 * corrections of the statements they fall in), its bet numbers add up, and what it kept with its
 * corrections is its bill period's (when every earlier period of the agent has its statement).
 */
export async function checkStatementsRecompute(db: Queryable, siteId: string): Promise<StatementCheck> {
  const rows = await statementsOfSite(db, siteId);
  const examples: string[] = [];
  let failed = 0;
  for (const [index, row] of rows.entries()) {
    const previous = index > 0 && rows[index - 1]!.account_id === row.account_id ? rows[index - 1] : undefined;
    const content = storedContent(row);
    const differs = await statementDifferences(db, row, content, previous);
    if (!(await agreesWithBill(db, row, content))) differs.push('bill');
    if (differs.length === 0) continue;
    failed += 1;
    if (examples.length < MAX_EXAMPLES) examples.push(`${label(row, content)}: ${differs.join(', ')} differ`);
  }
  return {
    name: 'each statement recomputes from the score log at its serial, and adds up with its corrections to its bill period',
    ok: failed === 0,
    detail: `${rows.length} statements, ${failed} differ`,
    examples,
  };
}

/** What a statement kept with its corrections is what its settlements row kept, unless an earlier period has no statement. */
async function agreesWithBill(db: Queryable, row: StatementRow, content: StatementContent): Promise<boolean> {
  const bill = await db.one<
    Pick<SettlementRow, 'bets' | 'valid_bet' | 'win_loss' | 'agent_to_company'> & { unfrozen: boolean }
  >(sql`SELECT s.bets, s.valid_bet, s.win_loss, s.agent_to_company,
      EXISTS (SELECT FROM settlements e WHERE e.account_id = s.account_id AND e.period_end < s.period_end
                 AND NOT EXISTS (SELECT FROM statements f WHERE f.settlement_id = e.id)) AS unfrozen
    FROM settlements s WHERE s.id = ${wireId(row.settlement_id)}`);
  if (!bill) return false;
  if (bill.unfrozen) return true;
  const kept = content.betsWithCorrections;
  return (
    kept.bets === Number(bill.bets) &&
    kept.validAmount === formatCents(bill.valid_bet) &&
    kept.valueWonLose === formatCents(bill.win_loss) &&
    kept.agentToCompany === formatCents(bill.agent_to_company)
  );
}
