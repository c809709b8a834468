import { sql } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import { formatCents } from '../../contract/amount.contract';
import { dealRecordMethods, type DealKind, type DealRow } from '../../contract/deal-record.contract';
import { accountOfLine } from '../tree/line-access';
import { iso } from '../kernel/db/timestamps';
import { defineRouter } from '../kernel/handler';
import { wireId } from '../kernel/db/ids';

/** Not a table's row: one line of the account's dealings, from score_log and bets alike (a UNION of both). */
interface DealDbRow {
  kind: DealKind;
  t: Date | string;
  reference: string;
  state: string;
  counterpart: string | null;
  change: bigint;
  balance: bigint;
  platform_change: bigint;
  platform_balance: bigint;
  stake: bigint | null;
  detail: string;
  game_code: string | null;
  bet_code: string | null;
  round_no: string | null;
}

const points = (value: bigint) => formatCents(BigInt(value));

export const dealRecordRouter = defineRouter(dealRecordMethods, {
  'gw.credit.deal.record.query': async (ctx, params) => {
    const account = await accountOfLine(ctx, params.userId);
    const id = wireId(account.id);
    const start = new Date(params.startTime);
    const end = new Date(params.endTime);
    const member = account.level === 5;
    // The account's side of a score-log row: the target's balance, or the parent's (operator) side of an up or down.
    const mine = sql`l.site_id = ${ctx.site.id} AND (l.target_account_id = ${id}::bigint OR (l.operator_account_id = ${id}::bigint AND l.type IN ('up', 'down')))`;
    const own = sql`l.target_account_id = ${id}::bigint`;
    // At the platform, a transfer in counts once it is done, an out unless it returns a reversed in.
    const platformDelta = sql`CASE WHEN NOT ${own} THEN 0 WHEN l.type = 'in' AND l.state = 'done' THEN l.amount
                                   WHEN l.type = 'out' AND l.reversal_of IS NULL THEN -l.amount ELSE 0 END`;
    const settled = sql`b.member_id = ${id}::bigint AND b.site_id = ${ctx.site.id} AND b.status IN ('settled', 'resettled')`;

    // The balance before the range is today's balance less every change from its start on, so the
    // running column is the rows shown, in the order shown, whatever order their serials took.
    const myChange = sql`CASE WHEN ${own} THEN l.after - l.before ELSE l.operator_after - l.operator_before END`;
    const opening = await ctx.db.one<{ balance: bigint | null; platform: bigint | null }>(sql`
      SELECT (SELECT a.balance FROM accounts a WHERE a.id = ${id}::bigint)
           - (SELECT COALESCE(sum(${myChange}), 0) FROM score_log l WHERE ${mine} AND l.created_at >= ${start}) AS balance,
             ${
               member
                 ? sql`(SELECT COALESCE(sum(${platformDelta}), 0) FROM score_log l WHERE ${own} AND l.site_id = ${ctx.site.id}
                         AND l.type IN ('in', 'out') AND l.created_at < ${start})
                     + (SELECT COALESCE(sum(b.win_loss), 0) FROM bets b WHERE ${settled} AND COALESCE(b.settle_time, b.bet_time) < ${start})`
                 : sql`0`
             } AS platform`);
    const openingBalance = BigInt(opening?.balance ?? 0);
    const openingPlatform = BigInt(opening?.platform ?? 0);

    const rows = sql`
      SELECT l.created_at AS t, 0 AS src, l.serial_no AS serial, ''::text AS order_id, l.type AS kind, l.serial_no::text AS reference,
             l.state, o.login_id AS counterpart,
             ${myChange} AS change,
             ${platformDelta} AS platform_change, NULL::bigint AS stake, l.comment AS detail,
             NULL::text AS game_code, NULL::text AS bet_code, NULL::text AS round_no
        FROM score_log l
        LEFT JOIN accounts o ON o.id = CASE WHEN NOT ${own} THEN l.target_account_id
                                            WHEN l.from_account_id = ${id}::bigint THEN l.to_account_id ELSE l.from_account_id END
       WHERE ${mine} AND l.created_at >= ${start} AND l.created_at < ${end}
      ${
        member
          ? sql`UNION ALL
      SELECT b.settle_time, 1, NULL, b.order_id, 'bet', b.order_id, b.status, b.game_name, 0, b.win_loss, b.bet,
             b.game_code || ' ' || b.round_no, b.game_code, b.bet_code, b.round_no
        FROM bets b
       WHERE ${settled} AND COALESCE(b.settle_time, b.bet_time) >= ${start} AND COALESCE(b.settle_time, b.bet_time) < ${end}`
          : sql``
      }`;
    const counted = await ctx.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${rows}) r`);
    // Running columns over the whole range, then the page: both sum the rows' changes in the order
    // shown (a bet changes only the platform balance).
    const page = await ctx.db.rows<DealDbRow>(sql`
      WITH ordered AS (
        SELECT r.*, row_number() OVER (ORDER BY r.t, r.src, r.serial, r.order_id) AS n FROM (${rows}) r
      )
      SELECT kind, t, reference, state, counterpart, change, platform_change, stake, detail, game_code, bet_code, round_no,
             ${String(openingBalance)}::bigint + sum(change) OVER (ORDER BY n) AS balance,
             ${String(openingPlatform)}::bigint + sum(platform_change) OVER (ORDER BY n) AS platform_balance
        FROM ordered
       ORDER BY n
       ${pageQuery(params)}`);
    return {
      loginId: account.login_id,
      level: account.level,
      total: counted?.n ?? 0,
      opening: { balance: points(openingBalance), platformBalance: member ? points(openingPlatform) : null },
      list: page.map((row): DealRow => ({
        kind: row.kind,
        time: iso(row.t),
        reference: row.reference,
        state: row.state,
        counterpart: row.counterpart ?? '',
        change: points(row.change),
        balance: points(row.balance),
        platformChange: points(row.platform_change),
        platformBalance: member ? points(row.platform_balance) : null,
        stake: row.stake === null ? null : points(row.stake),
        detail: row.detail,
        bet: row.game_code === null ? null : { gameCode: row.game_code, betCode: row.bet_code ?? '', round: row.round_no ?? '' },
      })),
    };
  },
});
