import { exposureMethods } from '../../contract/exposure.contract';
import { sql } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import { formatCents } from '../../contract/amount.contract';
import type { AccountRow } from '../tree/account.repository';
import { accountOfLine } from '../tree/line-access';
import { iso } from '../kernel/db/timestamps';
import { defineRouter } from '../kernel/handler';
import { wireId } from '../kernel/db/ids';

/** Not a table's row: an account (a member, or a child of the top) with its unsettled bets summed. */
type ExposureDbRow = Pick<AccountRow, 'id' | 'login_id' | 'level'> & {
  parent_login: string | null;
  bets: number;
  stake: bigint;
  largest: bigint;
  latest: Date | string;
};

export const exposureRouter = defineRouter(exposureMethods, {
  'gw.credit.exposure.query': async (ctx, params) => {
    const top = await accountOfLine(ctx, params.userId);
    // Unsettled bets are few at any moment (the partial index bets_unsettled): summed as they are.
    const open = sql`b.site_id = ${ctx.site.id} AND b.status = 'unsettled' AND b.line_path LIKE ${`${top.path}%`}`;
    const sum = await ctx.db.one<{ bets: number; stake: bigint | null }>(
      sql`SELECT count(*)::int AS bets, sum(b.bet) AS stake FROM bets b WHERE ${open}`,
    );
    const page = pageQuery(params);
    const grouped =
      params.view === 'member'
        ? sql`SELECT a.id, a.login_id, a.level, p.login_id AS parent_login, count(*)::int AS bets, sum(b.bet) AS stake, max(b.bet) AS largest,
                     max(b.bet_time) AS latest
                FROM bets b JOIN accounts a ON a.id = b.member_id LEFT JOIN accounts p ON p.id = a.parent_id
               WHERE ${open}
               GROUP BY a.id, a.login_id, a.level, p.login_id`
        : sql`SELECT c.id, c.login_id, c.level, ${top.login_id}::text AS parent_login, count(*)::int AS bets, sum(b.bet) AS stake,
                     max(b.bet) AS largest, max(b.bet_time) AS latest
                FROM accounts c JOIN bets b ON b.line_path LIKE c.path || '%'
               WHERE c.parent_id = ${top.id} AND ${open}
               GROUP BY c.id, c.login_id, c.level`;
    const counted = await ctx.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${grouped}) g`);
    const rows = await ctx.db.rows<ExposureDbRow>(sql`SELECT * FROM (${grouped}) g ORDER BY g.stake DESC, g.login_id ${page}`);
    return {
      total: counted?.n ?? 0,
      sum: { bets: sum?.bets ?? 0, stake: formatCents(sum?.stake ?? 0n) },
      list: rows.map((row) => ({
        userId: wireId(row.id),
        loginId: row.login_id,
        level: row.level,
        parentLoginId: row.parent_login ?? '',
        bets: row.bets,
        stake: formatCents(row.stake),
        largest: formatCents(row.largest),
        latestBetTime: iso(row.latest),
      })),
    };
  },
});
