import { wireId } from '../kernel/db/ids';
import { formatCents } from '../../contract/amount.contract';
import type { MonitorEventKind, WatchedAccount } from '../../contract/monitoring.contract';
import type { AccountRow } from '../tree/account.repository';
import { iso } from '../kernel/db/timestamps';

/** A monitor_events row as the database answers it (raised by triggers, migration 0035, and by monitoring-events.ts). */
export interface MonitorEventRow {
  id: bigint;
  site_id: string;
  account_id: bigint;
  level: number;
  kind: MonitorEventKind;
  amount: bigint | null;
  detail: string;
  /** What raised it, so an event is raised once whatever is read twice. */
  ref: string | null;
  created_at: Date | string;
  seen_at: Date | string | null;
}

/** The latest event's columns, all null when the account has none (a LEFT JOIN). */
type LatestEvent = { [K in 'kind' | 'amount' | 'detail' | 'created_at']: MonitorEventRow[K] | null };

/** A watched account: its columns, its parent's login, its unseen events counted, and its latest event. */
export type WatchedAccountRow = Pick<
  AccountRow,
  'id' | 'login_id' | 'nickname' | 'level' | 'status' | 'balance' | 'monitored' | 'exception_marked'
> & { parent_login: string | null; unseen: bigint } & LatestEvent;

export function toWatchedAccount(row: WatchedAccountRow): WatchedAccount {
  return {
    userId: wireId(row.id),
    loginId: row.login_id,
    nickname: row.nickname,
    level: row.level,
    parentLoginId: row.parent_login ?? '',
    status: row.status,
    balance: formatCents(BigInt(row.balance)),
    monitored: row.monitored,
    exceptionMarked: row.exception_marked,
    unseen: Number(row.unseen),
    latest:
      row.kind && row.created_at
        ? {
            kind: row.kind,
            amount: row.amount === null ? null : formatCents(BigInt(row.amount)),
            detail: row.detail ?? '',
            time: iso(row.created_at),
          }
        : null,
  };
}
