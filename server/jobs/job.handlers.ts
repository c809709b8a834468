import { ErrorCode } from '../../contract/errors.contract';
import { LOGIN_ID_PATTERN } from '../../contract/patterns.contract';
import { checkChildLimits, checkMemberLimit } from '../accounts/account-add.service';
import { accountInLine, callerMayChangeDownline } from '../tree/line-access';
import { hashSecret } from '../kernel/password';
import type { CallContext } from '../kernel/call-context';
import { defineHandlers } from '../kernel/handler';
import { errorMessage } from '../kernel/messages';
import { RpcError } from '../kernel/rpc-error';
import { MAX_EXPORT_ROWS } from '../../contract/job.contract';
import { exportSources, type ExportParams, type ExportSourceName } from './export-sources';
import { batchLoginId, type AddBatchParams, type BulkStatusParams } from './job-kinds';
import { checkJobRights } from './job-access';
import type { JobRunner } from './job-runner';
import { findOwnJob, insertJob, type JobKind } from './job.repository';

/** Stores a job in the creating call's transaction; the runner is woken once that commits. */
async function startJob(
  ctx: CallContext,
  jobs: Pick<JobRunner, 'kick'>,
  kind: JobKind,
  total: number,
  params: AddBatchParams | BulkStatusParams | ExportParams,
) {
  const session = ctx.session!;
  const jobId = await insertJob(ctx.db, {
    siteId: ctx.site.id,
    ownerId: session.accountId,
    subAccountId: session.subAccountId,
    ip: ctx.ip,
    kind,
    total,
    params,
    requestId: ctx.requestId,
    now: ctx.now,
  });
  const unit = kind === 'export' ? 'rows' : kind === 'user.add.batch' ? 'members' : 'accounts';
  ctx.audit.summary = `job ${jobId} ${kind}: ${total} ${unit}`;
  ctx.afterCommit(() => jobs.kick());
  return { jobId };
}

/**
 * The accounts of a bulk status change, each named once: any of them outside the caller's
 * line or site refuses the whole call (20002), as does a frozen caller or line.
 */
async function bulkTargets(ctx: CallContext, userIds: string[]): Promise<string[]> {
  await callerMayChangeDownline(ctx);
  const unique = [...new Set(userIds)];
  for (const userId of unique) await accountInLine(ctx, userId);
  return unique;
}

/**
 * An export of a list as a job: the list's own rights checks and row count now, the rows later
 * in the background (export-sources.ts). Too many rows are refused before any job exists.
 */
async function startExport(
  ctx: CallContext,
  jobs: Pick<JobRunner, 'kick'>,
  source: ExportSourceName,
  params: { format: ExportParams['format'] } & Record<string, unknown>,
) {
  const { format, ...filters } = params;
  const { total, snapshot } = await exportSources[source].prepare(ctx, filters);
  if (total > MAX_EXPORT_ROWS) throw new RpcError(ErrorCode.invalidParams, { field: 'params', rule: 'export-too-large' });
  return startJob(ctx, jobs, 'export', total, { source, format, language: ctx.language, filters, snapshot });
}

/**
 * The account namespace's methods that run as jobs (a batch of members, a bulk status change,
 * the exports of the account lists) and the job's progress: the account router takes them from
 * here (the jobs layer stands above it), by way of the gateway's composition.
 */
export function accountJobHandlers(jobs: Pick<JobRunner, 'kick'>) {
  return defineHandlers({
    'gw.credit.user.add.batch': async (ctx, params) => {
      // The longest name decides: prefix and number must still make a valid login id.
      if (!LOGIN_ID_PATTERN.test(batchLoginId(params.prefix, params.start + params.count - 1))) {
        throw new RpcError(ErrorCode.invalidParams, { field: 'prefix', rule: 'login-id' });
      }
      const parent = await checkChildLimits(ctx, { pointLimit: params.pointLimit, validAmountRate: params.validAmountRate });
      // A batch that cannot fit is refused whole; each item checks again when it runs.
      await checkMemberLimit(ctx, parent.id, params.count);
      const [passwordHash, safeCodeHash] = await Promise.all([hashSecret(params.password), hashSecret(params.safeCode)]);
      const { prefix, start, count, pointLimit, validAmountRate } = params;
      return startJob(ctx, jobs, 'user.add.batch', count, {
        prefix,
        start,
        count,
        passwordHash,
        safeCodeHash,
        pointLimit,
        validAmountRate,
      });
    },
    'gw.credit.user.all.enable': async (ctx, params) => {
      const userIds = await bulkTargets(ctx, params.userIds);
      return startJob(ctx, jobs, 'user.all.enable', userIds.length, { userIds });
    },
    'gw.credit.user.all.disable': async (ctx, params) => {
      const userIds = await bulkTargets(ctx, params.userIds);
      return startJob(ctx, jobs, 'user.all.disable', userIds.length, { userIds, mode: params.mode });
    },
    'gw.credit.agent.export': (ctx, params) => startExport(ctx, jobs, 'gw.credit.agent.query', params),
    'gw.credit.user.export': (ctx, params) => startExport(ctx, jobs, 'gw.credit.user.query', params),
    'gw.credit.job.get': async (ctx, params) => {
      const job = await findOwnJob(ctx.db, {
        siteId: ctx.site.id,
        ownerId: ctx.session!.accountId,
        subAccountId: ctx.session!.subAccountId,
        jobId: params.jobId,
      });
      if (!job) throw new RpcError(ErrorCode.recordNotFound);
      checkJobRights(ctx.session!, ctx.site, job);
      return {
        jobId: job.id,
        kind: job.kind,
        status: job.status,
        done: job.done,
        total: job.total,
        ...(job.fileId ? { fileId: job.fileId } : {}),
        results: job.results.map((item) => ({
          loginId: item.loginId,
          ...(item.userId ? { userId: item.userId } : {}),
          ...(item.error ? { error: { ...item.error, message: errorMessage(item.error.code, ctx.language) } } : {}),
        })),
      };
    },
  });
}

/** The game namespace's export of the bet record, as a job. */
export function gameJobHandlers(jobs: Pick<JobRunner, 'kick'>) {
  return defineHandlers({
    'gw.credit.bet.export': (ctx, params) => startExport(ctx, jobs, 'gw.credit.bet.query', params),
  });
}

/** The points namespace's export of the score log, as a job. */
export function pointsJobHandlers(jobs: Pick<JobRunner, 'kick'>) {
  return defineHandlers({
    'gw.credit.score.log.export': (ctx, params) => startExport(ctx, jobs, 'gw.credit.score.log.query', params),
  });
}
