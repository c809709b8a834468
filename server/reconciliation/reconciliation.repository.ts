import { sql } from '../kernel/db/sql';
import { wireId } from '../kernel/db/ids';
import type { Queryable } from '../kernel/db/database';
import type { PlatformStatement, StatementWindow } from '../platform/game-platform';
import type { Difference, OurBets, OurRecords, OurTransfer } from './statement-compare';

/** Our records of a site for a statement's window: bets by member and game, transfers, each member's movement at the platform. */

interface BetGroupRow {
  member_id: bigint;
  game_code: string;
  count: bigint;
  bet: bigint;
  valid_bet: bigint;
  win_loss: bigint;
  late: bigint;
}

/** Our bets whose bet time is in the window; `late`: stored more than `lateMs` after their latest time (settle, else bet). */
async function ourBets(db: Queryable, window: StatementWindow, lateMs: number): Promise<OurBets[]> {
  const rows = await db.rows<BetGroupRow>(sql`
    SELECT member_id, game_code, count(*) AS count, sum(bet) AS bet, sum(valid_bet) AS valid_bet, sum(win_loss) AS win_loss,
           count(*) FILTER (WHERE stored_at > COALESCE(settle_time, bet_time) + ${lateMs} * interval '1 millisecond') AS late
      FROM bets WHERE site_id = ${window.siteId} AND bet_time >= ${window.from} AND bet_time < ${window.to}
     GROUP BY member_id, game_code`);
  return rows.map((row) => ({
    memberId: wireId(row.member_id),
    gameCode: row.game_code,
    count: Number(row.count),
    bet: BigInt(row.bet),
    validBet: BigInt(row.valid_bet),
    winLoss: BigInt(row.win_loss),
    late: Number(row.late),
  }));
}

interface TransferRow {
  transfer_id: string;
  member_id: bigint;
  type: 'in' | 'out';
  amount: bigint;
  state: OurTransfer['state'];
  at: Date;
}

/**
 * Our transfers in the window, and those the statement names wherever their time falls: the ins
 * and the outs done (score_log), the outs asked and not done (transfer_outs: pending or failed).
 */
async function ourTransfers(db: Queryable, window: StatementWindow, named: readonly string[]): Promise<OurTransfer[]> {
  const ids = `{${named.map((id) => `"${id}"`).join(',')}}`;
  const rows = await db.rows<TransferRow>(sql`
    SELECT transfer_id, target_account_id AS member_id, type, amount, state, created_at AS at FROM score_log
     WHERE site_id = ${window.siteId} AND type IN ('in', 'out') AND transfer_id IS NOT NULL
       AND ((created_at >= ${window.from} AND created_at < ${window.to}) OR transfer_id = ANY (${ids}::text[]))
    UNION ALL
    SELECT transfer_id, member_id, 'out', amount, state, requested_at FROM transfer_outs
     WHERE site_id = ${window.siteId} AND state <> 'done'
       AND ((requested_at >= ${window.from} AND requested_at < ${window.to}) OR transfer_id = ANY (${ids}::text[]))`);
  return rows.map((row) => ({
    transferId: row.transfer_id,
    memberId: wireId(row.member_id),
    type: row.type,
    amount: BigInt(row.amount),
    state: row.state,
    at: new Date(row.at),
  }));
}

/** What our records moved each member's balance at the platform by in the window: transfers done, stakes at bet time, payouts at settle time. */
async function ourMovements(db: Queryable, window: StatementWindow): Promise<Map<string, bigint>> {
  const { siteId, from, to } = window;
  const rows = await db.rows<{ member_id: bigint; moved: bigint }>(sql`
    SELECT member_id, sum(delta) AS moved FROM (
      SELECT target_account_id AS member_id, CASE type WHEN 'in' THEN amount ELSE -amount END AS delta FROM score_log
       WHERE site_id = ${siteId} AND type IN ('in', 'out') AND transfer_id IS NOT NULL AND state = 'done'
         AND created_at >= ${from} AND created_at < ${to}
      UNION ALL
      SELECT member_id, -bet FROM bets WHERE site_id = ${siteId} AND bet_time >= ${from} AND bet_time < ${to}
      UNION ALL
      SELECT member_id, bet + win_loss FROM bets
       WHERE site_id = ${siteId} AND status <> 'unsettled' AND settle_time IS NOT NULL
         AND COALESCE(settle_time, bet_time) >= ${from} AND COALESCE(settle_time, bet_time) < ${to}
    ) moves GROUP BY member_id`);
  return new Map(rows.map((row) => [wireId(row.member_id), BigInt(row.moved)]));
}

export async function ourRecords(db: Queryable, statement: PlatformStatement, lateMs: number): Promise<OurRecords> {
  const window = { siteId: statement.siteId, from: statement.from, to: statement.to };
  const named = [...new Set(statement.transfers.map((row) => row.transferId))];
  return {
    bets: await ourBets(db, window, lateMs),
    transfers: await ourTransfers(db, window, named),
    movements: await ourMovements(db, window),
  };
}

export type RunKind = 'daily' | 'intraday';

export interface RunRecord {
  window: StatementWindow;
  kind: RunKind;
  startedAt: Date;
  finishedAt: Date;
  /** Null when the statement could not be read (the run failed, `error` says why). */
  statement: PlatformStatement | null;
  differences: Difference[];
  error?: string;
}

/** A run and its differences stored in one transaction; answers the run's id. */
export async function storeRun(db: Queryable, run: RunRecord): Promise<string> {
  return db.transaction(async (tx) => {
    const state = run.statement === null ? 'failed' : run.differences.length > 0 ? 'differences' : 'clean';
    const stored = await tx.one<{ id: bigint }>(sql`INSERT INTO reconciliation_runs
        (site_id, kind, from_at, to_at, started_at, finished_at, state, bet_groups, transfers, wallets, differences, error)
      VALUES (${run.window.siteId}, ${run.kind}, ${run.window.from}, ${run.window.to}, ${run.startedAt}, ${run.finishedAt}, ${state},
        ${run.statement?.bets.length ?? 0}, ${run.statement?.transfers.length ?? 0}, ${run.statement?.wallets.length ?? 0},
        ${run.differences.length}, ${run.error ?? null})
      RETURNING id`);
    const runId = stored!.id;
    if (run.differences.length > 0) {
      const rows = JSON.stringify(
        run.differences.map((difference) => ({
          class: difference.class,
          subject: difference.subject,
          ref: difference.ref,
          member_id: difference.memberId,
          platform_row: difference.platformRow,
          our_row: difference.ourRow,
        })),
      );
      await tx.run(sql`INSERT INTO reconciliation_differences (run_id, site_id, class, subject, ref, member_id, platform_row, our_row)
        SELECT ${runId}, ${run.window.siteId}, r.class, r.subject, r.ref, r.member_id, r.platform_row, r.our_row
          FROM jsonb_to_recordset(${rows}::jsonb) AS r (class text, subject text, ref text, member_id bigint, platform_row jsonb, our_row jsonb)`);
    }
    return wireId(runId);
  });
}
