import { iso } from '../kernel/db/timestamps';
import { wireId } from '../kernel/db/ids';

/** A login_log row as the database answers it: one sign-in attempt (written by server/auth/login.service.ts). */
export interface LoginLogRow {
  id: bigint;
  site_id: string;
  account_id: bigint | null;
  login_id: string;
  /** 'ok', or why the attempt was refused. */
  result: string;
  code: number | null;
  ip: string;
  region: string;
  terminal: string;
  device: string;
  created_at: Date | string;
  sub_account_id: bigint | null;
}

/** A sign-in as the login log lists it. */
export type LoginListRow = Pick<
  LoginLogRow,
  'id' | 'created_at' | 'login_id' | 'account_id' | 'sub_account_id' | 'ip' | 'region' | 'terminal' | 'device' | 'code'
>;

export function toLoginRecord(row: LoginListRow) {
  const userId = row.sub_account_id ?? row.account_id;
  return {
    id: wireId(row.id),
    time: iso(row.created_at),
    loginId: row.login_id,
    userId: wireId(userId),
    ip: row.ip,
    region: row.region,
    terminal: row.terminal,
    deviceId: row.device,
    code: row.code ?? 0,
  };
}
