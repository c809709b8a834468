import { formatCents, parseSignedCents } from '../../contract/amount.contract';
import type { StatementBets } from '../../contract/statement.contract';
import type { Queryable } from '../kernel/db/database';
import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';

/** A statement's bet numbers in cents (agentToCompany follows from the others). */
export interface BetSums {
  bets: bigint;
  betAmount: bigint;
  validAmount: bigint;
  valueWonLose: bigint;
  betRebate: bigint;
  lineKeeps: bigint;
}
const FIELDS = ['bets', 'betAmount', 'validAmount', 'valueWonLose', 'betRebate', 'lineKeeps'] as const;
export const NO_BETS: BetSums = { bets: 0n, betAmount: 0n, validAmount: 0n, valueWonLose: 0n, betRebate: 0n, lineKeeps: 0n };

export const addBets = (a: BetSums, b: BetSums): BetSums => Object.fromEntries(FIELDS.map((f) => [f, a[f] + b[f]])) as unknown as BetSums;
export const minusBets = (a: BetSums, b: BetSums): BetSums => Object.fromEntries(FIELDS.map((f) => [f, a[f] - b[f]])) as unknown as BetSums;
export const isZeroBets = (a: BetSums) => FIELDS.every((f) => a[f] === 0n);

/** What the line hands up: -(win/loss + rebate + what it keeps), as the bill and the reports count it. */
export const handedUp = (sums: BetSums) => -(sums.valueWonLose + sums.betRebate + sums.lineKeeps);

export const formatBets = (sums: BetSums): StatementBets => ({
  bets: Number(sums.bets),
  betAmount: formatCents(sums.betAmount),
  validAmount: formatCents(sums.validAmount),
  valueWonLose: formatCents(sums.valueWonLose),
  betRebate: formatCents(sums.betRebate),
  lineKeeps: formatCents(sums.lineKeeps),
  agentToCompany: formatCents(handedUp(sums)),
});

const cents = (text: string) => parseSignedCents(text) ?? 0n;
export const parseBets = (bets: StatementBets): BetSums => ({
  bets: BigInt(bets.bets),
  betAmount: cents(bets.betAmount),
  validAmount: cents(bets.validAmount),
  valueWonLose: cents(bets.valueWonLose),
  betRebate: cents(bets.betRebate),
  lineKeeps: cents(bets.lineKeeps),
});

type Measured = { bets: bigint; bet_amount: bigint; valid_bet: bigint; win_loss: bigint; rebate: bigint; line_keeps: bigint };
const MEASURED = sql`COALESCE(sum(r.bets), 0) AS bets, COALESCE(sum(r.bet_amount), 0) AS bet_amount,
  COALESCE(sum(r.valid_bet), 0) AS valid_bet, COALESCE(sum(r.win_loss), 0) AS win_loss, COALESCE(sum(r.rebate), 0) AS rebate,
  COALESCE(sum(r.line_keeps), 0) AS line_keeps`;
const measured = (row: Measured | undefined): BetSums =>
  row
    ? {
        bets: row.bets,
        betAmount: row.bet_amount,
        validAmount: row.valid_bet,
        valueWonLose: row.win_loss,
        betRebate: row.rebate,
        lineKeeps: row.line_keeps,
      }
    : NO_BETS;

/** The agent's line as its parent's report sees it (its edge rollups) over the Beijing days [fromDay, endDay). */
export async function rollupBets(db: Queryable, siteId: string, agentId: string, fromDay: string, endDay: string): Promise<BetSums> {
  return measured(
    await db.one<Measured>(sql`SELECT ${MEASURED} FROM report_edge_days r
      WHERE r.site_id = ${siteId} AND r.child_id = ${agentId} AND r.day >= ${fromDay}::date AND r.day < ${endDay}::date`),
  );
}

/** The same over each earlier statement's days, as the rollups hold them now: per statement id. */
export async function rollupBetsOfStatements(db: Queryable, siteId: string, agentId: string, before: Date | string) {
  const rows = await db.rows<Measured & { id: bigint }>(sql`
    SELECT s.id, ${MEASURED} FROM statements s
      LEFT JOIN report_edge_days r ON r.site_id = s.site_id AND r.child_id = s.account_id AND r.day >= s.from_day AND r.day < s.end_day
     WHERE s.site_id = ${siteId} AND s.account_id = ${agentId} AND s.period_end <= ${before}::timestamptz
     GROUP BY s.id`);
  return new Map(rows.map((row) => [wireId(row.id), measured(row)]));
}
