import { accountMethods } from '../../contract/account.contract';
import { defineRouter, type HandlerMap } from '../kernel/handler';
import { accountAddHandlers } from './account-add.handlers';
import { accountEditHandlers } from './account-edit.handlers';
import { accountFlagHandlers } from './account-flags.handlers';
import { accountQueryHandlers } from './account-query.handlers';
import { accountStatisticsHandlers } from './account-statistics.handlers';
import { accountStatusHandlers } from './account-status.handlers';
import { siteListHandlers } from './site-lists.handlers';

/** The account methods that run as jobs: the jobs layer's (server/jobs/job.handlers.ts), given by the gateway. */
export type AccountJobMethod =
  | 'gw.credit.user.add.batch'
  | 'gw.credit.user.all.enable'
  | 'gw.credit.user.all.disable'
  | 'gw.credit.job.get'
  | 'gw.credit.agent.export'
  | 'gw.credit.user.export';

/** The account namespace: the tree's lists, adding, editing, states and flags of accounts, the site's lists, and its jobs. */
export const accountRouter = (jobs: HandlerMap<AccountJobMethod>) =>
  defineRouter(accountMethods, {
    ...accountQueryHandlers,
    ...accountAddHandlers,
    ...accountStatusHandlers,
    ...accountFlagHandlers,
    ...accountEditHandlers,
    ...accountStatisticsHandlers,
    ...siteListHandlers,
    ...jobs,
  });
