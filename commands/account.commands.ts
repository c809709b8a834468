import type { Command } from './command';
import { pathAllowed } from './navigation.commands';

export const accountCommands: Command[] = [
  {
    id: 'accounts.add',
    group: 'accounts',
    titleKey: 'command.addAccount',
    keywords: ['add', 'new', 'create', 'agent', 'member', 'user', '新增', '添加', '代理', '会员'],
    shortcut: 'alt+n',
    icon: 'user-plus',
    when: (rights) => pathAllowed('/add/index', rights),
    run: (context) => context.navigate('/add/index'),
  },
  {
    id: 'accounts.stopList',
    group: 'accounts',
    titleKey: 'route.stopList',
    keywords: ['stop', 'pause', 'bet', 'paused', '停押', '暂停下注', '停止下注'],
    icon: 'pause',
    when: (rights) => pathAllowed('/stopList/index', rights),
    run: (context) => context.navigate('/stopList/index'),
  },
];
