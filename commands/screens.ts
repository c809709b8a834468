import type { MethodName } from '../contract/methods.contract';
import { can } from './can';
import type { Rights } from './command';

/**
 * The one table of the signed-in app's screens (docs/product.md#routes-and-menu). The routes (src/app), the menu,
 * the tabs, the palette's navigation commands and any other entry (a mobile one) all read it,
 * so a screen added or hidden here is added or hidden everywhere. Data only: the components
 * live in src/app/screen-components.ts, keyed by the same ids.
 */
export type ScreenId =
  | 'notice'
  | 'noticeEditor'
  | 'accounts'
  | 'searchAccount'
  | 'stopList'
  | 'addAccount'
  | 'editAccount'
  | 'settingScore'
  | 'pointRecord'
  | 'operationRecord'
  | 'changePassword'
  | 'changeSafeCode'
  | 'sonAccount'
  | 'videoOrder'
  | 'onsiteBetting'
  | 'gameTransfer'
  | 'gameLog'
  | 'gameResult'
  | 'gameSwitch'
  | 'deviceSwitch'
  | 'memberExclusion'
  | 'winningReport'
  | 'dailyReport'
  | 'leaderboard'
  | 'tradingReport'
  | 'bill'
  | 'statement'
  | 'suggestion'
  | 'systemSetting'
  | 'userWarning'
  | 'exposureRating'
  | 'scoreRisk'
  | 'ipCheck'
  | 'scoreCheck'
  | 'dealRecord'
  | 'reconciliation';

/**
 * The menu's groups, in menu order: the sidebar shows each under its heading (collapsible), the
 * palette lists the screens under the same headings. The notices lead: they are the home screen.
 */
export const menuGroups = ['notices', 'accounts', 'points', 'reports', 'games', 'risk', 'system', 'own'] as const;
export type MenuGroup = (typeof menuGroups)[number];

/** Who may open a screen: any of the contract methods it calls (through `can`), or everyone signed in. */
export type ScreenGuard = { anyOf: readonly MethodName[] } | 'signedIn';

export interface Screen {
  id: ScreenId;
  /** The path the menu links to; the guard applies to it and to everything below it. */
  path: string;
  /** wouter pattern, with the screen's params. */
  pattern: string;
  labelKey: string;
  icon: string;
  guard: ScreenGuard;
  /** Its place in the menu and the palette; screens without one are reached from other screens. */
  menu?: { group: MenuGroup; order: number; shortcut?: string; keywords: readonly string[] };
  /** The menu entry that stays highlighted on this screen, when not its own. */
  highlight?: ScreenId;
  /** The param whose change mounts the screen afresh (its state belongs to one account). */
  remountOn?: string;
  /** A count the menu shows beside the entry: the `newCount` this read answers (e.g. new suggestions). */
  badge?: 'gw.credit.suggestion.count';
  /** A red dot beside the entry while the watched members' unseen events are above 0 (docs/product.md#monitoring). */
  alert?: 'monitor';
}

export const screens: readonly Screen[] = [
  {
    id: 'notice',
    path: '/notice',
    pattern: '/notice',
    labelKey: 'route.notice',
    icon: 'megaphone',
    guard: { anyOf: ['gw.credit.notice.layer.list'] },
    menu: { group: 'notices', order: 1, shortcut: 'alt+1', keywords: ['notice', 'announcement', 'home', '公告', 'gonggao'] },
  },
  {
    // The "edit notice" route, reached from the notices only: adds a notice, or edits the draft named.
    id: 'noticeEditor',
    path: '/oprateNotice/index',
    pattern: '/oprateNotice/index/:noticeId?',
    labelKey: 'route.noticeEditor',
    icon: 'megaphone',
    guard: { anyOf: ['gw.credit.notice.add', 'gw.credit.notice.update'] },
    highlight: 'notice',
    remountOn: 'noticeId',
  },
  {
    id: 'accounts',
    path: '/account/index',
    pattern: '/account/index/:parentId?',
    labelKey: 'route.accounts',
    icon: 'users',
    guard: { anyOf: ['gw.credit.agent.query'] },
    menu: {
      group: 'accounts',
      order: 2,
      shortcut: 'alt+2',
      keywords: ['accounts', 'users', 'agents', 'members', 'downline', 'tree', '用户管理', '代理', '会员'],
    },
    remountOn: 'parentId',
  },
  {
    id: 'searchAccount',
    path: '/searchAccount/index',
    pattern: '/searchAccount/index',
    labelKey: 'route.searchAccount',
    icon: 'search',
    guard: { anyOf: ['gw.credit.account.search'] },
    menu: { group: 'accounts', order: 3, shortcut: 'alt+3', keywords: ['search', 'find', 'user', 'account', '搜索', '查找'] },
  },
  {
    id: 'stopList',
    path: '/stopList/index',
    pattern: '/stopList/index',
    labelKey: 'route.stopList',
    icon: 'pause',
    guard: { anyOf: ['gw.credit.user.query'] },
    highlight: 'accounts',
  },
  {
    id: 'addAccount',
    path: '/add/index',
    pattern: '/add/index/:mode?',
    labelKey: 'route.addAccount',
    icon: 'user-plus',
    guard: { anyOf: ['gw.credit.agent.add', 'gw.credit.user.add'] },
    highlight: 'accounts',
  },
  {
    id: 'editAccount',
    path: '/editAccount/index',
    pattern: '/editAccount/index/:userId',
    labelKey: 'route.editAccount',
    icon: 'user-cog',
    guard: { anyOf: ['gw.credit.agent.profile.edit', 'gw.credit.user.profile.edit'] },
    highlight: 'accounts',
    remountOn: 'userId',
  },
  {
    id: 'pointRecord',
    path: '/pointRecord/index',
    pattern: '/pointRecord/index',
    labelKey: 'route.pointRecord',
    icon: 'scroll-text',
    // Without access code 6 the score log is hidden (the method declares it).
    guard: { anyOf: ['gw.credit.score.log.query'] },
    menu: {
      group: 'points',
      order: 4,
      shortcut: 'alt+4',
      keywords: ['score log', 'points', 'record', 'history', 'ledger', '上下分', '分数记录', '积分记录'],
    },
  },
  {
    // Set-score risk search (docs/product.md#set-score-risk-search): the score log between two amounts (code 6, like the log).
    id: 'scoreRisk',
    path: '/scoreRisk/index',
    pattern: '/scoreRisk/index',
    labelKey: 'route.scoreRisk',
    icon: 'search-check',
    guard: { anyOf: ['gw.credit.score.log.query'] },
    menu: {
      group: 'risk',
      order: 4.01,
      keywords: ['risk', 'large score', 'set-score risk', 'amount between', '风险', '上下分风险', '大额', 'fengxian'],
    },
  },
  {
    // Check and add score (docs/product.md#check-and-add-score): the company's review of large score operations after the fact (level 0, code 6).
    id: 'scoreCheck',
    path: '/scoreCheck/index',
    pattern: '/scoreCheck/index',
    labelKey: 'route.scoreCheck',
    icon: 'list-checks',
    guard: { anyOf: ['gw.credit.score.check.query'] },
    menu: {
      group: 'points',
      order: 4.02,
      keywords: ['check score', 'audit', 'review', 'large score', 'check and add score', '审核', '查核上下分', '大额', 'shenhe'],
    },
  },
  {
    // Deal record: one account's movements and settled bets with both balances (code 6, a finance screen).
    id: 'dealRecord',
    path: '/dealRecord/index',
    pattern: '/dealRecord/index/:userId?',
    labelKey: 'route.dealRecord',
    icon: 'book-open',
    guard: { anyOf: ['gw.credit.deal.record.query'] },
    remountOn: 'userId',
    menu: {
      group: 'points',
      order: 4.03,
      keywords: ['deal record', 'statement', 'balance history', 'platform balance', '交易记录', '账变', '流水', 'jiaoyi'],
    },
  },
  {
    id: 'winningReport',
    path: '/winningReport/index',
    pattern: '/winningReport/index',
    labelKey: 'route.winningReport',
    icon: 'chart-column',
    // Win/loss needs access code 7 (docs/product.md#access-codes), declared by the methods.
    guard: { anyOf: ['gw.credit.agent.list.total.report', 'gw.credit.player.list.total.report'] },
    menu: {
      group: 'reports',
      order: 4.1,
      keywords: ['win/loss', 'report', 'winning report', 'profit', 'shares', '输赢报表', '报表', 'shuying'],
    },
  },
  {
    // The agent and player daily reports (code 8): one account's results day by day.
    id: 'dailyReport',
    path: '/dailyReport/index',
    pattern: '/dailyReport/index',
    labelKey: 'route.dailyReport',
    icon: 'calendar-days',
    guard: { anyOf: ['gw.credit.agent.daily.report'] },
    menu: {
      group: 'reports',
      order: 4.15,
      keywords: ['daily report', 'per day', 'day by day', 'agent daily', 'player daily', '日报', '每日报表', 'ribao'],
    },
  },
  {
    id: 'leaderboard',
    path: '/leaderboard/index',
    pattern: '/leaderboard/index',
    labelKey: 'route.leaderboard',
    icon: 'trophy',
    // Code 11, declared by the method.
    guard: { anyOf: ['gw.credit.leaderboard.query'] },
    menu: { group: 'reports', order: 4.15, keywords: ['leaderboard', 'ranking', 'top members', 'winners', '排行榜', '排名', 'paihang'] },
  },
  {
    id: 'tradingReport',
    path: '/tradingReport/index',
    pattern: '/tradingReport/index',
    labelKey: 'route.tradingReport',
    icon: 'arrow-up-down',
    // Code 8 (docs/product.md#access-codes), declared by the method.
    guard: { anyOf: ['gw.credit.trading.report'] },
    menu: { group: 'reports', order: 4.17, keywords: ['trading', 'movements', 'score up', 'transfers', '交易报表', '上下分', 'jiaoyi'] },
  },
  {
    id: 'bill',
    path: '/bill/index',
    pattern: '/bill/index',
    labelKey: 'route.bill',
    icon: 'receipt-text',
    // Code 8, levels 0-3 (docs/product.md#access-codes), declared by the method.
    guard: { anyOf: ['gw.credit.bill.query'] },
    menu: { group: 'reports', order: 4.18, keywords: ['bill', 'settlement', 'period', 'hand up', '账单', '结算', 'zhangdan'] },
  },
  {
    // The frozen statements of the closed bill periods (docs/product.md#statements).
    id: 'statement',
    path: '/statement/index',
    pattern: '/statement/index',
    labelKey: 'route.statement',
    icon: 'scroll-text',
    // Code 8, levels 0-4, declared by the method.
    guard: { anyOf: ['gw.credit.statement.query'] },
    menu: { group: 'reports', order: 4.185, keywords: ['statement', 'bill', 'period', 'hash', 'pdf', '对账单', '账单', 'duizhangdan'] },
  },
  {
    // Suggestions and complaints (docs/product.md#suggestions): what the line's members wrote in the app.
    id: 'suggestion',
    path: '/suggestion/index',
    pattern: '/suggestion/index',
    labelKey: 'route.suggestion',
    icon: 'message-square',
    guard: { anyOf: ['gw.credit.suggestion.page'] },
    menu: { group: 'notices', order: 4.19, keywords: ['suggestion', 'complaint', 'feedback', 'app suggestion', '建议', '投诉', 'jianyi'] },
    badge: 'gw.credit.suggestion.count',
  },
  {
    id: 'videoOrder',
    path: '/videoOrder/index',
    pattern: '/videoOrder/index',
    labelKey: 'route.videoOrder',
    icon: 'receipt',
    // Bets need access code 7 (docs/product.md#access-codes), declared by the method.
    guard: { anyOf: ['gw.credit.bet.query'] },
    menu: {
      group: 'games',
      order: 4.2,
      keywords: ['bets', 'bet records', 'orders', 'wagers', 'video order', '注单', '投注记录', '下注', 'zhudan'],
    },
  },
  {
    id: 'onsiteBetting',
    path: '/onsiteBetting/index',
    pattern: '/onsiteBetting/index',
    labelKey: 'route.onsiteBetting',
    icon: 'radio',
    guard: { anyOf: ['gw.credit.bet.onsite.query'] },
    menu: { group: 'games', order: 4.3, keywords: ['onsite', 'live bets', 'unsettled', 'open bets', '现场投注', '未结算', 'xianchang'] },
  },
  {
    // Code 6, like the score log; a finance screen (system.finance.isvisit, docs/product.md#finance).
    id: 'exposureRating',
    path: '/exposureRating/index',
    pattern: '/exposureRating/index',
    labelKey: 'route.exposureRating',
    icon: 'gauge',
    guard: { anyOf: ['gw.credit.exposure.query'] },
    menu: {
      group: 'risk',
      order: 4.31,
      keywords: ['exposure', 'risk', 'open stakes', 'unsettled', 'rating', '风险', '敞口', '未结算', 'fengxian'],
    },
  },
  {
    id: 'gameTransfer',
    path: '/gameTransfer/index',
    pattern: '/gameTransfer/index',
    labelKey: 'route.gameTransfer',
    icon: 'arrow-left-right',
    // Transfers to and from the game platform need access code 6, like the score log.
    guard: { anyOf: ['gw.credit.transfer.query'] },
    menu: {
      group: 'games',
      order: 4.32,
      keywords: [
        'transfers',
        'game wallet',
        'pending transfers',
        'repair',
        'transfer in',
        'transfer out',
        '转账',
        '转入转出',
        '修复',
        'zhuanzhang',
      ],
    },
  },
  {
    id: 'gameLog',
    path: '/gameLog/index',
    pattern: '/gameLog/index',
    labelKey: 'route.gameLog',
    icon: 'scroll-text',
    // A member's sessions and their bets: access code 7, like the bets.
    guard: { anyOf: ['gw.credit.player.game.log'] },
    menu: {
      group: 'games',
      order: 4.33,
      keywords: ['game log', 'sessions', 'player log', 'play history', '游戏日志', '游戏记录', 'youxirizhi'],
    },
  },
  {
    id: 'gameResult',
    path: '/gameResult/index',
    pattern: '/gameResult/index',
    labelKey: 'route.gameResult',
    icon: 'dices',
    guard: { anyOf: ['gw.credit.game.result.query'] },
    menu: {
      group: 'games',
      order: 4.35,
      keywords: ['game results', 'rounds', 'results', 'cards', 'dice', '游戏结果', '开奖', 'youxijieguo'],
    },
  },
  {
    id: 'operationRecord',
    path: '/operationRecord/index',
    pattern: '/operationRecord/index',
    labelKey: 'route.operationRecord',
    icon: 'history',
    // The method's rights (levels 0-2, role firstProxy, code 8) hide it from everyone else.
    guard: { anyOf: ['gw.credit.operation.record.query'] },
    menu: {
      group: 'system',
      order: 4.5,
      keywords: ['operation record', 'operation log', 'audit', 'sign-in log', 'login log', '操作记录', '登录日志', 'caozuo'],
    },
  },
  {
    // IP check (docs/product.md#login-log-and-ip-check): the line's accounts that signed in from one address, as the line-wide login log (levels 0-2, code 8).
    id: 'ipCheck',
    path: '/ipCheck/index',
    pattern: '/ipCheck/index',
    labelKey: 'route.ipCheck',
    icon: 'network',
    guard: { anyOf: ['gw.credit.ip.check'] },
    menu: {
      group: 'risk',
      order: 4.51,
      keywords: ['ip check', 'same ip', 'shared address', 'multi account', 'ip', '同IP', 'IP检查', '多开'],
    },
  },
  {
    id: 'gameSwitch',
    path: '/gameSwitch/index',
    pattern: '/gameSwitch/index',
    labelKey: 'route.gameSwitch',
    icon: 'gamepad-2',
    // Opening and closing games acts for the whole site: level 0 main accounts only.
    guard: { anyOf: ['gw.credit.game.switch'] },
    menu: { group: 'games', order: 4.6, keywords: ['games', 'open game', 'close game', 'game switch', '游戏开关', '开关游戏', 'youxi'] },
  },
  {
    // Reconciliation with the game platform (docs/operations.md, "Reconciliation"): the job's runs and their differences (levels 0-1, code 6).
    id: 'reconciliation',
    path: '/reconciliation/index',
    pattern: '/reconciliation/index',
    labelKey: 'route.reconciliation',
    icon: 'list-checks',
    guard: { anyOf: ['gw.credit.reconciliation.run.query'] },
    menu: {
      group: 'risk',
      order: 4.52,
      keywords: ['reconcile', 'reconciliation', 'statement', 'differences', 'platform', '对账', '核对', '差异', 'duizhang'],
    },
  },
  {
    // The company's watched accounts (level 0), with the red dot.
    id: 'userWarning',
    path: '/userWarning/index',
    pattern: '/userWarning/index',
    labelKey: 'route.userWarning',
    icon: 'eye',
    guard: { anyOf: ['gw.credit.user.monitor.query'] },
    menu: {
      group: 'risk',
      order: 4.65,
      keywords: ['watched', 'monitor', 'warning', 'red dot', 'alerts', 'flagged', '监控', '预警', '异常', 'yujing'],
    },
    alert: 'monitor',
  },
  {
    // System settings (docs/product.md#system-settings): the company only; every change confirmed by the safe code.
    id: 'systemSetting',
    path: '/systemSetting/index',
    pattern: '/systemSetting/index',
    labelKey: 'route.systemSetting',
    icon: 'settings',
    guard: { anyOf: ['gw.credit.sys.setting.get'] },
    menu: {
      group: 'system',
      order: 4.7,
      keywords: [
        'system settings',
        'maintenance',
        'ip whitelist',
        'captcha',
        'timeout',
        'logo',
        'theme',
        '系统设置',
        '维护',
        '白名单',
        'xitong',
      ],
    },
  },
  {
    id: 'settingScore',
    path: '/settingScore/index',
    pattern: '/settingScore/index/:userId?',
    labelKey: 'route.settingScore',
    icon: 'coins',
    guard: { anyOf: ['gw.credit.user.score.up', 'gw.credit.user.score.down'] },
    highlight: 'accounts',
    remountOn: 'userId',
  },
  {
    id: 'changePassword',
    path: '/changePass/index',
    pattern: '/changePass/index',
    labelKey: 'route.changePassword',
    icon: 'key-round',
    guard: 'signedIn',
    menu: { group: 'own', order: 5, keywords: ['password', 'change password', '修改密码', 'mima'] },
  },
  {
    id: 'changeSafeCode',
    path: '/changeSafeCode/index',
    pattern: '/changeSafeCode/index',
    labelKey: 'route.changeSafeCode',
    icon: 'shield-check',
    guard: { anyOf: ['gw.credit.user.safe.code.update'] },
    menu: {
      group: 'own',
      order: 6,
      keywords: ['safe code', 'two-factor', '2fa', 'security code', '安全码', '二次验证', '修改安全码', 'anquanma'],
    },
  },
  {
    id: 'sonAccount',
    path: '/sonAccount/index',
    pattern: '/sonAccount/index/:dialog?/:subAccountId?',
    labelKey: 'route.sonAccount',
    icon: 'users-round',
    // Managing sub-accounts is for main accounts only (mainOnly): a sub-account never sees it.
    guard: { anyOf: ['gw.credit.subaccount.query'] },
    menu: {
      group: 'own',
      order: 7,
      keywords: ['sub-account', 'sub account', 'clerk', 'staff', 'son account', '子账号', '子帐号', 'zizhanghao'],
    },
  },
  {
    id: 'deviceSwitch',
    path: '/deviceSwitch/index',
    pattern: '/deviceSwitch/index/:userId',
    labelKey: 'route.deviceSwitch',
    icon: 'monitor-smartphone',
    guard: { anyOf: ['gw.credit.user.device.switch.set'] },
    highlight: 'accounts',
    remountOn: 'userId',
  },
  {
    id: 'memberExclusion',
    path: '/memberExclusion/index',
    pattern: '/memberExclusion/index/:userId',
    labelKey: 'route.memberExclusion',
    icon: 'timer-off',
    guard: { anyOf: ['gw.credit.user.exclusion.set'] },
    highlight: 'accounts',
    remountOn: 'userId',
  },
];

export function screenAllowed(screen: Screen, rights: Rights): boolean {
  return screen.guard === 'signedIn' || screen.guard.anyOf.some((method) => can(rights, method));
}

/**
 * The screens one access code opens to a clerk of a main account at this level: those it opens
 * with the code (and the codes it implies) and not without it. The sub-account form lists them
 * under each code, so what a code is said to grant is what the rights grant.
 */
export function screensOfAccessCode(code: number, level: Rights['level'], implied: readonly number[] = []): Screen[] {
  const clerk = (accessCodes: readonly number[]): Rights => ({
    userId: '',
    level,
    accessCodes,
    isSubAccount: true,
    mustChangePassword: false,
  });
  return screens.filter((screen) => screenAllowed(screen, clerk([code, ...implied])) && !screenAllowed(screen, clerk(implied)));
}

/** The screen a path belongs to: its own path or anything below it. */
export function screenOfPath(path: string): Screen | undefined {
  return screens.find((screen) => path === screen.path || path.startsWith(`${screen.path}/`));
}

/** Whether the user may open a path at all (route guard). Paths outside the table are public or unknown. */
export function pathAllowed(path: string, rights: Rights): boolean {
  const screen = screenOfPath(path);
  return screen ? screenAllowed(screen, rights) : true;
}

/** Menu order: group by group, then each screen's order within its group. */
export function byMenuOrder(a: Screen, b: Screen): number {
  return menuGroups.indexOf(a.menu!.group) - menuGroups.indexOf(b.menu!.group) || a.menu!.order - b.menu!.order;
}

/** The menu's entries for these rights, in menu order: the sidebar, the narrow-screen sheet and the palette read it. */
export function menuScreens(rights: Rights): Screen[] {
  return screens.filter((screen) => screen.menu && screenAllowed(screen, rights)).sort(byMenuOrder);
}

/** The menu's entries for these rights under their groups, in menu order; a group with no entry the user may open is left out. */
export function menuScreensByGroup(rights: Rights): { group: MenuGroup; screens: Screen[] }[] {
  const entries = menuScreens(rights);
  return menuGroups
    .map((group) => ({ group, screens: entries.filter((screen) => screen.menu!.group === group) }))
    .filter((section) => section.screens.length > 0);
}

/** The menu group holding the entry highlighted on a path (the one to show open). */
export function menuGroupOfPath(path: string): MenuGroup | undefined {
  const owner = highlightedPath(path);
  return screens.find((screen) => screen.path === owner)?.menu?.group;
}

/** The menu entry highlighted on a path: the screen's own, or the one it belongs to. */
export function highlightedPath(path: string): string | undefined {
  const screen = screenOfPath(path);
  if (!screen) return undefined;
  const owner = screen.highlight ? screens.find((other) => other.id === screen.highlight) : screen;
  return owner?.path;
}
