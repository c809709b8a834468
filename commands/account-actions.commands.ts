import type { MethodName } from '../contract/methods.contract';
import { allowedAccountActions, type AccountAction } from '../machines/account-status.machine';
import type { Rights } from './command';

/** A status action on a selected account row: what it calls, and whether it asks first. */
export interface AccountRowAction {
  id: string;
  action: AccountAction;
  titleKey: string;
  method: MethodName;
  params?: Record<string, unknown>;
  /** Actions that lock someone out or end sessions ask for confirmation. */
  confirm: boolean;
}

export const accountRowActions: AccountRowAction[] = [
  { id: 'account.enable', action: 'ENABLE', titleKey: 'action.enable', method: 'gw.credit.user.enable', confirm: false },
  { id: 'account.unfreeze', action: 'UNFREEZE', titleKey: 'action.unfreeze', method: 'gw.credit.user.enable', confirm: false },
  { id: 'account.disable', action: 'DISABLE', titleKey: 'action.disable', method: 'gw.credit.user.disable', params: { mode: 'lock' }, confirm: true },
  { id: 'account.freeze', action: 'FREEZE', titleKey: 'action.freeze', method: 'gw.credit.user.disable', params: { mode: 'freeze' }, confirm: true },
  { id: 'account.kickOut', action: 'KICK_OUT', titleKey: 'action.kickOut', method: 'gw.credit.user.logout', confirm: true },
  { id: 'account.unlock', action: 'UNLOCK', titleKey: 'action.unlock', method: 'gw.credit.user.unlock', confirm: false },
  { id: 'line.disable', action: 'LINE_DISABLE', titleKey: 'action.lineDisable', method: 'gw.credit.agent.line.disable', confirm: true },
  { id: 'line.enable', action: 'LINE_ENABLE', titleKey: 'action.lineEnable', method: 'gw.credit.agent.line.enable', confirm: false },
  { id: 'line.freeze', action: 'LINE_FREEZE', titleKey: 'action.lineFreeze', method: 'gw.credit.agent.line.stop.right', confirm: true },
  { id: 'line.unfreeze', action: 'LINE_UNFREEZE', titleKey: 'action.lineUnfreeze', method: 'gw.credit.agent.line.enable.right', confirm: false },
];

export interface ActionTarget {
  level: number;
  status: number;
  teamStatus: number;
  /** Only direct children may be acted on (spec §6). */
  isDirectChild: boolean;
}

/**
 * The actions to offer on a row: the user's rights (access code 4), the relation, and what the
 * account-status machine takes now — the same rules the gateway applies.
 */
export function rowActionsFor(target: ActionTarget, rights: Rights): AccountRowAction[] {
  if (!target.isDirectChild || rights.mustChangePassword || !rights.accessCodes.includes(4)) return [];
  const allowed = allowedAccountActions(target.status, target.teamStatus);
  return accountRowActions.filter((item) => allowed.includes(item.action) && !(target.level === 5 && item.action.startsWith('LINE_')));
}
