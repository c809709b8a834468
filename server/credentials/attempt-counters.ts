import { sql, type SQL } from '../kernel/db/sql';
import type { Queryable } from '../kernel/db/database';

/** Failures in a row of one login name from one IP that lock that pair, and for how long (docs/product.md#sign-in-limits). */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;
/** Window of the per-IP limit of failures (LOGIN_IP_LIMIT) and of wrong captcha guesses. */
export const IP_WINDOW_MS = 10 * 60 * 1000;
/** Wrong captcha guesses (checks and sign-ins) one IP may make in IP_WINDOW_MS. */
export const CAPTCHA_IP_LIMIT = 30;
/** Captcha images one IP may be given in IP_WINDOW_MS (CAPTCHA_ISSUE_LIMIT): a person signing in needs a few. */
export const CAPTCHA_ISSUE_LIMIT = 120;
/**
 * Failures of one name from every IP before each further attempt waits: the first waits 1 s,
 * each next twice as long, up to NAME_DELAY_MAX_MS. Quiet for NAME_QUIET_MS, the count starts again.
 */
export const NAME_CEILING = 20;
export const NAME_DELAY_MAX_MS = 5 * 60 * 1000;
export const NAME_QUIET_MS = 15 * 60 * 1000;

export type CounterScope = 'pair' | 'name' | 'ip' | 'captcha' | 'issue';

export interface CounterKey {
  scope: CounterScope;
  loginKey: string;
  ip: string;
}

export interface CounterState {
  taken: number;
  windowStart: Date;
  lockedUntil: Date | null;
  nextAt: Date | null;
  updatedAt: Date;
}

export type SlotDecision = { allowed: true; next: CounterState } | { allowed: false };

const fresh = (now: Date): CounterState => ({ taken: 0, windowStart: now, lockedUntil: null, nextAt: null, updatedAt: now });

/** Whether a scope gives a slot now, and its state once taken. Pure: the rules in one place. */
export function takeSlot(
  scope: CounterScope,
  current: CounterState | undefined,
  now: Date,
  limits: { ipLimit: number; issueLimit?: number },
): SlotDecision {
  const t = now.getTime();
  let state = current ?? fresh(now);
  switch (scope) {
    case 'pair': {
      if (state.lockedUntil && state.lockedUntil.getTime() > t) return { allowed: false };
      if (state.lockedUntil) state = fresh(now);
      const taken = state.taken + 1;
      const lockedUntil = taken >= LOCK_AFTER_FAILURES ? new Date(t + LOCK_MS) : null;
      return { allowed: true, next: { ...state, taken, lockedUntil, updatedAt: now } };
    }
    case 'name': {
      if (t - state.updatedAt.getTime() >= NAME_QUIET_MS) state = fresh(now);
      if (state.taken < NAME_CEILING) return { allowed: true, next: { ...state, taken: state.taken + 1, updatedAt: now } };
      if (state.nextAt && state.nextAt.getTime() > t) return { allowed: false };
      const over = state.taken - NAME_CEILING;
      const delay = Math.min(1000 * 2 ** Math.min(over, 30), NAME_DELAY_MAX_MS);
      return { allowed: true, next: { ...state, taken: state.taken + 1, nextAt: new Date(t + delay), updatedAt: now } };
    }
    case 'ip':
    case 'captcha':
    case 'issue': {
      if (t - state.windowStart.getTime() >= IP_WINDOW_MS) state = fresh(now);
      const limit = scope === 'ip' ? limits.ipLimit : scope === 'captcha' ? CAPTCHA_IP_LIMIT : (limits.issueLimit ?? CAPTCHA_ISSUE_LIMIT);
      if (state.taken >= limit) return { allowed: false };
      return { allowed: true, next: { ...state, taken: state.taken + 1, updatedAt: now } };
    }
  }
}

/** The counters a check of an account's secret takes: the name from this IP, the name, the IP. */
export function credentialCounters(loginKey: string, ip: string): CounterKey[] {
  return [
    { scope: 'pair', loginKey, ip },
    { scope: 'name', loginKey, ip: '' },
    { scope: 'ip', loginKey: '', ip },
  ];
}

export const captchaCounter = (ip: string): CounterKey => ({ scope: 'captcha', loginKey: '', ip });
/** Captcha images given to one IP: each one taken for good, right or wrong. */
export const captchaIssueCounter = (ip: string): CounterKey => ({ scope: 'issue', loginKey: '', ip });

/** Slots taken by one attempt; settle it once its secret is checked. */
export interface Attempt {
  siteId: string;
  keys: CounterKey[];
  /** The pair counter's count with this attempt (its place in a run of failures). */
  pairPosition: number;
}

/** A refusal names the counter that refused and, for a lock or a delay, when it lifts. */
export type TakeResult = { ok: true; attempt: Attempt } | { ok: false; refusedBy: CounterScope; until?: Date };

interface CounterRow {
  scope: CounterScope;
  login_key: string;
  ip: string;
  taken: number;
  window_start: Date | string;
  locked_until: Date | string | null;
  next_at: Date | string | null;
  updated_at: Date | string;
}

const orderOf = (key: CounterKey) => `${key.scope}\u0000${key.loginKey}\u0000${key.ip}`;
/**
 * The one order every statement locks counter rows in: the order of `orderOf` (byte order, as
 * the "C" collation sorts; the database's own collation may sort names otherwise). A statement
 * that locked them in another order (an UPDATE locks in scan order) could deadlock with a take.
 */
const inLockOrder = sql`scope COLLATE "C", login_key COLLATE "C", ip COLLATE "C"`;
const sameKey = (row: CounterRow, key: CounterKey) => row.scope === key.scope && row.login_key === key.loginKey && row.ip === key.ip;
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));
const keyTuples = (keys: CounterKey[]) =>
  sql.join(
    keys.map((k) => sql`(${k.scope}, ${k.loginKey}, ${k.ip})`),
    sql`, `,
  );

/**
 * Takes one slot of every counter, or none: in one transaction that holds the counters' rows
 * (locked in one order, so two attempts never wait on each other crosswise) while it decides.
 * Parallel attempts queue on those rows, so each sees the slots the ones before it took.
 * `db` must be the database itself, never a caller's transaction: a slot must stay taken
 * whatever happens to the call afterwards.
 */
export async function takeAttempt(
  db: Queryable,
  input: { siteId: string; keys: CounterKey[]; now: Date; ipLimit: number; issueLimit?: number },
): Promise<TakeResult> {
  const keys = [...input.keys].sort((a, b) => (orderOf(a) < orderOf(b) ? -1 : 1));
  const { siteId, now } = input;
  return db.transaction(async (tx) => {
    const [, rows] = await Promise.all([
      tx.run(sql`INSERT INTO attempt_counters (site_id, scope, login_key, ip, window_start, updated_at)
        VALUES ${sql.join(
          keys.map((k) => sql`(${siteId}, ${k.scope}, ${k.loginKey}, ${k.ip}, ${now}, ${now})`),
          sql`, `,
        )}
        ON CONFLICT DO NOTHING`),
      tx.rows<CounterRow>(sql`SELECT scope, login_key, ip, taken, window_start, locked_until, next_at, updated_at
        FROM attempt_counters WHERE site_id = ${siteId} AND (scope, login_key, ip) IN (${keyTuples(keys)})
        ORDER BY ${inLockOrder} FOR UPDATE`),
    ]);
    const decided = keys.map((key) => {
      const row = rows.find((r) => sameKey(r, key));
      const state: CounterState | undefined = row && {
        taken: row.taken,
        windowStart: new Date(row.window_start),
        lockedUntil: dateOrNull(row.locked_until),
        nextAt: dateOrNull(row.next_at),
        updatedAt: new Date(row.updated_at),
      };
      return {
        key,
        decision: takeSlot(key.scope, state, now, {
          ipLimit: input.ipLimit,
          ...(input.issueLimit ? { issueLimit: input.issueLimit } : {}),
        }),
      };
    });
    const refused = decided.find((d) => !d.decision.allowed);
    if (refused) {
      const row = rows.find((r) => sameKey(r, refused.key));
      const until = dateOrNull(refused.key.scope === 'pair' ? (row?.locked_until ?? null) : (row?.next_at ?? null));
      return { ok: false, refusedBy: refused.key.scope, ...(until ? { until } : {}) };
    }
    const taken = decided.map(({ key, decision }) => ({ key, next: (decision as { next: CounterState }).next }));
    await tx.runAndCommit(sql`INSERT INTO attempt_counters AS c
        (site_id, scope, login_key, ip, taken, window_start, locked_until, next_at, updated_at)
      VALUES ${sql.join(
        taken.map(
          ({ key, next }) =>
            sql`(${siteId}, ${key.scope}, ${key.loginKey}, ${key.ip}, ${next.taken}, ${next.windowStart}, ${next.lockedUntil}::timestamptz, ${next.nextAt}::timestamptz, ${now})`,
        ),
        sql`, `,
      )}
      ON CONFLICT (site_id, scope, login_key, ip) DO UPDATE SET taken = excluded.taken, window_start = excluded.window_start,
        locked_until = excluded.locked_until, next_at = excluded.next_at, updated_at = excluded.updated_at`);
    const pair = taken.find((t) => t.key.scope === 'pair');
    return { ok: true, attempt: { siteId, keys, pairPosition: pair?.next.taken ?? 0 } };
  });
}

/**
 * How an attempt ended. "failure": its slots stay taken. "release": nothing was checked (a
 * wrong captcha before the password), its slots are given back. "success": the secret was
 * right: the slots are given back and the name's run of failures from this IP ends with it
 * (failures taken after it, still in flight, stay counted).
 */
export async function settleAttempt(db: Queryable, attempt: Attempt, outcome: 'failure' | 'release' | 'success', now: Date): Promise<void> {
  if (outcome === 'failure' || attempt.keys.length === 0) return;
  const pairGiveBack = outcome === 'success' ? Math.max(attempt.pairPosition, 1) : 1;
  const after = sql`GREATEST(c.taken - CASE WHEN c.scope = 'pair' THEN ${pairGiveBack}::int ELSE 1 END, 0)`;
  await db.run(sql`WITH held AS (
      SELECT scope, login_key, ip FROM attempt_counters
      WHERE site_id = ${attempt.siteId} AND (scope, login_key, ip) IN (${keyTuples(attempt.keys)})
      ORDER BY ${inLockOrder} FOR UPDATE)
    UPDATE attempt_counters AS c SET taken = ${after},
      locked_until = CASE WHEN ${after} >= ${LOCK_AFTER_FAILURES}::int THEN c.locked_until ELSE NULL END, updated_at = ${now}
    FROM held WHERE c.site_id = ${attempt.siteId} AND (c.scope, c.login_key, c.ip) = (held.scope, held.login_key, held.ip)`);
}

/** Failures in a row the pair may still have before it locks, once this failed attempt counts (0: it locked). */
export const attemptsLeftAfter = (attempt: Attempt) => Math.max(LOCK_AFTER_FAILURES - attempt.pairPosition, 0);

/** Whether this failed attempt is the one that locked its name for its IP (it goes in the operation record). */
export const lockedByThisFailure = (attempt: Attempt) => attempt.pairPosition === LOCK_AFTER_FAILURES;

/** Lifts every sign-in lock and delay of a login name, from every IP (unlock). Answers how many counters held one. */
export async function clearNameCounters(db: Queryable, siteId: string, loginKey: string, now: Date): Promise<number> {
  return db.run(sql`WITH held AS (
      SELECT scope, login_key, ip FROM attempt_counters
      WHERE site_id = ${siteId} AND login_key = ${loginKey} AND scope IN ('pair', 'name') AND taken > 0
      ORDER BY ${inLockOrder} FOR UPDATE)
    UPDATE attempt_counters AS c SET taken = 0, locked_until = NULL, next_at = NULL, updated_at = ${now}
    FROM held WHERE c.site_id = ${siteId} AND (c.scope, c.login_key, c.ip) = (held.scope, held.login_key, held.ip)`);
}

/**
 * Whether failed sign-ins hold a login name locked or delayed from some IP now (what unlock
 * lifts), as SQL: `siteId` and `loginKey` are values or columns of the statement it is part of.
 */
export function nameLockedSql(siteId: SQL, loginKey: SQL, now: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM attempt_counters c
    WHERE c.site_id = ${siteId} AND c.login_key = ${loginKey} AND (c.locked_until > ${now} OR c.next_at > ${now}))`;
}

/** Counters nobody touched for a day are worth nothing: swept now and then, so the table stays small. */
export async function sweepCounters(db: Queryable, now: Date): Promise<void> {
  await db.run(sql`DELETE FROM attempt_counters WHERE updated_at < ${new Date(now.getTime() - 24 * 60 * 60 * 1000)}
    AND (locked_until IS NULL OR locked_until < ${now})`);
}
