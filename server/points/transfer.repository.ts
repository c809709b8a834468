import { sql } from '../kernel/db/sql';
import { formatCents } from '../../contract/amount.contract';
import type { TransferState } from '../../contract/transfer.contract';
import type { AccountRow } from '../tree/account.repository';
import { iso } from '../kernel/db/timestamps';
import type { ScoreLogRow } from './score-log.repository';
import { wireId } from '../kernel/db/ids';

/** A transfer_outs row as the database answers it: a transfer out asked of the platform (game-transfers.ts writes it). */
export interface TransferOutRow {
  site_id: string;
  transfer_id: string;
  member_id: bigint;
  game_session: string;
  amount: bigint;
  state: 'pending' | 'done' | 'failed';
  requested_at: Date | string;
  finished_at: Date | string | null;
}

/** A game_sessions row as the database answers it: a member's stay in the games, between a transfer in and out. */
export interface GameSessionRow {
  site_id: string;
  session_id: string;
  member_id: bigint;
  started_at: Date | string;
  ended_at: Date | string | null;
}

/**
 * Every transfer of a site as one list: the score-log rows of type in and out, and the transfers
 * out the platform has not confirmed (pending) or never applied (failed), which have no row.
 */
export const siteTransfers = (siteId: string) => sql`
  SELECT l.transfer_id, l.type, l.target_account_id AS member_id, l.amount, l.state, l.serial_no, l.reversal_of, l.game_session,
         l.created_at AS at
    FROM score_log l WHERE l.site_id = ${siteId} AND l.type IN ('in', 'out')
  UNION ALL
  SELECT o.transfer_id, 'out', o.member_id, o.amount, o.state, NULL, NULL, o.game_session, o.requested_at
    FROM transfer_outs o WHERE o.site_id = ${siteId} AND o.state <> 'done'`;

/** A row of siteTransfers with its member's login: score_log's columns, a transfer out's in their place. */
export type TransferListRow = Pick<ScoreLogRow, 'transfer_id' | 'amount' | 'serial_no' | 'reversal_of'> & {
  type: 'in' | 'out';
  member_id: bigint;
  state: TransferState;
  game_session: string;
  at: Date | string;
  login_id: AccountRow['login_id'];
};

export function toTransfer(row: TransferListRow) {
  return {
    transferId: row.transfer_id,
    type: row.type,
    userId: wireId(row.member_id),
    loginId: row.login_id,
    amount: formatCents(row.amount),
    state: row.state,
    serialNo: row.serial_no === null ? null : String(row.serial_no),
    reversalOf: row.reversal_of === null ? null : String(row.reversal_of),
    sessionId: row.game_session,
    time: iso(row.at),
  };
}

/** Not a table's row: a game session with the sums of its transfers and bets (aggregates of score_log, transfer_outs and bets). */
export type GameSessionTotalsRow = Pick<GameSessionRow, 'session_id' | 'started_at' | 'ended_at'> & {
  ins: bigint;
  outs: bigint;
  pending: number;
  bets: number;
  bet_amount: bigint;
  valid_bet: bigint;
  win_loss: bigint;
};
