import { sql } from '../kernel/db/sql';
import { reconciliationMethods } from '../../contract/reconciliation.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { pageQuery } from '../kernel/db/page-query';
import { rowId, wireId } from '../kernel/db/ids';
import { defineRouter } from '../kernel/handler';
import { RpcError } from '../kernel/rpc-error';
import type { PlatformFor } from '../platform/game-platform';
import { completeTo } from '../reports/complete-to.repository';
import { differenceOf, runOf, RUN_COLUMNS, type DifferenceRow, type RunRow } from './reconciliation-list.repository';
import { inFlight } from './in-flight.repository';
import { reconcileSite, todayWindow } from './reconciliation-job';

/** The reconciliation screen's methods (contract/reconciliation.contract.ts): runs, their differences, resolving one, the transfers in flight, a run now. */
export const reconciliationRouter = (platformFor: PlatformFor) =>
  defineRouter(reconciliationMethods, {
    'gw.credit.reconciliation.run.query': async (ctx, params) => {
      const where = sql`r.site_id = ${ctx.site.id}${params.state ? sql` AND r.state = ${params.state}` : sql``}`;
      const total = await ctx.db.one<{ n: bigint }>(sql`SELECT count(*) AS n FROM reconciliation_runs r WHERE ${where}`);
      const rows = await ctx.db.rows<RunRow>(sql`SELECT ${RUN_COLUMNS} FROM reconciliation_runs r WHERE ${where}
        ORDER BY r.started_at DESC, r.id DESC ${pageQuery(params)}`);
      return { total: Number(total?.n ?? 0), list: rows.map(runOf), completeTo: await completeTo(ctx.db, ctx.site.id) };
    },

    'gw.credit.reconciliation.difference.query': async (ctx, params) => {
      const run = await ctx.db.one(sql`SELECT 1 FROM reconciliation_runs WHERE id = ${rowId(params.runId)} AND site_id = ${ctx.site.id}`);
      if (!run) throw new RpcError(ErrorCode.recordNotFound, { field: 'runId' });
      const where = sql`d.run_id = ${rowId(params.runId)}${params.open ? sql` AND d.resolved_at IS NULL` : sql``}`;
      const total = await ctx.db.one<{ n: bigint }>(sql`SELECT count(*) AS n FROM reconciliation_differences d WHERE ${where}`);
      const rows = await ctx.db.rows<DifferenceRow>(sql`
        SELECT d.*, a.login_id AS member_login FROM reconciliation_differences d
          LEFT JOIN accounts a ON a.id = d.member_id AND a.site_id = d.site_id
         WHERE ${where} ORDER BY d.resolved_at IS NOT NULL, d.id ${pageQuery(params)}`);
      return { total: Number(total?.n ?? 0), list: rows.map(differenceOf) };
    },

    'gw.credit.reconciliation.difference.resolve': async (ctx, params) => {
      const id = rowId(params.differenceId);
      const found = await ctx.db.one<{ resolved_at: Date | null; class: string; ref: string }>(sql`
        SELECT resolved_at, class, ref FROM reconciliation_differences WHERE id = ${id} AND site_id = ${ctx.site.id} FOR UPDATE`);
      if (!found) throw new RpcError(ErrorCode.recordNotFound, { field: 'differenceId' });
      if (found.resolved_at !== null) throw new RpcError(ErrorCode.illegalOperation, { field: 'differenceId', rule: 'already-resolved' });
      const by = ctx.session!.loginId;
      await ctx.db.run(sql`UPDATE reconciliation_differences SET resolved_at = ${ctx.now}, resolved_by = ${by}, note = ${params.note}
        WHERE id = ${id}`);
      ctx.audit.summary = `RECONCILIATION_RESOLVE ${params.differenceId} ${found.class} ${found.ref}: ${params.note}`.slice(0, 500);
      return { differenceId: wireId(id!), resolvedAt: ctx.now.toISOString(), resolvedBy: by };
    },

    'gw.credit.reconciliation.inflight.query': (ctx) => inFlight(ctx.db, ctx.site.id, ctx.now),

    'gw.credit.reconciliation.run.start': async (ctx) => {
      const window = await todayWindow(ctx.db, ctx.site.id, ctx.now);
      const outcome = await reconcileSite(ctx.db, platformFor, { kind: 'intraday', window, now: ctx.now });
      ctx.audit.summary = `RECONCILIATION_RUN ${outcome.runId} ${outcome.state} ${outcome.differences.length}`;
      const row = await ctx.db.one<RunRow>(sql`SELECT ${RUN_COLUMNS} FROM reconciliation_runs r WHERE r.id = ${rowId(outcome.runId)}`);
      return runOf(row!);
    },
  });
