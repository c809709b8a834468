/**
 * A settlements row as the database answers it: one close of a settlement period between an
 * agent and the company (points.handlers writes it), with what the agent's line did in the
 * period as the rollups held it then (migration 0030).
 */
export interface SettlementRow {
  id: bigint;
  site_id: string;
  account_id: bigint;
  period_start: Date | string;
  period_end: Date | string;
  /** The agent's balance at the close. */
  balance: bigint;
  closed_by: bigint;
  closed_by_login: string;
  closed_by_sub_id: bigint | null;
  created_at: Date | string;
  bets: bigint;
  valid_bet: bigint;
  win_loss: bigint;
  agent_to_company: bigint;
}
