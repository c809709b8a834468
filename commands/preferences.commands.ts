import { always, type Command, type Theme } from './command';
import { languages } from './preference-choices';

export { languages };

export const themes: { id: Theme; titleKey: string; keywords: string[] }[] = [
  { id: 'black', titleKey: 'theme.black', keywords: ['black', 'dark', '黑色'] },
  { id: 'red', titleKey: 'theme.red', keywords: ['red', '红色'] },
];

export const preferenceCommands: Command[] = [
  {
    id: 'preferences.language',
    group: 'preferences',
    titleKey: 'command.changeLanguage',
    keywords: ['language', 'lang', '语言', 'ภาษา', 'ngôn ngữ', 'bahasa'],
    shortcut: 'mod+shift+l',
    icon: 'languages',
    steps: [
      {
        placeholderKey: 'palette.chooseLanguage',
        choices: () => languages.map(({ id, keywords }) => ({ id, titleKey: `language.${id}`, keywords })),
      },
    ],
    when: always,
    run: (context, [choice]) => {
      const next =
        languages.find((l) => l.id === choice)?.id ??
        languages[(languages.findIndex((l) => l.id === context.language) + 1) % languages.length]!.id;
      context.setLanguage(next);
    },
  },
  {
    id: 'preferences.theme',
    group: 'preferences',
    titleKey: 'command.changeTheme',
    keywords: ['theme', 'color', 'colour', '主题', 'dark', 'red'],
    shortcut: 'mod+shift+t',
    icon: 'palette',
    steps: [
      { placeholderKey: 'palette.chooseTheme', choices: () => themes.map(({ id, titleKey, keywords }) => ({ id, titleKey, keywords })) },
    ],
    when: always,
    run: (context, [choice]) =>
      context.setTheme(choice === 'red' || choice === 'black' ? choice : context.theme === 'black' ? 'red' : 'black'),
  },
  {
    id: 'preferences.sidebar',
    desktopOnly: true,
    group: 'preferences',
    titleKey: 'command.toggleSidebar',
    keywords: ['sidebar', 'menu', 'collapse', '侧边栏'],
    shortcut: 'mod+b',
    icon: 'panel-left',
    when: (rights) => !rights.mustChangePassword,
    run: (context) => context.toggleSidebar(),
  },
  {
    id: 'preferences.tagsView',
    desktopOnly: true,
    group: 'preferences',
    titleKey: 'command.toggleTagsView',
    keywords: ['tags', 'tabs', '标签'],
    icon: 'rows-3',
    when: (rights) => !rights.mustChangePassword,
    run: (context) => context.toggleTagsView(),
  },
  {
    id: 'preferences.closeOtherTags',
    desktopOnly: true,
    group: 'preferences',
    titleKey: 'command.closeOtherTags',
    keywords: ['close other tabs', 'tags', '关闭其他', '标签'],
    when: (rights) => !rights.mustChangePassword,
    run: (context) => context.closeTags('others'),
  },
  {
    id: 'preferences.closeAllTags',
    desktopOnly: true,
    group: 'preferences',
    titleKey: 'command.closeAllTags',
    keywords: ['close all tabs', 'tags', '关闭所有', '标签'],
    when: (rights) => !rights.mustChangePassword,
    run: (context) => context.closeTags('all'),
  },
  {
    id: 'preferences.closeTagsToRight',
    desktopOnly: true,
    group: 'preferences',
    titleKey: 'command.closeTagsToRight',
    keywords: ['close tabs to the right', 'tags', '关闭右侧', '标签'],
    when: (rights) => !rights.mustChangePassword,
    run: (context) => context.closeTags('right'),
  },
  {
    id: 'preferences.settings',
    desktopOnly: true,
    group: 'preferences',
    titleKey: 'command.openSettings',
    keywords: ['settings', 'layout', '设置'],
    icon: 'settings',
    when: (rights) => !rights.mustChangePassword,
    run: (context) => context.openSettings(),
  },
];
