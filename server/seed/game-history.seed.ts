import { sql } from '../kernel/db/sql';
import { beijingDateDigits, beijingMidnight, DAY_MS } from '../../contract/beijing-time.contract';
import { copyLine, type Queryable } from '../kernel/db/database';
import { blockWinners } from '../game-rules/platform-rules';
import { BET_COLUMNS, BET_ROW_TYPE, betCopyLine, startBulkBetLoad, type BulkBetLoad } from '../games/bet.store';
import { ROUND_COLUMNS, ROUND_ROW_TYPE, roundCopyLine, storeCopiedRounds, type SiteRound } from '../games/game-round.store';
import { GAMES, pick, pickBet, playTypeOf } from '../game-rules/game-registry';
import { seededRandom, type SeededRandom } from '../game-rules/seeded-random';
import { JACKPOT_START, jackpotHit, jackpotRake, type SlotSpin } from '../game-rules/slot.rules';
import { validBets } from '../game-rules/valid-bet.rules';
import { liveRoundNo } from '../game-rules/round-number';
import { wireId } from '../kernel/db/ids';

/** Stakes a player picks, in cents (10 to 1,000 yuan). */
const STAKES = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];
/** Bets a member makes on a day it plays, on average, unless a total is asked for (the demo's liveliness). */
const DEMO_BETS_PER_MEMBER_DAY = 15.4;
/** Lines per COPY chunk. */
const CHUNK = 5_000;

export interface HistoryOptions {
  siteId: string;
  /** Beijing days of history ending with the day before `now`'s, plus today up to `now`. */
  days: number;
  /** At most this many members play (those with the most points); every member of the site when absent. */
  members?: number;
  /**
   * Members of this agent play, this many of them (the lowest ids), whatever points they hold:
   * the demo's busiest agent shows real work. They count in `members`.
   */
  busyAgent?: { loginId: string; members: number };
  /** About this many bets in all, at most (the bulk seed); the demo's liveliness when absent. */
  bets?: number;
  now: Date;
  /** The platform seed: the same seed, site and balances give the same history. */
  seed: string;
  /**
   * H (the demo's history) or B (the bulk seed's): names the sessions, and the order numbers'
   * length (16 or 18 digits), so both can be played on one site, each once.
   */
  kind?: 'H' | 'B';
  /**
   * Where the rounds are stored, one transaction a day beside the history's own, when not in it:
   * the database itself on a PostgreSQL server, so both its cores work (never PGlite, whose one
   * session the history holds). Rounds are facts of the platform, each stored once, so a
   * history that fails may leave rounds of its days behind: harmless, the same seed draws them again.
   */
  roundsBeside?: Queryable;
  /** Told after each day is stored: the day (0-based) and the bets stored so far. */
  progress?: (day: number, stored: number) => void;
}

interface Account {
  id: string;
  parentId: string | null;
  level: number;
  login: string;
  balance: bigint;
  limit: bigint;
  maxWin: boolean;
  scoredAt: Date | null;
  touched: boolean;
  /** When the member's last session ends (its points back from the platform): a later session starts after it. */
  busyUntil: number;
}

/** A session's transfer out, booked when the history reaches its time (so serials follow times). */
interface PendingOut {
  time: number;
  member: Account;
  amount: bigint;
  transactionId: string;
}

type LogRow = (string | number | null)[];

const LOG_COLUMNS = [
  'site_id',
  'serial_no',
  'type',
  'from_account_id',
  'to_account_id',
  'target_account_id',
  'amount',
  'before',
  'after',
  'operator_before',
  'operator_after',
  'operator_account_id',
  'operator_login',
  'comment',
  'state',
  'transfer_id',
  'game_session',
  'created_at',
] as const;

/** What one day of history writes: bets, rounds, ledger rows and sessions, in the order they happened. */
class DayLoad {
  bets: string[] = [];
  yieldedAt = 0;
  rounds = new Map<string, SiteRound>();
  log: LogRow[] = [];
  sessions: string[] = [];
}

const chunked = (lines: readonly string[]) => {
  const chunks: string[] = [];
  for (let from = 0; from < lines.length; from += CHUNK) chunks.push(lines.slice(from, from + CHUNK).join(''));
  return chunks;
};

/**
 * Play history (the demo's first start, and `npm run seed -- --bets N`): members of a site play
 * sessions of live rounds and slot spins over past days. Rounds are drawn from (seed, table,
 * round) as the platform draws them, so every member at a table sees the same result. Each
 * session is a game session of the ledger: a transfer in of part of the member's points, bets
 * within what it has at the platform, a transfer out of what is left (docs/product.md#wallet-and-transfers); a
 * member running low is scored up by its agent first (and the agent by its own, up to the
 * company, which issues when it must), so the ledger check holds.
 *
 * One transaction, all or nothing, holding the site's accounts from the start: each day is
 * written with COPY into the ledger and into staging tables, from which the bets are stored
 * with the same snapshot as bets read from the platform (startBulkBetLoad) and the rounds once
 * each, while the next day is drawn. A site plays each kind of history once (it is played on
 * balances as they are: again would differ). Answers the bets stored.
 */
/** Where a history of `days` days before `now` starts: the Beijing midnight it plays from. */
export const historyStart = (now: Date, days: number) => beijingMidnight(now.getTime()) - days * DAY_MS;

export function seedGameHistory(db: Queryable, options: HistoryOptions): Promise<number> {
  return db.transaction((tx) => playHistory(tx, options));
}

/** The site's accounts locked and its players picked; null when the site is gone or has played this kind of history already. */
async function openHistory(tx: Queryable, options: HistoryOptions): Promise<History | null> {
  const kind = options.kind ?? 'H';
  const siteId = options.siteId;
  const site = await tx.one<{ score_serial: bigint }>(sql`SELECT score_serial FROM sites WHERE id = ${siteId} FOR UPDATE`);
  const played = await tx.one(sql`SELECT 1 FROM game_sessions WHERE site_id = ${siteId} AND session_id LIKE ${`${kind}-%`} LIMIT 1`);
  if (!site || played) return null;
  const { accounts, wallet } = await lockAccounts(tx, siteId);
  const names = new Map(
    (await tx.rows<{ game_code: string; game_name: string }>(sql`SELECT game_code, game_name FROM games`)).map((row) => [
      row.game_code,
      row.game_name,
    ]),
  );
  const members = [...accounts.values()].filter((account) => account.level === 5);
  const busyAgent = options.busyAgent && [...accounts.values()].find((account) => account.login === options.busyAgent!.loginId);
  const busy = busyAgent
    ? members
        .filter((member) => member.parentId === busyAgent.id)
        .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)))
        .slice(0, options.busyAgent!.members)
    : [];
  const others = members
    .filter((member) => !busy.includes(member))
    .sort((a, b) => (a.balance === b.balance ? Number(BigInt(a.id) - BigInt(b.id)) : a.balance > b.balance ? -1 : 1));
  const playerIds = [...busy, ...others].slice(0, options.members ?? accounts.size).map((account) => account.id);
  return {
    options,
    kind,
    names,
    random: seededRandom(options.seed, `history:${siteId}`, 0),
    playerIds,
    accounts,
    wallet,
    serial: BigInt(site.score_serial),
    pools: new Map(),
    orders: 0,
    made: 0,
    stored: 0,
    limit: options.bets ?? Number.MAX_SAFE_INTEGER,
    roundsWriting: Promise.resolve(),
    pendingOuts: [],
  };
}

async function playHistory(tx: Queryable, options: HistoryOptions): Promise<number> {
  const history = await openHistory(tx, options);
  if (!history) return 0;
  const { siteId } = options;
  const now = options.now.getTime();
  await createStaging(tx);
  const firstDay = historyStart(options.now, options.days);
  const bets = await startBulkBetLoad(tx, siteId, { from: new Date(firstDay), to: options.now }, options.now);
  let writing: Promise<void> = Promise.resolve();
  for (let day = 0; day <= options.days && history.made < history.limit; day++) {
    const dayStart = firstDay + day * DAY_MS;
    if (dayStart >= now) break;
    // What is left, spread over the days left (today up to now counts as its part of a day), a
    // little more: sessions end early when a member runs out at the platform.
    const daysLeft = (now - dayStart) / DAY_MS;
    const perMemberDay = options.bets
      ? ((options.bets - history.made) * 1.15) / Math.max(1, history.playerIds.length * Math.max(1, daysLeft))
      : DEMO_BETS_PER_MEMBER_DAY;
    const load = await playDay(history, dayStart, perMemberDay);
    await writing;
    writing = writeDay(tx, history, bets, load).then(() => options.progress?.(day, history.stored));
    // Awaited before the next day is written; a failure meanwhile must not go unobserved.
    writing.catch(() => undefined);
  }
  await writing;
  const last = new DayLoad();
  bookOuts(history, last, Number.POSITIVE_INFINITY);
  await writeDay(tx, history, bets, last);
  await history.roundsWriting;
  await bets.finish();
  await settleAccounts(tx, history);
  return history.stored;
}

interface History {
  options: HistoryOptions;
  kind: 'H' | 'B';
  names: Map<string, string>;
  random: SeededRandom;
  playerIds: string[];
  /** The site's tree accounts and wallet, locked: balances as the history leaves them. */
  accounts: Map<string, Account>;
  wallet: Account;
  /** The site's last serial number. */
  serial: bigint;
  pools: Map<string, number>;
  orders: number;
  /** Bets made so far (orders skipped at the end of the history are not). */
  made: number;
  stored: number;
  limit: number;
  /** The rounds being stored beside the history's transaction (roundsBeside). */
  roundsWriting: Promise<unknown>;
  /** Transfers out of sessions still playing at the time the history has reached. */
  pendingOuts: PendingOut[];
}

async function lockAccounts(tx: Queryable, siteId: string) {
  const rows = await tx.rows<{
    id: bigint;
    parent_id: bigint | null;
    level: number;
    login_id: string;
    balance: bigint;
    point_limit: bigint;
    max_win: bigint;
    kind: string;
  }>(sql`SELECT id, parent_id, level, login_id, balance, point_limit, max_win, kind FROM accounts
          WHERE site_id = ${siteId} ORDER BY id FOR UPDATE`);
  const accounts = new Map<string, Account>();
  let wallet: Account | undefined;
  for (const row of rows) {
    const account: Account = {
      id: wireId(row.id),
      parentId: wireId(row.parent_id),
      level: row.level,
      login: row.login_id,
      balance: BigInt(row.balance),
      limit: BigInt(row.point_limit),
      maxWin: Number(row.max_win) > 0,
      scoredAt: null,
      touched: false,
      busyUntil: 0,
    };
    if (row.kind === 'wallet') wallet = account;
    else accounts.set(account.id, account);
  }
  if (!wallet) throw new Error(`site ${siteId} has no game wallet`);
  return { accounts, wallet };
}

const yieldToWrites = () => new Promise<void>((resolve) => setImmediate(resolve));

const at = (time: number) => new Date(time).toISOString();

/** The company issues what it lacks to score up its own (the rows of the ledger: LOG_COLUMNS). */
function issueRow(history: History, company: Account, issued: bigint, time: number): LogRow {
  return [
    history.options.siteId,
    String(++history.serial),
    'issue',
    null,
    company.id,
    company.id,
    String(issued),
    String(company.balance),
    String(company.balance + issued),
    null,
    null,
    company.id,
    company.login,
    'History issuance',
    'done',
    null,
    null,
    at(time),
  ];
}

function scoreUpRow(history: History, parent: Account, child: Account, amount: bigint, time: number): LogRow {
  return [
    history.options.siteId,
    String(++history.serial),
    'up',
    parent.id,
    child.id,
    child.id,
    String(amount),
    String(child.balance),
    String(child.balance + amount),
    String(parent.balance),
    String(parent.balance - amount),
    parent.id,
    parent.login,
    'History top-up',
    'done',
    null,
    null,
    at(time),
  ];
}

/** A member's transfer to the game wallet ('in') or back from it ('out'), within a game session. */
function transferRow(history: History, type: 'in' | 'out', member: Account, amount: bigint, transactionId: string, time: number): LogRow {
  const { wallet } = history;
  const into = type === 'in';
  return [
    history.options.siteId,
    String(++history.serial),
    type,
    into ? member.id : wallet.id,
    into ? wallet.id : member.id,
    member.id,
    String(amount),
    String(member.balance),
    String(into ? member.balance - amount : member.balance + amount),
    String(wallet.balance),
    String(into ? wallet.balance + amount : wallet.balance - amount),
    member.id,
    member.login,
    '',
    'done',
    `${transactionId}-${type}`,
    transactionId,
    at(time),
  ];
}

/** What the company issues at a time: what it lacks, in whole millions of points. */
const ISSUE_STEP = 100_000_000n;

/**
 * Score-up of `child` by its parent, by a tenth of its point limit (or `need` when more, its
 * limit at most), the parent first refilled the same way (the company issues what it lacks).
 * False when a limit leaves less than `need`.
 */
function refill(history: History, load: DayLoad, child: Account, need: bigint, time: number): boolean {
  const room = child.limit - child.balance;
  const wanted = need > child.limit / 10n ? need : child.limit / 10n;
  const amount = room < wanted ? room : wanted;
  if (amount < need || amount <= 0n || child.parentId === null) return false;
  const parent = history.accounts.get(child.parentId)!;
  if (parent.balance < amount) {
    if (parent.level === 0) {
      const issued = ((amount - parent.balance + ISSUE_STEP - 1n) / ISSUE_STEP) * ISSUE_STEP;
      load.log.push(issueRow(history, parent, issued, time));
      parent.balance += issued;
      parent.touched = true;
    } else if (!refill(history, load, parent, amount - parent.balance, time)) return false;
  }
  load.log.push(scoreUpRow(history, parent, child, amount, time));
  parent.balance -= amount;
  child.balance += amount;
  child.scoredAt = new Date(time);
  parent.touched = child.touched = true;
  return true;
}

type Game = (typeof GAMES)[number];

/** Where a session plays: its game, table, start and the money it took to the platform. */
interface SessionPlay {
  game: Game;
  table: string;
  start: number;
  transactionId: string;
  stake: number;
  /** What the member has at the platform, as the bets go. */
  atPlatform: number;
}

/** The round a bet is on, drawn once per table and round as the platform draws it. */
function drawRound(
  history: History,
  load: DayLoad,
  play: SessionPlay,
  round: string,
  times: { index: number; bet: number; settle: number },
) {
  const { game, table } = play;
  const { options } = history;
  const live = game.roundSeconds > 0;
  const key = `${table}/${round}`;
  let drawn = load.rounds.get(key);
  if (!drawn) {
    drawn = {
      gameCode: game.gameCode,
      gameId: table,
      round,
      siteId: options.siteId,
      startedAt: new Date(live ? times.index * game.roundSeconds * 1000 : times.bet),
      endedAt: new Date(times.settle),
      result: game.round(
        live ? seededRandom(options.seed, table, times.index) : seededRandom(options.seed, `${table}/${options.siteId}`, history.orders),
      ),
    };
    load.rounds.set(key, drawn);
  }
  return drawn.result;
}

/** A slot spin's jackpot: its rake into the table's pool, and the pool when the spin hits it. */
function slotJackpot(history: History, table: string, stake: number, result: unknown) {
  const rake = jackpotRake(stake);
  let pool = (history.pools.get(table) ?? JACKPOT_START) + rake;
  let won = 0;
  if (jackpotHit(result as SlotSpin)) {
    won = pool;
    pool = JACKPOT_START;
  }
  history.pools.set(table, pool);
  return { rake, pool, won };
}

/** Bet `play` of a session; null when its round settles after now (the session stops there). */
function playBet(history: History, load: DayLoad, member: Account, session: SessionPlay, play: number) {
  const { random } = history;
  const { game, table, start, stake } = session;
  const now = history.options.now.getTime();
  const live = game.roundSeconds > 0;
  const orderId = `${beijingDateDigits(start)}${String(++history.orders).padStart(history.kind === 'H' ? 8 : 10, '0')}`;
  // The first round opens after the session's transfer in (start + 1 s).
  const index = live ? Math.ceil((start + 1_000) / (game.roundSeconds * 1000)) + play : history.orders;
  // A spin is one player's: its number names the site too, so two sites' spins never share one.
  const round = live ? liveRoundNo(game, index) : `S-${history.options.siteId}-${orderId}`;
  const betTime = live ? index * game.roundSeconds * 1000 + 5_000 + random.below(15_000) : start + 5_000 + play * 8_000;
  const settleTime = live ? (index + 1) * game.roundSeconds * 1000 : betTime + 2_000;
  if (settleTime > now) return null;
  const result = drawRound(history, load, session, round, { index, bet: betTime, settle: settleTime });
  const betCode = pickBet(random, game.commonBets);
  const payout = game.settle(betCode, stake, result)!;
  const jackpot = live ? { rake: 0, pool: 0, won: 0 } : slotJackpot(history, table, stake, result);
  const redPacket = random.below(400) === 0 ? (1 + random.below(88)) * 100 : 0;
  const [validBet] = validBets(game.gameCode, [{ betCode, stake, payout }]);
  const cancelled = random.below(1500) === 0;
  const winLoss = cancelled ? 0 : payout - stake + jackpot.won + redPacket;
  history.made += 1;
  load.bets.push(
    betCopyLine({
      orderId,
      memberId: member.id,
      betTime: new Date(betTime),
      settleTime: new Date(settleTime),
      gameCode: game.gameCode,
      gameType: game.gameType,
      playType: playTypeOf(betCode),
      betCode,
      gameId: table,
      gameName: history.names.get(game.gameCode) ?? game.gameCode,
      round,
      transactionId: session.transactionId,
      status: cancelled ? 'cancelled' : 'settled',
      bet: stake,
      validBet: cancelled ? 0 : validBet!,
      settle: cancelled ? stake : payout,
      winLoss,
      jackpot: jackpot.pool,
      jackpotWon: cancelled ? 0 : jackpot.won,
      jackpotRake: jackpot.rake,
      redPacket: cancelled ? 0 : redPacket,
    }),
  );
  return { winLoss, betTime, settleTime };
}

/** The ledger of a session that placed bets: points in to the platform, what is left back out, the session itself. */
function closeSession(history: History, load: DayLoad, member: Account, session: SessionPlay, transferred: number, lastSettled: number) {
  const { wallet } = history;
  const startedAt = session.start + 1_000;
  const endedAt = Math.min(lastSettled + 30_000, history.options.now.getTime());
  const amount = BigInt(transferred);
  load.log.push(transferRow(history, 'in', member, amount, session.transactionId, startedAt));
  member.balance -= amount;
  wallet.balance += amount;
  member.touched = wallet.touched = true;
  member.busyUntil = endedAt;
  if (session.atPlatform > 0) {
    history.pendingOuts.push({ time: endedAt, member, amount: BigInt(session.atPlatform), transactionId: session.transactionId });
  }
  load.sessions.push(copyLine([history.options.siteId, session.transactionId, member.id, at(startedAt), at(endedAt)]));
}

/** Books the pending transfers out up to `until`, in time order: the points are back with their members from then. */
function bookOuts(history: History, load: DayLoad, until: number) {
  const due = history.pendingOuts.filter((out) => out.time <= until).sort((a, b) => a.time - b.time);
  if (due.length === 0) return;
  history.pendingOuts = history.pendingOuts.filter((out) => out.time > until);
  const { wallet } = history;
  for (const out of due) {
    load.log.push(transferRow(history, 'out', out.member, out.amount, out.transactionId, out.time));
    out.member.balance += out.amount;
    wallet.balance -= out.amount;
  }
}

/** One game session of a member: a transfer in, bets within what it has at the platform, a transfer out. */
function playSession(history: History, load: DayLoad, member: Account, planned: { start: number; session: number; perSession: number }) {
  const { random } = history;
  const { start } = planned;
  const game = pick(random, GAMES);
  const table = pick(random, game.tables);
  // Its points are still at the platform from a session not ended yet.
  if (member.busyUntil >= start) return;
  const transactionId = `${history.kind}-${member.id}-${beijingDateDigits(start)}-${planned.session}`;
  const plays = 5 + random.below(Math.max(1, Math.round(2 * planned.perSession - 10)));
  if (member.balance < BigInt(5 * STAKES[0]!) && !refill(history, load, member, BigInt(5 * STAKES[0]!), start)) return;
  const balance = Number(member.balance);
  const stake = Math.min(pick(random, STAKES.slice(0, 5)), Math.floor(balance / 5));
  const transferred = Math.min(balance, stake * (10 + random.below(21)));
  if (stake < STAKES[0]!) return;
  const session: SessionPlay = { game, table, start, transactionId, stake, atPlatform: transferred };
  let last: number | null = null;
  for (let play = 0; play < plays && history.made < history.limit; play++) {
    if (session.atPlatform < stake) break;
    const bet = playBet(history, load, member, session, play);
    if (!bet) break;
    session.atPlatform += bet.winLoss;
    last = bet.settleTime;
  }
  if (last === null) return;
  closeSession(history, load, member, session, transferred, last);
}

/** One day's play, drawn in memory on the balances the days before left (yielding now and then to the day being written). */
async function playDay(history: History, dayStart: number, perMemberDay: number): Promise<DayLoad> {
  const { random, accounts } = history;
  const load = new DayLoad();
  const activeChance = Math.min(0.7, perMemberDay / 15);
  const betsWhenPlaying = perMemberDay / activeChance;
  const perSession = Math.min(80, Math.max(15, betsWhenPlaying / 2));
  const meanSessions = Math.max(1, betsWhenPlaying / perSession);
  const now = history.options.now.getTime();
  // The day's sessions drawn first, then played in the order they start: every ledger row is
  // written when its time comes, so serial numbers follow times.
  const planned: { member: Account; session: number; start: number }[] = [];
  for (const memberId of history.playerIds) {
    if (random.below(1000) >= activeChance * 1000) continue;
    const member = accounts.get(memberId)!;
    const count = 1 + random.below(Math.max(1, Math.round(2 * meanSessions - 1)));
    const slot = Math.floor((DAY_MS - 3_600_000) / count);
    for (let session = 0; session < count; session++) {
      const start = dayStart + session * slot + random.below(slot);
      if (start < now - 600_000) planned.push({ member, session, start });
    }
  }
  planned.sort((a, b) => a.start - b.start);
  for (const { member, session, start } of planned) {
    if (history.made >= history.limit) break;
    if (load.bets.length - load.yieldedAt >= 2_000) {
      load.yieldedAt = load.bets.length;
      await yieldToWrites();
    }
    bookOuts(history, load, start);
    playSession(history, load, member, { start, session, perSession });
  }
  return load;
}

async function createStaging(tx: Queryable) {
  // Two histories in one transaction: the first one's tables are still there.
  await tx.run(sql`DROP TABLE IF EXISTS pg_temp.history_bets, pg_temp.history_rounds, pg_temp.history_balances`);
  await tx.run(sql`CREATE TEMP TABLE history_bets (${BET_ROW_TYPE}) ON COMMIT DROP`);
}

/** Rounds through a staging table of their own, each stored once (storeCopiedRounds). */
async function storeRoundLines(q: Queryable, lines: readonly string[]) {
  await q.run(sql`CREATE TEMP TABLE IF NOT EXISTS history_rounds (${ROUND_ROW_TYPE}) ON COMMIT DROP`);
  await q.copyFrom('history_rounds', ROUND_COLUMNS, chunked(lines));
  await storeCopiedRounds(q, 'history_rounds');
  await q.run(sql`TRUNCATE history_rounds`);
}

async function writeDay(tx: Queryable, history: History, bets: BulkBetLoad, load: DayLoad) {
  if (load.bets.length > 0) {
    await tx.copyFrom('history_bets', BET_COLUMNS, chunked(load.bets));
    // Its size known, the planner joins the snapshot by hashing, not row by row.
    await tx.run(sql`ANALYZE history_bets`);
    history.stored += await bets.store('history_bets');
    const rounds = [...load.rounds.values()].map(roundCopyLine);
    await tx.run(sql`TRUNCATE history_bets`);
    const beside = history.options.roundsBeside;
    if (beside) {
      // One day's rounds at a time beside the history (the rejection is seen when awaited).
      await history.roundsWriting;
      history.roundsWriting = beside.transaction((other) => storeRoundLines(other, rounds));
      history.roundsWriting.catch(() => undefined);
    } else {
      await storeRoundLines(tx, rounds);
    }
  }
  if (load.sessions.length > 0) {
    await tx.copyFrom('game_sessions', ['site_id', 'session_id', 'member_id', 'started_at', 'ended_at'], chunked(load.sessions));
  }
  if (load.log.length > 0) await tx.copyFrom('score_log', LOG_COLUMNS, chunked(load.log.map(copyLine)));
}

/** The balances, last score times and serial counter the history leaves, and the members it took to their maximum win. */
async function settleAccounts(tx: Queryable, history: History) {
  const siteId = history.options.siteId;
  const touched = [...history.accounts.values(), history.wallet].filter((account) => account.touched);
  if (touched.length === 0) return;
  await tx.run(sql`CREATE TEMP TABLE history_balances (id bigint, balance bigint, scored_at timestamptz) ON COMMIT DROP`);
  await tx.copyFrom(
    'history_balances',
    ['id', 'balance', 'scored_at'],
    chunked(touched.map((account) => copyLine([account.id, String(account.balance), account.scoredAt?.toISOString() ?? null]))),
  );
  await tx.run(sql`UPDATE accounts a SET balance = h.balance, last_scored_at = GREATEST(a.last_scored_at, h.scored_at)
    FROM history_balances h WHERE a.id = h.id`);
  await tx.run(sql`UPDATE sites SET score_serial = ${String(history.serial)} WHERE id = ${siteId}`);
  // A settlement may take a member to its maximum win: the platform blocks it from then on.
  const watched = touched.filter((account) => account.level === 5 && account.maxWin).map((account) => account.id);
  if (watched.length > 0) await blockWinners(tx, siteId, watched);
}
