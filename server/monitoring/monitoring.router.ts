import { wireId } from '../kernel/db/ids';
import { sql, type SQL } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import { formatCents } from '../../contract/amount.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { COMPANY_LIMIT_STOPS_SHOWN, monitorMethods } from '../../contract/monitoring.contract';
import type { AccountRow } from '../tree/account.repository';
import type { Queryable } from '../kernel/db/database';
import { insertFile } from '../files/file.repository';
import { companyLimitStops } from '../tree/company-limit';
import { contentTypes, writeExport } from '../files/export-writer';
import { exportText } from '../files/export-text';
import type { CallContext } from '../kernel/call-context';
import { defineRouter } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { toWatchedAccount, type WatchedAccountRow } from './monitor-event.repository';
import { platformHealth } from './platform-health.repository';
import { raiseLiveEvent } from '../events/live-events.service';

type Side = 'agents' | 'members';
const levelsOf: Record<Side, SQL> = { agents: sql`BETWEEN 1 AND 4`, members: sql`= 5` };

/** Unseen events of the site's watched agents and members, in one indexed read. */
export async function monitorCounts(db: Queryable, siteId: string): Promise<{ agentCount: number; userCount: number }> {
  const row = await db.one<{ agents: bigint; members: bigint }>(sql`
    SELECT count(*) FILTER (WHERE level < 5) AS agents, count(*) FILTER (WHERE level = 5) AS members
      FROM monitor_events WHERE site_id = ${siteId} AND seen_at IS NULL`);
  return { agentCount: Number(row?.agents ?? 0), userCount: Number(row?.members ?? 0) };
}

/** The watched accounts of one side, most unseen events first, each with its latest event. */
async function watchedPage(db: Queryable, siteId: string, side: Side, page: { pageIndex: number; pageSize: number }) {
  const watched = sql`a.site_id = ${siteId} AND a.level ${levelsOf[side]} AND (a.monitored OR a.exception_marked)`;
  const total = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM accounts a WHERE ${watched}`);
  const rows = await db.rows<WatchedAccountRow>(sql`
    SELECT a.id, a.login_id, a.nickname, a.level, p.login_id AS parent_login, a.status, a.balance, a.monitored, a.exception_marked,
           (SELECT count(*) FROM monitor_events u WHERE u.account_id = a.id AND u.seen_at IS NULL) AS unseen,
           e.kind, e.amount, e.detail, e.created_at
      FROM accounts a
      LEFT JOIN accounts p ON p.id = a.parent_id
      LEFT JOIN LATERAL (SELECT kind, amount, detail, created_at FROM monitor_events m
                          WHERE m.account_id = a.id ORDER BY m.id DESC LIMIT 1) e ON true
     WHERE ${watched}
     ORDER BY unseen DESC, e.created_at DESC NULLS LAST, a.login_id
     ${pageQuery(page)}`);
  return { total: total?.n ?? 0, list: rows.map(toWatchedAccount) };
}

/** An account of the caller's site on the given side, else the side's "does not exist". */
async function accountOfSide(ctx: CallContext, userId: string, side: Side) {
  const row = await ctx.db.one<Pick<AccountRow, 'id' | 'login_id' | 'monitored'>>(
    sql`SELECT id, login_id, monitored FROM accounts WHERE id = ${userId} AND site_id = ${ctx.site.id} AND level ${levelsOf[side]} FOR UPDATE`,
  );
  if (!row) throw new RpcError(side === 'members' ? ErrorCode.memberNotFound : ErrorCode.accountNotFound);
  return row;
}

async function setWatched(ctx: CallContext, userId: string, side: Side, monitored: boolean) {
  const account = await accountOfSide(ctx, userId, side);
  if (account.monitored !== monitored) await ctx.db.run(sql`UPDATE accounts SET monitored = ${monitored} WHERE id = ${account.id}`);
  ctx.audit.targetId = wireId(account.id);
  ctx.audit.summary = `${monitored ? 'WATCH' : 'UNWATCH'} ${account.login_id}`;
  ctx.audit.changes = [{ field: 'monitored', before: account.monitored, after: monitored }];
  return { userId: wireId(account.id), monitored };
}

/** Every watched account of one side as an xlsx file for the caller (24 hours). */
async function exportWatched(ctx: CallContext, side: Side) {
  const { list } = await watchedPage(ctx.db, ctx.site.id, side, { pageIndex: 1, pageSize: 100_000 });
  const text = (key: string) => exportText(ctx.language, key);
  const { bytes } = await writeExport({
    format: 'xlsx',
    sheetName: text(side === 'agents' ? 'monitor.agents' : 'monitor.members'),
    header: ['loginId', 'nickname', 'parent', 'balance', 'unseen', 'latest', 'amount', 'detail', 'time'].map((key) =>
      text(`monitor.column.${key}`),
    ),
    pages: (async function* () {
      yield list.map((row) => [
        row.loginId,
        row.nickname,
        row.parentLoginId,
        { number: row.balance },
        String(row.unseen),
        row.latest ? text(`monitor.kind.${row.latest.kind}`) : '',
        row.latest?.amount ? { number: row.latest.amount } : '',
        row.latest?.detail ?? '',
        row.latest?.time ?? '',
      ]);
    })(),
    progress: async () => undefined,
  });
  const fileId = await insertFile(ctx.db, {
    siteId: ctx.site.id,
    ownerId: ctx.session!.accountId,
    name: `${side === 'agents' ? 'watched-agents' : 'watched-members'}.xlsx`,
    contentType: contentTypes.xlsx,
    bytes,
    now: ctx.now,
  });
  ctx.audit.summary = `EXPORT_WATCHED_${side.toUpperCase()} ${list.length}`;
  return { fileId };
}

/** The caller's site's platform health (every site has a row in `sites`). */
async function siteHealth(ctx: CallContext) {
  const [health] = await platformHealth(ctx.db, ctx.now, ctx.site.id);
  if (!health) throw new Error(`no site ${ctx.site.id}`);
  return health;
}

export const monitoringRouter = defineRouter(monitorMethods, {
  // The switch comes with the site row the dispatcher read for this call: one statement per poll.
  'gw.credit.user.monitor.redpoint.count': async (ctx) => ({
    ...(await monitorCounts(ctx.db, ctx.site.id)),
    warningSwitch: ctx.site.warningSwitch,
    // The platform's health lights the same dot: a lagging feed or a transfer stuck pending.
    platformAlert: (await siteHealth(ctx)).alert,
  }),
  'gw.credit.agent.to.company.limit.query': async (ctx) => ({
    list: (await companyLimitStops(ctx.db, ctx.site.id, COMPANY_LIMIT_STOPS_SHOWN)).map((row) => ({
      userId: wireId(row.account_id),
      loginId: row.login_id,
      level: Number(row.level),
      gameType: row.game_type,
      used: formatCents(BigInt(row.used)),
      limit: formatCents(BigInt(row.agent_to_company_limit)),
    })),
  }),
  'gw.credit.platform.health': async (ctx) => siteHealth(ctx),
  'gw.credit.user.monitor.query': async (ctx, params) => ({
    ...(await watchedPage(ctx.db, ctx.site.id, 'members', params)),
    userCount: (await monitorCounts(ctx.db, ctx.site.id)).userCount,
  }),
  'gw.credit.agent.monitor.query': async (ctx, params) => ({
    ...(await watchedPage(ctx.db, ctx.site.id, 'agents', params)),
    agentCount: (await monitorCounts(ctx.db, ctx.site.id)).agentCount,
  }),
  'gw.credit.user.monitor.set': async (ctx, params) => setWatched(ctx, params.userId, 'members', params.monitored),
  'gw.credit.agent.monitor.add': async (ctx, params) => setWatched(ctx, params.userId, 'agents', true),
  'gw.credit.agent.monitor.delete': async (ctx, params) => setWatched(ctx, params.userId, 'agents', false),
  'gw.credit.user.monitor.seen': async (ctx, params) => {
    const account = await ctx.db.one<Pick<AccountRow, 'id' | 'login_id'>>(
      sql`SELECT id, login_id FROM accounts WHERE id = ${params.userId} AND site_id = ${ctx.site.id} AND level > 0`,
    );
    if (!account) throw new RpcError(ErrorCode.accountNotFound);
    const seen = await ctx.db.run(sql`UPDATE monitor_events SET seen_at = ${ctx.now} WHERE account_id = ${account.id} AND seen_at IS NULL`);
    ctx.audit.targetId = wireId(account.id);
    if (seen > 0) await raiseLiveEvent(ctx.db, ctx.site.id, { kind: 'monitoring' });
    ctx.audit.summary = `SEEN ${account.login_id} ${seen}`;
    return { userId: wireId(account.id), seen };
  },
  'gw.credit.user.monitor.export': async (ctx) => exportWatched(ctx, 'members'),
  'gw.credit.agent.monitor.export': async (ctx) => exportWatched(ctx, 'agents'),
});
