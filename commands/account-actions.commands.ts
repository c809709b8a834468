import type { MethodName } from '../contract/methods.contract';
import { allowedAccountActions, type AccountAction } from '../machines/account-status.machine';
import type { Rights } from './command';

/** A status action on a selected account row: what it calls, and whether it asks first. */
export interface AccountRowAction {
  id: string;
  /** A status action of the machine, or a member's betting switch (the stop list). */
  action: AccountAction | 'PAUSE_BET' | 'RESUME_BET';
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
  { id: 'member.pauseBet', action: 'PAUSE_BET', titleKey: 'action.pauseBet', method: 'gw.credit.user.bet.pause', confirm: true },
  { id: 'member.resumeBet', action: 'RESUME_BET', titleKey: 'action.resumeBet', method: 'gw.credit.user.bet.pursue', confirm: false },
];

export interface ActionTarget {
  level: number;
  status: number;
  teamStatus: number;
  /** Only direct children may be acted on (spec §6). */
  isDirectChild: boolean;
  betPaused: boolean;
}

/**
 * The actions to offer on a row: the user's rights (access code 4), the relation, and what the
 * account-status machine takes now — the same rules the gateway applies.
 */
export function rowActionsFor(target: ActionTarget, rights: Rights): AccountRowAction[] {
  if (!target.isDirectChild || rights.mustChangePassword || !rights.accessCodes.includes(4)) return [];
  const allowed: AccountRowAction['action'][] = allowedAccountActions(target.status, target.teamStatus);
  if (target.level === 5) allowed.push(target.betPaused ? 'RESUME_BET' : 'PAUSE_BET');
  return accountRowActions.filter((item) => allowed.includes(item.action) && !(target.level === 5 && item.action.startsWith('LINE_')));
}
