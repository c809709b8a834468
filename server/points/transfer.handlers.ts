import { sql, type SQL } from 'drizzle-orm';
import { isMemberLevel } from '../../contract/account-fields.contract';
import { formatCents } from '../../contract/amount.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import type { TransferState } from '../../contract/transfer.contract';
import { accountInLine } from '../accounts/line-access';
import { iso } from '../db/timestamps';
import type { PlatformFor } from '../games/game-platform';
import type { CallContext } from '../rpc/call-context';
import { defineHandlers } from '../rpc/handler';
import { RpcError } from '../rpc/rpc-error';
import { repairTransfer } from './game-transfers';

interface TransferDbRow {
  transfer_id: string | null;
  type: 'in' | 'out';
  member_id: bigint;
  login_id: string;
  amount: bigint;
  state: TransferState;
  serial_no: bigint | null;
  reversal_of: bigint | null;
  game_session: string;
  at: Date | string;
}

/**
 * Every transfer of a site as one list: the score-log rows of type in and out, and the transfers
 * out the platform has not confirmed (pending) or never applied (failed), which have no row.
 */
const transfers = (siteId: string) => sql`
  SELECT l.transfer_id, l.type, l.target_account_id AS member_id, l.amount, l.state, l.serial_no, l.reversal_of, l.game_session,
         l.created_at AS at
    FROM score_log l WHERE l.site_id = ${siteId} AND l.type IN ('in', 'out')
  UNION ALL
  SELECT o.transfer_id, 'out', o.member_id, o.amount, o.state, NULL, NULL, o.game_session, o.requested_at
    FROM transfer_outs o WHERE o.site_id = ${siteId} AND o.state <> 'done'`;

async function queryTransfers(ctx: CallContext, params: ParamsOut<'gw.credit.transfer.query'>) {
  const session = ctx.session!;
  if (params.userId !== undefined) await accountInLine(ctx, params.userId);
  const where: SQL[] = [
    params.userId !== undefined
      ? sql`t.member_id = ${params.userId}::bigint`
      : sql`m.path LIKE (SELECT path FROM accounts WHERE id = ${session.accountId}) || '%'`,
  ];
  if (params.type !== undefined) where.push(sql`t.type = ${params.type}`);
  if (params.state !== undefined) where.push(sql`t.state = ${params.state}`);
  if (params.startTime !== undefined) where.push(sql`t.at >= ${new Date(params.startTime)}`);
  if (params.endTime !== undefined) where.push(sql`t.at <= ${new Date(params.endTime)}`);
  const from = sql`FROM (${transfers(ctx.site.id)}) t JOIN accounts m ON m.id = t.member_id WHERE ${sql.join(where, sql` AND `)}`;
  const counted = await ctx.db.one<{ n: number; pending: number }>(
    sql`SELECT count(*)::int AS n, (count(*) FILTER (WHERE t.state = 'pending'))::int AS pending ${from}`,
  );
  const rows = await ctx.db.rows<TransferDbRow>(sql`SELECT t.*, m.login_id ${from}
    ORDER BY t.at DESC, t.serial_no DESC NULLS FIRST LIMIT ${params.pageSize} OFFSET ${(params.pageIndex - 1) * params.pageSize}`);
  return {
    total: counted?.n ?? 0,
    pending: counted?.pending ?? 0,
    list: rows.map((row) => ({
      transferId: row.transfer_id,
      type: row.type,
      userId: String(row.member_id),
      loginId: row.login_id,
      amount: formatCents(row.amount),
      state: row.state,
      serialNo: row.serial_no === null ? null : String(row.serial_no),
      reversalOf: row.reversal_of === null ? null : String(row.reversal_of),
      sessionId: row.game_session,
      time: iso(row.at),
    })),
  };
}

interface SessionDbRow {
  session_id: string;
  started_at: Date | string;
  ended_at: Date | string | null;
  ins: bigint;
  outs: bigint;
  pending: number;
  bets: number;
  bet_amount: bigint;
  valid_bet: bigint;
  win_loss: bigint;
}

/** A member's game sessions with their transfers and their bets' totals (the bets of a session carry its id). */
async function gameLog(ctx: CallContext, params: ParamsOut<'gw.credit.player.game.log'>) {
  const member = await accountInLine(ctx, params.userId);
  if (!isMemberLevel(member.level)) throw new RpcError(ErrorCode.invalidParams, { field: 'userId', rule: 'not-a-member' });
  const where = sql`s.site_id = ${ctx.site.id} AND s.member_id = ${params.userId}::bigint
    AND s.started_at >= ${new Date(params.startTime)} AND s.started_at < ${new Date(params.endTime)}`;
  const counted = await ctx.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM game_sessions s WHERE ${where}`);
  const rows = await ctx.db.rows<SessionDbRow>(sql`
    SELECT s.session_id, s.started_at, s.ended_at, t.ins, t.outs, t.pending, b.bets, b.bet_amount, b.valid_bet, b.win_loss
      FROM game_sessions s
      CROSS JOIN LATERAL (
        SELECT COALESCE(sum(l.amount) FILTER (WHERE l.type = 'in' AND l.state = 'done'), 0) AS ins,
               COALESCE(sum(l.amount) FILTER (WHERE l.type = 'out' AND l.reversal_of IS NULL), 0) AS outs,
               (count(*) FILTER (WHERE l.state = 'pending')
                 + (SELECT count(*) FROM transfer_outs o WHERE o.site_id = s.site_id AND o.game_session = s.session_id AND o.state = 'pending'))::int AS pending
          FROM score_log l WHERE l.site_id = s.site_id AND l.game_session = s.session_id) t
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS bets, COALESCE(sum(x.bet), 0) AS bet_amount,
               COALESCE(sum(x.valid_bet) FILTER (WHERE x.status IN ('settled', 'resettled')), 0) AS valid_bet,
               COALESCE(sum(x.win_loss) FILTER (WHERE x.status IN ('settled', 'resettled')), 0) AS win_loss
          FROM bets x WHERE x.member_id = s.member_id AND x.transaction_id = s.session_id AND x.status <> 'cancelled') b
     WHERE ${where}
     ORDER BY s.started_at DESC, s.session_id DESC
     LIMIT ${params.pageSize} OFFSET ${(params.pageIndex - 1) * params.pageSize}`);
  return {
    total: counted?.n ?? 0,
    list: rows.map((row) => ({
      sessionId: row.session_id,
      startTime: iso(row.started_at),
      endTime: row.ended_at === null ? null : iso(row.ended_at),
      transferIn: formatCents(row.ins),
      transferOut: formatCents(row.outs),
      bets: row.bets,
      betAmount: formatCents(row.bet_amount),
      validBet: formatCents(row.valid_bet),
      winLoss: formatCents(row.win_loss),
      pending: row.pending,
    })),
  };
}

export const transferHandlers = (platformFor: PlatformFor) =>
  defineHandlers({
    'gw.credit.player.game.log': gameLog,
    'gw.credit.transfer.query': queryTransfers,
    'gw.credit.transfer.repair': async (ctx, params) => {
      const session = ctx.session!;
      // Whose transfer it is decides who may repair it: the company's line, or the member's own agent.
      const owner = await ctx.db.one<{ member_id: bigint }>(sql`SELECT member_id FROM (${transfers(ctx.site.id)}) t
        WHERE t.transfer_id = ${params.transferId}`);
      if (owner) await accountInLine(ctx, String(owner.member_id));
      const repaired = await repairTransfer(ctx.db, platformFor, {
        siteId: ctx.site.id,
        transferId: params.transferId,
        operator: { accountId: session.accountId, login: session.loginId, subAccountId: session.subAccountId, ip: ctx.ip },
        now: ctx.now,
      });
      ctx.audit.targetId = repaired.memberId;
      ctx.audit.summary = `TRANSFER_REPAIR ${repaired.type} ${params.transferId} -> ${repaired.state}`;
      return { transferId: repaired.transferId, type: repaired.type, state: repaired.state, userId: repaired.memberId };
    },
  });
