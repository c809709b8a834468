import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { storeBets, type PlatformBet } from '../games/bet.store';
import { storeRounds, type PlatformRound } from '../games/game-round.store';
import { GAMES, pick, pickBet, playTypeOf } from '../games/rules/game-registry';
import { seededRandom } from '../games/rules/seeded-random';
import { JACKPOT_START, jackpotHit, jackpotRake, type SlotSpin } from '../games/rules/slot.rules';
import { validBets } from '../games/rules/valid-bet.rules';
import { beijingDate, liveRoundNo } from '../games/round-number';

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;
/** Stakes a player picks, in cents (10 to 1,000 yuan). */
const STAKES = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];
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

interface HistoryTransfer {
  type: 'in' | 'out';
  memberId: string;
  login: string;
  amount: number;
  at: Date;
  session: string;
}

/**
 * The transfers and sessions of the history as the ledger holds them: serial numbers after the
 * site's last, each member's and the wallet's balances carried from row to row, then the
 * balances themselves. Rows are numbered in the order the history made them (member by member),
 * so a serial's time may be earlier than the one before it.
 */
async function writeTransfers(
  tx: Queryable,
  siteId: string,
  transfers: HistoryTransfer[],
  sessions: { session: string; memberId: string; startedAt: Date; endedAt: Date }[],
) {
  if (transfers.length === 0) return;
  const wallet = await tx.one<{ id: string | number; balance: string | number }>(
    sql`SELECT id, balance FROM accounts WHERE site_id = ${siteId} AND kind = 'wallet' FOR UPDATE`,
  );
  const site = await tx.one<{ score_serial: string | number }>(sql`SELECT score_serial FROM sites WHERE id = ${siteId} FOR UPDATE`);
  const memberIds = [...new Set(transfers.map((transfer) => transfer.memberId))];
  const balances = new Map(
    (
      await tx.rows<{ id: string | number; balance: string | number }>(
        sql`SELECT id, balance FROM accounts WHERE id IN (${sql.join(
          memberIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )}) FOR UPDATE`,
      )
    ).map((row) => [String(row.id), BigInt(row.balance)]),
  );
  let walletBalance = BigInt(wallet!.balance);
  let serial = BigInt(site!.score_serial);
  const rows = transfers.map((transfer) => {
    const amount = BigInt(transfer.amount);
    const before = balances.get(transfer.memberId)!;
    const after = transfer.type === 'in' ? before - amount : before + amount;
    const walletAfter = transfer.type === 'in' ? walletBalance + amount : walletBalance - amount;
    if (after < 0n) throw new Error(`history: ${transfer.login} would go below 0`);
    const row = {
      serial_no: String(++serial),
      type: transfer.type,
      from_account_id: transfer.type === 'in' ? transfer.memberId : String(wallet!.id),
      to_account_id: transfer.type === 'in' ? String(wallet!.id) : transfer.memberId,
      target_account_id: transfer.memberId,
      amount: String(amount),
      before: String(before),
      after: String(after),
      operator_before: String(walletBalance),
      operator_after: String(walletAfter),
      operator_account_id: transfer.memberId,
      operator_login: transfer.login,
      transfer_id: `${transfer.session}-${transfer.type}`,
      game_session: transfer.session,
      created_at: transfer.at.toISOString(),
    };
    balances.set(transfer.memberId, after);
    walletBalance = walletAfter;
    return row;
  });
  await tx.run(sql`INSERT INTO game_sessions (site_id, session_id, member_id, started_at, ended_at)
    SELECT ${siteId}, s.session, s.member_id, s.started_at, s.ended_at
      FROM jsonb_to_recordset(${JSON.stringify(sessions.map((s) => ({ session: s.session, member_id: s.memberId, started_at: s.startedAt, ended_at: s.endedAt })))}::jsonb) AS s (session text, member_id bigint, started_at timestamptz, ended_at timestamptz)`);
  await tx.run(sql`INSERT INTO score_log (site_id, serial_no, type, from_account_id, to_account_id, target_account_id, amount, before, after,
      operator_before, operator_after, operator_account_id, operator_login, state, transfer_id, game_session, created_at)
    SELECT ${siteId}, r.serial_no, r.type, r.from_account_id, r.to_account_id, r.target_account_id, r.amount, r.before, r.after,
           r.operator_before, r.operator_after, r.operator_account_id, r.operator_login, 'done', r.transfer_id, r.game_session, r.created_at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r (serial_no bigint, type text, from_account_id bigint, to_account_id bigint,
        target_account_id bigint, amount bigint, before bigint, after bigint, operator_before bigint, operator_after bigint,
        operator_account_id bigint, operator_login text, transfer_id text, game_session text, created_at timestamptz)`);
  const finals = [...balances.entries()].map(([id, balance]) => ({ id, balance: String(balance) }));
  finals.push({ id: String(wallet!.id), balance: String(walletBalance) });
  await tx.run(sql`UPDATE accounts a SET balance = f.balance
    FROM jsonb_to_recordset(${JSON.stringify(finals)}::jsonb) AS f (id bigint, balance bigint) WHERE a.id = f.id`);
  await tx.run(sql`UPDATE sites SET score_serial = ${String(serial)} WHERE id = ${siteId}`);
}

/**
 * Play history for the demo (and any database): members of a site play sessions of live rounds
 * and slot spins over past days. Rounds are drawn from (seed, table, round), as the platform
 * draws them, so every member at a table sees the same result; bets are stored through the same
 * path as bets read from the platform (storeBets: snapshot at settlement). Each session is a
 * game session of the ledger: a transfer in of part of the member's balance, bets within what
 * it has at the platform, a transfer out of what is left (PRODUCT.md "Wallet"), so the ledger
 * check holds. All in one transaction. Answers the bets stored.
 */
export function seedGameHistory(db: Queryable, options: HistoryOptions): Promise<number> {
  return db.transaction((tx) => playHistory(tx, options));
}

async function playHistory(db: Queryable, options: HistoryOptions): Promise<number> {
  // Played on balances as they are, so a history is played once per site: again would differ.
  const played = await db.one(sql`SELECT 1 FROM game_sessions WHERE site_id = ${options.siteId} AND session_id LIKE 'H-%' LIMIT 1`);
  if (played) return 0;
  // The members with the most points play (the demo's busy agent's members have little).
  const members = await db.rows<{ id: string | number; login_id: string; balance: string | number }>(
    sql`SELECT id, login_id, balance FROM accounts WHERE site_id = ${options.siteId} AND level = 5 AND kind = 'tree'
         ORDER BY balance DESC, id LIMIT ${options.members}`,
  );
  const balances = new Map(members.map((member) => [String(member.id), Number(member.balance)]));
  const transfers: HistoryTransfer[] = [];
  const sessions: { session: string; memberId: string; startedAt: Date; endedAt: Date }[] = [];
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
      const count = 1 + random.below(2);
      for (let session = 0; session < count; session++) {
        const game = pick(random, GAMES);
        const table = pick(random, game.tables);
        const start = dayStart + random.below(DAY_MS - 3_600_000);
        if (start >= now - 600_000) continue;
        const transactionId = `H-${member.id}-${beijingDate(start)}-${session}`;
        const plays = 5 + random.below(20);
        const balance = balances.get(String(member.id))!;
        const stake = Math.min(pick(random, STAKES.slice(0, 5)), Math.floor(balance / 5));
        const transferred = Math.min(balance, stake * (10 + random.below(21)));
        if (stake < STAKES[0]!) continue;
        let atPlatform = transferred;
        let first: Date | null = null;
        let last: Date | null = null;
        for (let play = 0; play < plays; play++) {
          if (atPlatform < stake) break;
          const orderId = `${beijingDate(start)}${String(++orders).padStart(8, '0')}`;
          const live = game.roundSeconds > 0;
          const index = live ? Math.floor(start / (game.roundSeconds * 1000)) + play : orders;
          // A spin is one player's: its number names the site too, so two sites' spins never share one.
          const round = live ? liveRoundNo(game, index) : `S-${options.siteId}-${orderId}`;
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
          const betCode = pickBet(random, game.commonBets);
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
          atPlatform += cancelled ? 0 : payout - stake + jackpotWon + redPacket;
          first ??= betTime;
          last = settleTime;
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
        if (first === null || last === null) continue;
        const startedAt = new Date(first.getTime() - 30_000);
        const endedAt = new Date(Math.min(last.getTime() + 30_000, now));
        const login = member.login_id;
        transfers.push({ type: 'in', memberId: String(member.id), login, amount: transferred, at: startedAt, session: transactionId });
        if (atPlatform > 0) {
          transfers.push({ type: 'out', memberId: String(member.id), login, amount: atPlatform, at: endedAt, session: transactionId });
        }
        sessions.push({ session: transactionId, memberId: String(member.id), startedAt, endedAt });
        balances.set(String(member.id), balance - transferred + atPlatform);
      }
    }
  }
  await flush();
  await writeTransfers(db, options.siteId, transfers, sessions);
  return stored;
}
