import { sql, type SQL } from 'drizzle-orm';
import { formatCents } from '../../contract/amount.contract';
import type { ParamsOut } from '../../contract/methods.contract';
import type { TransferState } from '../../contract/transfer.contract';
import { accountInLine } from '../accounts/line-access';
import { iso } from '../db/timestamps';
import type { PlatformFor } from '../games/game-platform';
import type { CallContext } from '../rpc/dispatcher';
import { defineHandlers } from '../rpc/handler';
import { repairTransfer } from './game-transfers';

type DbInt = string | number | bigint;
interface TransferDbRow {
  transfer_id: string | null;
  type: 'in' | 'out';
  member_id: DbInt;
  login_id: string;
  amount: DbInt;
  state: TransferState;
  serial_no: DbInt | null;
  reversal_of: DbInt | null;
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
  const counted = await ctx.db.one<{ n: DbInt; pending: DbInt }>(
    sql`SELECT count(*) AS n, count(*) FILTER (WHERE t.state = 'pending') AS pending ${from}`,
  );
  const rows = await ctx.db.rows<TransferDbRow>(sql`SELECT t.*, m.login_id ${from}
    ORDER BY t.at DESC, t.serial_no DESC NULLS FIRST LIMIT ${params.pageSize} OFFSET ${(params.pageIndex - 1) * params.pageSize}`);
  return {
    total: Number(counted?.n ?? 0),
    pending: Number(counted?.pending ?? 0),
    list: rows.map((row) => ({
      transferId: row.transfer_id,
      type: row.type,
      userId: String(row.member_id),
      loginId: row.login_id,
      amount: formatCents(BigInt(row.amount)),
      state: row.state,
      serialNo: row.serial_no === null ? null : String(row.serial_no),
      reversalOf: row.reversal_of === null ? null : String(row.reversal_of),
      sessionId: row.game_session,
      time: iso(row.at),
    })),
  };
}

export const transferHandlers = (platformFor: PlatformFor) =>
  defineHandlers({
    'gw.credit.transfer.query': queryTransfers,
    'gw.credit.transfer.repair': async (ctx, params) => {
      const session = ctx.session!;
      // Whose transfer it is decides who may repair it: the company's line, or the member's own agent.
      const owner = await ctx.db.one<{ member_id: DbInt }>(sql`SELECT member_id FROM (${transfers(ctx.site.id)}) t
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
