import { ErrorCode } from '../../contract/errors.contract';
import { rightsAllow } from '../../contract/method.contract';
import { contract, type MethodName } from '../../contract/methods.contract';
import { RpcError } from '../kernel/rpc-error';
import { callerOf, financeHiddenFor, type Session } from '../kernel/session.store';
import type { Site } from '../kernel/site.repository';
import type { ExportSourceName } from './export-sources';
import type { JobKind } from './job.repository';

/** The method that starts an export of each list: its file is read under that method's rights. */
const exportMethods = {
  'gw.credit.score.log.query': 'gw.credit.score.log.export',
  'gw.credit.agent.query': 'gw.credit.agent.export',
  'gw.credit.user.query': 'gw.credit.user.export',
  'gw.credit.bet.query': 'gw.credit.bet.export',
} as const satisfies Record<ExportSourceName, MethodName>;

/** The method that made a job: a bulk kind is its method's name, an export the export of its list. */
export function methodOfJob(job: { kind: JobKind; params: unknown }): MethodName {
  if (job.kind !== 'export') return `gw.credit.${job.kind}`;
  return exportMethods[(job.params as { source: ExportSourceName }).source];
}

/**
 * A job and its file are the answer of the method that made them, kept for later: every read
 * (job.get, the file download) checks that method's rights again, with the reader's codes and
 * the site's finance setting as they are now. A clerk whose code was removed, or an agent from
 * whom finance was hidden since, is refused (11003) what the method itself would refuse it.
 */
export function checkJobRights(session: Session, site: Pick<Site, 'financeVisible'>, job: { kind: JobKind; params: unknown }): void {
  const financeHidden = financeHiddenFor(session, site);
  if (!rightsAllow(contract[methodOfJob(job)].rights, { ...callerOf(session), financeHidden })) {
    throw new RpcError(ErrorCode.notAuthorized);
  }
}
