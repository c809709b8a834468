import { transferMethods } from '../../contract/transfer.contract';
import { sql, type SQL } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import { isMemberLevel } from '../../contract/account-fields.contract';
import { formatCents } from '../../contract/amount.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import { accountInLine } from '../tree/line-access';
import { iso } from '../kernel/db/timestamps';
import type { PlatformFor } from '../platform/game-platform';
import type { CallContext } from '../kernel/call-context';
import { defineRouter } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { repairTransfer } from '../points/game-transfers';
import { siteTransfers, toTransfer, type GameSessionTotalsRow, type TransferListRow } from '../points/transfer.repository';
import { wireId } from '../kernel/db/ids';
import { recallPreview, recallWallet } from './wallet-recall.service';
import { exclusionMethods } from '../../contract/exclusion.contract';
import { liftExclusion, listExclusions, setExclusion } from './member-exclusion.service';

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
  const from = sql`FROM (${siteTransfers(ctx.site.id)}) t JOIN accounts m ON m.id = t.member_id WHERE ${sql.join(where, sql` AND `)}`;
  const counted = await ctx.db.one<{ n: number; pending: number }>(
    sql`SELECT count(*)::int AS n, (count(*) FILTER (WHERE t.state = 'pending'))::int AS pending ${from}`,
  );
  const rows = await ctx.db.rows<TransferListRow>(sql`SELECT t.*, m.login_id ${from}
    ORDER BY t.at DESC, t.serial_no DESC NULLS FIRST ${pageQuery(params)}`);
  return {
    total: counted?.n ?? 0,
    pending: counted?.pending ?? 0,
    list: rows.map(toTransfer),
  };
}

/** A member's game sessions with their transfers and their bets' totals (the bets of a session carry its id). */
async function gameLog(ctx: CallContext, params: ParamsOut<'gw.credit.player.game.log'>) {
  const member = await accountInLine(ctx, params.userId);
  if (!isMemberLevel(member.level)) throw new RpcError(ErrorCode.invalidParams, { field: 'userId', rule: 'not-a-member' });
  const where = sql`s.site_id = ${ctx.site.id} AND s.member_id = ${params.userId}::bigint
    AND s.started_at >= ${new Date(params.startTime)} AND s.started_at < ${new Date(params.endTime)}`;
  const counted = await ctx.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM game_sessions s WHERE ${where}`);
  const rows = await ctx.db.rows<GameSessionTotalsRow>(sql`
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
     ${pageQuery(params)}`);
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

export const transferRouter = (platformFor: PlatformFor) =>
  defineRouter(transferMethods, {
    'gw.credit.player.game.log': gameLog,
    'gw.credit.transfer.query': queryTransfers,
    'gw.credit.transfer.repair': async (ctx, params) => {
      const session = ctx.session!;
      // Whose transfer it is decides who may repair it: the company's line, or the member's own agent.
      const owner = await ctx.db.one<{ member_id: bigint }>(sql`SELECT member_id FROM (${siteTransfers(ctx.site.id)}) t
        WHERE t.transfer_id = ${params.transferId}`);
      if (owner) await accountInLine(ctx, wireId(owner.member_id));
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
    'gw.credit.transfer.recall.preview': (ctx, params) => recallPreview(ctx, platformFor, params.userId),
    'gw.credit.transfer.recall': (ctx, params) => recallWallet(ctx, platformFor, params.userId, params.previewToken),
  });

/** Members' time-outs and self-exclusions: setting one recalls the member's game wallet. */
export const exclusionRouter = (platformFor: PlatformFor) =>
  defineRouter(exclusionMethods, {
    'gw.credit.user.exclusion.set': (ctx, params) => setExclusion(ctx, platformFor, params),
    'gw.credit.user.exclusion.lift': (ctx, params) => liftExclusion(ctx, params.userId),
    'gw.credit.user.exclusion.list': (ctx) => listExclusions(ctx),
  });
