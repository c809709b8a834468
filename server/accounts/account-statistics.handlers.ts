import { sql } from '../kernel/db/sql';
import { formatCents } from '../../contract/amount.contract';
import type { Level } from '../../contract/method.contract';
import { defineHandlers } from '../kernel/handler';
import { liveSession } from '../kernel/session.store';
import { accountInLine } from '../tree/line-access';
import { wireId } from '../kernel/db/ids';

/** Not a table's row: the accounts of one level and status, counted and summed. */
interface GroupRow {
  level: number;
  status: number;
  n: number;
  balance: bigint;
  bet_paused: number;
  exception_marked: number;
}

/** Adds a group's count under its key, keeping keys in ascending order. */
function countBy<K extends number>(groups: GroupRow[], key: (row: GroupRow) => K) {
  const counts = new Map<K, number>();
  for (const row of groups) counts.set(key(row), (counts.get(key(row)) ?? 0) + row.n);
  return [...counts.entries()].sort(([a], [b]) => a - b);
}

export const accountStatisticsHandlers = defineHandlers({
  /**
   * The downline strictly below an account of the caller's line: one grouped pass over the
   * line's path prefix (its index), and one count of live sessions in it.
   */
  'gw.credit.agent.statistics.query': async (ctx, params) => {
    const parent = await accountInLine(ctx, params.parentId ?? ctx.session!.accountId);
    const below = sql`a.site_id = ${ctx.site.id} AND a.path LIKE ${`${parent.path}%`} AND a.id <> ${parent.id}`;
    const groups = await ctx.db.rows<GroupRow>(sql`
      SELECT a.level, a.status, count(*)::int AS n, sum(a.balance) AS balance,
             (count(*) FILTER (WHERE a.bet_paused))::int AS bet_paused, (count(*) FILTER (WHERE a.exception_marked))::int AS exception_marked
        FROM accounts a WHERE ${below}
       GROUP BY a.level, a.status`);
    const online = await ctx.db.one<{ n: number }>(sql`
      SELECT count(DISTINCT s.account_id)::int AS n FROM sessions s JOIN accounts a ON a.id = s.account_id
       WHERE ${liveSession(ctx.now, ctx.site.idleTimeoutSeconds)} AND ${below}`);
    const sum = (column: 'n' | 'bet_paused' | 'exception_marked') => groups.reduce((total, row) => total + row[column], 0);
    return {
      userId: wireId(parent.id),
      total: sum('n'),
      byLevel: countBy(groups, (row) => row.level as Level).map(([level, count]) => ({ level, count })),
      byStatus: countBy(groups, (row) => row.status).map(([status, count]) => ({ status, count })),
      online: online?.n ?? 0,
      betPaused: sum('bet_paused'),
      exceptionMarked: sum('exception_marked'),
      balance: formatCents(groups.reduce((total, row) => total + row.balance, 0n)),
    };
  },
});
