import packageJson from '../../package.json' with { type: 'json' };
import { contract, type MethodName } from '../../contract/methods.contract';
import { accountAddHandlers } from '../accounts/account-add.handlers';
import { accountEditHandlers } from '../accounts/account-edit.handlers';
import { accountFlagHandlers } from '../accounts/account-flags.handlers';
import { accountQueryHandlers } from '../accounts/account-query.handlers';
import { accountStatisticsHandlers } from '../accounts/account-statistics.handlers';
import { accountStatusHandlers } from '../accounts/account-status.handlers';
import { siteListHandlers } from '../accounts/site-lists.handlers';
import { auditHandlers } from '../audit/audit.handlers';
import { authHandlers } from '../auth/auth.router';
import { betHandlers } from '../games/bet.handlers';
import { reportHandlers } from '../reports/report.handlers';
import type { Queryable } from '../kernel/db/database';
import { gameHandlers } from '../games/game.handlers';
import { jobHandlers } from '../jobs/job.handlers';
import { noJobRunner, type JobRunner } from '../jobs/job-runner';
import { noticeHandlers } from '../notices/notice.handlers';
import { suggestionHandlers } from '../suggestion/suggestion.router';
import { exposureHandlers } from '../exposure/exposure.router';
import { dealRecordHandlers } from '../deal-record/deal-record.router';
import { scoreCheckHandlers } from '../score-check/score-check.router';
import { monitorHandlers } from '../monitoring/monitoring.router';
import { gameNoticeHandlers } from '../games/game-notice.handlers';
import { pointsHandlers } from '../points/points.handlers';
import { transferHandlers } from '../transfer/transfer.router';
import type { PlatformFor } from '../platform/game-platform';
import { simulatorPlatform } from '../simulator/simulator-platform';
import { sitePlatforms } from '../games/site-platforms';
import { systemClock } from '../kernel/clock';
import { siteHandlers } from '../sites/site.handlers';
import { subAccountHandlers } from '../sub-accounts/sub-account.handlers';
import { siteGatewayUrl } from '../kernel/site.repository';
import { systemSettingHandlers } from '../system-setting/system-setting.router';
import { defineHandlers, type HandlerMap } from '../kernel/handler';
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
  return {
    ...defineHandlers({ 'rpc.discover': async (ctx) => openRpcDocument(await siteGatewayUrl(ctx.db, ctx.site.id, ctx)) }),
    ...siteHandlers(databaseKind),
    ...authHandlers,
    ...noticeHandlers,
    ...suggestionHandlers,
    ...gameNoticeHandlers(platformFor),
    ...accountQueryHandlers,
    ...accountAddHandlers,
    ...accountStatusHandlers,
    ...accountFlagHandlers,
    ...accountEditHandlers,
    ...accountStatisticsHandlers,
    ...siteListHandlers,
    ...jobHandlers(jobs),
    ...pointsHandlers,
    ...subAccountHandlers,
    ...auditHandlers,
    ...gameHandlers,
    ...betHandlers,
    ...transferHandlers(platformFor),
    ...reportHandlers(reportDb),
    ...systemSettingHandlers,
    ...monitorHandlers,
    ...exposureHandlers,
    ...scoreCheckHandlers,
    ...dealRecordHandlers,
  };
}
