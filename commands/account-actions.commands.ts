import type { MethodName, ResultOf } from '../contract/methods.contract';
import { allowedAccountActions, type AccountAction } from '../machines/account-status.machine';
import type { Command, CommandContext, CommandStep, Rights } from './command';

type AccountRow = ResultOf<'gw.credit.agent.query'>['list'][number];

/** What an action does besides the status machine's own transitions. */
type ExtraAction = 'PAUSE_BET' | 'RESUME_BET' | 'MARK' | 'UNMARK' | 'STOP_BET' | 'LIFT_STOP_BET' | 'RESUME_LINE_BET' | 'END_SESSIONS' | 'EDIT' | 'SET_SCORE';

/** An action on a selected account: what it calls (or opens), for whom, and whether it asks first. */
export interface AccountRowAction {
  id: string;
  action: AccountAction | ExtraAction;
  titleKey: string;
  /** The method it calls; absent for actions that open a screen. */
  method?: MethodName;
  params?: Record<string, unknown>;
  /** The screen it opens instead of calling. */
  path?: (userId: string) => string;
  /** Agents (levels 1-4), members (level 5) or both. */
  targets: 'agents' | 'members' | 'all';
  /** Access code of spec §6 the action needs. */
  accessCode: number;
  /** Actions that lock someone out, stop betting or end sessions ask for confirmation. */
  confirm: boolean;
}

const status = (id: string, action: AccountAction, titleKey: string, method: MethodName, confirm: boolean, params?: Record<string, unknown>): AccountRowAction => ({
  id,
  action,
  titleKey,
  method,
  confirm,
  targets: action.startsWith('LINE_') ? 'agents' : 'all',
  accessCode: 4,
  ...(params ? { params } : {}),
});

export const accountRowActions: AccountRowAction[] = [
  { id: 'account.edit', action: 'EDIT', titleKey: 'action.edit', path: (userId) => `/editAccount/index/${userId}`, targets: 'all', accessCode: 3, confirm: false },
  { id: 'account.setScore', action: 'SET_SCORE', titleKey: 'action.setScore', path: (userId) => `/settingScore/index/${userId}`, targets: 'all', accessCode: 5, confirm: false },
  status('account.enable', 'ENABLE', 'action.enable', 'gw.credit.user.enable', false),
  status('account.unfreeze', 'UNFREEZE', 'action.unfreeze', 'gw.credit.user.enable', false),
  status('account.disable', 'DISABLE', 'action.disable', 'gw.credit.user.disable', true, { mode: 'lock' }),
  status('account.freeze', 'FREEZE', 'action.freeze', 'gw.credit.user.disable', true, { mode: 'freeze' }),
  status('account.kickOut', 'KICK_OUT', 'action.kickOut', 'gw.credit.user.logout', true),
  status('account.unlock', 'UNLOCK', 'action.unlock', 'gw.credit.user.unlock', false),
  { id: 'member.removeLimit', action: 'REMOVE_LIMIT', titleKey: 'action.removeLimit', method: 'gw.credit.user.limit.remove', targets: 'members', accessCode: 4, confirm: true },
  status('line.disable', 'LINE_DISABLE', 'action.lineDisable', 'gw.credit.agent.line.disable', true),
  status('line.enable', 'LINE_ENABLE', 'action.lineEnable', 'gw.credit.agent.line.enable', false),
  status('line.freeze', 'LINE_FREEZE', 'action.lineFreeze', 'gw.credit.agent.line.stop.right', true),
  status('line.unfreeze', 'LINE_UNFREEZE', 'action.lineUnfreeze', 'gw.credit.agent.line.enable.right', false),
  { id: 'member.pauseBet', action: 'PAUSE_BET', titleKey: 'action.pauseBet', method: 'gw.credit.user.bet.pause', targets: 'members', accessCode: 4, confirm: true },
  { id: 'member.resumeBet', action: 'RESUME_BET', titleKey: 'action.resumeBet', method: 'gw.credit.user.bet.pursue', targets: 'members', accessCode: 4, confirm: false },
  { id: 'line.stopBet', action: 'STOP_BET', titleKey: 'action.stopBet', method: 'gw.credit.team.bolck', targets: 'agents', accessCode: 4, confirm: true },
  { id: 'line.liftStopBet', action: 'LIFT_STOP_BET', titleKey: 'action.liftStopBet', method: 'gw.credit.agent.stopBet.disable', targets: 'agents', accessCode: 4, confirm: false },
  { id: 'line.resumeBet', action: 'RESUME_LINE_BET', titleKey: 'action.resumeLineBet', method: 'gw.credit.team.unbolck', targets: 'agents', accessCode: 4, confirm: true },
  { id: 'agent.mark', action: 'MARK', titleKey: 'action.mark', method: 'gw.credit.agent.exception.mark', targets: 'agents', accessCode: 4, confirm: false },
  { id: 'agent.unmark', action: 'UNMARK', titleKey: 'action.unmark', method: 'gw.credit.agent.exception.remove', targets: 'agents', accessCode: 4, confirm: false },
  { id: 'member.mark', action: 'MARK', titleKey: 'action.mark', method: 'gw.credit.user.exception.mark', targets: 'members', accessCode: 4, confirm: false },
  { id: 'member.unmark', action: 'UNMARK', titleKey: 'action.unmark', method: 'gw.credit.user.exception.remove', targets: 'members', accessCode: 4, confirm: false },
  { id: 'account.endSessions', action: 'END_SESSIONS', titleKey: 'action.endSessions', method: 'gw.credit.user.session.all.kill', targets: 'all', accessCode: 4, confirm: true },
];

export interface ActionTarget {
  level: number;
  status: number;
  teamStatus: number;
  /** Only direct children may be acted on (spec §6). */
  isDirectChild: boolean;
  betPaused: boolean;
  betStopped: boolean;
  exceptionMarked: boolean;
  /** Members: blocked by their maximum points winnable (remove limit clears it). */
  winBlocked: boolean;
}

/** Which of the flag actions the target's current flags allow. */
function flagAllows(action: AccountRowAction['action'], target: ActionTarget): boolean {
  switch (action) {
    case 'PAUSE_BET':
      return !target.betPaused;
    case 'RESUME_BET':
      return target.betPaused;
    case 'STOP_BET':
      return !target.betStopped;
    case 'LIFT_STOP_BET':
    case 'RESUME_LINE_BET':
      return target.betStopped;
    case 'MARK':
      return !target.exceptionMarked;
    case 'UNMARK':
      return target.exceptionMarked;
    case 'END_SESSIONS':
    case 'EDIT':
    case 'SET_SCORE':
      return true;
    default:
      return false;
  }
}

/**
 * The actions to offer on an account: the user's rights, the relation, and what the
 * account-status machine and the account's flags take now — the same rules the gateway applies.
 */
export function rowActionsFor(target: ActionTarget, rights: Rights): AccountRowAction[] {
  if (!target.isDirectChild || rights.mustChangePassword) return [];
  const machine = allowedAccountActions(target.status, target.teamStatus) as string[];
  const isMember = target.level === 5;
  return accountRowActions.filter((item) => {
    if (!rights.accessCodes.includes(item.accessCode)) return false;
    if (item.targets === 'agents' && isMember) return false;
    if (item.targets === 'members' && !isMember) return false;
    if (item.action === 'REMOVE_LIMIT') return target.winBlocked && machine.includes(item.action);
    return machine.includes(item.action) || flagAllows(item.action, target);
  });
}

export function targetOf(row: AccountRow, isDirectChild: boolean): ActionTarget {
  return { level: row.level, status: row.status, teamStatus: row.teamStatus, isDirectChild, betPaused: row.betPaused, betStopped: row.betStopped, exceptionMarked: row.exceptionMarked, winBlocked: row.winBlocked };
}

/** Runs an action on an account: opens its screen, or asks when it must, calls, reports and refreshes the lists. */
export async function runAccountAction(context: CommandContext, row: Pick<AccountRow, 'userId' | 'loginId'>, action: AccountRowAction): Promise<void> {
  if (action.path) {
    context.navigate(action.path(row.userId));
    return;
  }
  const title = context.t(action.titleKey);
  if (action.confirm) {
    const ok = await context.confirm({
      title: context.t('action.confirmTitle', { action: title, loginId: row.loginId }),
      description: context.t('action.confirmMessage'),
      action: title,
    });
    if (!ok) return;
  }
  try {
    await context.call(action.method!, { userId: row.userId, ...action.params } as never);
    context.report({ ok: true, message: context.t('action.done', { action: title, loginId: row.loginId }) });
    context.accountsChanged();
  } catch (error) {
    context.report({ ok: false, error });
  }
}

/** Rows the palette found, so the next page and the run know the account without asking again. */
const found = new Map<string, AccountRow>();

/** A palette page listing the caller's direct children whose name contains what is typed. */
function directChildStep(keep: (row: AccountRow, rights: Rights) => boolean): CommandStep {
  return {
    placeholderKey: 'palette.chooseAccount',
    remote: true,
    async choices(context, _picked, query) {
      const method = context.rights.level === 4 ? 'gw.credit.user.query' : 'gw.credit.agent.query';
      const loginId = query.trim();
      const page = await context.call(method, { ...(loginId ? { loginId } : {}), pageSize: 30 });
      return page.list
        .filter((row) => keep(row, context.rights))
        .map((row) => {
          found.set(row.userId, row);
          return { id: row.userId, title: row.loginId, detail: row.nickname, keywords: [] };
        });
    },
  };
}

const mayAct = (rights: Rights) => !rights.mustChangePassword && rights.level <= 4 && rights.accessCodes.includes(1);

/** "Account actions…": pick a direct child, then one of the actions it allows now. */
const actOnAccount: Command = {
  id: 'accounts.act',
  group: 'accounts',
  titleKey: 'command.accountActions',
  keywords: ['account', 'action', 'user', 'agent', 'member', '操作', '账号'],
  shortcut: 'alt+a',
  icon: 'user-cog',
  steps: [
    directChildStep((row, rights) => rowActionsFor(targetOf(row, true), rights).length > 0),
    {
      placeholderKey: 'palette.chooseAction',
      choices: (context, [userId]) => {
        const row = found.get(userId!);
        if (!row) return [];
        return rowActionsFor(targetOf(row, true), context.rights).map((action) => ({ id: action.id, titleKey: action.titleKey, keywords: [action.action.toLowerCase()] }));
      },
    },
  ],
  when: mayAct,
  run: async (context, [userId, actionId]) => {
    const row = userId ? found.get(userId) : undefined;
    const action = accountRowActions.find((item) => item.id === actionId);
    if (row && action) await runAccountAction(context, row, action);
  },
};

const keywordsOf: Record<string, readonly string[]> = {
  'account.edit': ['edit', 'profile', 'change', '编辑', '修改'],
  'account.enable': ['enable', 'unlock', '启用'],
  'account.disable': ['disable', 'lock', '停用', '禁用'],
  'account.freeze': ['freeze', '冻结'],
  'account.unfreeze': ['unfreeze', '解冻'],
  'account.kickOut': ['kick', 'out', '踢出'],
  'member.removeLimit': ['limit', 'max win', '解除限制'],
  'member.pauseBet': ['pause', 'bet', '停押'],
  'line.stopBet': ['stop', 'bet', 'line', '停押'],
  'account.endSessions': ['sessions', 'kick', '踢出'],
};

/** One palette command per action ("Freeze…"): pick a direct child it applies to, then it runs. */
const perAction: Command[] = accountRowActions
  .filter((action) => action.id in keywordsOf)
  .map((action) => ({
    id: `do.${action.id}`,
    group: 'accounts',
    titleKey: 'command.onAccount',
    titleValues: { action: action.titleKey },
    keywords: keywordsOf[action.id]!,
    icon: 'user-cog',
    steps: [directChildStep((row, rights) => rowActionsFor(targetOf(row, true), rights).some((offered) => offered.id === action.id))],
    when: (rights) => mayAct(rights) && rights.accessCodes.includes(action.accessCode),
    run: async (context, [userId]) => {
      const row = userId ? found.get(userId) : undefined;
      if (row) await runAccountAction(context, row, action);
    },
  }));

export const accountActionCommands: Command[] = [actOnAccount, ...perAction];
