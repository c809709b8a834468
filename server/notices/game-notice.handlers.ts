import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import { ErrorCode } from '../../contract/errors.contract';
import type { NoticeTexts } from '../../contract/notice.contract';
import { iso } from '../kernel/db/timestamps';
import type { PlatformFor } from '../platform/game-platform';
import { queuePush } from '../platform/push-queue';
import type { CallContext } from '../kernel/call-context';
import { defineHandlers } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { cleanTexts, localised } from './notice-text';
import type { GameNoticeRow } from './notice.repository';

interface GameNoticeParams {
  title: NoticeTexts;
  content: NoticeTexts;
  gameCodes: string[];
  startTime: string;
  endTime: string;
}

/** The games named must be the platform's (20049 naming the field); none named is every game. */
async function checkedGames(ctx: CallContext, gameCodes: string[]): Promise<string> {
  const codes = [...new Set(gameCodes)].sort();
  if (codes.length > 0) {
    const known = await ctx.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM games WHERE game_code = ANY (${`{${codes.join(',')}}`}::text[])`,
    );
    if (known!.n !== codes.length) throw new RpcError(ErrorCode.recordNotFound, { field: 'gameCodes' });
  }
  return `{${codes.join(',')}}`;
}

async function write(ctx: CallContext, params: GameNoticeParams, noticeId?: string): Promise<string> {
  const texts = cleanTexts(params.title, params.content);
  const games = await checkedGames(ctx, params.gameCodes);
  let id: string;
  if (noticeId === undefined) {
    const row = await ctx.db.one<{ id: bigint }>(sql`INSERT INTO notices
        (site_id, kind, title, content, status, game_codes, start_time, end_time, created_by, created_at, updated_at)
      VALUES (${ctx.site.id}, 'game', ${texts.title}::jsonb, ${texts.content}::jsonb, 'published', ${games}::text[],
              ${params.startTime}::timestamptz, ${params.endTime}::timestamptz, ${ctx.session!.accountId}, ${ctx.now}, ${ctx.now})
      RETURNING id`);
    id = String(row!.id);
  } else {
    const row = await ctx.db.one<{ id: bigint }>(sql`UPDATE notices SET title = ${texts.title}::jsonb,
        content = ${texts.content}::jsonb, game_codes = ${games}::text[], start_time = ${params.startTime}::timestamptz,
        end_time = ${params.endTime}::timestamptz, updated_at = ${ctx.now}
      WHERE site_id = ${ctx.site.id} AND kind = 'game' AND id = ${noticeId} RETURNING id`);
    if (!row) throw new RpcError(ErrorCode.recordNotFound, { field: 'noticeId' });
    id = wireId(row.id);
  }
  // The platform is told by the push job, in the order of the changes, never by this request.
  await queuePush(ctx.db, ctx.site.id, 'notices', ctx.now);
  ctx.audit.targetId = id;
  ctx.audit.summary = `${noticeId === undefined ? 'ADD' : 'UPDATE'}_GAME_NOTICE ${id} ${params.title.zh}`.slice(0, 200);
  return id;
}

export const gameNoticeHandlers = (platformFor: PlatformFor) =>
  defineHandlers({
    'gw.credit.game.notice.add': async (ctx, params) => ({ noticeId: await write(ctx, params) }),

    'gw.credit.game.notice.update': async (ctx, params) => ({ noticeId: await write(ctx, params, params.noticeId) }),

    'gw.credit.game.notice.get': async (ctx, params) => {
      const where = sql`site_id = ${ctx.site.id} AND kind = 'game'${params.noticeId ? sql` AND id = ${params.noticeId}` : sql``}`;
      const total = await ctx.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM notices WHERE ${where}`);
      const rows = await ctx.db.rows<GameNoticeRow>(sql`SELECT id, title, content, game_codes, start_time, end_time, updated_at
          FROM notices WHERE ${where} ORDER BY id DESC
          ${pageQuery(params)}`);
      const waiting = await ctx.db.one(
        sql`SELECT 1 AS waiting FROM platform_pushes WHERE site_id = ${ctx.site.id} AND subject = 'notices'`,
      );
      const lobby = await platformFor(ctx.db).lobby({ siteId: ctx.site.id, now: ctx.now });
      return {
        total: total!.n,
        list: rows.map((row) => ({
          noticeId: wireId(row.id),
          title: row.title,
          content: row.content,
          gameCodes: row.game_codes ?? [],
          startTime: iso(row.start_time),
          endTime: iso(row.end_time),
          updatedAt: iso(row.updated_at),
          delivered: !waiting,
        })),
        lobby: {
          tables: lobby.tables,
          players: lobby.players,
          notices: lobby.notices.map((notice) => ({
            noticeId: notice.noticeId,
            title: localised(notice.title, ctx.language),
          })),
        },
      };
    },
  });
