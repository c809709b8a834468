import type { FieldChange, OperationLevel } from '../../contract/audit.contract';
import { iso } from '../kernel/db/timestamps';
import { wireId } from '../kernel/db/ids';

/** An operation_log row as the database answers it (written by server/kernel/operation-log.ts, one per mutating call). */
export interface OperationLogRow {
  id: bigint;
  site_id: string;
  /** The main account the call acted for; sub_account_id when a sub-account made it. Null when the system acted (the operator's command line). */
  account_id: bigint | null;
  sub_account_id: bigint | null;
  operator_login: string;
  method: string;
  target_id: bigint | null;
  summary: string;
  params: Record<string, unknown>;
  ip: string;
  level: OperationLevel;
  code: number | null;
  request_key: string | null;
  created_at: Date | string;
  region: string;
  terminal: string;
  /** jsonb; text when a driver hands it back unparsed. */
  changes: FieldChange[] | string;
  line_path: string;
}

/** An operation as the record lists it: with the main account's login and the target's (an account's or a sub-account's). */
export type OperationListRow = Pick<
  OperationLogRow,
  | 'id'
  | 'created_at'
  | 'account_id'
  | 'sub_account_id'
  | 'operator_login'
  | 'target_id'
  | 'method'
  | 'changes'
  | 'level'
  | 'code'
  | 'ip'
  | 'region'
  | 'terminal'
> & { main_login: string | null; target_login: string | null };

export function toOperationRecord(row: OperationListRow) {
  return {
    id: wireId(row.id),
    time: iso(row.created_at),
    operatorId: row.account_id === null ? null : wireId(row.sub_account_id ?? row.account_id),
    operatorLoginId: row.operator_login,
    mainUserId: wireId(row.account_id),
    mainLoginId: row.main_login ?? row.operator_login,
    ...(row.target_id === null ? {} : { targetId: wireId(row.target_id) }),
    ...(row.target_login === null ? {} : { targetLoginId: row.target_login }),
    action: row.method,
    changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as FieldChange[]) : row.changes,
    level: row.level,
    code: row.code,
    ip: row.ip,
    region: row.region,
    terminal: row.terminal,
  };
}
