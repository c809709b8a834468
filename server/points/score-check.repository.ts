import { formatCents } from '../../contract/amount.contract';
import type { ScoreCheckRow } from '../../contract/score-check.contract';
import type { AccountRow } from '../tree/account.repository';
import { iso } from '../kernel/db/timestamps';
import type { ScoreLogRow } from './score-log.repository';

/** A score_checks row as the database answers it: one score up or down marked as reviewed (the contract's ScoreCheckRow is the queue entry). */
export interface ScoreCheckDbRow {
  site_id: string;
  serial_no: bigint;
  checked_by: bigint;
  checked_login: string;
  checked_at: Date | string;
}

/**
 * A score up or down of the review queue: the score_log row, the logins of its parent and child
 * accounts, and its check when there is one (a LEFT JOIN: null when not yet checked).
 */
export type ScoreCheckQueueRow = Pick<ScoreLogRow, 'serial_no' | 'created_at' | 'amount' | 'operator_login' | 'operator_ip' | 'comment'> & {
  type: 'up' | 'down';
  parent_login: AccountRow['login_id'];
  child_login: AccountRow['login_id'];
  child_level: AccountRow['level'];
  checked_login: ScoreCheckDbRow['checked_login'] | null;
  checked_at: ScoreCheckDbRow['checked_at'] | null;
};

export function toScoreCheck(row: ScoreCheckQueueRow): ScoreCheckRow {
  return {
    serialNo: String(row.serial_no),
    type: row.type,
    time: iso(row.created_at),
    amount: formatCents(BigInt(row.amount)),
    parentLoginId: row.parent_login,
    childLoginId: row.child_login,
    childLevel: row.child_level,
    operator: row.operator_login,
    operatorIp: row.operator_ip,
    comment: row.comment,
    checkedBy: row.checked_login,
    checkedAt: row.checked_at === null ? null : iso(row.checked_at),
  };
}
