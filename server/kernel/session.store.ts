import { wireId } from './db/ids';
import { AccountStatus, memberLevel } from '../../contract/account-fields.contract';
import { createHash, randomBytes } from 'node:crypto';
import { sql, type SQL } from './db/sql';
import { allAccessCodes, sessionEndReasons, type SessionEndReason } from '../../contract/auth.contract';
import type { Level } from '../../contract/method.contract';
import { prepared, type Queryable } from './db/database';
import { sessionEndedNotice } from './live-channel';

/** Sessions end after this long whatever the activity. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a read costs no write. */
export const LAST_SEEN_WRITE_MS = 60 * 1000;

export interface Session {
  tokenHash: Buffer;
  siteId: string;
  accountId: string;
  /** The sub-account acting for `accountId` (session type 9), or null for the main account itself. */
  subAccountId: string | null;
  /** The login that acts: the sub-account's when one does. */
  loginId: string;
  /** A main account holds every code (docs/product.md#access-codes), a sub-account those its main account gave it. */
  accessCodes: readonly number[];
  level: Level;
  status: number;
  teamStatus: number;
  /** The account must change its password (or, at first login, set password and safe code) first. */
  forcePwdUpdate: boolean;
  firstLogin: boolean;
  createdAt: Date;
  lastSeenAt: Date;
}

/** 256 bits from the CSPRNG; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * A new session. `epoch` is the account's credentials epoch read together with the secrets the
 * sign-in checked (the account's current one when not given): the session is valid only while
 * the account still has it.
 */
export async function createSession(
  db: Queryable,
  input: {
    siteId: string;
    accountId: string;
    epoch?: number;
    /** A sub-account's session: the sub-account and its own epoch (its current one when not given). */
    subAccount?: { id: string; epoch?: number };
    now: Date;
    ip?: string;
    terminal?: string;
    device?: string;
  },
): Promise<string> {
  const token = newToken();
  const sub = input.subAccount;
  await db.run(sql`INSERT INTO sessions (token_hash, site_id, account_id, sub_account_id, epoch, sub_epoch, created_at, last_seen_at, ip, terminal, device)
    SELECT ${hashToken(token)}, ${input.siteId}, a.id, ${sub?.id ?? null}::bigint, COALESCE(${input.epoch ?? null}::int, a.credentials_epoch),
           ${sub ? sql`COALESCE(${sub.epoch ?? null}::int, (SELECT credentials_epoch FROM sub_accounts WHERE id = ${sub.id}))` : sql`NULL::int`},
           ${input.now}, ${input.now}, ${input.ip ?? ''}, ${input.terminal ?? ''}, ${input.device ?? ''}
      FROM accounts a WHERE a.id = ${input.accountId}`);
  return token;
}

export interface SessionRow {
  token_hash: Buffer | Uint8Array;
  site_id: string;
  account_id: bigint;
  sub_account_id: bigint | null;
  login_id: string;
  sub_access_codes: number[] | null;
  level: number;
  status: number;
  team_status: number;
  force_pwd_update: boolean;
  first_login: boolean;
  created_at: Date | string;
  last_seen_at: Date | string;
}

/** Tokens outside these lengths are never looked up: no session. */
export function tokenLooksValid(token: string): boolean {
  return token.length >= 16 && token.length <= 256;
}

/**
 * The session row behind a token hash on a site (given as SQL: a value, or a column of the
 * statement it is part of). Its column names must stay apart from the site row's, with which
 * the dispatcher selects it (site-session.store.ts).
 */
export function sessionRowQuery(tokenHash: Buffer, siteId: SQL): SQL {
  // A sub-account's session lives while its main account's would (epoch, not disabled) and
  // while the sub-account itself is there, enabled and on the epoch it signed in with: the
  // codes it holds are read here, at every call, so a change of codes counts at once.
  return sql`
    SELECT s.token_hash, s.site_id, s.account_id, s.sub_account_id, s.created_at, s.last_seen_at,
           COALESCE(u.login_id, a.login_id) AS login_id, a.level, a.status, a.team_status,
           COALESCE(u.force_pwd_update, a.force_pwd_update) AS force_pwd_update,
           COALESCE(u.first_login, a.first_login) AS first_login, u.access_codes AS sub_access_codes
      FROM sessions s JOIN accounts a ON a.id = s.account_id
      LEFT JOIN sub_accounts u ON u.id = s.sub_account_id
     WHERE s.token_hash = ${tokenHash} AND s.site_id = ${siteId} AND s.revoked_at IS NULL
       AND s.epoch = a.credentials_epoch AND a.status <> ${AccountStatus.disabled}
       AND (s.sub_account_id IS NULL
            OR (u.main_account_id = s.account_id AND u.status = ${AccountStatus.normal} AND s.sub_epoch = u.credentials_epoch))`;
}

/**
 * The live session of a looked-up row, or null: a revoked, idle or too old session is "no
 * session" (2202 to the caller). Notes the activity (at most once a minute).
 */
export async function sessionFromRow(
  db: Queryable,
  row: SessionRow | undefined,
  input: { now: Date; idleTimeoutSeconds: number },
): Promise<Session | null> {
  if (!row) return null;
  const createdAt = new Date(row.created_at);
  const lastSeenAt = new Date(row.last_seen_at);
  const now = input.now.getTime();
  if (now - createdAt.getTime() >= SESSION_ABSOLUTE_MS) return null;
  if (now - lastSeenAt.getTime() >= input.idleTimeoutSeconds * 1000) return null;
  const tokenHash = Buffer.from(row.token_hash);
  if (now - lastSeenAt.getTime() >= LAST_SEEN_WRITE_MS) {
    await db.run(sql`UPDATE sessions SET last_seen_at = ${input.now} WHERE token_hash = ${tokenHash}`);
  }
  return {
    tokenHash,
    siteId: row.site_id,
    accountId: wireId(row.account_id),
    subAccountId: wireId(row.sub_account_id),
    loginId: row.login_id,
    accessCodes: row.sub_account_id === null ? allAccessCodes : (row.sub_access_codes ?? []).map(Number),
    level: row.level as Level,
    status: row.status,
    teamStatus: row.team_status,
    forcePwdUpdate: row.force_pwd_update,
    firstLogin: row.first_login,
    createdAt,
    lastSeenAt,
  };
}

/**
 * The live session behind a token on this site, or null. A token of another site, a revoked,
 * idle or too old session are all "no session" (2202 to the caller).
 */
export async function findSession(
  db: Queryable,
  input: { token: string; siteId: string; now: Date; idleTimeoutSeconds: number },
): Promise<Session | null> {
  if (!tokenLooksValid(input.token)) return null;
  const row = await db.one<SessionRow>(prepared(sessionRowQuery(hashToken(input.token), sql`${input.siteId}`)));
  return sessionFromRow(db, row, input);
}

/** Why an upline ended the session behind a token of this site, when it did (else null: gone, idle, logged out...). */
export async function sessionEndReason(db: Queryable, input: { token: string; siteId: string }): Promise<SessionEndReason | null> {
  if (!tokenLooksValid(input.token)) return null;
  const row = await db.one<{ end_reason: string | null }>(sql`SELECT end_reason FROM sessions
    WHERE token_hash = ${hashToken(input.token)} AND site_id = ${input.siteId} AND revoked_at IS NOT NULL`);
  const reason = row?.end_reason ?? null;
  return (sessionEndReasons as readonly string[]).includes(reason ?? '') ? (reason as SessionEndReason) : null;
}

export async function revokeSession(db: Queryable, tokenHash: Buffer, now: Date): Promise<void> {
  await db.run(sql`UPDATE sessions SET revoked_at = ${now} WHERE token_hash = ${tokenHash} AND revoked_at IS NULL`);
}

/**
 * A session (aliased s) neither revoked nor idle past the site's timeout: what "online" means in
 * account lists and statistics, and what kill-all ends.
 */
export function liveSession(now: Date, idleTimeoutSeconds: number): SQL {
  return sql`s.revoked_at IS NULL AND s.last_seen_at > ${new Date(now.getTime() - idleTimeoutSeconds * 1000)}`;
}

/**
 * Ends every session of the accounts `accountIds` selects (an id, or a subquery of ids), now
 * and for any sign-in still racing: their credentials epoch moves on, so a session made with
 * what was read before is refused at its first use. Password change or reset, a new safe code,
 * disable, freeze, kick out and the line actions all end sessions this way. Rows are locked in
 * id order, as the ledger locks them. Members never sign in here: only those holding a session
 * are touched, so a line of 100,000 members costs no 100,000 updates. Answers how many of the sessions it ended were live
 * (seen within `idleTimeoutSeconds`). `reason` is kept when an upline's action ends them (contract `sessionEndReasons`).
 */
export async function endSessionsOf(
  db: Queryable,
  accountIds: SQL,
  now: Date,
  idleTimeoutSeconds = 0,
  reason: SessionEndReason | null = null,
): Promise<number> {
  const row = await db.one<{ live: bigint }>(sql`WITH bumped AS (
      UPDATE accounts SET credentials_epoch = credentials_epoch + 1
       WHERE id IN (SELECT a.id FROM accounts a WHERE a.id IN (${accountIds})
                      AND (a.level <> ${memberLevel} OR EXISTS (SELECT 1 FROM sessions o WHERE o.account_id = a.id AND o.revoked_at IS NULL))
                    ORDER BY a.id FOR UPDATE)
      RETURNING id),
    ended AS (
      UPDATE sessions s SET revoked_at = ${now}, end_reason = ${reason}
       WHERE s.account_id IN (SELECT id FROM bumped) AND s.revoked_at IS NULL
      RETURNING s.last_seen_at, s.token_hash, s.site_id)
    SELECT count(*) FILTER (WHERE last_seen_at > ${new Date(now.getTime() - idleTimeoutSeconds * 1000)}) AS live,
           count(${sessionEndedNotice(sql`token_hash`, sql`site_id`)}) AS notified
      FROM ended`);
  return Number(row?.live ?? 0);
}

/** The accounts of a whole line: an account and everything below it. */
export function lineAccountIds(siteId: string, path: string): SQL {
  return sql`SELECT id FROM accounts WHERE site_id = ${siteId} AND path LIKE ${`${path}%`}`;
}

/** What the contract's rights are judged on for a session (rightsAllow), main account or sub-account alike. */
export function callerOf(session: Session): { level: Level; accessCodes: readonly number[]; isSubAccount: boolean } {
  return { level: session.level, accessCodes: session.accessCodes, isSubAccount: session.subAccountId !== null };
}

/** Whether the site hides finance from this caller: an agent (levels 1-4) while the site's setting is off, never the company. */
export function financeHiddenFor(session: Pick<Session, 'level'>, site: { financeVisible: boolean }): boolean {
  return !site.financeVisible && session.level > 0;
}

/**
 * Ends every session of a sub-account, now and for any sign-in still racing: its epoch moves
 * on, as endSessionsOf does for accounts.
 */
export async function endSubAccountSessions(db: Queryable, subAccountId: string | bigint, now: Date): Promise<void> {
  await db.run(sql`WITH bumped AS (UPDATE sub_accounts SET credentials_epoch = credentials_epoch + 1 WHERE id = ${subAccountId} RETURNING id),
    ended AS (UPDATE sessions s SET revoked_at = ${now} WHERE s.sub_account_id IN (SELECT id FROM bumped) AND s.revoked_at IS NULL
              RETURNING s.token_hash, s.site_id)
    SELECT count(${sessionEndedNotice(sql`token_hash`, sql`site_id`)}) FROM ended`);
}
