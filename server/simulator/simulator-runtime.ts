import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import type { Device } from '../../contract/game.contract';
import type { Queryable } from '../kernel/db/database';
import { RpcError } from '../kernel/rpc-error';
import type { PlatformFor } from '../platform/game-platform';
import { memberSuggestion } from './member-suggestions';
import { takeFaultSql, type FaultAction } from './simulator-faults';
import type { FeedBet, FeedRound, FeedSuggestion } from './simulator-platform';
import { betRefusal, countRefusal } from '../game-rules/platform-rules';
import { liveRoundNo } from '../game-rules/round-number';
import { GAMES, gameByCode, pick, pickBet, playTypeOf, type GameDefinition } from '../game-rules/game-registry';
import { seededRandom, type SeededRandom } from '../game-rules/seeded-random';
import { JACKPOT_START, jackpotHit, jackpotRake, type SlotSpin } from '../game-rules/slot.rules';
import { validBets } from '../game-rules/valid-bet.rules';

/**
 * The embedded game platform at play (docs/guide.md, "Games, bets and results": the demo plays
 * while it runs): members of every site sit down at live tables and slot machines, bet within what
 * they transferred in, and leave with what is left. One tick at a time, by the gateway process
 * holding the lease; everything it knows lives in tables, so another process takes over when the
 * lease lapses. A live round's result is a function of (seed, table, round), a spin's of (seed,
 * machine and site, spin number), so a seed reproduces the results. The platform's bets and rounds
 * go to its feed; the back office reads the feed from its cursor into storeBets / storeRounds, in
 * the same transaction as the cursor.
 */

export const TICK_MS = 2_000;
/** How long a tick's process holds the platform: another takes over when it lapses. */
export const LEASE_MS = 15_000;
/** Stakes a seated member picks from, in cents (10 to 200 yuan), never above a tenth of what it brings. */
export const STAKES = [1_000, 2_000, 5_000, 10_000, 20_000];
const SPIN_EVERY_MS = 4_000;
/** The terminal a member plays from, drawn when it sits down: half on pc, the rest on the mobile web or the app. */
export const TERMINALS: readonly Device[] = ['pc', 'pc', 'h5', 'app'];
/** A member's transfer as the simulator asks the back office for it. */
export interface SimulatorTransfer {
  siteId: string;
  memberId: string;
  /** Positive integer cents. */
  amount: number;
  transferId: string;
  now: Date;
}

/**
 * What the embedded platform asks of the back office in its process: a member's transfers in and
 * out, the end of a session left with nothing, and the read of the platform's feed. Given by the
 * composition (gateway/simulator-back-office.ts), so the simulator stands on the platform API's
 * terms and never on a namespace of the back office.
 */
export interface SimulatorBackOffice {
  transferIn(db: Queryable, platformFor: PlatformFor, transfer: SimulatorTransfer): Promise<{ state: string; sessionId: string }>;
  transferOut(db: Queryable, platformFor: PlatformFor, transfer: SimulatorTransfer): Promise<{ state: string }>;
  endEmptySession(db: Queryable, platformFor: PlatformFor, session: { siteId: string; memberId: string; now: Date }): Promise<unknown>;
  ingestFeed(db: Queryable, platformFor: PlatformFor, now: Date): Promise<number>;
}

export interface SimulatorOptions {
  seed: string;
  /** How lively: about this many members sit down per site and minute; 0 stops play. */
  rate: number;
  /** Who holds the lease (one gateway process). */
  holder: string;
  platformFor: PlatformFor;
  backOffice: SimulatorBackOffice;
}

export interface TickOutcome {
  leader: boolean;
  joined: number;
  bets: number;
  left: number;
  ingested: number;
}

/** A seated member (simulator_players), as the embedded and the standalone platform play it. */
export interface PlayerRow {
  member_id: bigint;
  site_id: string;
  game_code: string;
  table_id: string;
  session_id: string;
  stake: bigint;
  plays_left: number;
  next_at: Date | string;
  open_bet: OpenBet | string | null;
  device: Device;
}
interface OpenBet {
  orderId: string;
  betCode: string;
  roundIndex: number;
  betTime: string;
}

/** Whether the player's turn is still the one this tick claimed (`turn`); in a transaction, its row stays locked to the end. */
async function holdsTurn(db: Queryable, memberId: string, turn: Date) {
  return Boolean(await db.one(sql`SELECT 1 FROM simulator_players WHERE member_id = ${memberId} AND next_at = ${turn} FOR UPDATE`));
}

/** Takes or keeps the lease; false when another process holds it. */
export async function holdLease(db: Queryable, holder: string, now: Date) {
  const held =
    await db.one(sql`INSERT INTO simulator_lease AS l (id, holder, until) VALUES (1, ${holder}, ${new Date(now.getTime() + LEASE_MS)})
    ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
     WHERE l.holder = EXCLUDED.holder OR l.until < ${now}
    RETURNING 1`);
  return held !== undefined;
}

/**
 * What the platform publishes goes to its feed, which the back office reads through the adapter
 * (tests plant items here too). A bet goes through the fault mode (simulator-faults.ts) in the
 * same statement: off, it is one insert as any item.
 */
export async function publish(
  db: Queryable,
  siteId: string,
  kind: 'bet' | 'round' | 'suggestion',
  body: FeedBet | FeedRound | FeedSuggestion,
  now: Date,
) {
  if (kind !== 'bet') {
    await db.run(
      sql`INSERT INTO platform_feed (site_id, kind, body, created_at) VALUES (${siteId}, ${kind}, ${JSON.stringify(body)}::json, ${now})`,
    );
    return;
  }
  const row = await db.one<{ action: FaultAction | null }>(sql`WITH fault AS (${takeFaultSql(siteId, 'bet')})
    INSERT INTO platform_feed (site_id, kind, body, created_at, fault)
    SELECT ${siteId}, 'bet', ${JSON.stringify(body)}::json, ${now},
           (SELECT CASE action WHEN 'drop' THEN 'withheld' WHEN 'delay' THEN 'held' WHEN 'alter' THEN 'withheld' END FROM fault)
    RETURNING (SELECT action FROM fault) AS action`);
  const action = row?.action ?? null;
  if (action !== 'alter' && action !== 'duplicate') return;
  const bet = body as FeedBet;
  // Altered: the feed says the member won a yuan more than the books; duplicated: the same bet again under another order id.
  const copy: FeedBet =
    action === 'alter' ? { ...bet, winLoss: bet.winLoss + 100, settle: bet.settle + 100 } : { ...bet, orderId: await orderNo(db) };
  await db.run(sql`INSERT INTO platform_feed (site_id, kind, body, created_at, fault)
    VALUES (${siteId}, 'bet', ${JSON.stringify(copy)}::json, ${now}, 'copy')`);
}

async function orderNo(db: Queryable) {
  const row = await db.one<{ n: bigint }>(sql`SELECT nextval('platform_order_no') AS n`);
  return `7${String(row!.n).padStart(11, '0')}`;
}

async function platformBalance(db: Queryable, siteId: string, memberId: string) {
  const row = await db.one<{ balance: bigint }>(
    sql`SELECT balance FROM platform_wallets WHERE site_id = ${siteId} AND member_id = ${memberId}`,
  );
  return BigInt(row?.balance ?? 0);
}

async function movePlatform(db: Queryable, siteId: string, memberId: string, delta: number) {
  await db.run(sql`UPDATE platform_wallets SET balance = balance + ${delta} WHERE site_id = ${siteId} AND member_id = ${memberId}`);
}

function betRecord(game: GameDefinition, player: PlayerRow, bet: { orderId: string; betCode: string; stake: number; betTime: Date }) {
  return {
    orderId: bet.orderId,
    memberId: wireId(player.member_id),
    betTime: bet.betTime.toISOString(),
    gameCode: game.gameCode,
    gameType: game.gameType,
    playType: playTypeOf(bet.betCode),
    betCode: bet.betCode,
    gameId: player.table_id,
    gameName: game.gameCode,
    transactionId: player.session_id,
    device: player.device,
    bet: bet.stake,
    jackpot: 0,
    jackpotWon: 0,
    jackpotRake: 0,
    redPacket: 0,
  };
}

/** Settles a live bet whose round has ended: the platform pays the member there and publishes the bet and the round. */
async function settleLive(db: Queryable, options: Pick<SimulatorOptions, 'seed'>, player: PlayerRow, open: OpenBet, now: Date) {
  const game = gameByCode(player.game_code)!;
  const result = game.round(seededRandom(options.seed, player.table_id, open.roundIndex));
  const stake = Number(player.stake);
  const payout = game.settle(open.betCode, stake, result) ?? 0;
  const endedAt = new Date((open.roundIndex + 1) * game.roundSeconds * 1000);
  const round = liveRoundNo(game, open.roundIndex);
  await movePlatform(db, player.site_id, wireId(player.member_id), payout);
  await publish(
    db,
    player.site_id,
    'round',
    {
      gameCode: game.gameCode,
      gameId: player.table_id,
      round,
      startedAt: new Date(open.roundIndex * game.roundSeconds * 1000).toISOString(),
      endedAt: endedAt.toISOString(),
      result,
    },
    now,
  );
  await publish(
    db,
    player.site_id,
    'bet',
    {
      ...betRecord(game, player, { orderId: open.orderId, betCode: open.betCode, stake, betTime: new Date(open.betTime) }),
      round,
      status: 'settled',
      settleTime: endedAt.toISOString(),
      validBet: validBets(game.gameCode, [{ betCode: open.betCode, stake, payout }])[0]!,
      settle: payout,
      winLoss: payout - stake,
    },
    now,
  );
}

/** One play of a seated member: a live bet on the current round (settled later), or a spin settled at once. */
async function play(db: Queryable, options: Pick<SimulatorOptions, 'seed'>, player: PlayerRow, random: SeededRandom, now: Date) {
  const game = gameByCode(player.game_code)!;
  const stake = Number(player.stake);
  const memberId = wireId(player.member_id);
  const betTime = now;
  const orderId = await orderNo(db);
  const betCode = pickBet(random, game.commonBets);
  await movePlatform(db, player.site_id, memberId, -stake);
  if (game.roundSeconds > 0) {
    const roundIndex = Math.floor(now.getTime() / (game.roundSeconds * 1000));
    const open: OpenBet = { orderId, betCode, roundIndex, betTime: betTime.toISOString() };
    await publish(
      db,
      player.site_id,
      'bet',
      {
        ...betRecord(game, player, { orderId, betCode, stake, betTime }),
        round: liveRoundNo(game, roundIndex),
        status: 'unsettled',
        settleTime: null,
        validBet: 0,
        settle: 0,
        winLoss: 0,
      },
      now,
    );
    await db.run(sql`UPDATE simulator_players SET open_bet = ${JSON.stringify(open)}::jsonb, plays_left = plays_left - 1,
      next_at = ${new Date((roundIndex + 1) * game.roundSeconds * 1000 + 1_000)} WHERE member_id = ${memberId}`);
    return;
  }
  const spinNo = Number(orderId);
  const spin = game.round(seededRandom(options.seed, `${player.table_id}/${player.site_id}`, spinNo)) as SlotSpin;
  const payout = game.settle(betCode, stake, spin) ?? 0;
  const rake = jackpotRake(stake);
  const pooled = await db.one<{ pool: bigint }>(sql`INSERT INTO simulator_jackpots AS j (site_id, table_id, pool)
      VALUES (${player.site_id}, ${player.table_id}, ${JACKPOT_START + rake})
    ON CONFLICT (site_id, table_id) DO UPDATE SET pool = j.pool + ${rake} RETURNING pool`);
  const pool = Number(pooled!.pool);
  const jackpotWon = jackpotHit(spin) ? pool : 0;
  if (jackpotWon > 0) {
    await db.run(
      sql`UPDATE simulator_jackpots SET pool = ${JACKPOT_START} WHERE site_id = ${player.site_id} AND table_id = ${player.table_id}`,
    );
  }
  const redPacket = random.below(300) === 0 ? (1 + random.below(88)) * 100 : 0;
  await movePlatform(db, player.site_id, memberId, payout + jackpotWon + redPacket);
  const round = `S-${player.site_id}-${orderId}`;
  await publish(
    db,
    player.site_id,
    'round',
    { gameCode: game.gameCode, gameId: player.table_id, round, startedAt: now.toISOString(), endedAt: now.toISOString(), result: spin },
    now,
  );
  await publish(
    db,
    player.site_id,
    'bet',
    {
      ...betRecord(game, player, { orderId, betCode, stake, betTime }),
      round,
      status: 'settled',
      settleTime: now.toISOString(),
      validBet: validBets(game.gameCode, [{ betCode, stake, payout }])[0]!,
      settle: payout,
      winLoss: payout - stake + jackpotWon + redPacket,
      jackpot: jackpotWon > 0 ? JACKPOT_START : pool,
      jackpotWon,
      jackpotRake: rake,
      redPacket,
    },
    now,
  );
  await db.run(sql`UPDATE simulator_players SET plays_left = plays_left - 1, next_at = ${new Date(now.getTime() + SPIN_EVERY_MS)}
    WHERE member_id = ${memberId}`);
}

/** A member leaves with what it has at the platform; it stays seated (and tries again) while its transfer is unsettled. */
async function leave(db: Queryable, options: SimulatorOptions, player: PlayerRow, now: Date) {
  const memberId = wireId(player.member_id);
  const balance = await platformBalance(db, player.site_id, memberId);
  if (balance > 0n) {
    try {
      const out = await options.backOffice.transferOut(db, options.platformFor, {
        siteId: player.site_id,
        memberId,
        amount: Number(balance),
        transferId: `SO-${player.session_id}-${now.getTime()}`,
        now,
      });
      if (out.state !== 'done') return false;
    } catch (error) {
      if (error instanceof RpcError) return false;
      throw error;
    }
  } else {
    try {
      await options.backOffice.endEmptySession(db, options.platformFor, { siteId: player.site_id, memberId, now });
    } catch (error) {
      if (error instanceof RpcError) return false;
      throw error;
    }
  }
  await db.run(sql`DELETE FROM simulator_players WHERE member_id = ${memberId}`);
  // Now and then a member leaves a word for its agents on the way out.
  const suggestion = memberSuggestion(options.seed, { siteId: player.site_id, memberId, device: player.device }, now);
  if (suggestion) await publish(db, player.site_id, 'suggestion', suggestion, now);
  return true;
}

/** A member of the site with points sits down at a random game, bringing part of them. */
async function join(db: Queryable, options: SimulatorOptions, siteId: string, random: SeededRandom, now: Date) {
  // Never a member of a site on an HTTP platform: the demo plays the embedded platform only.
  const candidates = await db.rows<{ id: bigint; balance: bigint }>(sql`SELECT a.id, a.balance FROM accounts a
    WHERE a.site_id = ${siteId} AND a.kind = 'tree' AND a.level = 5 AND a.status = 1 AND NOT a.in_game AND a.balance >= ${STAKES[0]! * 10}
      AND NOT EXISTS (SELECT FROM simulator_players p WHERE p.member_id = a.id)
      AND NOT EXISTS (SELECT FROM site_platforms sp WHERE sp.site_id = a.site_id AND sp.kind = 'http')
    ORDER BY a.id LIMIT 200`);
  if (candidates.length === 0) return false;
  const member = pick(random, candidates);
  const balance = Number(member.balance);
  const stakes = STAKES.filter((stake) => stake * 10 <= balance);
  const stake = pick(random, stakes);
  const amount = Math.min(balance, stake * (10 + random.below(11)));
  const game = pick(random, GAMES);
  const table = pick(random, game.tables);
  const device = pick(random, TERMINALS);
  const transferId = `SI-${siteId}-${member.id}-${now.getTime()}`;
  try {
    const moved = await options.backOffice.transferIn(db, options.platformFor, {
      siteId,
      memberId: wireId(member.id),
      amount,
      transferId,
      now,
    });
    if (moved.state !== 'done') return false;
    await db.run(sql`INSERT INTO simulator_players (member_id, site_id, game_code, table_id, session_id, stake, plays_left, next_at, device)
      VALUES (${wireId(member.id)}, ${siteId}, ${game.gameCode}, ${table}, ${moved.sessionId}, ${stake}, ${5 + random.below(20)}, ${now},
        ${device})`);
    return true;
  } catch (error) {
    if (error instanceof RpcError) return false;
    throw error;
  }
}

/** How many members sit down at a site this tick: `rate` a minute, so rate x tick / minute on average (more than one when above 1). */
export function seatsThisTick(rate: number, random: SeededRandom): number {
  const chance = (rate * TICK_MS) / 60_000;
  return Math.floor(chance) + (random.below(1_000_000) < (chance % 1) * 1_000_000 ? 1 : 0);
}

/**
 * One seated member's turn, as read at the start of the tick: its live bet settled once its
 * round ended, then a play (each bet asked of the back office's rules first: a refusal is counted
 * and the member leaves), or, when it is done, out of points there or play is stopped (rate 0),
 * `leave` (the embedded platform transfers it out; the standalone one only stands it up).
 * Answers what happened: nothing (another process holds its turn, or it could not leave yet),
 * it left, or it bet.
 */
export async function takeTurn(
  db: Queryable,
  options: Pick<SimulatorOptions, 'seed' | 'rate'>,
  read: PlayerRow,
  random: SeededRandom,
  now: Date,
  leave: (player: PlayerRow) => Promise<boolean>,
): Promise<'none' | 'left' | 'bet'> {
  const memberId = wireId(read.member_id);
  // The player's turn is claimed (its next play moved a lease ahead), and every step of it
  // first checks the claim still stands: were a tick ever to outlive the lease, a process that
  // took over and claimed the turn after it leaves it nothing to do twice.
  const turn = new Date(now.getTime() + LEASE_MS);
  const player = await db.one<PlayerRow>(sql`UPDATE simulator_players SET next_at = ${turn}
    WHERE member_id = ${memberId} AND next_at = ${new Date(read.next_at)} RETURNING *`);
  if (!player) return 'none';
  const open = typeof player.open_bet === 'string' ? (JSON.parse(player.open_bet) as OpenBet) : player.open_bet;
  if (open) {
    const settled = await db.transaction(async (tx) => {
      if (!(await holdsTurn(tx, memberId, turn))) return false;
      const taken = await tx.one(sql`UPDATE simulator_players SET open_bet = NULL
        WHERE member_id = ${memberId} AND open_bet->>'orderId' = ${open.orderId} RETURNING 1`);
      if (taken) await settleLive(tx, options, player, open, now);
      return true;
    });
    if (!settled) return 'none';
  }
  const stake = Number(player.stake);
  const atPlatform = await platformBalance(db, player.site_id, memberId);
  const refusal =
    player.plays_left > 0 && atPlatform >= BigInt(stake)
      ? await betRefusal(db, { siteId: player.site_id, memberId, gameCode: player.game_code, device: player.device, stake })
      : null;
  if (refusal) await countRefusal(db, player.site_id, refusal);
  if (options.rate === 0 || player.plays_left <= 0 || atPlatform < BigInt(stake) || refusal) {
    return (await holdsTurn(db, memberId, turn)) && (await leave(player)) ? 'left' : 'none';
  }
  const played = await db.transaction(async (tx) => {
    if (!(await holdsTurn(tx, memberId, turn))) return false;
    await play(tx, options, player, random, now);
    return true;
  });
  return played ? 'bet' : 'none';
}

/**
 * One tick of the platform: settle the live bets whose round ended, let the seated members play
 * (each bet asked of the back office's rules first: a refusal is counted and the member leaves),
 * let those done leave, seat newcomers (never of a site on an HTTP platform), then read the
 * embedded platform's feed into the back office (backOffice.ingestFeed).
 */
export async function simulatorTick(db: Queryable, options: SimulatorOptions, now: Date): Promise<TickOutcome> {
  const outcome: TickOutcome = { leader: false, joined: 0, bets: 0, left: 0, ingested: 0 };
  if (!(await holdLease(db, options.holder, now))) return outcome;
  outcome.leader = true;
  const random = seededRandom(options.seed, 'tick', Math.floor(now.getTime() / TICK_MS));
  // A member seated by a process that died between its transfer in and its seat: seated now, to leave.
  await db.run(sql`INSERT INTO simulator_players (member_id, site_id, game_code, table_id, session_id, stake, plays_left, next_at)
    SELECT s.member_id, s.site_id, 'baccarat', 'BAC-01', s.session_id, 1, 0, ${now} FROM game_sessions s
     WHERE s.ended_at IS NULL AND s.session_id LIKE 'SI-%' AND NOT EXISTS (SELECT FROM simulator_players p WHERE p.member_id = s.member_id)
    ON CONFLICT DO NOTHING`);
  const players = await db.rows<PlayerRow>(sql`SELECT * FROM simulator_players WHERE next_at <= ${now} ORDER BY member_id`);
  for (const read of players) {
    const done = await takeTurn(db, options, read, random, now, (player) => leave(db, options, player, now));
    if (done === 'left') outcome.left += 1;
    else if (done === 'bet') outcome.bets += 1;
  }
  if (options.rate > 0) {
    const sites = await db.rows<{ id: string }>(sql`SELECT id FROM sites ORDER BY id`);
    for (const site of sites) {
      let seats = seatsThisTick(options.rate, random);
      while (seats-- > 0) if (await join(db, options, site.id, random, now)) outcome.joined += 1;
    }
  }
  outcome.ingested = await options.backOffice.ingestFeed(db, options.platformFor, now);
  return outcome;
}

/** Runs the simulator in this process: a tick every TICK_MS (a slow one is let finish); answers stop(). */
export function startSimulator(db: Queryable, options: SimulatorOptions, clock: { now(): Date }, onError: (error: unknown) => void) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = simulatorTick(db, options, clock.now())
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
