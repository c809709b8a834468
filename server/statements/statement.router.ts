import { companyLevel } from '../../contract/account-fields.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { statementMethods, type StatementDetail, type StatementSummary } from '../../contract/statement.contract';
import type { CallContext } from '../kernel/call-context';
import { defineRouter } from '../kernel/handler';
import { rowId, wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { iso } from '../kernel/db/timestamps';
import { RpcError } from '../kernel/rpc-error';
import type { AccountRow } from '../tree/account.repository';
import { statementHash, storedContent } from './statement-freeze';
import { statementPdf } from './statement-pdf';
import { statementById, statementPage, type StatementRow } from './statement.repository';

/**
 * Who reads a statement: the company every statement of its site; an agent its own statements
 * (of its line, closed by its parent) and its direct children's (the periods it closed).
 */
const readable = (ctx: CallContext) =>
  ctx.session!.level === companyLevel ? sql`true` : sql`(a.id = ${ctx.session!.accountId} OR a.parent_id = ${ctx.session!.accountId})`;

/** The accounts whose statements a query lists: one the caller may read, or all it may. */
async function whose(ctx: CallContext, userId: string | undefined) {
  if (userId === undefined) return readable(ctx);
  const session = ctx.session!;
  const account = await ctx.db.one<Pick<AccountRow, 'id' | 'parent_id'>>(
    sql`SELECT id, parent_id FROM accounts WHERE id = ${rowId(userId)} AND site_id = ${ctx.site.id} AND kind = 'tree'`,
  );
  if (!account) throw new RpcError(ErrorCode.accountNotFound, { field: 'userId' });
  const mine = wireId(account.id) === session.accountId || wireId(account.parent_id) === session.accountId;
  if (session.level !== companyLevel && !mine) throw new RpcError(ErrorCode.notDirectRelation, { field: 'userId' });
  return sql`a.id = ${account.id}`;
}

function summary(row: StatementRow & { login_id: string; level: number }): StatementSummary {
  const content = storedContent(row);
  return {
    statementId: wireId(row.id),
    userId: wireId(row.account_id),
    loginId: row.login_id,
    level: Number(row.level),
    periodStart: iso(row.period_start),
    periodEnd: iso(row.period_end),
    firstDay: content.firstDay,
    lastDay: content.lastDay,
    ledgerSerial: String(row.ledger_serial),
    openingBalance: content.openingBalance,
    closingBalance: content.closingBalance,
    validAmount: content.betsWithCorrections.validAmount,
    valueWonLose: content.betsWithCorrections.valueWonLose,
    agentToCompany: content.betsWithCorrections.agentToCompany,
    corrections: content.corrections.length,
    contentHash: row.content_hash,
    frozenAt: iso(row.created_at),
  };
}

/** A statement the caller may read, as frozen; 20049 for any other. */
async function readableStatement(ctx: CallContext, statementId: string): Promise<StatementDetail> {
  const id = rowId(statementId);
  const row = id === null ? undefined : await statementById(ctx.db, ctx.site.id, String(id));
  const allowed =
    row && (await ctx.db.one<{ ok: boolean }>(sql`SELECT ${readable(ctx)} AS ok FROM accounts a WHERE a.id = ${row.account_id}`))?.ok;
  if (!row || !allowed) throw new RpcError(ErrorCode.recordNotFound, { field: 'statementId' });
  const content = storedContent(row);
  return { statementId: wireId(row.id), contentHash: row.content_hash, hashOk: statementHash(content) === row.content_hash, content };
}

export const statementRouter = defineRouter(statementMethods, {
  'gw.credit.statement.query': async (ctx, params) => {
    const page = await statementPage(ctx.db, ctx.site.id, await whose(ctx, params.userId), params);
    return { total: page.total, list: page.rows.map(summary) };
  },
  'gw.credit.statement.get': (ctx, params) => readableStatement(ctx, params.statementId),
  'gw.credit.statement.export': async (ctx, params) => {
    const detail = await readableStatement(ctx, params.statementId);
    const bytes = await statementPdf(detail, ctx.language);
    return { name: `statement-${detail.statementId}.pdf`, contentType: 'application/pdf' as const, base64: bytes.toString('base64') };
  },
});
