import { formatCents } from '../../contract/amount.contract';
import { movementKinds, type StatementMovements } from '../../contract/statement.contract';
import type { Queryable } from '../kernel/db/database';
import { wireId } from '../kernel/db/ids';
import { iso } from '../kernel/db/timestamps';
import { sql } from '../kernel/db/sql';

/**
 * What a statement reads of the score log (docs/product.md#statements): the rows of an agent's
 * line up to the statement's serial, dated before its period's end. Both the freeze and the
 * ledger check run it, so a statement recomputes from the log exactly as it was frozen.
 */
export interface LedgerWindow {
  siteId: string;
  agentId: string;
  /** The agent's path: its line is every account whose path starts with it. */
  linePath: string;
  periodStart: Date | string;
  periodEnd: Date | string;
  /** The statement's ledger version: rows with a higher serial are left for the next statement. */
  serial: bigint;
  /** The version of the agent's statement before this one; null for its first (no corrections). */
  previousSerial: bigint | null;
}

export interface LedgerPart {
  openingBalance: bigint;
  closingBalance: bigint;
  movements: StatementMovements;
  /** Late rows (dated before the period, serial above the previous statement's), per statement they fall in. */
  corrections: Map<string | null, { correctsPeriodEnd: string | null; movements: StatementMovements; balance: bigint }>;
}

type Kind = (typeof movementKinds)[number];
type Sums = Record<Kind, { amount: bigint; count: number }>;
const emptySums = (): Sums => Object.fromEntries(movementKinds.map((kind) => [kind, { amount: 0n, count: 0 }])) as Sums;
export const formatMovements = (sums: Sums): StatementMovements =>
  Object.fromEntries(
    movementKinds.map((kind) => [kind, { amount: formatCents(sums[kind].amount), count: sums[kind].count }]),
  ) as StatementMovements;

/** Each row of the line with its kind and its effect on the line's balance (+ into the line, - out of it). */
const lineRows = (w: LedgerWindow) => {
  const inLine = (alias: string) => sql`COALESCE(${sql.identifier(alias)}.path LIKE ${`${w.linePath}%`}, false)`;
  return sql`
    SELECT l.serial_no, l.created_at, l.amount,
           (CASE WHEN ${inLine('t')} THEN l.amount ELSE 0 END) - (CASE WHEN ${inLine('f')} THEN l.amount ELSE 0 END) AS net,
           CASE WHEN l.type = 'up' AND ${inLine('t')} AND NOT ${inLine('f')} THEN 'upFromParent'
                WHEN l.type = 'down' AND ${inLine('f')} AND NOT ${inLine('t')} THEN 'downToParent'
                WHEN l.type = 'up' AND ${inLine('t')} THEN 'upInLine'
                WHEN l.type = 'down' AND ${inLine('f')} THEN 'downInLine'
                WHEN l.type = 'in' AND ${inLine('f')} THEN 'transferIn'
                WHEN l.type = 'out' AND ${inLine('t')} THEN 'transferOut' END AS kind
      FROM score_log l
      JOIN accounts t ON t.id = l.to_account_id
      LEFT JOIN accounts f ON f.id = l.from_account_id
     WHERE l.site_id = ${w.siteId} AND l.serial_no <= ${String(w.serial)}::bigint
       AND l.created_at < ${w.periodEnd}::timestamptz
       AND (t.path LIKE ${`${w.linePath}%`} OR f.path LIKE ${`${w.linePath}%`})`;
};

interface Bucket {
  in_period: boolean;
  late: boolean;
  corrects: bigint | null;
  corrects_end: string | null;
  kind: Kind | null;
  amount: bigint;
  net: bigint;
  rows: number;
}

/** The line's balances, movements and late rows of a statement's window, read from the score log. */
export async function readLedgerPart(db: Queryable, w: LedgerWindow): Promise<LedgerPart> {
  const previous = w.previousSerial === null ? null : String(w.previousSerial);
  const buckets = await db.rows<Bucket>(sql`
    SELECT m.created_at >= ${w.periodStart}::timestamptz AS in_period, COALESCE(late.yes, false) AS late,
           c.id AS corrects, c.period_end AS corrects_end, m.kind,
           sum(m.amount) AS amount, sum(m.net) AS net, count(*)::int AS rows
      FROM (${lineRows(w)}) m
      LEFT JOIN LATERAL (SELECT true AS yes WHERE m.created_at < ${w.periodStart}::timestamptz
                           AND m.serial_no > ${previous}::bigint) late ON true
      LEFT JOIN LATERAL (SELECT s.id, s.period_end FROM statements s
                          WHERE late.yes AND s.account_id = ${w.agentId} AND s.period_end <= ${w.periodStart}::timestamptz
                            AND s.period_start <= m.created_at AND m.created_at < s.period_end
                          ORDER BY s.period_end LIMIT 1) c ON true
     GROUP BY 1, 2, 3, 4, 5`);
  let opening = 0n;
  let periodNet = 0n;
  const movements = emptySums();
  const late = new Map<string | null, { end: string | null; sums: Sums; balance: bigint }>();
  for (const bucket of buckets) {
    if (!bucket.in_period) opening += bucket.net;
    else periodNet += bucket.net;
    const key = bucket.corrects === null ? null : wireId(bucket.corrects);
    const into = bucket.in_period ? movements : bucket.late ? lateSums(late, key, bucket).sums : null;
    if (bucket.late && !bucket.in_period) lateSums(late, key, bucket).balance += bucket.net;
    if (into && bucket.kind) {
      into[bucket.kind].amount += bucket.amount;
      into[bucket.kind].count += bucket.rows;
    }
  }
  const corrections: LedgerPart['corrections'] = new Map();
  for (const [key, entry] of late)
    corrections.set(key, { correctsPeriodEnd: entry.end, movements: formatMovements(entry.sums), balance: entry.balance });
  return { openingBalance: opening, closingBalance: opening + periodNet, movements: formatMovements(movements), corrections };
}

function lateSums(late: Map<string | null, { end: string | null; sums: Sums; balance: bigint }>, key: string | null, bucket: Bucket) {
  let entry = late.get(key);
  if (!entry) {
    entry = { end: bucket.corrects_end === null ? null : iso(bucket.corrects_end), sums: emptySums(), balance: 0n };
    late.set(key, entry);
  }
  return entry;
}

/** An empty movement set, for a correction that has bets only. */
export const noMovements = (): StatementMovements => formatMovements(emptySums());
