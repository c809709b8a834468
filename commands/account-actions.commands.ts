import { isMemberLevel } from '../contract/account-fields.contract';
import type { MethodName } from '../contract/methods.contract';
import type { AccountAction } from '../machines/account-status.machine';
import { newRequestKey } from '../machines/request-key';
import { can, directChildList, whyNot, type CanTarget, type Refusal } from './can';
import type { Command, CommandContext, Rights } from './command';
import { directChildStep, type DirectChild as AccountRow } from './found-accounts';
import { recallGameWallet } from './transfer.commands';

/**
 * An action on a selected account: the contract method it calls (or, for a screen it opens, the
 * method that screen calls), and whether it asks first. Who may use it on whom is `can`'s answer
 * for that method, never a rule of its own.
 */
export interface AccountRowAction {
  id: string;
  titleKey: string;
  /** The method it calls; a pair when agents and members have their own (agent.* / user.*). */
  method: MethodName | { agents: MethodName; members: MethodName };
  /** The one machine event it stands for, when its method may send several (user.enable). */
  event?: AccountAction;
  params?: Record<string, unknown>;
  /** The screen it opens instead of calling. */
  path?: (userId: string) => string;
  /**
   * Actions that lock someone out, stop betting or end sessions ask first: the key of the text
   * that says what this one does (each its own); null when it does not ask.
   */
  confirm: string | null;
  /** Words that find it in the palette besides its title. */
  keywords: readonly string[];
  /** Runs it instead of the plain call (an action confirmed on its preview). */
  run?: (context: CommandContext, row: Pick<AccountRow, 'userId' | 'loginId' | 'level'>) => Promise<void>;
}

const call = (
  id: string,
  titleKey: string,
  method: AccountRowAction['method'],
  confirm: string | null,
  extra: Partial<AccountRowAction> = {},
): AccountRowAction => ({
  id,
  titleKey,
  method,
  confirm,
  keywords: [],
  ...extra,
});

export const accountRowActions: AccountRowAction[] = [
  call('account.edit', 'action.edit', { agents: 'gw.credit.agent.profile.edit', members: 'gw.credit.user.profile.edit' }, null, {
    path: (userId) => `/editAccount/index/${userId}`,
    keywords: ['edit', 'profile', 'change', '编辑', '修改'],
  }),
  call('account.setScore', 'action.setScore', 'gw.credit.user.score.up', null, { path: (userId) => `/settingScore/index/${userId}` }),
  call('account.enable', 'action.enable', 'gw.credit.user.enable', null, { event: 'ENABLE', keywords: ['enable', 'unlock', '启用'] }),
  call('account.unfreeze', 'action.unfreeze', 'gw.credit.user.enable', null, { event: 'UNFREEZE', keywords: ['unfreeze', '解冻'] }),
  call('account.disable', 'action.disable', 'gw.credit.user.disable', 'action.confirm.disable', {
    params: { mode: 'lock' },
    keywords: ['disable', 'lock', '停用', '禁用'],
  }),
  call('account.freeze', 'action.freeze', 'gw.credit.user.disable', 'action.confirm.freeze', {
    params: { mode: 'freeze' },
    keywords: ['freeze', '冻结'],
  }),
  call('account.kickOut', 'action.kickOut', 'gw.credit.user.logout', 'action.confirm.kickOut', { keywords: ['kick', 'out', '踢出'] }),
  call('account.unlock', 'action.unlock', 'gw.credit.user.unlock', null),
  call('member.removeLimit', 'action.removeLimit', 'gw.credit.user.limit.remove', 'action.confirm.removeLimit', {
    keywords: ['limit', 'max win', '解除限制'],
  }),
  call('line.disable', 'action.lineDisable', 'gw.credit.agent.line.disable', 'action.confirm.lineDisable'),
  call('line.enable', 'action.lineEnable', 'gw.credit.agent.line.enable', null),
  call('line.freeze', 'action.lineFreeze', 'gw.credit.agent.line.stop.right', 'action.confirm.lineFreeze'),
  call('line.unfreeze', 'action.lineUnfreeze', 'gw.credit.agent.line.enable.right', null),
  call('member.pauseBet', 'action.pauseBet', 'gw.credit.user.bet.pause', 'action.confirm.pauseBet', { keywords: ['pause', 'bet', '停押'] }),
  call('member.resumeBet', 'action.resumeBet', 'gw.credit.user.bet.pursue', null),
  call('line.stopBet', 'action.stopBet', 'gw.credit.team.bolck', 'action.confirm.stopBet', { keywords: ['stop', 'bet', 'line', '停押'] }),
  call('line.liftStopBet', 'action.liftStopBet', 'gw.credit.agent.stopBet.disable', null),
  call('line.resumeBet', 'action.resumeLineBet', 'gw.credit.team.unbolck', 'action.confirm.resumeLineBet'),
  call('agent.mark', 'action.mark', 'gw.credit.agent.exception.mark', null),
  call('agent.unmark', 'action.unmark', 'gw.credit.agent.exception.remove', null),
  call('member.mark', 'action.mark', 'gw.credit.user.exception.mark', null),
  call('member.unmark', 'action.unmark', 'gw.credit.user.exception.remove', null),
  call('member.devices', 'action.devices', 'gw.credit.user.device.switch.set', null, {
    path: (userId) => `/deviceSwitch/index/${userId}`,
    keywords: ['device', 'terminal', 'pc', 'h5', 'app', '设备', '终端'],
  }),
  call('account.endSessions', 'action.endSessions', 'gw.credit.user.session.all.kill', 'action.confirm.endSessions', {
    keywords: ['sessions', 'kick', '踢出'],
  }),
  // Confirmed on the gateway's preview (its own confirmation): no question of its own.
  call('member.recallWallet', 'action.recallWallet', 'gw.credit.transfer.recall', null, {
    keywords: ['recall', 'game wallet', 'transfer out', 'platform', '回收', '游戏钱包', '转出'],
    run: recallGameWallet,
  }),
  call('member.exclusion', 'action.exclusion', 'gw.credit.user.exclusion.set', null, {
    path: (userId) => `/memberExclusion/index/${userId}`,
    keywords: ['time out', 'timeout', 'self-exclusion', 'exclude', 'cool off', '冷静期', '自我禁入', '禁入'],
  }),
];

/** The method an action calls on this account. */
export function methodOf(action: AccountRowAction, target: Pick<CanTarget, 'level'>): MethodName {
  if (typeof action.method === 'string') return action.method;
  return isMemberLevel(target.level) ? action.method.members : action.method.agents;
}

const ask = (action: AccountRowAction, target: CanTarget, session: Rights) =>
  whyNot(session, methodOf(action, target), target, {
    ...(action.params ? { params: action.params } : {}),
    ...(action.event ? { event: action.event } : {}),
  });

/** The actions to offer on an account: those `can` allows, the same rules the gateway applies. */
export function rowActionsFor(target: CanTarget, session: Rights): AccountRowAction[] {
  return accountRowActions.filter((action) => ask(action, target, session) === null);
}

/** Why an account has no action to offer: the most telling refusal among its actions'. */
export function noActionReason(target: CanTarget, session: Rights): Refusal {
  const refusals = accountRowActions.map((action) => ask(action, target, session));
  const order: Refusal[] = [
    'passwordChange',
    'selfFrozen',
    'selfLineFrozen',
    'notDirectChild',
    'accountFrozen',
    'accountDisabled',
    'lineFrozen',
    'lineDisabled',
    'offline',
  ];
  if (refusals.every((refusal) => refusal === 'noRights')) return 'noRights';
  return order.find((reason) => refusals.includes(reason)) ?? 'notNow';
}

/** The actions an account offers now, or why it offers none. */
export function rowOffer(target: CanTarget, session: Rights): { actions: AccountRowAction[]; reason: Refusal | null } {
  const actions = rowActionsFor(target, session);
  return { actions, reason: actions.length > 0 ? null : noActionReason(target, session) };
}

/** Runs an action on an account: opens its screen, or asks when it must, calls, reports and refreshes the lists. */
export async function runAccountAction(
  context: CommandContext,
  row: Pick<AccountRow, 'userId' | 'loginId' | 'level'>,
  action: AccountRowAction,
): Promise<void> {
  if (action.path) {
    context.navigate(action.path(row.userId));
    return;
  }
  if (action.run) {
    await action.run(context, row);
    return;
  }
  const title = context.t(action.titleKey);
  if (action.confirm) {
    const ok = await context.confirm({
      title: context.t('action.confirmTitle', { action: title, loginId: row.loginId }),
      description: context.t(action.confirm),
      action: title,
      destructive: true,
    });
    if (!ok) return;
  }
  try {
    await context.call(methodOf(action, row), { userId: row.userId, ...action.params } as never);
    context.report({ ok: true, message: context.t('action.done', { action: title, loginId: row.loginId }) });
    context.accountsChanged();
  } catch (error) {
    context.report({ ok: false, error });
  }
}

/** Rows the palette found, so the next page and the run know the account without asking again. */
const found = new Map<string, AccountRow>();

/** A palette page of the direct children this test lets through, each shown with its nickname. */
const directChildren = (keep: (row: AccountRow, rights: Rights) => boolean) =>
  directChildStep({ found, keep, detail: (row) => row.nickname });

const mayList = (rights: Rights) => can(rights, directChildList(rights));

/** "Account actions…": pick a direct child, then one of the actions it allows now. */
const actOnAccount: Command = {
  id: 'accounts.act',
  group: 'accounts',
  titleKey: 'command.accountActions',
  keywords: ['account', 'action', 'user', 'agent', 'member', '操作', '账号'],
  shortcut: 'alt+a',
  icon: 'user-cog',
  steps: [
    directChildren((row, rights) => rowActionsFor(row, rights).length > 0),
    {
      placeholderKey: 'palette.chooseAction',
      choices: (context, [userId]) => {
        const row = found.get(userId!);
        if (!row) return [];
        return rowActionsFor(row, context.rights).map((action) => ({
          id: action.id,
          titleKey: action.titleKey,
          keywords: action.keywords,
        }));
      },
    },
  ],
  // The palette lists an account found by name with these actions, exactly the row's.
  onAccount: (account, rights) => {
    found.set(account.userId, account);
    return rowActionsFor(account, rights).map((action) => ({ picked: [account.userId, action.id], titleKey: action.titleKey }));
  },
  when: mayList,
  run: async (context, [userId, actionId]) => {
    const row = userId ? found.get(userId) : undefined;
    const action = accountRowActions.find((item) => item.id === actionId);
    if (row && action) await runAccountAction(context, row, action);
  },
};

/** One palette command per action ("Freeze…"): pick a direct child it applies to, then it runs. */
const perAction: Command[] = accountRowActions
  .filter((action) => action.keywords.length > 0)
  .map((action) => ({
    id: `do.${action.id}`,
    group: 'accounts',
    titleKey: 'command.onAccount',
    titleValues: { action: action.titleKey },
    keywords: action.keywords,
    icon: 'user-cog',
    steps: [directChildren((row, rights) => rowActionsFor(row, rights).some((offered) => offered.id === action.id))],
    when: (rights) =>
      mayList(rights) &&
      (typeof action.method === 'string'
        ? can(rights, action.method)
        : can(rights, action.method.agents) || can(rights, action.method.members)),
    run: async (context, [userId]) => {
      const row = userId ? found.get(userId) : undefined;
      if (row) await runAccountAction(context, row, action);
    },
  }));

export const accountActionCommands: Command[] = [actOnAccount, ...perAction];

/** A change applied to many checked direct children as one background job (each fails alone). */
export interface BulkAccountAction {
  id: 'enable' | 'disable' | 'freeze';
  titleKey: string;
  method: 'gw.credit.user.all.enable' | 'gw.credit.user.all.disable';
  params: Record<string, unknown>;
}

export const bulkAccountActions: readonly BulkAccountAction[] = [
  { id: 'enable', titleKey: 'bulk.enable', method: 'gw.credit.user.all.enable', params: {} },
  { id: 'disable', titleKey: 'bulk.disable', method: 'gw.credit.user.all.disable', params: { mode: 'lock' } },
  { id: 'freeze', titleKey: 'bulk.freeze', method: 'gw.credit.user.all.disable', params: { mode: 'freeze' } },
];

/** The bulk changes the session may start. */
export const bulkActionsFor = (session: Rights) => bulkAccountActions.filter((action) => can(session, action.method));

/** Asks, then starts the job; resolves its id, or null when cancelled or refused (the refusal is reported). */
export async function runBulkAction(
  context: CommandContext,
  userIds: readonly string[],
  action: BulkAccountAction,
): Promise<string | null> {
  const title = context.t(action.titleKey);
  const ok = await context.confirm({
    title: context.t('bulk.confirmTitle', { action: title, count: userIds.length }),
    description: context.t('bulk.confirmMessage'),
    action: title,
    destructive: true,
  });
  if (!ok) return null;
  try {
    const answer = await context.call(action.method, { userIds: [...userIds], ...action.params, requestKey: newRequestKey() } as never);
    return answer.jobId;
  } catch (error) {
    context.report({ ok: false, error });
    return null;
  }
}
