import { scoreCheckMethods } from '../../contract/score-check.contract';
import { sql } from '../kernel/db/sql';
import { pageQuery } from '../kernel/db/page-query';
import { formatCents } from '../../contract/amount.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { CallContext } from '../kernel/call-context';
import { defineRouter } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import { toScoreCheck, type ScoreCheckDbRow, type ScoreCheckQueueRow } from '../points/score-check.repository';
import type { ScoreLogRow } from '../points/score-log.repository';
import { idArray } from '../kernel/db/ids';

/** The review queue: the site's score ups and downs at or above its score threshold (monitor_score_cents). */
async function queueOf(ctx: CallContext) {
  const site = await ctx.db.one<{ threshold: bigint }>(sql`SELECT monitor_score_cents AS threshold FROM sites WHERE id = ${ctx.site.id}`);
  const threshold = BigInt(site?.threshold ?? 0);
  return { threshold, where: sql`l.site_id = ${ctx.site.id} AND l.type IN ('up', 'down') AND l.amount >= ${String(threshold)}::bigint` };
}

export const scoreCheckRouter = defineRouter(scoreCheckMethods, {
  'gw.credit.score.check.query': async (ctx, params) => {
    const queue = await queueOf(ctx);
    const state =
      params.state === 'unchecked' ? sql` AND c.serial_no IS NULL` : params.state === 'checked' ? sql` AND c.serial_no IS NOT NULL` : sql``;
    const range = sql`${params.startTime ? sql` AND l.created_at >= ${new Date(params.startTime)}` : sql``}${
      params.endTime ? sql` AND l.created_at < ${new Date(params.endTime)}` : sql``
    }`;
    const from = sql`FROM score_log l LEFT JOIN score_checks c ON c.site_id = l.site_id AND c.serial_no = l.serial_no`;
    const counts = await ctx.db.one<{ total: bigint; unchecked: bigint }>(sql`
      SELECT count(*) FILTER (WHERE TRUE ${range}${state}) AS total, count(*) FILTER (WHERE c.serial_no IS NULL) AS unchecked
        ${from} WHERE ${queue.where}`);
    // Unchecked ones oldest first (the order they wait in); checked ones newest check first.
    const order = params.state === 'checked' ? sql`c.checked_at DESC, l.serial_no DESC` : sql`l.serial_no`;
    const rows = await ctx.db.rows<ScoreCheckQueueRow>(sql`
      SELECT l.serial_no, l.type, l.created_at, l.amount, p.login_id AS parent_login, ch.login_id AS child_login, ch.level AS child_level,
             l.operator_login, l.operator_ip, l.comment, c.checked_login, c.checked_at
        ${from}
        JOIN accounts ch ON ch.id = l.target_account_id
        JOIN accounts p ON p.id = CASE WHEN l.type = 'up' THEN l.from_account_id ELSE l.to_account_id END
       WHERE ${queue.where}${range}${state}
       ORDER BY ${order}
       ${pageQuery(params)}`);
    return {
      total: Number(counts?.total ?? 0),
      unchecked: Number(counts?.unchecked ?? 0),
      threshold: formatCents(queue.threshold),
      list: rows.map(toScoreCheck),
    };
  },

  'gw.credit.score.check.mark': async (ctx, params) => {
    const session = ctx.session!;
    // One login's checks are serialised, so two parallel calls cannot both pass the interval check.
    await ctx.db.run(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`score-check:${ctx.site.id}:${session.loginId}`}, 0))`);
    const interval = ctx.site.minScoreIntervalMs;
    if (interval > 0) {
      const last = await ctx.db.one<{ at: ScoreCheckDbRow['checked_at'] }>(sql`
        SELECT checked_at AS at FROM score_checks WHERE site_id = ${ctx.site.id} AND checked_login = ${session.loginId}
         ORDER BY checked_at DESC LIMIT 1`);
      if (last && ctx.now.getTime() - new Date(last.at).getTime() < interval) throw new RpcError(ErrorCode.auditTooFrequent);
    }
    const queue = await queueOf(ctx);
    const serials = params.serialNos.map((serial) => BigInt(serial).toString());
    const found = await ctx.db.rows<Pick<ScoreLogRow, 'serial_no'> & { checked: boolean }>(sql`
      SELECT l.serial_no, c.serial_no IS NOT NULL AS checked
        FROM score_log l LEFT JOIN score_checks c ON c.site_id = l.site_id AND c.serial_no = l.serial_no
       WHERE ${queue.where} AND l.serial_no = ANY (${idArray(serials)})`);
    if (found.length !== serials.length) throw new RpcError(ErrorCode.illegalOperation, { field: 'serialNos', rule: 'not-in-queue' });
    const fresh = found.filter((row) => !row.checked).map((row) => String(row.serial_no));
    if (fresh.length > 0) {
      await ctx.db.run(sql`
        INSERT INTO score_checks (site_id, serial_no, checked_by, checked_login, checked_at)
        SELECT ${ctx.site.id}, serial, ${session.accountId}::bigint, ${session.loginId}, ${ctx.now}
          FROM unnest(${idArray(fresh)}) AS serial`);
    }
    ctx.audit.summary = `CHECK_SCORE ${fresh.length}${fresh.length ? `: ${fresh.join(',')}` : ''}`.slice(0, 500);
    return { checked: fresh.length, alreadyChecked: serials.length - fresh.length };
  },
});
