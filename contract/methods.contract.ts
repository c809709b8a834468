import type { z } from 'zod';
import { accountMethods } from './account.contract';
import { auditMethods } from './audit.contract';
import { balanceAsOfMethods } from './balance-asof.contract';
import { authMethods } from './auth.contract';
import { betDetailMethods } from './bet-detail.contract';
import { dealRecordMethods } from './deal-record.contract';
import { discoveryMethods } from './discovery.contract';
import { exposureMethods } from './exposure.contract';
import { gameMethods } from './game.contract';
import type { MethodDefinition } from './method.contract';
import { monitorMethods } from './monitoring.contract';
import { noticeMethods } from './notice.contract';
import { pointsMethods } from './points.contract';
import { billMethods, leaderboardMethods, reportMethods, tradingMethods } from './report.contract';
import { reconciliationMethods } from './reconciliation.contract';
import { scoreCheckMethods } from './score-check.contract';
import { siteMethods } from './site.contract';
import { statementMethods } from './statement.contract';
import { subAccountMethods } from './sub-account.contract';
import { suggestionMethods } from './suggestion.contract';
import { systemSettingMethods } from './system-setting.contract';
import { transferMethods } from './transfer.contract';
import { exclusionMethods } from './exclusion.contract';

/** Every method of the gateway, by its exact wire name. */
export const contract = {
  ...discoveryMethods,
  ...siteMethods,
  ...authMethods,
  ...noticeMethods,
  ...suggestionMethods,
  ...accountMethods,
  ...pointsMethods,
  ...balanceAsOfMethods,
  ...subAccountMethods,
  ...auditMethods,
  ...gameMethods,
  ...betDetailMethods,
  ...transferMethods,
  ...exclusionMethods,
  ...reportMethods,
  ...leaderboardMethods,
  ...tradingMethods,
  ...billMethods,
  ...statementMethods,
  ...systemSettingMethods,
  ...monitorMethods,
  ...exposureMethods,
  ...scoreCheckMethods,
  ...dealRecordMethods,
  ...reconciliationMethods,
} satisfies Record<string, MethodDefinition>;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type ParamsIn<M extends MethodName> = z.input<Contract[M]['params']>;
export type ParamsOut<M extends MethodName> = z.output<Contract[M]['params']>;
export type ResultOf<M extends MethodName> = z.output<Contract[M]['result']>;

export const methodNames = Object.keys(contract) as MethodName[];

/**
 * The bare call names (docs/product.md#the-gateway): each answers exactly as its `gw.credit.` method
 * (same params, rights, result and errors; recorded under the method's own name).
 */
export const methodAliases = {
  'fuzzy.search.tips': 'gw.credit.fuzzy.search.tips',
  'fuzzy.agent.search.tips': 'gw.credit.fuzzy.agent.search.tips',
  'account.search': 'gw.credit.account.search',
  'limitation.list': 'gw.credit.limitation.list',
  'currency.list': 'gw.credit.currency.list',
  'operate.button.show': 'gw.credit.operate.button.show',
  'team.bolck': 'gw.credit.team.bolck',
  'team.unbolck': 'gw.credit.team.unbolck',
} as const satisfies Record<string, MethodName>;

/** The method a wire name calls: an alias's method, else the name itself. */
export const methodCalled = (name: string): string =>
  Object.hasOwn(methodAliases, name) ? methodAliases[name as keyof typeof methodAliases] : name;
