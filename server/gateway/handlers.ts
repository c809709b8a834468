import packageJson from '../../package.json' with { type: 'json' };
import { contract, type MethodName } from '../../contract/methods.contract';
import { accountRouter } from '../accounts/account.router';
import { auditRouter } from '../audit/audit.router';
import { authRouter } from '../auth/auth.router';
import { dealRecordRouter } from '../deal-record/deal-record.router';
import { exposureRouter } from '../exposure/exposure.router';
import { betDetailRouter } from '../games/bet-detail.router';
import { gameRouter } from '../games/game.router';
import { accountJobHandlers, gameJobHandlers, pointsJobHandlers } from '../jobs/job.handlers';
import { noJobRunner, type JobRunner } from '../jobs/job-runner';
import type { Queryable } from '../kernel/db/database';
import { systemClock } from '../kernel/clock';
import { defineHandlers, type HandlerMap } from '../kernel/handler';
import { siteGatewayUrl } from '../kernel/site.repository';
import { monitoringRouter } from '../monitoring/monitoring.router';
import { noticeRouter } from '../notices/notice.router';
import type { PlatformFor } from '../platform/game-platform';
import { pointsRouter } from '../points/points.router';
import { balanceAsOfRouter } from '../points/balance-asof.router';
import { reconciliationRouter } from '../reconciliation/reconciliation.router';
import { reportRouter } from '../reports/report.router';
import { scoreCheckRouter } from '../score-check/score-check.router';
import { siteRouter } from '../sites/site.router';
import { statementRouter } from '../statements/statement.router';
import { subAccountRouter } from '../sub-accounts/sub-account.router';
import { suggestionRouter } from '../suggestion/suggestion.router';
import { systemSettingRouter } from '../system-setting/system-setting.router';
import { exclusionRouter, transferRouter } from '../transfer/transfer.router';
import { simulatorPlatform } from '../simulator/simulator-platform';
import { sitePlatforms } from '../games/site-platforms';
import { buildOpenRpcDocument } from './openrpc';

const documents = new Map<string, ReturnType<typeof buildOpenRpcDocument>>();

/** The OpenRPC document with the gateway's address (siteGatewayUrl) as its server URL. */
export function openRpcDocument(url: string) {
  let document = documents.get(url);
  if (!document) {
    document = buildOpenRpcDocument(contract, packageJson.version, url);
    // A few hosts only: keep the cache from growing with hostile Host headers.
    if (documents.size < 32) documents.set(url, document);
  }
  return document;
}

/**
 * Every handler of the gateway; the type makes a missing one a compile error. `jobs` is woken
 * when a bulk call's job is committed (without it, a polling runner picks the job up);
 * `platformFor` is the game platform (each site's own, sitePlatforms, unless told otherwise).
 */
export function createHandlers(
  databaseKind: 'pglite' | 'postgres',
  jobs: Pick<JobRunner, 'kick'> = noJobRunner,
  platformFor: PlatformFor = sitePlatforms({ embedded: simulatorPlatform, now: () => systemClock.now() }),
  reportDb?: Queryable,
): HandlerMap<MethodName> {
  // One router per contract namespace; the jobs layer's methods go to the routers of their namespaces.
  return {
    ...defineHandlers({ 'rpc.discover': async (ctx) => openRpcDocument(await siteGatewayUrl(ctx.db, ctx.site.id, ctx)) }),
    ...siteRouter(databaseKind),
    ...authRouter,
    ...noticeRouter(platformFor),
    ...suggestionRouter,
    ...accountRouter(accountJobHandlers(jobs)),
    ...pointsRouter(pointsJobHandlers(jobs)),
    ...balanceAsOfRouter,
    ...subAccountRouter,
    ...auditRouter,
    ...gameRouter(gameJobHandlers(jobs)),
    ...betDetailRouter,
    ...transferRouter(platformFor),
    ...exclusionRouter(platformFor),
    ...reportRouter(reportDb),
    ...statementRouter,
    ...systemSettingRouter,
    ...monitoringRouter,
    ...exposureRouter,
    ...scoreCheckRouter,
    ...dealRecordRouter,
    ...reconciliationRouter(platformFor),
  };
}
