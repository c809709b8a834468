import { idArray, wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import type { PushSubject } from '../platform/push-queue';
import type { AccountRow } from '../tree/account.repository';
import type { Queryable } from '../kernel/db/database';
import type { NoticeRow } from '../notices/notice.repository';
import type { AnsweredSuggestionRow } from '../notices/suggestion.store';
import { platformPausedSql } from '../platform/site-platform.repository';
import type { PlatformAccount, PlatformFor, PlatformGameNotice, PlatformReply } from '../platform/game-platform';

/** What a site still has to push: all queued, those the platform did not take at least once, and the last such error. */
export async function queuedPushesOf(db: Queryable, siteId: string) {
  const row = await db.one<{ queued: number; failed: number; last_error: string | null }>(sql`
    SELECT count(*)::int AS queued, (count(*) FILTER (WHERE attempts > 0))::int AS failed,
           (array_agg(last_error ORDER BY queued_at DESC) FILTER (WHERE last_error IS NOT NULL))[1] AS last_error
      FROM platform_pushes WHERE site_id = ${siteId}`);
  return { queued: Number(row?.queued ?? 0), failed: Number(row?.failed ?? 0), lastError: row?.last_error ?? null };
}

/** How long a sender holds a push: longer than any platform call may take (adapters time out well before). */
export const PUSH_LEASE_MS = 30_000;
/** Pushes taken at once (accounts of a site go in one call), and rounds of them in one run. */
const PUSH_BATCH = 500;
const PUSH_ROUNDS = 20;

/** A platform_pushes row as the database answers it (this module queues and sends them). */
export interface PlatformPushRow {
  site_id: string;
  subject: PushSubject;
  /** The account, or the suggestion of a reply; 0 for the site-wide subjects. */
  account_id: bigint;
  version: bigint;
  queued_at: Date | string;
  attempts: number;
  last_error: string | null;
  sending_until: Date | string | null;
}

type Claimed = Pick<PlatformPushRow, 'site_id' | 'subject' | 'account_id' | 'version'>;

/** An account as the platform is told it: its own columns and its game settings gathered (jsonb). */
type PushedAccountRow = Pick<
  AccountRow,
  | 'id'
  | 'level'
  | 'path'
  | 'status'
  | 'team_status'
  | 'bet_stopped'
  | 'bet_paused'
  | 'device_pc'
  | 'device_h5'
  | 'device_app'
  | 'max_win'
  | 'win_blocked'
> & {
  game_types: Record<string, { enabled: boolean; redLimit: string; limitReached: boolean }>;
  /** The member's exclusion in force: whether there is one, and its end (null: permanent). */
  excluded: boolean;
  excluded_until: Date | string | null;
};

/** Accounts' betting rules as the platform takes them (pushes, and a member's sign-in check at the lobby). */
export async function accountsNow(db: Queryable, siteId: string, ids: readonly bigint[]): Promise<PlatformAccount[]> {
  const rows = await db.rows<PushedAccountRow>(sql`
    SELECT a.id, a.level, a.path, a.status, a.team_status, a.bet_stopped, a.bet_paused, a.device_pc, a.device_h5, a.device_app,
           a.max_win, a.win_blocked, x.id IS NOT NULL AS excluded, x.until AS excluded_until,
           COALESCE(jsonb_object_agg(s.game_type, jsonb_build_object('enabled', s.enabled, 'redLimit', s.red_limit::text,
                                                               'limitReached', s.company_limit_reached))
                      FILTER (WHERE s.game_type IS NOT NULL), '{}'::jsonb) AS game_types
      FROM accounts a LEFT JOIN game_settings s ON s.account_id = a.id
      LEFT JOIN member_exclusions x ON x.member_id = a.id AND x.lifted_at IS NULL
     WHERE a.site_id = ${siteId} AND a.id = ANY (${idArray(ids)})
     GROUP BY a.id, x.id`);
  return rows.map((row) => ({
    accountId: wireId(row.id),
    level: Number(row.level),
    path: row.path,
    status: Number(row.status),
    teamStatus: Number(row.team_status),
    betStopped: row.bet_stopped,
    betPaused: row.bet_paused,
    devices: { pc: row.device_pc, h5: row.device_h5, app: row.device_app },
    maxWin: row.max_win,
    winBlocked: row.win_blocked,
    exclusion: row.excluded ? { until: row.excluded_until === null ? null : new Date(row.excluded_until) } : null,
    gameTypes: Object.fromEntries(
      Object.entries(row.game_types).map(([type, setting]) => [
        type,
        { enabled: setting.enabled, redLimit: BigInt(setting.redLimit), limitReached: setting.limitReached },
      ]),
    ),
  }));
}

/** The answers of these suggestions as they are now, by the platform's ids. */
async function repliesNow(db: Queryable, siteId: string, ids: readonly bigint[]): Promise<PlatformReply[]> {
  const rows = await db.rows<AnsweredSuggestionRow>(sql`
    SELECT platform_id, member_id, reply, replied_at FROM suggestions
     WHERE site_id = ${siteId} AND id = ANY (${idArray(ids)}) AND reply IS NOT NULL`);
  return rows.map((row) => ({
    suggestionId: row.platform_id,
    memberId: wireId(row.member_id),
    reply: row.reply,
    repliedAt: new Date(row.replied_at),
  }));
}

/** The site's game notices not yet ended, as the platform takes them. */
async function gameNoticesNow(db: Queryable, siteId: string, now: Date): Promise<PlatformGameNotice[]> {
  const rows = await db.rows<
    Pick<NoticeRow, 'id' | 'title' | 'content' | 'game_codes' | 'start_time' | 'end_time'>
  >(sql`SELECT id, title, content, game_codes, start_time, end_time FROM notices
          WHERE site_id = ${siteId} AND kind = 'game' AND end_time > ${now} ORDER BY id`);
  return rows.map((row) => ({
    noticeId: wireId(row.id),
    title: row.title,
    content: row.content,
    gameCodes: row.game_codes ?? [],
    startTime: new Date(row.start_time),
    endTime: new Date(row.end_time),
  }));
}

/**
 * Sends what is queued, oldest first: each subject's state as it is now, a site's accounts in one
 * call. A sender first takes its pushes for PUSH_LEASE_MS (another process skips them), so an
 * older state never reaches the platform after a newer one. A push the platform took is deleted
 * unless its subject changed meanwhile (then it goes again next round); one it did not take
 * stays, its attempts and last error kept. A site whose platform is paused (after a restore) is
 * skipped: its pushes wait. Answers how many pushes the platform took and not.
 */
export async function sendPlatformPushes(
  db: Queryable,
  platformFor: PlatformFor,
  now: Date,
  batch = PUSH_BATCH,
  { siteId: only, rounds = PUSH_ROUNDS }: { siteId?: string; rounds?: number } = {},
) {
  const outcome = { sent: 0, failed: 0 };
  const platform = platformFor(db);
  const until = new Date(now.getTime() + PUSH_LEASE_MS);
  const free = sql`(sending_until IS NULL OR sending_until < ${now})`;
  const ofSite = only === undefined ? sql`true` : sql`site_id = ${only}`;
  for (let round = 0; round < rounds; round += 1) {
    const claimed = await db.rows<Claimed>(sql`
      UPDATE platform_pushes p SET sending_until = ${until}
        FROM (SELECT site_id, subject, account_id FROM platform_pushes
               WHERE ${free} AND ${ofSite} AND NOT ${platformPausedSql(sql.raw('platform_pushes.site_id'))}
               ORDER BY queued_at, site_id, subject, account_id LIMIT ${batch} FOR UPDATE SKIP LOCKED) q
       WHERE p.site_id = q.site_id AND p.subject = q.subject AND p.account_id = q.account_id AND ${free}
      RETURNING p.site_id, p.subject, p.account_id, p.version`);
    const groups = new Map<string, Claimed[]>();
    for (const push of claimed) {
      const key = `${push.subject}\u0000${push.site_id}`;
      groups.set(key, [...(groups.get(key) ?? []), push]);
    }
    for (const pushes of groups.values()) {
      const { site_id: siteId, subject } = pushes[0]!;
      const these = sql`site_id = ${siteId} AND subject = ${subject} AND account_id = ANY (${idArray(pushes.map((p) => p.account_id))})`;
      try {
        if (subject === 'games') {
          const closed = await db.rows<{ game_code: string }>(
            sql`SELECT game_code FROM site_games_closed WHERE site_id = ${siteId} ORDER BY game_code`,
          );
          await platform.setClosedGames({ siteId, gameCodes: closed.map((row) => row.game_code) });
        } else if (subject === 'notices') {
          await platform.setGameNotices({ siteId, notices: await gameNoticesNow(db, siteId, now) });
        } else if (subject === 'reply') {
          const replies = await repliesNow(
            db,
            siteId,
            pushes.map((p) => p.account_id),
          );
          await platform.replySuggestions({ siteId, replies });
        } else {
          await platform.setAccounts({
            siteId,
            accounts: await accountsNow(
              db,
              siteId,
              pushes.map((p) => p.account_id),
            ),
          });
        }
        const taken = JSON.stringify(pushes.map((p) => ({ account_id: wireId(p.account_id), version: String(p.version) })));
        await db.run(sql`DELETE FROM platform_pushes p USING jsonb_to_recordset(${taken}::jsonb) AS t (account_id bigint, version bigint)
          WHERE p.site_id = ${siteId} AND p.subject = ${subject} AND p.account_id = t.account_id AND p.version = t.version`);
        await db.run(sql`UPDATE platform_pushes SET sending_until = NULL WHERE ${these}`);
        outcome.sent += pushes.length;
      } catch (error) {
        await db.run(sql`UPDATE platform_pushes SET attempts = attempts + 1, last_error = ${String(error).slice(0, 200)},
            sending_until = NULL
          WHERE ${these}`);
        outcome.failed += pushes.length;
      }
    }
    // A failing platform is tried again next run, not again at once.
    if (claimed.length < batch || outcome.failed > 0) break;
  }
  return outcome;
}
