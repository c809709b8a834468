import { sql } from '../kernel/db/sql';
import { AccountStatus } from '../../contract/account-fields.contract';
import { basisPointsToPercent, formatCents } from '../../contract/amount.contract';
import type { Level } from '../../contract/method.contract';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';
import { companyLimitUses } from './company-limit';
import { wireId } from '../kernel/db/ids';

/** An accounts row as the database answers it (int8 as bigint, timestamptz as the driver hands it). */
export interface AccountRow {
  id: bigint;
  site_id: string;
  parent_id: bigint | null;
  level: number;
  login_id: string;
  nickname: string;
  name: string;
  phone: string;
  tel: string;
  wechat: string;
  password_hash: string;
  safe_code_hash: string;
  status: number;
  team_status: number;
  balance: bigint;
  point_limit: bigint;
  agent_commision_rate: number;
  valid_amount_rate: number;
  first_login: boolean;
  force_pwd_update: boolean;
  created_at: Date | string;
  last_login_at: Date | string | null;
  path: string;
  max_win: bigint;
  bet_paused: boolean;
  bet_stopped: boolean;
  win_blocked: boolean;
  exception_marked: boolean;
  child_count: number;
  /** Moves on with every change of credentials or status that must end the account's sessions. */
  credentials_epoch: number;
  in_game: boolean;
  last_scored_at: Date | string | null;
  device_pc: boolean;
  device_h5: boolean;
  device_app: boolean;
  win_counted_from: Date | string | null;
  /** 'wallet': the game wallet's own account (migration 0020), never part of the tree. */
  kind: 'tree' | 'wallet';
  monitored: boolean;
}

export { AccountStatus };

export async function findAccountByLogin(db: Queryable, siteId: string, loginId: string): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(
    sql`SELECT * FROM accounts WHERE site_id = ${siteId} AND lower(login_id) = lower(${loginId}) AND kind = 'tree'`,
  );
}

export async function findAccount(db: Queryable, siteId: string, accountId: string): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(sql`SELECT * FROM accounts WHERE site_id = ${siteId} AND id = ${accountId}`);
}

/**
 * The strongest team status over an account and its ancestors: a line disabled (4) or frozen
 * (6) anywhere above reaches every account below it.
 */
export async function lineStatus(db: Queryable, accountId: string): Promise<number> {
  const row = await db.one<{ disabled: boolean; frozen: boolean }>(sql`
    WITH RECURSIVE line AS (
      SELECT id, parent_id, team_status, 0 AS depth FROM accounts WHERE id = ${accountId}
      UNION ALL
      SELECT a.id, a.parent_id, a.team_status, line.depth + 1 FROM accounts a JOIN line ON a.id = line.parent_id
       WHERE line.depth < 6
    )
    SELECT bool_or(team_status = ${AccountStatus.disabled}) AS disabled, bool_or(team_status = ${AccountStatus.frozen}) AS frozen FROM line`);
  if (row?.disabled) return AccountStatus.disabled;
  if (row?.frozen) return AccountStatus.frozen;
  return AccountStatus.normal;
}

/** The columns accountSummary reads. */
export type AccountSummaryRow = Pick<
  AccountRow,
  'id' | 'login_id' | 'nickname' | 'level' | 'parent_id' | 'status' | 'team_status' | 'balance' | 'point_limit'
>;

/** What every answer about an account says of it: who it is, where it sits, its state and its points. */
export function accountSummary(row: AccountSummaryRow) {
  return {
    userId: wireId(row.id),
    loginId: row.login_id,
    nickname: row.nickname,
    level: row.level as Level,
    parentId: wireId(row.parent_id),
    status: row.status,
    teamStatus: row.team_status,
    balance: formatCents(BigInt(row.balance)),
    pointLimit: formatCents(BigInt(row.point_limit)),
  };
}

/** The columns accountDetails reads. */
export type AccountDetailsRow = AccountSummaryRow &
  Pick<AccountRow, 'agent_commision_rate' | 'valid_amount_rate' | 'created_at' | 'last_login_at'>;

/** accountSummary with the account's rates and times: what a profile and a row of the account list both say. */
export function accountDetails(row: AccountDetailsRow) {
  return {
    ...accountSummary(row),
    agentCommisionRate: basisPointsToPercent(row.agent_commision_rate),
    validAmountRate: basisPointsToPercent(row.valid_amount_rate),
    createdAt: iso(row.created_at),
    lastLoginAt: row.last_login_at === null ? null : iso(row.last_login_at),
  };
}

export function toProfile(row: AccountRow) {
  return { ...accountDetails(row), name: row.name, phone: row.phone, tel: row.tel, wechat: row.wechat };
}

/** A game_settings row as the database answers it (rates in hundredths, limits in cents). */
export interface GameSettingRow {
  account_id: bigint;
  game_type: 'live' | 'electronic';
  betting_ratio: number;
  agent_rate: number;
  agent_to_company_limit: bigint;
  spread: number;
  red_limit: bigint;
  enabled: boolean;
}

/** The settings of one account, its game_type the key: what the queries below select. */
export type GameSettingValues = Omit<GameSettingRow, 'account_id'>;

export async function gameSettingsOf(db: Queryable, siteId: string, accountId: string | bigint) {
  const rows = await db.rows<GameSettingValues>(sql`
    SELECT game_type, betting_ratio, agent_rate, agent_to_company_limit, spread, red_limit, enabled
      FROM game_settings WHERE account_id = ${accountId} ORDER BY game_type DESC`);
  // An agent's bill: what its open period used of the limit (company-limit.ts); a member has none.
  const uses = new Map((await companyLimitUses(db, siteId, accountId)).map((use) => [use.game_type, use]));
  return rows.map((row) => ({
    gameType: row.game_type,
    bettingRatio: basisPointsToPercent(row.betting_ratio),
    agentRate: basisPointsToPercent(row.agent_rate),
    agentToCompanyLimit: formatCents(BigInt(row.agent_to_company_limit)),
    agentToCompanyUsed: uses.has(row.game_type) ? formatCents(BigInt(uses.get(row.game_type)!.used)) : null,
    agentToCompanyReached: uses.get(row.game_type)?.company_limit_reached ?? false,
    spread: basisPointsToPercent(row.spread),
    redLimit: formatCents(BigInt(row.red_limit)),
    enabled: row.enabled,
  }));
}

/** toProfile with what the edit screen needs besides: flags, maximum win, game settings. */
export async function toFullProfile(db: Queryable, row: AccountRow) {
  return {
    ...toProfile(row),
    betPaused: row.bet_paused,
    betStopped: row.bet_stopped,
    winBlocked: row.win_blocked,
    exceptionMarked: row.exception_marked,
    maxWin: formatCents(BigInt(row.max_win)),
    gameSettings: await gameSettingsOf(db, row.site_id, row.id),
  };
}

export type LineAccount = Pick<AccountRow, 'id' | 'path' | 'level' | 'login_id' | 'child_count'>;

/**
 * An account of the caller's own line (the caller or below it) on the caller's site, or
 * undefined: callers answer "does not exist" (20002) either way, never saying which.
 */
export async function findInLine(
  db: Queryable,
  input: { siteId: string; callerId: string; accountId: string },
): Promise<LineAccount | undefined> {
  return db.one<LineAccount>(sql`
    SELECT t.id, t.path, t.level, t.login_id, t.child_count
      FROM accounts t JOIN accounts me ON me.id = ${input.callerId}
     WHERE t.id = ${input.accountId} AND t.site_id = ${input.siteId} AND t.path LIKE me.path || '%'`);
}
