import { sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors.contract';
import type { Suggestion, SuggestionStatus } from '../../contract/suggestion.contract';
import { accountOfLine } from '../accounts/line-access';
import { iso } from '../db/timestamps';
import { queuePush } from '../games/platform-pushes';
import type { CallContext } from '../rpc/call-context';
import { defineHandlers } from '../rpc/handler';
import { RpcError } from '../rpc/rpc-error';

interface SuggestionRow {
  id: bigint;
  member_id: bigint;
  login_id: string;
  kind: Suggestion['kind'];
  title: string;
  content: string;
  device: Suggestion['device'];
  sent_at: Date | string;
  status: SuggestionStatus;
  reply: string | null;
  replied_by_login: string | null;
  replied_at: Date | string | null;
  delivered: boolean;
}

const columns = sql`s.id, s.member_id, m.login_id, s.kind, s.title, s.content, s.device, s.sent_at, s.status, s.reply,
  s.replied_by_login, s.replied_at,
  (s.reply IS NOT NULL AND NOT EXISTS (SELECT 1 FROM platform_pushes p
     WHERE p.site_id = s.site_id AND p.subject = 'reply' AND p.account_id = s.id)) AS delivered`;

function suggestionOf(row: SuggestionRow): Suggestion {
  return {
    suggestionId: String(row.id),
    userId: String(row.member_id),
    loginId: row.login_id,
    kind: row.kind,
    title: row.title,
    content: row.content,
    device: row.device,
    sentAt: iso(row.sent_at),
    status: row.status,
    reply: row.reply,
    repliedBy: row.replied_by_login,
    repliedAt: row.replied_at === null ? null : iso(row.replied_at),
    delivered: row.delivered,
  };
}

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
async function lineSuggestion(ctx: CallContext, suggestionId: string): Promise<SuggestionRow> {
  const row = await ctx.db.one<SuggestionRow>(
    sql`SELECT ${columns} FROM suggestions s JOIN accounts m ON m.id = s.member_id
         WHERE ${await inLine(ctx)} AND s.id = ${suggestionId} FOR UPDATE OF s`,
  );
  if (!row) throw new RpcError(ErrorCode.recordNotFound, { field: 'suggestionId' });
  return row;
}

export const suggestionHandlers = defineHandlers({
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
    const rows = await ctx.db.rows<SuggestionRow>(sql`SELECT ${columns} FROM suggestions s JOIN accounts m ON m.id = s.member_id
       WHERE ${where} ORDER BY s.sent_at DESC, s.id DESC
       LIMIT ${params.pageSize} OFFSET ${(params.pageIndex - 1) * params.pageSize}`);
    return { total: total!.n, newCount: await newCount(ctx, line), list: rows.map(suggestionOf) };
  },

  'gw.credit.suggestion.count': async (ctx) => ({ newCount: await newCount(ctx, await inLine(ctx)) }),

  'gw.credit.suggestion.read': async (ctx, params) => {
    const row = await lineSuggestion(ctx, params.suggestionId);
    ctx.audit.targetId = String(row.member_id);
    ctx.audit.summary = `READ_SUGGESTION ${row.id} ${row.login_id}`;
    if (row.status !== 'new') return suggestionOf(row);
    await ctx.db.run(sql`UPDATE suggestions SET status = 'read' WHERE id = ${row.id}`);
    ctx.audit.changes = [{ field: 'suggestionStatus', before: 'new', after: 'read' }];
    return suggestionOf({ ...row, status: 'read' });
  },

  'gw.credit.suggestion.reply': async (ctx, params) => {
    const row = await lineSuggestion(ctx, params.suggestionId);
    const by = ctx.session!.loginId;
    await ctx.db.run(sql`UPDATE suggestions SET status = 'answered', reply = ${params.reply}, replied_by = ${ctx.session!.accountId},
        replied_by_login = ${by}, replied_at = ${ctx.now}
      WHERE id = ${row.id}`);
    // The member reads the answer at the platform: it goes there through the outbox, committed with it.
    await queuePush(ctx.db, ctx.site.id, 'reply', ctx.now, String(row.id));
    ctx.audit.targetId = String(row.member_id);
    ctx.audit.summary = `REPLY_SUGGESTION ${row.id} ${row.login_id}`;
    ctx.audit.changes = [{ field: 'suggestionStatus', before: row.status, after: 'answered' }];
    return suggestionOf({ ...row, status: 'answered', reply: params.reply, replied_by_login: by, replied_at: ctx.now, delivered: false });
  },
});
