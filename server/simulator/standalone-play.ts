import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { AccountStatus } from '../../contract/account-levels.contract';
import type { Queryable } from '../kernel/db/database';
import { betRefusal } from '../game-rules/platform-rules';
import { GAMES, pick } from '../game-rules/game-registry';
import { seededRandom, type SeededRandom } from '../game-rules/seeded-random';
import { holdLease, seatsThisTick, STAKES, takeTurn, TERMINALS, TICK_MS, type PlayerRow } from './simulator-runtime';

/**
 * Play at the simulator run as a platform of its own (`npm run platform`): the embedded
 * simulator's rules and bet recording (simulator-runtime.ts takeTurn), with one difference of
 * principle. The platform never moves points between itself and the back office: a member plays
 * with what the back office transferred in (its platform_wallets balance), and stands up when it
 * is done or out of points there; its points stay until the back office transfers them out.
 * Members sit down only once the back office has pushed their account (simulator_accounts), in a
 * normal state: a member the platform was never told of would only be refused.
 */

export interface StandalonePlayOptions {
  seed: string;
  /** About this many members sit down per site and minute; 0 stops play. */
  rate: number;
  /** Who holds the lease (two platform processes on one database play one at a time). */
  holder: string;
}

export interface StandaloneTickOutcome {
  leader: boolean;
  seated: number;
  bets: number;
  left: number;
}

/** A member of the site with points at the platform, known and in a normal state, sits down at a random game open for the site. */
async function seat(db: Queryable, siteId: string, random: SeededRandom, now: Date) {
  const candidates = await db.rows<{
    member_id: bigint;
    balance: bigint;
    opened_by: string | null;
  }>(sql`SELECT w.member_id, w.balance, w.opened_by
      FROM platform_wallets w JOIN simulator_accounts a ON a.site_id = w.site_id AND a.account_id = w.member_id
     WHERE w.site_id = ${siteId} AND w.balance >= ${STAKES[0]!} AND a.level = 5 AND a.status = ${AccountStatus.normal}
       AND NOT EXISTS (SELECT FROM simulator_players p WHERE p.member_id = w.member_id)
     ORDER BY w.member_id LIMIT 200`);
  if (candidates.length === 0) return false;
  const member = pick(random, candidates);
  const balance = Number(member.balance);
  // A tenth of what it has, as the embedded platform's members bring ten stakes or more; the smallest stake at least.
  const stakes = STAKES.filter((stake) => stake * 10 <= balance);
  const stake = stakes.length > 0 ? pick(random, stakes) : STAKES[0]!;
  // At a game open for the site: the back office closes games by pushing them (simulator_games_closed).
  const closed = new Set(
    (await db.rows<{ game_code: string }>(sql`SELECT game_code FROM simulator_games_closed WHERE site_id = ${siteId}`)).map(
      (row) => row.game_code,
    ),
  );
  const open = GAMES.filter((game) => !closed.has(game.gameCode));
  if (open.length === 0) return false;
  const game = pick(random, open);
  const table = pick(random, game.tables);
  const device = pick(random, TERMINALS);
  // It sits down only where its first bet would be taken: a member the back office paused or
  // stopped would otherwise sit down and stand up again every tick (and count for the lobby).
  if (await betRefusal(db, { siteId, memberId: wireId(member.member_id), gameCode: game.gameCode, device, stake })) return false;
  // The bets' transaction id: the transfer in that found its wallet empty, which opened its game
  // session at the back office (the session's bets are filed under that id).
  const sessionId = member.opened_by ?? `P${now.getTime()}-${member.member_id}`;
  await db.run(sql`INSERT INTO simulator_players (member_id, site_id, game_code, table_id, session_id, stake, plays_left, next_at, device)
    VALUES (${wireId(member.member_id)}, ${siteId}, ${game.gameCode}, ${table}, ${sessionId}, ${stake}, ${5 + random.below(20)}, ${now},
      ${device}) ON CONFLICT DO NOTHING`);
  return true;
}

/** Stands a member up: what it won or kept stays in its wallet at the platform, for the back office to transfer out. */
async function standUp(db: Queryable, player: PlayerRow) {
  await db.run(sql`DELETE FROM simulator_players WHERE member_id = ${wireId(player.member_id)}`);
  return true;
}

/** One tick: the seated members' turns (settle, play or stand up), then newcomers seated per site. */
export async function standaloneTick(db: Queryable, options: StandalonePlayOptions, now: Date): Promise<StandaloneTickOutcome> {
  const outcome: StandaloneTickOutcome = { leader: false, seated: 0, bets: 0, left: 0 };
  if (!(await holdLease(db, options.holder, now))) return outcome;
  outcome.leader = true;
  const random = seededRandom(options.seed, 'standalone', Math.floor(now.getTime() / TICK_MS));
  const players = await db.rows<PlayerRow>(sql`SELECT * FROM simulator_players WHERE next_at <= ${now} ORDER BY member_id`);
  for (const read of players) {
    const done = await takeTurn(db, options, read, random, now, (player) => standUp(db, player));
    if (done === 'left') outcome.left += 1;
    else if (done === 'bet') outcome.bets += 1;
  }
  if (options.rate > 0) {
    const sites = await db.rows<{ site_id: string }>(
      sql`SELECT DISTINCT site_id FROM platform_wallets WHERE balance >= ${STAKES[0]!} ORDER BY site_id`,
    );
    for (const site of sites) {
      let seats = seatsThisTick(options.rate, random);
      while (seats-- > 0) if (await seat(db, site.site_id, random, now)) outcome.seated += 1;
    }
  }
  return outcome;
}

/** Plays in this process, a tick every TICK_MS (a slow one is let finish); answers stop(). */
export function startStandalonePlay(
  db: Queryable,
  options: StandalonePlayOptions,
  clock: { now(): Date },
  onError: (error: unknown) => void,
) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = standaloneTick(db, options, clock.now())
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, TICK_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
