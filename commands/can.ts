import { AccountStatus, agentLevel, isMemberLevel } from '../contract/account-levels.contract';
import { rightsAllow } from '../contract/method.contract';
import type { MethodAccess } from '../contract/method-access.contract';
import type { MethodName } from '../contract/methods.contract';
import builtAccessTable from 'virtual:method-access';
import { accountStateOf, allowedAccountActions, type AccountAction, type AccountFacts } from '../machines/account-status.machine';
import type { Rights } from './command';

/** Each method's rights, built from the contract with the app (vite.config.ts), without its schemas; can.test.ts holds it to the contract. */
export const methodAccess = builtAccessTable as Record<MethodName, MethodAccess>;

/** What `can` reads of the account a call acts on (an account row has all of it). */
export interface CanTarget {
  parentId: string | null;
  level: number;
  status: number;
  teamStatus: number;
  winBlocked?: boolean;
  betPaused?: boolean;
  betStopped?: boolean;
  exceptionMarked?: boolean;
  /** Absent when unknown (then it does not decide). */
  online?: boolean;
  /** Failed sign-ins hold its name locked or delayed; absent when unknown (then it does not decide). */
  loginLocked?: boolean;
}

/** Why an action is not offered; each has its text (`why.<reason>`) in every language. */
export type Refusal =
  | 'passwordChange'
  | 'selfFrozen'
  | 'selfLineFrozen'
  | 'noRights'
  | 'notDirectChild'
  | 'accountDisabled'
  | 'accountFrozen'
  | 'lineDisabled'
  | 'lineFrozen'
  | 'offline'
  | 'notLocked'
  | 'notNow';

/** Which account a method acts on, and what the target must be for it (besides a direct child). */
interface TargetRule {
  /** Machine events the call sends (user.enable sends whichever of ENABLE / UNFREEZE the machine takes). */
  events?: (params: Record<string, unknown>) => readonly AccountAction[];
  /** Agents or members only: the agent.* and user.* pairs of the contract. */
  kind?: 'agent' | 'member';
  /** A flag the call sets (true) or clears (false); offered only from the other value. */
  flag?: { name: 'betStopped' | 'exceptionMarked'; sets: boolean };
  /** Ends sessions: only for an account that has one. */
  needsOnline?: boolean;
  /** Lifts a sign-in lock: only for an account whose name is locked. */
  needsLoginLock?: boolean;
  /** Acts on any account of the caller's line, not only a direct child (the recall of a member's game wallet). */
  anyInLine?: boolean;
}

const event =
  (...events: AccountAction[]) =>
  () =>
    events;

/** The methods that act on one direct child, with what the machine and the flags must allow. */
const targetRules: Partial<Record<MethodName, TargetRule>> = {
  'gw.credit.user.enable': { events: event('ENABLE', 'UNFREEZE') },
  'gw.credit.user.disable': { events: (params) => [params.mode === 'freeze' ? 'FREEZE' : 'DISABLE'] },
  'gw.credit.agent.line.disable': { events: event('LINE_DISABLE') },
  'gw.credit.agent.line.enable': { events: event('LINE_ENABLE') },
  'gw.credit.agent.line.stop.right': { events: event('LINE_FREEZE') },
  'gw.credit.agent.line.enable.right': { events: event('LINE_UNFREEZE') },
  'gw.credit.user.logout': { events: event('KICK_OUT'), needsOnline: true },
  'gw.credit.user.unlock': { events: event('UNLOCK'), needsLoginLock: true },
  'gw.credit.user.limit.remove': { events: event('REMOVE_LIMIT') },
  'gw.credit.user.bet.pause': { events: event('PAUSE_BET') },
  'gw.credit.user.bet.pursue': { events: event('RESUME_BET') },
  'gw.credit.user.score.up': { events: event('MOVE_POINTS') },
  'gw.credit.user.score.down': { events: event('MOVE_POINTS') },
  'gw.credit.agent.profile.edit': { kind: 'agent' },
  'gw.credit.user.profile.edit': { kind: 'member' },
  'gw.credit.user.password.reset': {},
  'gw.credit.user.device.switch.set': { kind: 'member' },
  'gw.credit.agent.exception.mark': { kind: 'agent', flag: { name: 'exceptionMarked', sets: true } },
  'gw.credit.agent.exception.remove': { kind: 'agent', flag: { name: 'exceptionMarked', sets: false } },
  'gw.credit.user.exception.mark': { kind: 'member', flag: { name: 'exceptionMarked', sets: true } },
  'gw.credit.user.exception.remove': { kind: 'member', flag: { name: 'exceptionMarked', sets: false } },
  'gw.credit.team.bolck': { kind: 'agent', flag: { name: 'betStopped', sets: true } },
  'gw.credit.team.unbolck': { kind: 'agent', flag: { name: 'betStopped', sets: false } },
  'gw.credit.agent.stopBet.disable': { kind: 'agent', flag: { name: 'betStopped', sets: false } },
  // Not only for an online child: it also ends the sessions of everyone below it.
  'gw.credit.user.session.all.kill': {},
  'gw.credit.agent.to.company.acc.reset': { kind: 'agent' },
  // The company or any agent above the member: the accounts a screen lists are all of the caller's line.
  'gw.credit.transfer.recall': { kind: 'member', anyInLine: true },
  // A time-out or self-exclusion: the company or any agent above the member, as the recall.
  'gw.credit.user.exclusion.set': { kind: 'member', anyInLine: true },
};

/** Methods open to more levels than may succeed: the gateway's own refusal past this caller level (agent.add: 20045). */
const deepestCaller: Partial<Record<MethodName, number>> = { 'gw.credit.agent.add': agentLevel - 1 };

const factsOf = (target: CanTarget): AccountFacts => ({
  status: target.status,
  teamStatus: target.teamStatus,
  level: target.level,
  winBlocked: target.winBlocked ?? false,
  betPaused: target.betPaused ?? false,
});

/** Why a refused machine event does not fit the target now: its own status first, then its line's. */
function stateRefusal(target: CanTarget): Refusal {
  const state = accountStateOf(factsOf(target));
  if (state.account === 'frozen') return 'accountFrozen';
  if (state.account === 'disabled') return 'accountDisabled';
  if (state.team === 'frozen') return 'lineFrozen';
  if (state.team === 'disabled') return 'lineDisabled';
  return 'notNow';
}

export interface CanOptions {
  /** The call's params when they choose what it does (user.disable's mode). */
  params?: Record<string, unknown>;
  /** The one machine event a row action stands for, when its method may send several. */
  event?: AccountAction;
}

/**
 * Why the session may not call `method` (on `target`, when given), or null when it may: the
 * method's declared rights (levels, access code, route role, main accounts only), the forced
 * password change, the caller's own status and its line's (frozen: no write on its downline), the relation (actions act on direct children), and what the account-status
 * machine and the target's flags take now. The gateway applies the same rules; this only
 * mirrors them so that nothing is offered that the gateway refuses.
 */
export function whyNot(session: Rights, method: MethodName, target?: CanTarget, options: CanOptions = {}): Refusal | null {
  const definition = methodAccess[method];
  if (session.mustChangePassword && !definition.openWhilePasswordForced) return 'passwordChange';
  if (!rightsAllow(definition.rights, session)) return 'noRights';
  if (session.level > (deepestCaller[method] ?? session.level)) return 'noRights';
  if (definition.changesDownline && session.status === AccountStatus.frozen) return 'selfFrozen';
  if (definition.changesDownline && session.lineStatus === AccountStatus.frozen) return 'selfLineFrozen';
  const rule = targetRules[method];
  if (!target || !rule) return null;
  if (!rule.anyInLine && (target.parentId === null || target.parentId !== session.userId)) return 'notDirectChild';
  if (rule.kind && isMemberLevel(target.level) !== (rule.kind === 'member')) return 'notNow';
  if (rule.events) {
    const allowed = allowedAccountActions(factsOf(target));
    const wanted = options.event ? [options.event] : rule.events(options.params ?? {});
    if (!wanted.some((action) => allowed.includes(action))) return stateRefusal(target);
  }
  if (rule.flag && Boolean(target[rule.flag.name]) === rule.flag.sets) return 'notNow';
  if (rule.needsOnline && target.online === false) return 'offline';
  if (rule.needsLoginLock && target.loginLocked === false) return 'notLocked';
  return null;
}

/** Whether the session may call `method` (on `target`): see whyNot. */
export function can(session: Rights, method: MethodName, target?: CanTarget, options?: CanOptions): boolean {
  return whyNot(session, method, target, options) === null;
}

/** The list that holds the session's direct children: members below an agent, agents above. */
export function directChildList(session: Pick<Rights, 'level'>): 'gw.credit.user.query' | 'gw.credit.agent.query' {
  return isMemberLevel(session.level + 1) ? 'gw.credit.user.query' : 'gw.credit.agent.query';
}
