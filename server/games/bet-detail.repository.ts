import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { basisPointsToPercent, centsOfBasisPoints, formatCents } from '../../contract/amount.contract';
import type { BetLineLevel, BetRevision } from '../../contract/bet-detail.contract';
import type { BetStatus } from '../../contract/game.contract';
import type { AccountRow } from '../tree/account.repository';
import type { Queryable } from '../kernel/db/database';
import { iso } from '../kernel/db/timestamps';
import { siteTransfers, toTransfer, type GameSessionRow, type TransferListRow } from '../points/transfer.repository';
import type { BetRow, BetScope } from './bet.repository';
import { toGameRound, type GameRoundListRow } from './game-round.store';

/** A bet with its member's login (as the lists read it). */
export type BetDetailRow = BetRow & { login_id: string };

/** The newest bet of the line with this order number (and bet time, when given); undefined when none. */
export function findLineBet(db: Queryable, scope: BetScope, orderId: string, betTime: string | undefined) {
  return db.one<BetDetailRow>(sql`
    SELECT b.*, a.login_id FROM bets b JOIN accounts a ON a.id = b.member_id
     WHERE b.site_id = ${scope.siteId} AND b.order_id = ${orderId} AND b.line_path LIKE ${`${scope.path}%`}
       ${betTime === undefined ? sql`` : sql`AND b.bet_time = ${betTime}::timestamptz`}
     ORDER BY b.bet_time DESC LIMIT 1`);
}

/**
 * A bet's parts (docs/product.md#shares-and-rebate, as rollup.sql.ts computes them): level k keeps
 * -W*(p_k - p_k+1) + V*(a_k - a_k+1) (below level 4, p = 0 and a = m), the member's rebate is V*m,
 * each rounded; the company takes minus all the others and the member's W, so the bet sums to zero.
 */
export function betParts(row: Pick<BetRow, 'valid_bet' | 'win_loss' | 'p1' | 'p2' | 'p3' | 'p4' | 'a1' | 'a2' | 'a3' | 'a4' | 'm'>) {
  const v = BigInt(row.valid_bet);
  const w = BigInt(row.win_loss);
  const p = [row.p1, row.p2, row.p3, row.p4, 0].map((value) => BigInt(value ?? 0));
  const m = BigInt(row.m ?? 0);
  const a = [row.a1, row.a2, row.a3, row.a4, row.m].map((value) => BigInt(value ?? 0));
  const rebate = centsOfBasisPoints(v * m);
  const agents = [0, 1, 2, 3].map((k) => centsOfBasisPoints(-w * (p[k]! - p[k + 1]!) + v * (a[k]! - a[k + 1]!)));
  const company = -(w + rebate + agents.reduce((sum, part) => sum + part, 0n));
  return { rebate, agents, company, w };
}

/**
 * The member's line as the caller may see it: the company (a company caller) or one unnamed row
 * for everything above the caller (an agent), then each agent level from the caller down, then
 * the member. Shares and parts as snapshotted; parts only for a bet that counts (settled, resettled).
 */
export async function betLine(db: Queryable, bet: BetDetailRow, callerLevel: number): Promise<BetLineLevel[]> {
  const ids = bet.line_path.split('/').filter(Boolean);
  const accounts = await db.rows<Pick<AccountRow, 'id' | 'login_id' | 'level'>>(
    sql`SELECT id, login_id, level FROM accounts WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::bigint`),
      sql`, `,
    )})`,
  );
  const loginOf = (id: string | undefined) => accounts.find((account) => wireId(account.id) === id)?.login_id ?? null;
  const counts = bet.status === 'settled' || bet.status === 'resettled';
  const parts = betParts(bet);
  const amount = (cents: bigint) => (counts ? formatCents(cents) : null);
  const percent = (value: number | null) => (value === null ? null : basisPointsToPercent(value));
  const shares = [bet.p1, bet.p2, bet.p3, bet.p4];
  const rates = [bet.a1, bet.a2, bet.a3, bet.a4];
  const line: BetLineLevel[] = [];
  const top = Math.max(callerLevel, 0);
  if (top === 0) {
    line.push({
      kind: 'company',
      level: 0,
      userId: ids[0] ?? null,
      loginId: loginOf(ids[0]),
      share: 100,
      rate: null,
      keeps: amount(parts.company),
    });
  } else {
    const below = parts.agents.slice(top - 1).reduce((sum, part) => sum + part, 0n);
    line.push({
      kind: 'upline',
      level: top - 1,
      userId: null,
      loginId: null,
      share: null,
      rate: null,
      keeps: amount(-(parts.w + parts.rebate + below)),
    });
  }
  for (let level = Math.max(top, 1); level <= 4; level++) {
    line.push({
      kind: 'agent',
      level,
      userId: ids[level] ?? null,
      loginId: loginOf(ids[level]),
      share: percent(shares[level - 1] ?? null),
      rate: percent(rates[level - 1] ?? null),
      keeps: amount(parts.agents[level - 1]!),
    });
  }
  line.push({
    kind: 'member',
    level: 5,
    userId: wireId(bet.member_id),
    loginId: bet.login_id,
    share: null,
    rate: percent(bet.m),
    keeps: amount(parts.rebate),
  });
  return line;
}

/** The round the bet was placed in, as game.result.query shows it to the bet's site; undefined until reported. */
export async function betRound(db: Queryable, siteId: string, bet: BetDetailRow) {
  const row = await db.one<GameRoundListRow>(sql`
    SELECT game_code, game_id, round_no, started_at, ended_at, result FROM game_rounds
     WHERE game_id = ${bet.game_id} AND round_no = ${bet.round_no} AND (site_id = ${siteId} OR site_id IS NULL)`);
  return row ? toGameRound(row) : null;
}

/** The bet's game session (its transactionId, the member's) with its transfers oldest first; null when none is known. */
export async function betSession(db: Queryable, siteId: string, bet: BetDetailRow) {
  const session = await db.one<Pick<GameSessionRow, 'session_id' | 'started_at' | 'ended_at'>>(sql`
    SELECT session_id, started_at, ended_at FROM game_sessions
     WHERE site_id = ${siteId} AND session_id = ${bet.transaction_id} AND member_id = ${bet.member_id}`);
  if (!session) return null;
  const transfers = await db.rows<TransferListRow>(sql`
    SELECT t.*, m.login_id FROM (${siteTransfers(siteId)}) t JOIN accounts m ON m.id = t.member_id
     WHERE t.game_session = ${session.session_id} AND t.member_id = ${bet.member_id}
     ORDER BY t.at, t.serial_no NULLS LAST`);
  return {
    sessionId: session.session_id,
    startTime: iso(session.started_at),
    endTime: session.ended_at === null ? null : iso(session.ended_at),
    transfers: transfers.map(toTransfer),
  };
}

/** A bet_revisions row's `previous` (jsonb; numbers in cents, the settle time as PostgreSQL wrote it). */
interface RevisionPrevious {
  status: BetStatus;
  settleTime: string | null;
  validBet: number | string;
  settle: number | string;
  winLoss: number | string;
  jackpotWon: number | string;
  redPacket: number | string;
}

/** The numbers each resettlement or cancellation of the bet replaced, oldest first. */
export async function betRevisions(db: Queryable, bet: BetDetailRow): Promise<BetRevision[]> {
  const rows = await db.rows<{ revised_at: Date | string; previous: RevisionPrevious | string }>(sql`
    SELECT revised_at, previous FROM bet_revisions
     WHERE site_id = ${bet.site_id} AND order_id = ${bet.order_id} AND bet_time = ${iso(bet.bet_time)}::timestamptz
     ORDER BY revised_at`);
  return rows.map((row) => {
    const previous = typeof row.previous === 'string' ? (JSON.parse(row.previous) as RevisionPrevious) : row.previous;
    const cents = (value: number | string) => formatCents(BigInt(value));
    return {
      revisedAt: iso(row.revised_at),
      status: previous.status,
      settleTime: previous.settleTime === null ? null : iso(previous.settleTime),
      validBet: cents(previous.validBet),
      settle: cents(previous.settle),
      winLoss: cents(previous.winLoss),
      jackpotWon: cents(previous.jackpotWon),
      redPacket: cents(previous.redPacket),
    };
  });
}
