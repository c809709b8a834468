import { sql } from '../kernel/db/sql';
import { formatAccessCodes } from '../../contract/sub-account.contract';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';
import { liveSession } from '../kernel/session.store';
import { wireId } from '../kernel/db/ids';

export interface SubAccountRow {
  id: bigint;
  site_id: string;
  main_account_id: bigint;
  login_id: string;
  nickname: string;
  password_hash: string;
  safe_code_hash: string;
  access_codes: number[];
  status: number;
  first_login: boolean;
  force_pwd_update: boolean;
  credentials_epoch: number;
  created_at: Date | string;
  last_login_at: Date | string | null;
}

export async function findSubAccountByLogin(db: Queryable, siteId: string, loginId: string): Promise<SubAccountRow | undefined> {
  return db.one<SubAccountRow>(sql`SELECT * FROM sub_accounts WHERE site_id = ${siteId} AND lower(login_id) = lower(${loginId})`);
}

export async function findSubAccountById(db: Queryable, subAccountId: string): Promise<SubAccountRow | undefined> {
  return db.one<SubAccountRow>(sql`SELECT * FROM sub_accounts WHERE id = ${subAccountId}`);
}

/** A sub-account row with whether it has a live session, as the list shows it. */
export function subAccountListQuery(where: ReturnType<typeof sql>, scope: { now: Date; idleTimeoutSeconds: number }) {
  return sql`SELECT u.*, EXISTS (SELECT 1 FROM sessions s WHERE s.sub_account_id = u.id AND ${liveSession(scope.now, scope.idleTimeoutSeconds)}) AS online
    FROM sub_accounts u WHERE ${where}`;
}

export function toSubAccount(row: SubAccountRow & { online: boolean }) {
  return {
    subAccountId: wireId(row.id),
    agentId: wireId(row.main_account_id),
    loginId: row.login_id,
    nickname: row.nickname,
    status: row.status as 1 | 4,
    accessCode: formatAccessCodes(row.access_codes.map(Number)),
    createdAt: iso(row.created_at),
    lastLoginAt: row.last_login_at === null ? null : iso(row.last_login_at),
    online: row.online,
  };
}
