import { always, type Command } from './command';

export const sessionCommands: Command[] = [
  {
    id: 'session.refreshPoints',
    group: 'session',
    titleKey: 'command.refreshPoints',
    keywords: ['points', 'balance', 'refresh', '积分', '刷新'],
    shortcut: 'mod+shift+r',
    icon: 'refresh-cw',
    when: (rights) => !rights.mustChangePassword,
    run: (context) => context.refreshPoints(),
  },
  {
    id: 'session.switchView',
    group: 'session',
    titleKey: 'command.switchView',
    keywords: ['mobile', 'desktop', 'phone', 'version', '手机版', '电脑版', '移动'],
    icon: 'smartphone',
    when: (rights) => !rights.mustChangePassword,
    run: (context) => context.switchView(),
  },
  {
    id: 'session.logout',
    group: 'session',
    titleKey: 'command.logout',
    keywords: ['logout', 'sign out', 'exit', '退出', '登出'],
    shortcut: 'mod+shift+q',
    icon: 'log-out',
    when: always,
    run: (context) => context.requestLogout(),
  },
];
