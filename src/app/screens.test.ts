import { describe, expect, it } from 'vitest';
import type { Rights } from '@commands/command';
import { commandsFor } from '@commands/registry';
import {
  byMenuOrder,
  highlightedPath,
  menuGroupOfPath,
  menuGroups,
  menuScreens,
  menuScreensByGroup,
  pathAllowed,
  screenAllowed,
  screens,
} from '@commands/screens';
import en from '../../locales/en/common.json';
import id from '../../locales/id/common.json';
import th from '../../locales/th/common.json';
import vi from '../../locales/vi/common.json';
import zh from '../../locales/zh/common.json';
import { screenComponents } from './screen-components';

const locales = { zh, en, th, vi, id } as Record<string, unknown>;
const lookup = (tree: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};
const levelFourAgent: Rights = { ...company, userId: '40', level: 4 };
const levelOne: Rights = { ...company, userId: '10', level: 1 };
const levelThree: Rights = { ...company, userId: '30', level: 3 };
/** A sub-account holding only access code 1 (the account list), not 6 (the score log). */
const subAccount: Rights = { ...company, userId: '1', accessCodes: [1], isSubAccount: true };

/** What the palette offers to open: the navigation commands' paths. */
const paletteScreens = (rights: Rights) => commandsFor(rights).flatMap((command) => (command.group === 'navigation' ? [command.path] : []));

describe('the screens table', () => {
  it('gives every screen a component and a label in all five languages', () => {
    for (const screen of screens) {
      expect(screenComponents[screen.id], screen.id).toBeDefined();
      for (const [language, tree] of Object.entries(locales))
        expect(lookup(tree, screen.labelKey), `${language} ${screen.labelKey}`).toEqual(expect.any(String));
    }
    expect(Object.keys(screenComponents).sort()).toEqual(screens.map((screen) => screen.id).sort());
  });

  it('has one screen per path, each pattern starting with its path', () => {
    expect(new Set(screens.map((screen) => screen.path)).size).toBe(screens.length);
    for (const screen of screens) expect(screen.pattern.startsWith(screen.path)).toBe(true);
  });

  it.each([
    [
      'company',
      company,
      [
        '/notice',
        '/suggestion/index',
        '/account/index',
        '/searchAccount/index',
        '/pointRecord/index',
        '/scoreCheck/index',
        '/dealRecord/index',
        '/winningReport/index',
        '/dailyReport/index',
        '/leaderboard/index',
        '/tradingReport/index',
        '/bill/index',
        '/statement/index',
        '/videoOrder/index',
        '/onsiteBetting/index',
        '/gameTransfer/index',
        '/gameLog/index',
        '/gameResult/index',
        '/gameSwitch/index',
        '/scoreRisk/index',
        '/exposureRating/index',
        '/ipCheck/index',
        '/reconciliation/index',
        '/userWarning/index',
        '/operationRecord/index',
        '/systemSetting/index',
        '/changePass/index',
        '/changeSafeCode/index',
        '/sonAccount/index',
      ],
    ],
    [
      'level-4 agent',
      levelFourAgent,
      [
        '/notice',
        '/suggestion/index',
        '/account/index',
        '/searchAccount/index',
        '/pointRecord/index',
        '/dealRecord/index',
        '/winningReport/index',
        '/dailyReport/index',
        '/leaderboard/index',
        '/tradingReport/index',
        '/statement/index',
        '/videoOrder/index',
        '/onsiteBetting/index',
        '/gameTransfer/index',
        '/gameLog/index',
        '/gameResult/index',
        '/scoreRisk/index',
        '/exposureRating/index',
        '/changePass/index',
        '/changeSafeCode/index',
        '/sonAccount/index',
      ],
    ],
    [
      'sub-account with codes 1 and 5',
      { ...subAccount, accessCodes: [1, 5] },
      ['/notice', '/account/index', '/searchAccount/index', '/changePass/index', '/changeSafeCode/index'],
    ],
    [
      'sub-account with code 6',
      { ...subAccount, accessCodes: [1, 5, 6] },
      [
        '/notice',
        '/account/index',
        '/searchAccount/index',
        '/pointRecord/index',
        '/scoreCheck/index',
        '/dealRecord/index',
        '/gameTransfer/index',
        '/scoreRisk/index',
        '/exposureRating/index',
        '/reconciliation/index',
        '/changePass/index',
        '/changeSafeCode/index',
      ],
    ],
    [
      'sub-account before its codes are known',
      { ...subAccount, accessCodes: [] },
      ['/notice', '/changePass/index', '/changeSafeCode/index'],
    ],
    [
      'sub-account without code 6',
      subAccount,
      ['/notice', '/account/index', '/searchAccount/index', '/changePass/index', '/changeSafeCode/index'],
    ],
    ['forced password change', { ...company, mustChangePassword: true }, ['/changePass/index']],
  ] as const)('offers a %s the same screens in the menu and the palette', (_who, rights, expected) => {
    const menu = menuScreens(rights).map((screen) => screen.path);
    expect(menu).toEqual(expected);
    expect(paletteScreens(rights)).toEqual(menu);
    expect(menu).toEqual(
      screens
        .filter((screen) => screen.menu && screenAllowed(screen, rights))
        .sort(byMenuOrder)
        .map((screen) => screen.path),
    );
  });

  it('offers the operation record to levels 0 to 2 holding code 8, and to nobody else', () => {
    const offered = (rights: Rights) => menuScreens(rights).some((screen) => screen.id === 'operationRecord');
    expect(offered(levelOne)).toBe(true);
    expect(paletteScreens(levelOne)).toContain('/operationRecord/index');
    expect(offered(levelThree)).toBe(false);
    expect(paletteScreens(levelThree)).not.toContain('/operationRecord/index');
    expect(pathAllowed('/operationRecord/index', levelThree)).toBe(false);
    expect(offered({ ...levelOne, accessCodes: [1, 2, 3, 4, 5, 6, 7, 11] })).toBe(false);
  });

  it('guards a screen and everything below it, and leaves other paths to their own routes', () => {
    expect(pathAllowed('/account/index/12', company)).toBe(true);
    expect(pathAllowed('/account/index/12', { ...company, accessCodes: [6] })).toBe(false);
    expect(pathAllowed('/pointRecord/index', subAccount)).toBe(false);
    expect(pathAllowed('/404', { ...company, mustChangePassword: true })).toBe(true);
  });

  it('never lets a sub-account manage sub-accounts, whatever codes it holds, nor open one of their forms', () => {
    const allCodes = { ...subAccount, accessCodes: company.accessCodes };
    expect(menuScreens(allCodes).map((screen) => screen.path)).not.toContain('/sonAccount/index');
    expect(pathAllowed('/sonAccount/index/delete/900', allCodes)).toBe(false);
    expect(pathAllowed('/sonAccount/index/add', company)).toBe(true);
    expect(commandsFor(allCodes).filter((command) => command.id.includes('ubAccount'))).toEqual([]);
  });

  it('keeps the account menu entry highlighted on the screens that belong to it', () => {
    expect(highlightedPath('/editAccount/index/7')).toBe('/account/index');
    expect(highlightedPath('/settingScore/index')).toBe('/account/index');
    expect(highlightedPath('/account/index/7')).toBe('/account/index');
    expect(highlightedPath('/notice')).toBe('/notice');
    expect(highlightedPath('/404')).toBeUndefined();
  });

  it('puts every menu entry in one of the menu groups, each group named in all five languages', () => {
    for (const screen of screens.filter((entry) => entry.menu)) expect(menuGroups, screen.id).toContain(screen.menu!.group);
    for (const group of menuGroups)
      for (const [language, tree] of Object.entries(locales))
        expect(lookup(tree, `layout.group.${group}`), `${language} ${group}`).toEqual(expect.any(String));
  });

  it("groups the menu in group order, leaves out groups with nothing the user may open, and knows the open screen's group", () => {
    const sections = menuScreensByGroup(levelFourAgent);
    expect(sections.map((section) => section.group)).toEqual(['notices', 'accounts', 'points', 'reports', 'games', 'risk', 'own']);
    expect(sections.flatMap((section) => section.screens)).toEqual(menuScreens(levelFourAgent));
    expect(sections.find((section) => section.group === 'risk')!.screens.map((screen) => screen.id)).toEqual([
      'scoreRisk',
      'exposureRating',
    ]);
    expect(menuScreensByGroup({ ...company, mustChangePassword: true })).toEqual([
      { group: 'own', screens: [screens.find((screen) => screen.id === 'changePassword')] },
    ]);
    // A screen reached from another (set score) belongs to the group of the entry it highlights.
    expect(menuGroupOfPath('/settingScore/index/7')).toBe('accounts');
    expect(menuGroupOfPath('/bill/index')).toBe('reports');
    expect(menuGroupOfPath('/404')).toBeUndefined();
  });

  it("lists the palette's screens under the menu's groups", () => {
    const navigation = commandsFor(company).filter((command) => command.group === 'navigation');
    expect(navigation.map((command) => command.path)).toEqual(menuScreens(company).map((screen) => screen.path));
    expect(navigation.map((command) => command.menuGroup)).toEqual(menuScreens(company).map((screen) => screen.menu!.group));
  });
});
