import { sql } from '../kernel/db/sql';
import { wireId } from '../kernel/db/ids';
import { iso } from '../kernel/db/timestamps';
import type { ReconciliationDifference, ReconciliationRun } from '../../contract/reconciliation.contract';

/** The runs and differences as the reconciliation screen reads them. */

export interface RunRow {
  id: bigint;
  kind: ReconciliationRun['kind'];
  from_at: Date | string;
  to_at: Date | string;
  started_at: Date | string;
  state: ReconciliationRun['state'];
  bet_groups: number;
  transfers: number;
  wallets: number;
  differences: number;
  open: bigint;
  error: string | null;
}

/** A run's columns, with its differences still open (`r` is reconciliation_runs). */
export const RUN_COLUMNS = sql`r.id, r.kind, r.from_at, r.to_at, r.started_at, r.state, r.bet_groups, r.transfers, r.wallets,
  r.differences, r.error,
  (SELECT count(*) FROM reconciliation_differences d WHERE d.run_id = r.id AND d.resolved_at IS NULL) AS open`;

export const runOf = (row: RunRow): ReconciliationRun => ({
  runId: wireId(row.id),
  kind: row.kind,
  from: iso(row.from_at),
  to: iso(row.to_at),
  startedAt: iso(row.started_at),
  state: row.state,
  betGroups: Number(row.bet_groups),
  transfers: Number(row.transfers),
  wallets: Number(row.wallets),
  differences: Number(row.differences),
  open: Number(row.open),
  error: row.error,
});

export interface DifferenceRow {
  id: bigint;
  run_id: bigint;
  class: ReconciliationDifference['class'];
  subject: ReconciliationDifference['subject'];
  ref: string;
  member_id: bigint | null;
  member_login: string | null;
  platform_row: ReconciliationDifference['platformRow'] | string;
  our_row: ReconciliationDifference['ourRow'] | string;
  resolved_at: Date | string | null;
  resolved_by: string | null;
  note: string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export const differenceOf = (row: DifferenceRow): ReconciliationDifference => ({
  differenceId: wireId(row.id),
  runId: wireId(row.run_id),
  class: row.class,
  subject: row.subject,
  ref: row.ref,
  memberId: wireId(row.member_id),
  memberLogin: row.member_login,
  platformRow: json(row.platform_row),
  ourRow: json(row.our_row),
  resolvedAt: row.resolved_at === null ? null : iso(row.resolved_at),
  resolvedBy: row.resolved_by,
  note: row.note,
});
