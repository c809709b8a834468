import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { ErrorCode } from '../../contract/errors.contract';
import { prepared, uniqueViolation, type Queryable } from '../kernel/db/database';
import type { Device } from '../../contract/game.contract';
import { encodeFeedItem, type FeedItemTimed, type PlatformWireAnswer } from '../../contract/platform-api.contract';
import { takeTransferFault } from './simulator-faults';
import { simulatorStatement } from './simulator-statement';
import {
  PlatformRefusal,
  PlatformSilent,
  type FeedItem,
  type GamePlatform,
  type Holding,
  type PlatformBet,
  type PlatformRecord,
  type PlatformRound,
  type PlatformSuggestion,
  type TransferCall,
} from '../platform/game-platform';

/** A bet as the platform publishes it, with the terminal it came from (the back office does not keep that). */
export type FeedBet = Omit<PlatformBet, 'betTime' | 'settleTime'> & { betTime: string; settleTime: string | null; device?: Device };
export type FeedRound = Omit<PlatformRound, 'startedAt' | 'endedAt'> & { startedAt: string; endedAt: string };
export type FeedSuggestion = Omit<PlatformSuggestion, 'sentAt'> & { sentAt: string };

interface FeedRow {
  seq: bigint;
  site_id: string;
  kind: FeedItem['kind'];
  body: FeedBet | FeedRound | FeedSuggestion | string;
}

/** A row as it is stored: its body parsed, its times the texts the simulator wrote. */
function storedItem(row: FeedRow): FeedItemTimed<string> {
  const body = typeof row.body === 'string' ? (JSON.parse(row.body) as FeedBet | FeedRound | FeedSuggestion) : row.body;
  // The body is the simulator's own JSON of the item of that kind (publish).
  return { seq: String(row.seq), siteId: row.site_id, kind: row.kind, [row.kind]: body } as unknown as FeedItemTimed<string>;
}

function feedItem(row: FeedRow): FeedItem {
  const item = storedItem(row);
  if (item.kind === 'round') {
    const { round } = item;
    return { ...item, round: { ...round, startedAt: new Date(round.startedAt), endedAt: new Date(round.endedAt) } };
  }
  if (item.kind === 'suggestion') return { ...item, suggestion: { ...item.suggestion, sentAt: new Date(item.suggestion.sentAt) } };
  const { bet } = item;
  return {
    ...item,
    bet: { ...bet, betTime: new Date(bet.betTime), settleTime: bet.settleTime === null ? null : new Date(bet.settleTime) },
  };
}

/** A stored time as the wire writes it: toISOString's form, which the simulator stores (others are read and written again). */
const isoForm = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const wireTimeOf = (text: string) => (isoForm.test(text) ? text : new Date(text).toISOString());

async function feedRows(db: Queryable, call: { after: string; limit: number; siteId?: string }): Promise<FeedRow[]> {
  const ofSite = call.siteId === undefined ? sql`` : sql`AND site_id = ${call.siteId}`;
  return db.rows<FeedRow>(
    // A row the fault mode keeps off the feed (withheld, held) is in the books only.
    sql`SELECT seq, site_id, kind, body FROM platform_feed WHERE seq > ${call.after}::bigint ${ofSite}
         AND (fault IS NULL OR fault = 'copy') ORDER BY seq LIMIT ${call.limit}`,
  );
}

/** The simulator's feed as readFeed's answer on the wire (the platform process's answer): what encodeFeedAnswer writes of readFeed. */
export async function readFeedWire(
  db: Queryable,
  call: { after: string; limit: number; siteId?: string },
): Promise<PlatformWireAnswer<'readFeed'>> {
  // Written from the stored texts: no Dates made of the times to write them back (what
  // encodeFeedAnswer of readFeed would do); a page of 5,000 is the platform's biggest answer.
  return { items: (await feedRows(db, call)).map((row) => encodeFeedItem(storedItem(row), wireTimeOf)) };
}

interface RecordRow {
  state: 'applied' | 'void';
  member_id: bigint;
  type: 'in' | 'out';
  amount: bigint;
}

const toRecord = (row: RecordRow): PlatformRecord => ({
  state: row.state,
  memberId: wireId(row.member_id),
  type: row.type,
  amount: row.amount,
});

async function seenTransfer(q: Queryable, siteId: string, transferId: string) {
  return q.one<RecordRow>(sql`SELECT state, member_id, type, amount FROM platform_transfers
    WHERE site_id = ${siteId} AND transfer_id = ${transferId}`);
}

async function walletBalance(q: Queryable, siteId: string, memberId: string) {
  const row = await q.one<{ balance: bigint }>(
    sql`SELECT balance FROM platform_wallets WHERE site_id = ${siteId} AND member_id = ${memberId}`,
  );
  return BigInt(row?.balance ?? 0);
}

/**
 * The member's balance with the stakes of its live bets not settled yet, read in one snapshot:
 * a bet takes its stake from the wallet and records itself open in one transaction, and its
 * settlement clears it and pays out in another.
 */
async function holdingOf(q: Queryable, siteId: string, memberId: string): Promise<Holding> {
  const row = await q.one<{ balance: bigint | null; in_play: bigint }>(
    sql`SELECT (SELECT balance FROM platform_wallets WHERE site_id = ${siteId} AND member_id = ${memberId}::bigint) AS balance,
      ${inPlaySql(siteId, memberId)} AS in_play`,
  );
  return { balance: BigInt(row?.balance ?? 0), inPlay: BigInt(row?.in_play ?? 0) };
}

const inPlaySql = (siteId: string, memberId: string) =>
  sql`(SELECT COALESCE(sum(stake), 0) FROM simulator_players
        WHERE site_id = ${siteId} AND member_id = ${memberId}::bigint AND open_bet IS NOT NULL)`;

/**
 * A repeated id answers with the balance now; a voided one, or another transfer's (member,
 * type or amount differ), is refused (nothing happens).
 */
async function repeatedTransfer(q: Queryable, call: TransferCall, type: 'in' | 'out') {
  const record = await seenTransfer(q, call.siteId, call.transferId);
  if (!record) return null;
  const another = record.type !== type || wireId(record.member_id) !== call.memberId || String(record.amount) !== String(call.amount);
  if (record.state === 'void' || another) {
    throw new PlatformRefusal(ErrorCode.thirdPartyEmptyResult);
  }
  return holdingOf(q, call.siteId, call.memberId);
}

const recordTransfer = (call: TransferCall, type: 'in' | 'out') =>
  sql`INSERT INTO platform_transfers (site_id, transfer_id, member_id, type, amount, state, created_at)
      SELECT ${call.siteId}, ${call.transferId}, ${call.memberId}::bigint, ${type}, ${String(call.amount)}::bigint, 'applied', ${call.now}`;

/**
 * A transfer in: the id recorded, and the member's balance moved only when the id was new. It is
 * never refused for its amount. A member that held nothing there (no balance, no bet in play)
 * starts a new session, named by this transfer's id; the wallet's row is locked first, so a bet
 * that took its stake from it before has committed and is seen by the statement after.
 */
async function applyIn(db: Queryable, call: TransferCall) {
  const row = (await db.transaction(async (tx) => {
    await tx.run(sql`SELECT FROM platform_wallets WHERE site_id = ${call.siteId} AND member_id = ${call.memberId}::bigint FOR UPDATE`);
    return tx.one<{ recorded: boolean; balance: bigint | null }>(
      prepared(sql`WITH recorded AS (${recordTransfer(call, 'in')} ON CONFLICT DO NOTHING RETURNING 1), moved AS (
        INSERT INTO platform_wallets AS w (site_id, member_id, balance, opened_by)
        SELECT ${call.siteId}, ${call.memberId}::bigint, ${String(call.amount)}::bigint, ${call.transferId} FROM recorded
        ON CONFLICT (site_id, member_id) DO UPDATE SET balance = w.balance + EXCLUDED.balance,
          opened_by = CASE WHEN w.balance = 0 AND ${inPlaySql(call.siteId, call.memberId)} = 0 THEN EXCLUDED.opened_by ELSE w.opened_by END
        RETURNING balance)
      SELECT EXISTS (SELECT FROM recorded) AS recorded, (SELECT balance FROM moved) AS balance`),
    );
  }))!;
  // An id seen before: answered as the first call was (refused when void or not the same transfer).
  if (!row.recorded) return (await repeatedTransfer(db, call, 'in'))!;
  return { balance: row.balance! };
}

/**
 * A transfer out, one statement: the member's balance moved when it suffices and the id is
 * new, and the id recorded only with that move, so a refusal leaves no record. The same id
 * sent twice at once: both may pass the "new" check, but the second record breaks the id's
 * unique key and its whole statement (its move included) fails; it is answered as a repeat.
 */
async function applyOut(db: Queryable, call: TransferCall): Promise<Holding> {
  let moved;
  try {
    // The stakes in play are read after the move, by a statement of its own: the move holds the
    // wallet's row, so a bet that took its stake from it before has committed by then and is seen.
    moved = await db.transaction(async (tx) => {
      const row = await tx.one<{ balance: bigint | null }>(
        prepared(sql`WITH moved AS (
          UPDATE platform_wallets SET balance = balance - ${String(call.amount)}::bigint
           WHERE site_id = ${call.siteId} AND member_id = ${call.memberId}::bigint AND balance >= ${String(call.amount)}::bigint
             AND NOT EXISTS (SELECT FROM platform_transfers WHERE site_id = ${call.siteId} AND transfer_id = ${call.transferId})
          RETURNING balance), recorded AS (${recordTransfer(call, 'out')} FROM moved)
        SELECT (SELECT balance FROM moved) AS balance`),
      );
      if (row?.balance === null || row?.balance === undefined) return null;
      const inPlay = await tx.one<{ in_play: bigint }>(sql`SELECT ${inPlaySql(call.siteId, call.memberId)} AS in_play`);
      return { balance: BigInt(row.balance), inPlay: BigInt(inPlay?.in_play ?? 0) };
    });
  } catch (error) {
    if (!uniqueViolation(error)) throw error;
    return (await repeatedTransfer(db, call, 'out'))!;
  }
  if (!moved) {
    // Nothing moved: an id seen before (answered as the first call was), else too little there.
    const again = await repeatedTransfer(db, call, 'out');
    if (again) return again;
    throw new PlatformRefusal(ErrorCode.platformBalanceLow);
  }
  return moved;
}

/**
 * A transfer through the fault mode (simulator-faults.ts): off, applied as asked. Altered, the
 * books record (and the wallet moves) a cent more; dropped, it is applied and left out of the
 * statement; duplicated, applied twice (the wallet moves again, the statement lists it twice);
 * delayed, applied and its answer lost.
 */
async function faultyTransfer<A extends { balance: bigint }>(
  db: Queryable,
  call: TransferCall,
  type: 'in' | 'out',
  apply: (db: Queryable, call: TransferCall) => Promise<A>,
): Promise<A> {
  const fault = await takeTransferFault(db, call.siteId);
  if (fault === null) return apply(db, call);
  if (fault === 'alter') return apply(db, { ...call, amount: call.amount + 1n });
  const answer = await apply(db, call);
  const ofId = sql`site_id = ${call.siteId} AND transfer_id = ${call.transferId}`;
  if (fault === 'drop') await db.run(sql`UPDATE platform_transfers SET fault = 'withheld' WHERE ${ofId}`);
  if (fault === 'duplicate') {
    const delta = type === 'in' ? call.amount : -call.amount;
    const moved = await db.one(sql`UPDATE platform_wallets SET balance = balance + ${String(delta)}::bigint
      WHERE site_id = ${call.siteId} AND member_id = ${call.memberId}::bigint AND balance + ${String(delta)}::bigint >= 0 RETURNING 1`);
    if (moved) await db.run(sql`UPDATE platform_transfers SET fault = 'doubled' WHERE ${ofId}`);
    return { ...answer, balance: answer.balance + (moved ? delta : 0n) };
  }
  if (fault === 'delay') throw new PlatformSilent(`transfer ${type} ${call.transferId}: applied, its answer lost (fault mode)`);
  return answer;
}

/** The site's closed games replaced as a whole. */
async function storeClosedGames(db: Queryable, call: Parameters<GamePlatform['setClosedGames']>[0]) {
  await db.transaction(async (tx) => {
    await tx.run(sql`DELETE FROM simulator_games_closed WHERE site_id = ${call.siteId}`);
    for (const gameCode of call.gameCodes) {
      await tx.run(sql`INSERT INTO simulator_games_closed (site_id, game_code) VALUES (${call.siteId}, ${gameCode})`);
    }
  });
}

/** The site's game notices replaced as a whole. */
async function storeGameNotices(db: Queryable, call: Parameters<GamePlatform['setGameNotices']>[0]) {
  const rows = JSON.stringify(
    call.notices.map((notice) => ({
      notice_id: notice.noticeId,
      title: notice.title,
      content: notice.content,
      game_codes: notice.gameCodes,
      start_time: notice.startTime.toISOString(),
      end_time: notice.endTime.toISOString(),
    })),
  );
  await db.transaction(async (tx) => {
    await tx.run(sql`DELETE FROM simulator_game_notices WHERE site_id = ${call.siteId}`);
    await tx.run(sql`INSERT INTO simulator_game_notices (site_id, notice_id, title, content, game_codes, start_time, end_time)
      SELECT ${call.siteId}, r.notice_id, r.title, r.content, r.game_codes, r.start_time, r.end_time
        FROM jsonb_to_recordset(${rows}::jsonb) AS r (notice_id text, title jsonb, content jsonb, game_codes text[],
             start_time timestamptz, end_time timestamptz)`);
  });
}

/** Agents' replies to members' suggestions, the latest kept. */
async function storeSuggestionReplies(db: Queryable, call: Parameters<GamePlatform['replySuggestions']>[0]) {
  const rows = JSON.stringify(
    call.replies.map((reply) => ({
      suggestion_id: reply.suggestionId,
      member_id: reply.memberId,
      reply: reply.reply,
      replied_at: reply.repliedAt.toISOString(),
    })),
  );
  await db.run(sql`INSERT INTO simulator_suggestion_replies (site_id, suggestion_id, member_id, reply, replied_at)
    SELECT ${call.siteId}, r.suggestion_id, r.member_id, r.reply, r.replied_at
      FROM jsonb_to_recordset(${rows}::jsonb) AS r (suggestion_id text, member_id text, reply text, replied_at timestamptz)
    ON CONFLICT (site_id, suggestion_id) DO UPDATE SET reply = EXCLUDED.reply, replied_at = EXCLUDED.replied_at`);
}

/** What the lobby shows: the tables and players seated, the notices showing now. */
async function lobbyOf(db: Queryable, call: Parameters<GamePlatform['lobby']>[0]) {
  const seated = await db.one<{ tables: bigint; players: bigint }>(
    sql`SELECT count(DISTINCT table_id) AS tables, count(*) AS players FROM simulator_players WHERE site_id = ${call.siteId}`,
  );
  const notices = await db.rows<{ notice_id: string; title: Record<string, string> }>(
    sql`SELECT notice_id, title FROM simulator_game_notices
         WHERE site_id = ${call.siteId} AND start_time <= ${call.now} AND end_time > ${call.now}
         ORDER BY start_time DESC, notice_id DESC`,
  );
  return {
    tables: Number(seated!.tables),
    players: Number(seated!.players),
    notices: notices.map((row) => ({ noticeId: row.notice_id, title: row.title })),
  };
}

/** The pushed accounts, each replaced as a whole, one statement for the batch. */
async function storeAccounts(db: Queryable, call: Parameters<GamePlatform['setAccounts']>[0]) {
  if (call.accounts.length === 0) return;
  // One statement for the batch: every account replaced as a whole.
  const rows = JSON.stringify(
    call.accounts.map((account) => ({
      account_id: account.accountId,
      level: account.level,
      path: account.path,
      status: account.status,
      team_status: account.teamStatus,
      bet_stopped: account.betStopped,
      bet_paused: account.betPaused,
      device_pc: account.devices.pc,
      device_h5: account.devices.h5,
      device_app: account.devices.app,
      max_win: String(account.maxWin),
      win_blocked: account.winBlocked,
      excluded: account.exclusion !== null,
      excluded_until: account.exclusion?.until?.toISOString() ?? null,
      game_types: Object.fromEntries(
        Object.entries(account.gameTypes).map(([type, setting]) => [
          type,
          { enabled: setting.enabled, redLimit: String(setting.redLimit), limitReached: setting.limitReached },
        ]),
      ),
    })),
  );
  await db.run(sql`INSERT INTO simulator_accounts AS s (site_id, account_id, level, path, status, team_status, bet_stopped,
      bet_paused, device_pc, device_h5, device_app, max_win, win_blocked, game_types, excluded, excluded_until)
    SELECT ${call.siteId}, r.account_id, r.level, r.path, r.status, r.team_status, r.bet_stopped,
           r.bet_paused, r.device_pc, r.device_h5, r.device_app, r.max_win, r.win_blocked, r.game_types, r.excluded, r.excluded_until
      FROM jsonb_to_recordset(${rows}::jsonb) AS r (account_id bigint, level smallint, path text, status smallint,
           team_status smallint, bet_stopped boolean, bet_paused boolean, device_pc boolean, device_h5 boolean,
           device_app boolean, max_win bigint, win_blocked boolean, game_types jsonb, excluded boolean,
           excluded_until timestamptz)
    ON CONFLICT (site_id, account_id) DO UPDATE SET level = EXCLUDED.level, path = EXCLUDED.path, status = EXCLUDED.status,
      team_status = EXCLUDED.team_status, bet_stopped = EXCLUDED.bet_stopped, bet_paused = EXCLUDED.bet_paused,
      device_pc = EXCLUDED.device_pc, device_h5 = EXCLUDED.device_h5, device_app = EXCLUDED.device_app,
      max_win = EXCLUDED.max_win, win_blocked = EXCLUDED.win_blocked, game_types = EXCLUDED.game_types,
      excluded = EXCLUDED.excluded, excluded_until = EXCLUDED.excluded_until`);
}

/**
 * The simulator's books (the platform side of transfers): each member's balance there and every
 * transfer id it has seen, in tables of the same database (migration 0020). Each call is one
 * statement or one transaction, so a call applies entirely or not at all, and a transfer id is
 * applied at most once whatever is repeated.
 */
export function simulatorPlatform(db: Queryable): GamePlatform {
  return {
    transferIn: (call) => faultyTransfer(db, call, 'in', applyIn),
    transferOut: (call) => faultyTransfer(db, call, 'out', applyOut),
    async queryTransfer(call) {
      const record = await seenTransfer(db, call.siteId, call.transferId);
      return record ? toRecord(record) : null;
    },
    async settleTransfer(call) {
      await db.run(sql`INSERT INTO platform_transfers (site_id, transfer_id, member_id, type, amount, state, created_at)
        VALUES (${call.siteId}, ${call.transferId}, ${call.memberId}, ${call.type}, ${String(call.amount)}, 'void', ${call.now})
        ON CONFLICT DO NOTHING`);
      return toRecord((await seenTransfer(db, call.siteId, call.transferId))!);
    },
    async balance(call) {
      return walletBalance(db, call.siteId, call.memberId);
    },
    holding: (call) => holdingOf(db, call.siteId, call.memberId),
    setClosedGames: (call) => storeClosedGames(db, call),
    setGameNotices: (call) => storeGameNotices(db, call),
    replySuggestions: (call) => storeSuggestionReplies(db, call),
    lobby: (call) => lobbyOf(db, call),
    async games() {
      return db.rows<{ gameCode: string; gameType: 'live' | 'electronic'; gameName: string }>(
        sql`SELECT game_code AS "gameCode", game_type AS "gameType", game_name AS "gameName" FROM games ORDER BY sort_order, game_code`,
      );
    },
    async readFeed(call) {
      return (await feedRows(db, call)).map(feedItem);
    },
    setAccounts: (call) => storeAccounts(db, call),
    statement: (call) => simulatorStatement(db, call),
  };
}
