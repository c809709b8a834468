import type { z } from 'zod';
import { accountMethods } from './account.contract';
import { auditMethods } from './audit.contract';
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
import { scoreCheckMethods } from './score-check.contract';
import { siteMethods } from './site.contract';
import { subAccountMethods } from './sub-account.contract';
import { suggestionMethods } from './suggestion.contract';
import { systemSettingMethods } from './system-setting.contract';
import { transferMethods } from './transfer.contract';

/** Every method of the gateway, by its exact wire name (spec §7). */
export const contract = {
  ...discoveryMethods,
  ...siteMethods,
  ...authMethods,
  ...noticeMethods,
  ...suggestionMethods,
  ...accountMethods,
  ...pointsMethods,
  ...subAccountMethods,
  ...auditMethods,
  ...gameMethods,
  ...betDetailMethods,
  ...transferMethods,
  ...reportMethods,
  ...leaderboardMethods,
  ...tradingMethods,
  ...billMethods,
  ...systemSettingMethods,
  ...monitorMethods,
  ...exposureMethods,
  ...scoreCheckMethods,
  ...dealRecordMethods,
} satisfies Record<string, MethodDefinition>;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type ParamsIn<M extends MethodName> = z.input<Contract[M]['params']>;
export type ParamsOut<M extends MethodName> = z.output<Contract[M]['params']>;
export type ResultOf<M extends MethodName> = z.output<Contract[M]['result']>;

export const methodNames = Object.keys(contract) as MethodName[];
