import { pageQuery } from '../kernel/db/page-query';
import { wireId } from '../kernel/db/ids';
import { sql } from '../kernel/db/sql';
import { isMemberLevel } from '../../contract/account-levels.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { Device } from '../../contract/game.contract';
import type { AccountRow } from '../tree/account.repository';
import { accountInLine, childOfKind } from '../tree/line-access';
import { defineHandlers } from '../kernel/handler';
import { toGameRound, type GameRoundListRow } from './game-round.store';
import { siteGames } from './game.repository';
import { queuePush } from '../platform/push-queue';
import { RpcError } from '../kernel/rpc-error';

/** A member's device switches. */
type DeviceRow = Pick<AccountRow, 'id' | 'device_pc' | 'device_h5' | 'device_app'>;

const deviceColumn = { pc: sql`device_pc`, h5: sql`device_h5`, app: sql`device_app` } satisfies Record<Device, unknown>;

const switchesOf = (row: DeviceRow) => ({
  userId: wireId(row.id),
  devices: { pc: row.device_pc, h5: row.device_h5, app: row.device_app },
});

export const gameHandlers = defineHandlers({
  'gw.credit.game.result.query': async (ctx, params) => {
    const conditions = [
      sql`ended_at >= ${params.startTime}::timestamptz`,
      sql`ended_at < ${params.endTime}::timestamptz`,
      // A spin is its member's site's alone; a live table's round (no site) is every site's.
      sql`(site_id = ${ctx.site.id} OR (site_id IS NULL AND game_code IN (SELECT game_code FROM games WHERE game_type = 'live')))`,
    ];
    if (params.gameCode !== undefined) conditions.push(sql`game_code = ${params.gameCode}`);
    if (params.gameId !== undefined) conditions.push(sql`game_id = ${params.gameId}`);
    if (params.round !== undefined) conditions.push(sql`round_no = ${params.round}`);
    const where = sql.join(conditions, sql` AND `);
    const counted = await ctx.db.one<{ total: bigint }>(sql`SELECT count(*) AS total FROM game_rounds WHERE ${where}`);
    const rows = await ctx.db.rows<GameRoundListRow>(sql`
      SELECT game_code, game_id, round_no, started_at, ended_at, result
        FROM game_rounds WHERE ${where}
       ORDER BY ended_at DESC, game_id, round_no DESC
       ${pageQuery(params)}`);
    return {
      total: Number(counted!.total),
      list: rows.map(toGameRound),
    };
  },

  'gw.credit.game.list': async (ctx) => {
    const rows = await siteGames(ctx.db, ctx.site.id);
    return { list: rows.map((row) => ({ gameCode: row.game_code, gameType: row.game_type, gameName: row.game_name, open: row.open })) };
  },

  'gw.credit.game.switch': async (ctx, params) => {
    const game = (await siteGames(ctx.db, ctx.site.id)).find((row) => row.game_code === params.gameCode);
    if (!game) throw new RpcError(ErrorCode.recordNotFound, { field: 'gameCode' });
    if (game.open !== params.open) {
      await ctx.db.run(
        params.open
          ? sql`DELETE FROM site_games_closed WHERE site_id = ${ctx.site.id} AND game_code = ${game.game_code}`
          : sql`INSERT INTO site_games_closed (site_id, game_code, closed_at) VALUES (${ctx.site.id}, ${game.game_code}, ${ctx.now})
                ON CONFLICT DO NOTHING`,
      );
      // The platform is told by the push job (within a second where jobs run), never by this request.
      await queuePush(ctx.db, ctx.site.id, 'games', ctx.now);
      ctx.audit.changes = [{ field: `games.${game.game_code}`, before: game.open, after: params.open }];
    }
    ctx.audit.summary = `${params.open ? 'OPEN_GAME' : 'CLOSE_GAME'} ${game.game_code}`;
    return { gameCode: game.game_code, open: params.open };
  },

  'gw.credit.user.device.switch.get': async (ctx, params) => {
    const account = await accountInLine(ctx, params.userId);
    if (!isMemberLevel(account.level)) throw new RpcError(ErrorCode.illegalOperation, { field: 'userId', rule: 'not-a-member' });
    const row = await ctx.db.one<DeviceRow>(sql`SELECT id, device_pc, device_h5, device_app FROM accounts WHERE id = ${account.id}`);
    return switchesOf(row!);
  },

  'gw.credit.user.device.switch.set': async (ctx, params) => {
    const child = await childOfKind(ctx, params.userId, 'member');
    const column = deviceColumn[params.device];
    const before = await ctx.db.one<DeviceRow>(sql`SELECT id, device_pc, device_h5, device_app FROM accounts WHERE id = ${child.id}`);
    const was = switchesOf(before!).devices[params.device];
    const row = await ctx.db.one<DeviceRow>(
      sql`UPDATE accounts SET ${column} = ${params.enabled} WHERE id = ${child.id} RETURNING id, device_pc, device_h5, device_app`,
    );
    ctx.audit.targetId = wireId(child.id);
    ctx.audit.summary = `${params.enabled ? 'ENABLE_DEVICE' : 'DISABLE_DEVICE'} ${params.device} ${child.login_id}`;
    if (was !== params.enabled) ctx.audit.changes = [{ field: `devices.${params.device}`, before: was, after: params.enabled }];
    return switchesOf(row!);
  },
});
