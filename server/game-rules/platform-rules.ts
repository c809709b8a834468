import { idArray, wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { AccountStatus } from '../../contract/account-levels.contract';
import type { Device } from '../../contract/game.contract';
import { prepared, type Queryable } from '../kernel/db/database';

/**
 * Why the game platform refuses a member's bet: what the back office set and pushed to it
 * (docs/guide.md, "Games, bets and results").
 * The simulator asks before every bet and counts each refusal by reason (platform_refusals).
 */
export type BetRefusal =
  | 'account-disabled'
  | 'account-frozen'
  | 'line-disabled'
  | 'line-frozen'
  | 'game-closed'
  | 'game-type-closed'
  | 'device-disabled'
  | 'bet-paused'
  | 'line-stopped'
  | 'line-limit-reached'
  | 'over-red-limit'
  | 'win-blocked'
  | 'member-excluded';

export interface BetRequest {
  siteId: string;
  memberId: string;
  gameCode: string;
  device: Device;
  /** Cents. */
  stake: number;
}

interface Admission {
  status: number;
  win_blocked: boolean;
  bet_paused: boolean;
  excluded: boolean;
  device_pc: boolean;
  device_h5: boolean;
  device_app: boolean;
  line_disabled: boolean;
  line_frozen: boolean;
  line_stopped: boolean;
  line_limit_reached: boolean;
  game_closed: boolean | null;
  type_enabled: boolean | null;
  red_limit: bigint | null;
}

/**
 * The first reason the platform refuses this bet, or null when it takes it, judged by the
 * platform's own copy of what the back office pushed (simulator_accounts, simulator_games_closed;
 * games/platform-pushes.ts): the member's own status, its line's (team status or stop-bet anywhere
 * above, walked through the copy of each agent), the game closed for the site, the game type
 * closed for the member, the device, a paused member, a member in a time-out or self-exclusion
 * (until its end, by the platform's clock), an agent above that reached its
 * agent-to-company limit for the game's type (tree/company-limit.ts), the red limit of the game type (0 = none)
 * and the maximum-win block. A member the platform was never told of is refused as disabled, an
 * unknown game as closed.
 */
export async function betRefusal(db: Queryable, bet: BetRequest): Promise<BetRefusal | null> {
  const row = await db.one<Admission>(sql`
    SELECT m.status, m.win_blocked, m.bet_paused,
           m.excluded AND (m.excluded_until IS NULL OR m.excluded_until > now()) AS excluded, m.device_pc, m.device_h5, m.device_app,
           bool_or(l.team_status = ${AccountStatus.disabled}) AS line_disabled,
           bool_or(l.team_status = ${AccountStatus.frozen}) AS line_frozen,
           bool_or(l.bet_stopped AND l.account_id <> m.account_id) AS line_stopped,
           bool_or(l.account_id <> m.account_id AND COALESCE((l.game_types -> (SELECT g.game_type FROM games g WHERE g.game_code = ${bet.gameCode})
                     ->> 'limitReached')::boolean, false)) AS line_limit_reached,
           (SELECT g.game_code IS NULL OR c.game_code IS NOT NULL FROM (SELECT ${bet.gameCode}::text AS code) q
              LEFT JOIN games g ON g.game_code = q.code
              LEFT JOIN simulator_games_closed c ON c.site_id = m.site_id AND c.game_code = q.code) AS game_closed,
           (SELECT (m.game_types -> g.game_type ->> 'enabled')::boolean FROM games g WHERE g.game_code = ${bet.gameCode}) AS type_enabled,
           (SELECT m.game_types -> g.game_type ->> 'redLimit' FROM games g WHERE g.game_code = ${bet.gameCode}) AS red_limit
      FROM simulator_accounts m
      JOIN simulator_accounts l ON l.site_id = m.site_id
       AND l.account_id = ANY (string_to_array(trim(BOTH '/' FROM m.path), '/')::bigint[])
     WHERE m.account_id = ${bet.memberId} AND m.site_id = ${bet.siteId} AND m.level = 5
     GROUP BY m.site_id, m.account_id`);
  if (!row) return 'account-disabled';
  if (row.status === AccountStatus.disabled) return 'account-disabled';
  if (row.status === AccountStatus.frozen) return 'account-frozen';
  if (row.line_disabled) return 'line-disabled';
  if (row.line_frozen) return 'line-frozen';
  if (row.game_closed !== false) return 'game-closed';
  if (row.type_enabled === false) return 'game-type-closed';
  if (!{ pc: row.device_pc, h5: row.device_h5, app: row.device_app }[bet.device]) return 'device-disabled';
  if (row.bet_paused) return 'bet-paused';
  if (row.excluded) return 'member-excluded';
  if (row.line_stopped) return 'line-stopped';
  if (row.line_limit_reached) return 'line-limit-reached';
  const redLimit = Number(row.red_limit ?? 0);
  if (redLimit > 0 && bet.stake > redLimit) return 'over-red-limit';
  if (row.win_blocked) return 'win-blocked';
  return null;
}

/** Counts a refusal in the platform's statistics. */
export async function countRefusal(db: Queryable, siteId: string, reason: BetRefusal): Promise<void> {
  await db.run(sql`INSERT INTO platform_refusals (site_id, reason, count) VALUES (${siteId}, ${reason}, 1)
    ON CONFLICT (site_id, reason) DO UPDATE SET count = platform_refusals.count + 1`);
}

/**
 * Blocks the members whose net winnings since their last "remove limit" (or since they were
 * made) reached their maximum win (max_win > 0): settled and resettled bets count, a cancelled
 * one does not. Answers the members it blocked. The window is read through bets_member_time (a
 * settled bet's time is its settlement), so a member pays for its bets since the limit was
 * removed, not for its whole history, on every batch.
 */
export async function blockWinners(db: Queryable, siteId: string, memberIds: readonly string[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await db.rows<{ id: bigint }>(
    prepared(sql`
    UPDATE accounts a SET win_blocked = true
     WHERE a.site_id = ${siteId} AND a.level = 5 AND a.max_win > 0 AND NOT a.win_blocked
       AND a.id = ANY (${idArray(memberIds)})
       AND (SELECT COALESCE(sum(b.win_loss), 0) FROM bets b
             WHERE b.member_id = a.id AND b.status IN ('settled', 'resettled')
               AND COALESCE(b.settle_time, b.bet_time) >= COALESCE(a.win_counted_from, a.created_at)) >= a.max_win
    RETURNING a.id`),
  );
  return rows.map((row) => wireId(row.id));
}
