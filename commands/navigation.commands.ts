import { can } from './can';
import type { Command, Rights } from './command';

/**
 * One command per screen of the menu. The sidebar, the palette and the route guard read the
 * same rules (spec §6): a screen is allowed when `can` allows the method it calls, so a rule
 * that hides a screen hides it everywhere.
 */
interface ScreenRule {
  id: string;
  path: string;
  titleKey: string;
  icon: string;
  keywords: readonly string[];
  shortcut?: string;
  /** Hidden screens are reached from other screens and commands, never from the menu (spec §2). */
  hidden?: boolean;
  allowed(rights: Rights): boolean;
}

const screens: ScreenRule[] = [
  {
    id: 'go.notice',
    path: '/notice',
    titleKey: 'route.notice',
    icon: 'megaphone',
    keywords: ['notice', 'announcement', 'home', '公告', 'gonggao'],
    shortcut: 'alt+1',
    allowed: (r) => can(r, 'gw.credit.notice.layer.list'),
  },
  {
    id: 'go.accounts',
    path: '/account/index',
    titleKey: 'route.accounts',
    icon: 'users',
    keywords: ['accounts', 'users', 'agents', 'members', 'downline', 'tree', '用户管理', '代理', '会员'],
    shortcut: 'alt+2',
    allowed: (r) => can(r, 'gw.credit.agent.query'),
  },
  {
    id: 'go.searchAccount',
    path: '/searchAccount/index',
    titleKey: 'route.searchAccount',
    icon: 'search',
    keywords: ['search', 'find', 'user', 'account', '搜索', '查找'],
    shortcut: 'alt+3',
    allowed: (r) => can(r, 'gw.credit.account.search'),
  },
  {
    id: 'go.stopList',
    path: '/stopList/index',
    titleKey: 'route.stopList',
    icon: 'pause',
    keywords: [],
    hidden: true,
    allowed: (r) => can(r, 'gw.credit.user.query'),
  },
  {
    id: 'go.addAccount',
    path: '/add/index',
    titleKey: 'route.addAccount',
    icon: 'user-plus',
    keywords: [],
    hidden: true,
    allowed: (r) => can(r, 'gw.credit.agent.add') || can(r, 'gw.credit.user.add'),
  },
  {
    id: 'go.editAccount',
    path: '/editAccount/index',
    titleKey: 'route.editAccount',
    icon: 'user-cog',
    keywords: [],
    hidden: true,
    allowed: (r) => can(r, 'gw.credit.agent.profile.edit') || can(r, 'gw.credit.user.profile.edit'),
  },
  {
    id: 'go.pointRecord',
    path: '/pointRecord/index',
    titleKey: 'route.pointRecord',
    icon: 'scroll-text',
    keywords: ['score log', 'points', 'record', 'history', 'ledger', '上下分', '分数记录', '积分记录'],
    shortcut: 'alt+4',
    // Spec §6: without access code 6 the score log is hidden (the method declares it).
    allowed: (r) => can(r, 'gw.credit.score.log.query'),
  },
  {
    id: 'go.settingScore',
    path: '/settingScore/index',
    titleKey: 'route.settingScore',
    icon: 'coins',
    keywords: [],
    hidden: true,
    allowed: (r) => can(r, 'gw.credit.user.score.up') || can(r, 'gw.credit.user.score.down'),
  },
  {
    id: 'go.changePassword',
    path: '/changePass/index',
    titleKey: 'route.changePassword',
    icon: 'key-round',
    keywords: ['password', 'change password', '修改密码', 'mima'],
    allowed: () => true,
  },
];

export const navigationCommands: Command[] = screens
  .filter((screen) => !screen.hidden)
  .map((screen) => ({
    id: screen.id,
    group: 'navigation',
    titleKey: screen.titleKey,
    keywords: screen.keywords,
    ...(screen.shortcut ? { shortcut: screen.shortcut } : {}),
    path: screen.path,
    icon: screen.icon,
    when: screen.allowed,
    run: (context) => context.navigate(screen.path),
  }));

/** Whether the user may open a path at all (route guard). Paths without a rule are public or unknown. */
export function pathAllowed(path: string, rights: Rights): boolean {
  const screen = screens.find((s) => path === s.path || path.startsWith(`${s.path}/`));
  return screen ? screen.allowed(rights) : true;
}
