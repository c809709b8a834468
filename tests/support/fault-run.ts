import { sql } from '../../server/kernel/db/sql';
import { AccountStatus, memberLevel } from '../../contract/account-levels.contract';
import type { Queryable } from '../../server/kernel/db/database';
import type { GamePlatform } from '../../server/platform/game-platform';
import { queuePush } from '../../server/platform/push-queue';

/**
 * What the faults-on-the-wire test (tests/gateway/platform-faults.test.ts) and its long version
 * (tests/bench/platform-faults.bench-helper.ts) share: the members they move, the rules pushed
 * before the faults, and the books read afterwards to check that no point was lost or made.
 */

export interface RunMember {
  id: string;
  /** Its back-office balance before the run (cents). */
  start: bigint;
}

/** Members with points whom nothing stops from playing (themselves and their whole line normal), at most `limit`. */
export async function faultRunMembers(db: Queryable, siteId: string, limit: number): Promise<RunMember[]> {
  const rows = await db.rows<{ id: bigint; balance: bigint }>(sql`SELECT a.id, a.balance FROM accounts a
    WHERE a.site_id = ${siteId} AND a.kind = 'tree' AND a.level = ${memberLevel} AND a.status = ${AccountStatus.normal}
      AND NOT a.win_blocked AND NOT a.bet_paused AND NOT a.bet_stopped AND a.balance >= 100000
      AND NOT EXISTS (SELECT FROM accounts x WHERE x.id = ANY (string_to_array(trim(BOTH '/' FROM a.path), '/')::bigint[])
                        AND x.team_status <> ${AccountStatus.normal})
    ORDER BY a.id LIMIT ${limit}`);
  return rows.map((row) => ({ id: String(row.id), start: BigInt(row.balance) }));
}

/** The members' ids as one SQL array. */
export const idArray = (members: readonly RunMember[]) => sql`string_to_array(${members.map((m) => m.id).join(',')}, ',')::bigint[]`;

/**
 * What the platform judges bets by, queued to be pushed before the faults: the site's live games
 * closed (members play the slots, whose spins settle at once) and the members and their lines.
 */
export async function queuePlayRules(db: Queryable, siteId: string, members: readonly RunMember[], now: Date): Promise<void> {
  await db.run(sql`INSERT INTO site_games_closed (site_id, game_code, closed_at)
    SELECT ${siteId}, game_code, ${now} FROM games WHERE game_type = 'live' ON CONFLICT DO NOTHING`);
  await queuePush(db, siteId, 'games', now);
  await db.run(sql`INSERT INTO platform_pushes (site_id, subject, account_id, queued_at)
    SELECT DISTINCT ${siteId}, 'account', x.id, ${now}::timestamptz FROM accounts a, accounts x
     WHERE a.id = ANY (${idArray(members)}) AND x.id = ANY (string_to_array(trim(BOTH '/' FROM a.path), '/')::bigint[])
    ON CONFLICT DO NOTHING`);
}

export interface PublishedBet {
  memberId: string;
  winLoss: bigint;
  status: string;
}

export interface RunBooks {
  /** Every bet of the platform's feed for the site, by order id, as it stands there. */
  platformBets: Map<string, PublishedBet>;
  /** The members' bets stored at the back office since the run started (a bet twice would show twice). */
  storedBets: { order_id: string; member_id: bigint; win_loss: bigint; status: string }[];
  /** Per member: here (back office) and there (platform) now, its start, and what its stored bets won or lost. */
  members: { member: string; here: bigint; there: bigint; start: bigint; won: bigint }[];
}

/** The books on both sides once the run is over and settled; `platform` reads the platform without faults. */
export async function runBooks(
  db: Queryable,
  platform: GamePlatform,
  siteId: string,
  members: readonly RunMember[],
  started: Date,
): Promise<RunBooks> {
  const platformBets = new Map<string, PublishedBet>();
  for (let after = '0'; ;) {
    const items = await platform.readFeed({ after, limit: 5_000, siteId });
    if (items.length === 0) break;
    for (const item of items) {
      if (item.kind === 'bet') {
        platformBets.set(item.bet.orderId, { memberId: item.bet.memberId, winLoss: BigInt(item.bet.winLoss), status: item.bet.status });
      }
    }
    after = items.at(-1)!.seq;
  }
  const ids = idArray(members);
  const storedBets = await db.rows<{ order_id: string; member_id: bigint; win_loss: bigint; status: string }>(
    sql`SELECT order_id, member_id, win_loss, status FROM bets WHERE site_id = ${siteId} AND member_id = ANY (${ids}) AND bet_time >= ${started}`,
  );
  const balances = new Map(
    (await db.rows<{ id: bigint; balance: bigint }>(sql`SELECT id, balance FROM accounts WHERE id = ANY (${ids})`)).map((row) => [
      String(row.id),
      BigInt(row.balance),
    ]),
  );
  const wonOf = (id: string) => storedBets.filter((b) => String(b.member_id) === id).reduce((sum, b) => sum + BigInt(b.win_loss), 0n);
  const books: RunBooks['members'] = [];
  for (const member of members) {
    const there = await platform.balance({ siteId, memberId: member.id });
    books.push({ member: member.id, here: balances.get(member.id)!, there, start: member.start, won: wonOf(member.id) });
  }
  return { platformBets, storedBets, members: books };
}
