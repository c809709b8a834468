import { createHash } from 'node:crypto';
import { formatCents } from '../../contract/amount.contract';
import { beijingDayOf } from '../../contract/beijing-time.contract';
import type { StatementContent, StatementCorrection } from '../../contract/statement.contract';
import { canonicalJson } from '../kernel/canonical-json';
import type { Queryable } from '../kernel/db/database';
import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { iso } from '../kernel/db/timestamps';
import {
  addBets,
  formatBets,
  isZeroBets,
  minusBets,
  NO_BETS,
  parseBets,
  rollupBets,
  rollupBetsOfStatements,
  type BetSums,
} from './statement-bets';
import { noMovements, readLedgerPart, type LedgerPart } from './statement-ledger';
import { insertStatement, statementsOfAccount, type StatementRow } from './statement.repository';

/** The first day a first statement sums: every day before an agent's first close (as the bill's first period does). */
export const FIRST_DAY = '2000-01-01';

/** sha256 of a statement's canonical JSON (keys sorted): what its hash column holds. */
export const statementHash = (content: StatementContent) => createHash('sha256').update(canonicalJson(content)).digest('hex');

/** The content as stored: jsonb, or text when a driver hands it back unparsed. */
export const storedContent = (row: Pick<StatementRow, 'content'>): StatementContent =>
  typeof row.content === 'string' ? (JSON.parse(row.content) as StatementContent) : row.content;

export interface FreezeInput {
  siteId: string;
  settlementId: bigint;
  agent: { id: bigint; login_id: string; level: number; path: string };
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}

/**
 * What re-settled or cancelled bets changed on each earlier statement's days since it and its
 * corrections were frozen: the rollups of its days now, less everything statements counted of them.
 */
async function betCorrections(db: Queryable, input: FreezeInput, earlier: readonly StatementRow[]) {
  const now = await rollupBetsOfStatements(db, input.siteId, wireId(input.agent.id), input.periodStart);
  const counted = new Map<string, BetSums>();
  for (const row of earlier) {
    const id = wireId(row.id);
    const content = storedContent(row);
    counted.set(id, addBets(counted.get(id) ?? NO_BETS, parseBets(content.bets)));
    for (const correction of content.corrections)
      if (correction.corrects !== null)
        counted.set(correction.corrects, addBets(counted.get(correction.corrects) ?? NO_BETS, parseBets(correction.bets)));
  }
  const changed = new Map<string, { end: string; bets: BetSums }>();
  for (const row of earlier) {
    const id = wireId(row.id);
    const difference = minusBets(now.get(id) ?? NO_BETS, counted.get(id) ?? NO_BETS);
    if (!isZeroBets(difference)) changed.set(id, { end: iso(row.period_end), bets: difference });
  }
  return changed;
}

/** The late score-log rows and the changed bets, one correction per statement they correct, oldest first. */
function mergeCorrections(ledger: LedgerPart, bets: Map<string, { end: string; bets: BetSums }>): StatementCorrection[] {
  const keys = new Set<string | null>([...ledger.corrections.keys(), ...bets.keys()]);
  const corrections = [...keys].map((key): StatementCorrection => {
    const late = ledger.corrections.get(key);
    const changed = key === null ? undefined : bets.get(key);
    return {
      corrects: key,
      correctsPeriodEnd: late?.correctsPeriodEnd ?? changed?.end ?? null,
      movements: late?.movements ?? noMovements(),
      balance: formatCents(late?.balance ?? 0n),
      bets: formatBets(changed?.bets ?? NO_BETS),
    };
  });
  return corrections.sort((a, b) => (a.correctsPeriodEnd ?? '').localeCompare(b.correctsPeriodEnd ?? ''));
}

/** The Beijing days a statement's bets sum: [fromDay, endDay), and the last of them (null when none). */
export function statementDays(periodStart: Date | string, periodEnd: Date | string, first: boolean) {
  const endDay = beijingDayOf(new Date(periodEnd)).date;
  const startDay = beijingDayOf(new Date(periodStart)).date;
  const fromDay = first ? FIRST_DAY : startDay;
  const lastDay = fromDay < endDay ? beijingDayOf(new Date(new Date(periodEnd).getTime() - 1)).date : null;
  return { fromDay, endDay, firstDay: startDay, lastDay };
}

/**
 * Freezes the statement of a bill period the caller's transaction has just closed (its
 * settlements row): the line's balances and movements from the score log up to the site's last
 * serial, its bets from the rollups (drained by the close), and the corrections of earlier
 * statements; hashed and written once.
 */
export async function freezeStatement(db: Queryable, input: FreezeInput): Promise<bigint> {
  const agentId = wireId(input.agent.id);
  const site = await db.one<{ score_serial: bigint }>(sql`SELECT score_serial FROM sites WHERE id = ${input.siteId}`);
  const serial = site?.score_serial ?? 0n;
  const earlier = await statementsOfAccount(db, agentId);
  const previous = earlier.at(-1);
  const firstClose = await db.one<{ earlier: boolean }>(sql`SELECT EXISTS (SELECT FROM settlements
    WHERE account_id = ${agentId} AND id <> ${String(input.settlementId)}::bigint) AS earlier`);
  const days = statementDays(input.periodStart, input.periodEnd, !firstClose?.earlier);
  const ledger = await readLedgerPart(db, {
    siteId: input.siteId,
    agentId,
    linePath: input.agent.path,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    serial,
    previousSerial: previous?.ledger_serial ?? null,
  });
  const bets = await rollupBets(db, input.siteId, agentId, days.fromDay, days.endDay);
  const corrections = mergeCorrections(ledger, await betCorrections(db, input, earlier));
  const content: StatementContent = {
    format: 1,
    siteId: input.siteId,
    agent: { userId: agentId, loginId: input.agent.login_id, level: Number(input.agent.level) },
    settlementId: wireId(input.settlementId),
    previousStatementId: previous ? wireId(previous.id) : null,
    periodStart: iso(input.periodStart),
    periodEnd: iso(input.periodEnd),
    firstDay: days.firstDay,
    lastDay: days.lastDay,
    ledgerSerial: String(serial),
    frozenAt: iso(input.now),
    openingBalance: formatCents(ledger.openingBalance),
    closingBalance: formatCents(ledger.closingBalance),
    movements: ledger.movements,
    bets: formatBets(bets),
    corrections,
    betsWithCorrections: formatBets(corrections.reduce((sum, c) => addBets(sum, parseBets(c.bets)), bets)),
  };
  return insertStatement(db, {
    site_id: input.siteId,
    account_id: input.agent.id,
    settlement_id: input.settlementId,
    period_start: input.periodStart,
    period_end: input.periodEnd,
    from_day: days.fromDay,
    end_day: days.endDay,
    ledger_serial: serial,
    content,
    content_hash: statementHash(content),
    created_at: input.now,
  });
}
