import { suggestionMethods } from '../../contract/suggestion.contract';
import { sql, type SQL } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import { ErrorCode } from '../../contract/errors.contract';
import { accountOfLine } from '../tree/line-access';
import { queuePush } from '../platform/push-queue';
import type { CallContext } from '../kernel/call-context';
import { defineRouter } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { suggestionListColumns, toSuggestion, type SuggestionListRow } from '../notices/suggestion.store';
import { wireId } from '../kernel/db/ids';

/** The members of the caller's line: a suggestion is seen by every agent above its member, and by no one else. */
async function inLine(ctx: CallContext): Promise<SQL> {
  const caller = await accountOfLine(ctx);
  return sql`s.site_id = ${ctx.site.id} AND m.path LIKE ${`${caller.path}%`}`;
}

async function newCount(ctx: CallContext, line: SQL): Promise<number> {
  const row = await ctx.db.one<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM suggestions s JOIN accounts m ON m.id = s.member_id WHERE ${line} AND s.status = 'new'`,
  );
  return row!.n;
}

/** A suggestion of the caller's line, locked for the write; 20049 for any other. */
async function lineSuggestion(ctx: CallContext, suggestionId: string): Promise<SuggestionListRow> {
  const row = await ctx.db.one<SuggestionListRow>(
    sql`SELECT ${suggestionListColumns} FROM suggestions s JOIN accounts m ON m.id = s.member_id
         WHERE ${await inLine(ctx)} AND s.id = ${suggestionId} FOR UPDATE OF s`,
  );
  if (!row) throw new RpcError(ErrorCode.recordNotFound, { field: 'suggestionId' });
  return row;
}

export const suggestionRouter = defineRouter(suggestionMethods, {
  'gw.credit.suggestion.page': async (ctx, params) => {
    const line = await inLine(ctx);
    const conditions = [line];
    if (params.status) conditions.push(sql`s.status = ${params.status}`);
    if (params.kind) conditions.push(sql`s.kind = ${params.kind}`);
    if (params.startTime) conditions.push(sql`s.sent_at >= ${params.startTime}::timestamptz`);
    if (params.endTime) conditions.push(sql`s.sent_at < ${params.endTime}::timestamptz`);
    const where = sql.join(conditions, sql` AND `);
    const total = await ctx.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM suggestions s JOIN accounts m ON m.id = s.member_id WHERE ${where}`,
    );
    const rows = await ctx.db
      .rows<SuggestionListRow>(sql`SELECT ${suggestionListColumns} FROM suggestions s JOIN accounts m ON m.id = s.member_id
       WHERE ${where} ORDER BY s.sent_at DESC, s.id DESC
       ${pageQuery(params)}`);
    return { total: total!.n, newCount: await newCount(ctx, line), list: rows.map(toSuggestion) };
  },

  'gw.credit.suggestion.count': async (ctx) => ({ newCount: await newCount(ctx, await inLine(ctx)) }),

  'gw.credit.suggestion.read': async (ctx, params) => {
    const row = await lineSuggestion(ctx, params.suggestionId);
    ctx.audit.targetId = wireId(row.member_id);
    ctx.audit.summary = `READ_SUGGESTION ${row.id} ${row.login_id}`;
    if (row.status !== 'new') return toSuggestion(row);
    await ctx.db.run(sql`UPDATE suggestions SET status = 'read' WHERE id = ${row.id}`);
    ctx.audit.changes = [{ field: 'suggestionStatus', before: 'new', after: 'read' }];
    return toSuggestion({ ...row, status: 'read' });
  },

  'gw.credit.suggestion.reply': async (ctx, params) => {
    const row = await lineSuggestion(ctx, params.suggestionId);
    const by = ctx.session!.loginId;
    await ctx.db.run(sql`UPDATE suggestions SET status = 'answered', reply = ${params.reply}, replied_by = ${ctx.session!.accountId},
        replied_by_login = ${by}, replied_at = ${ctx.now}
      WHERE id = ${row.id}`);
    // The member reads the answer at the platform: it goes there through the outbox, committed with it.
    await queuePush(ctx.db, ctx.site.id, 'reply', ctx.now, wireId(row.id));
    ctx.audit.targetId = wireId(row.member_id);
    ctx.audit.summary = `REPLY_SUGGESTION ${row.id} ${row.login_id}`;
    ctx.audit.changes = [{ field: 'suggestionStatus', before: row.status, after: 'answered' }];
    return toSuggestion({ ...row, status: 'answered', reply: params.reply, replied_by_login: by, replied_at: ctx.now, delivered: false });
  },
});
