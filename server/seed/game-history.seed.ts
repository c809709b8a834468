import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { storeBets, type PlatformBet } from '../games/bet.store';
import { storeRounds, type PlatformRound } from '../games/game-round.store';
import { GAMES, playTypeOf, type GameDefinition } from '../games/rules/game-registry';
import { seededRandom, type SeededRandom } from '../games/rules/seeded-random';
import { jackpotHit, jackpotRake, type SlotSpin } from '../games/rules/slot.rules';
import { validBets } from '../games/rules/valid-bet.rules';

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;
/** Stakes a player picks, in cents (10 to 1,000 yuan). */
const STAKES = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];
const JACKPOT_START = 1_000_000;
const BATCH = 2_000;

export interface HistoryOptions {
  siteId: string;
  /** Beijing days of history ending with the day before `now`'s, plus today up to `now`. */
  days: number;
  /** At most this many members play (the first by id), each on most days. */
  members: number;
  now: Date;
  /** The platform seed: the same seed, site and members give the same history. */
  seed: string;
}

const pick = <T>(random: SeededRandom, items: readonly T[]) => items[random.below(items.length)]!;
function weighted(random: SeededRandom, bets: GameDefinition['commonBets']): string {
  let left = random.below(bets.reduce((sum, bet) => sum + bet.weight, 0));
  for (const bet of bets) {
    if (left < bet.weight) return bet.betCode;
    left -= bet.weight;
  }
  return bets[0]!.betCode;
}

const beijingDate = (instant: number) => new Date(instant + BEIJING_MS).toISOString().slice(0, 10).replaceAll('-', '');
/** A round's number at a live table: its Beijing date and its place in that day ("20261124-0042"). */
function roundNo(game: GameDefinition, index: number) {
  const start = index * game.roundSeconds * 1000;
  const dayStart = Math.floor((start + BEIJING_MS) / DAY_MS) * DAY_MS - BEIJING_MS;
  return `${beijingDate(start)}-${String(Math.floor((start - dayStart) / (game.roundSeconds * 1000)) + 1).padStart(4, '0')}`;
}

/**
 * Play history for the demo (and any database): members of a site play sessions of live rounds
 * and slot spins over past days. Rounds are drawn from (seed, table, round), as the platform
 * draws them, so every member at a table sees the same result; bets are stored through the same
 * path as bets read from the platform (storeBets: snapshot at settlement). Answers the bets stored.
 */
export async function seedGameHistory(db: Queryable, options: HistoryOptions): Promise<number> {
  const members = await db.rows<{ id: string | number }>(
    sql`SELECT id FROM accounts WHERE site_id = ${options.siteId} AND level = 5 ORDER BY id LIMIT ${options.members}`,
  );
  const names = new Map(
    (await db.rows<{ game_code: string; game_name: string }>(sql`SELECT game_code, game_name FROM games`)).map((row) => [
      row.game_code,
      row.game_name,
    ]),
  );
  const random = seededRandom(options.seed, `history:${options.siteId}`, 0);
  const now = options.now.getTime();
  const firstDay = Math.floor((now + BEIJING_MS) / DAY_MS) * DAY_MS - BEIJING_MS - options.days * DAY_MS;
  const pools = new Map<string, number>();
  const rounds = new Map<string, PlatformRound>();
  let bets: PlatformBet[] = [];
  let stored = 0;
  let orders = 0;

  const flush = async () => {
    stored += (await storeBets(db, options.siteId, bets, options.now)).stored;
    bets = [];
    await storeRounds(db, [...rounds.values()]);
    rounds.clear();
  };

  for (let day = 0; day <= options.days; day++) {
    const dayStart = firstDay + day * DAY_MS;
    for (const member of members) {
      if (random.below(10) < 3) continue;
      const sessions = 1 + random.below(2);
      for (let session = 0; session < sessions; session++) {
        const game = pick(random, GAMES);
        const table = pick(random, game.tables);
        const start = dayStart + random.below(DAY_MS - 3_600_000);
        if (start >= now - 600_000) continue;
        const transactionId = `H${beijingDate(start)}${member.id}${session}`;
        const plays = 5 + random.below(20);
        const stake = pick(random, STAKES.slice(0, 5));
        for (let play = 0; play < plays; play++) {
          const orderId = `${beijingDate(start)}${String(++orders).padStart(8, '0')}`;
          const live = game.roundSeconds > 0;
          const index = live ? Math.floor(start / (game.roundSeconds * 1000)) + play : orders;
          // A spin is one player's: its number names the site too, so two sites' spins never share one.
          const round = live ? roundNo(game, index) : `S-${options.siteId}-${orderId}`;
          const result = game.round(
            live ? seededRandom(options.seed, table, index) : seededRandom(options.seed, `${table}/${options.siteId}`, orders),
          );
          const betTime = new Date(live ? index * game.roundSeconds * 1000 + 5_000 + random.below(15_000) : start + play * 8_000);
          const settleTime = new Date(live ? (index + 1) * game.roundSeconds * 1000 : betTime.getTime() + 2_000);
          if (settleTime.getTime() > now) break;
          rounds.set(`${table}/${round}`, {
            gameCode: game.gameCode,
            gameId: table,
            round,
            startedAt: new Date(live ? index * game.roundSeconds * 1000 : betTime.getTime()),
            endedAt: settleTime,
            result,
          });
          const betCode = weighted(random, game.commonBets);
          const payout = game.settle(betCode, stake, result)!;
          let jackpotWon = 0;
          let rake = 0;
          let pool = 0;
          if (!live) {
            rake = jackpotRake(stake);
            pool = (pools.get(table) ?? JACKPOT_START) + rake;
            if (jackpotHit(result as SlotSpin)) {
              jackpotWon = pool;
              pool = JACKPOT_START;
            }
            pools.set(table, pool);
          }
          const redPacket = random.below(400) === 0 ? (1 + random.below(88)) * 100 : 0;
          const [validBet] = validBets(game.gameCode, [{ betCode, stake, payout }]);
          const status = random.below(1500) === 0 ? 'cancelled' : 'settled';
          const cancelled = status === 'cancelled';
          bets.push({
            orderId,
            memberId: String(member.id),
            betTime,
            settleTime,
            gameCode: game.gameCode,
            gameType: game.gameType,
            playType: playTypeOf(betCode),
            betCode,
            gameId: table,
            gameName: names.get(game.gameCode) ?? game.gameCode,
            round,
            transactionId,
            status,
            bet: stake,
            validBet: cancelled ? 0 : validBet!,
            settle: cancelled ? stake : payout,
            winLoss: cancelled ? 0 : payout - stake + jackpotWon + redPacket,
            jackpot: pool,
            jackpotWon: cancelled ? 0 : jackpotWon,
            jackpotRake: rake,
            redPacket: cancelled ? 0 : redPacket,
          });
          if (bets.length >= BATCH) await flush();
        }
      }
    }
  }
  await flush();
  return stored;
}
