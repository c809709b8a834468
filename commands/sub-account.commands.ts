import type { MethodName, ResultOf } from '../contract/methods.contract';
import { can } from './can';
import type { Command, CommandContext, CommandStep, Rights } from './command';

export type SubAccountRow = ResultOf<'gw.credit.subaccount.query'>['list'][number];

/** The forms of the sub-account screen a path opens: adding, or one of them for a sub-account. */
export type SubAccountDialog = 'add' | 'edit' | 'permissions' | 'password' | 'delete';

export const SUB_ACCOUNT_SCREEN = '/sonAccount/index';

/** The path that opens a form of the sub-account screen (for a sub-account, except adding). */
export const subAccountPath = (dialog: SubAccountDialog, subAccountId?: string) =>
  subAccountId ? `${SUB_ACCOUNT_SCREEN}/${dialog}/${subAccountId}` : `${SUB_ACCOUNT_SCREEN}/${dialog}`;

/**
 * An action on one of the main account's sub-accounts. Who may use it is `can`'s answer for its
 * method; `fits` is what the sub-account must be now. The step-up calls (the owner's safe code)
 * open a form of the screen instead of calling.
 */
export interface SubAccountAction {
  id: string;
  titleKey: string;
  method: MethodName;
  dialog?: Exclude<SubAccountDialog, 'add'>;
  /** Locks it out or ends its sessions: asks first. */
  confirm: boolean;
  fits(row: SubAccountRow): boolean;
  keywords: readonly string[];
}

const anyTime = () => true;

export const subAccountActions: readonly SubAccountAction[] = [
  {
    id: 'subAccount.edit',
    titleKey: 'subAccount.action.edit',
    method: 'gw.credit.subaccount.update',
    dialog: 'edit',
    confirm: false,
    fits: anyTime,
    keywords: ['edit', 'nickname', '编辑', '子账号'],
  },
  {
    id: 'subAccount.permissions',
    titleKey: 'subAccount.action.permissions',
    method: 'gw.credit.subaccount.access.code.update',
    dialog: 'permissions',
    confirm: false,
    fits: anyTime,
    keywords: ['permissions', 'rights', 'access', '权限', '子账号'],
  },
  {
    id: 'subAccount.resetPassword',
    titleKey: 'subAccount.action.password',
    method: 'gw.credit.subaccount.update',
    dialog: 'password',
    confirm: false,
    fits: anyTime,
    keywords: ['password', 'reset', '重置密码', '子账号'],
  },
  {
    id: 'subAccount.enable',
    titleKey: 'subAccount.action.enable',
    method: 'gw.credit.subaccount.enable',
    confirm: false,
    fits: (row) => row.status === 4,
    keywords: ['enable', '启用', '子账号'],
  },
  {
    id: 'subAccount.disable',
    titleKey: 'subAccount.action.disable',
    method: 'gw.credit.subaccount.disable',
    confirm: true,
    fits: (row) => row.status === 1,
    keywords: ['disable', 'lock', '停用', '子账号'],
  },
  {
    id: 'subAccount.kickOut',
    titleKey: 'subAccount.action.kickOut',
    method: 'gw.credit.subaccount.logout',
    confirm: true,
    fits: (row) => row.online,
    keywords: ['kick', 'out', 'logout', '踢出', '子账号'],
  },
  {
    id: 'subAccount.delete',
    titleKey: 'subAccount.action.delete',
    method: 'gw.credit.subaccount.delete',
    dialog: 'delete',
    confirm: false,
    fits: anyTime,
    keywords: ['delete', 'remove', '删除', '子账号'],
  },
];

/** The actions a sub-account offers now to this session. */
export const subAccountActionsFor = (row: SubAccountRow, rights: Rights): SubAccountAction[] =>
  subAccountActions.filter((action) => action.fits(row) && can(rights, action.method));

/** Runs an action: opens its form, or asks when it must, calls, reports and refreshes the lists. */
export async function runSubAccountAction(
  context: CommandContext,
  row: Pick<SubAccountRow, 'subAccountId' | 'loginId'>,
  action: SubAccountAction,
): Promise<void> {
  if (action.dialog) {
    context.navigate(subAccountPath(action.dialog, row.subAccountId));
    return;
  }
  const title = context.t(action.titleKey);
  if (action.confirm) {
    const ok = await context.confirm({
      title: context.t('subAccount.confirmTitle', { action: title, loginId: row.loginId }),
      description: context.t('subAccount.confirmMessage'),
      action: title,
      destructive: true,
    });
    if (!ok) return;
  }
  try {
    await context.call(action.method as 'gw.credit.subaccount.enable', { subAccountId: row.subAccountId });
    context.report({ ok: true, message: context.t('subAccount.done', { action: title, loginId: row.loginId }) });
    context.accountsChanged();
  } catch (error) {
    context.report({ ok: false, error });
  }
}

const mayList = (rights: Rights) => can(rights, 'gw.credit.subaccount.query');

/** Sub-accounts the palette found, so the next page and the run know them without asking again. */
const found = new Map<string, SubAccountRow>();

/** A palette page listing the caller's sub-accounts whose login or nickname contains what is typed. */
function subAccountStep(keep: (row: SubAccountRow, rights: Rights) => boolean): CommandStep {
  return {
    placeholderKey: 'subAccount.palette.choose',
    remote: true,
    async choices(context, _picked, query) {
      const typed = query.trim().toLowerCase();
      const page = await context.call('gw.credit.subaccount.query', { pageIndex: 1, pageSize: 100 });
      return page.list
        .filter((row) => !typed || row.loginId.toLowerCase().includes(typed) || row.nickname.toLowerCase().includes(typed))
        .filter((row) => keep(row, context.rights))
        .map((row) => {
          found.set(row.subAccountId, row);
          return { id: row.subAccountId, title: row.loginId, detail: row.nickname, keywords: [] };
        });
    },
  };
}

const addSubAccount: Command = {
  id: 'subAccounts.add',
  group: 'accounts',
  titleKey: 'subAccount.command.add',
  keywords: ['sub-account', 'sub account', 'clerk', 'add', 'new', '子账号', '新增子账号'],
  icon: 'user-plus',
  when: (rights) => can(rights, 'gw.credit.subaccount.add'),
  run: (context) => context.navigate(subAccountPath('add')),
};

/** "Act on a sub-account…": pick one, then one of the actions it offers now. */
const actOnSubAccount: Command = {
  id: 'subAccounts.act',
  group: 'accounts',
  titleKey: 'subAccount.command.act',
  keywords: ['sub-account', 'sub account', 'clerk', 'action', '子账号', '操作'],
  icon: 'user-cog',
  steps: [
    subAccountStep((row, rights) => subAccountActionsFor(row, rights).length > 0),
    {
      placeholderKey: 'palette.chooseAction',
      choices: (context, [subAccountId]) => {
        const row = found.get(subAccountId!);
        if (!row) return [];
        return subAccountActionsFor(row, context.rights).map((action) => ({
          id: action.id,
          titleKey: action.titleKey,
          keywords: action.keywords,
        }));
      },
    },
  ],
  when: mayList,
  run: async (context, [subAccountId, actionId]) => {
    const row = subAccountId ? found.get(subAccountId) : undefined;
    const action = subAccountActions.find((item) => item.id === actionId);
    if (row && action) await runSubAccountAction(context, row, action);
  },
};

/** One palette command per action ("Disable sub-account…"): pick a sub-account it applies to, then it runs. */
const perAction: Command[] = subAccountActions.map((action) => ({
  id: `do.${action.id}`,
  group: 'accounts',
  titleKey: 'subAccount.command.on',
  titleValues: { action: action.titleKey },
  keywords: action.keywords,
  icon: 'user-cog',
  steps: [subAccountStep((row, rights) => subAccountActionsFor(row, rights).some((offered) => offered.id === action.id))],
  when: (rights) => mayList(rights) && can(rights, action.method),
  run: async (context, [subAccountId]) => {
    const row = subAccountId ? found.get(subAccountId) : undefined;
    if (row) await runSubAccountAction(context, row, action);
  },
}));

export const subAccountCommands: Command[] = [addSubAccount, actOnSubAccount, ...perAction];
