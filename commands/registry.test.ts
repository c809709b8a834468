import { describe, expect, it } from 'vitest';
import type { Rights } from './command';
import { pathAllowed } from './navigation.commands';
import { allCommands, commandsFor, matchesShortcut, menuCommands, shortcutLabel } from './registry';

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};

describe('command registry', () => {
  it('has unique ids and unique shortcuts', () => {
    const ids = allCommands.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const shortcuts = allCommands.flatMap((c) => (c.shortcut ? [c.shortcut] : []));
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
  });

  it('offers only the password change and logout while a password change is forced', () => {
    const forced = { ...company, mustChangePassword: true };
    expect(
      commandsFor(forced)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['go.changePassword', 'preferences.language', 'preferences.theme', 'session.logout'].sort());
    expect(menuCommands(forced).map((c) => c.path)).toEqual(['/changePass/index']);
    expect(pathAllowed('/notice', forced)).toBe(false);
    expect(pathAllowed('/notice', company)).toBe(true);
    expect(pathAllowed('/account/index/12', company)).toBe(true);
    expect(pathAllowed('/account/index/12', { ...company, accessCodes: [6] })).toBe(false);
  });

  it('matches shortcuts with Ctrl on Linux and Cmd on macOS', () => {
    const key = (over: Partial<KeyboardEvent>) => ({
      key: 'l',
      code: 'KeyL',
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      altKey: false,
      ...over,
    });
    expect(matchesShortcut('mod+shift+l', key({ ctrlKey: true, shiftKey: true, key: 'L' }), false)).toBe(true);
    expect(matchesShortcut('mod+shift+l', key({ metaKey: true, shiftKey: true }), true)).toBe(true);
    expect(matchesShortcut('mod+shift+l', key({ ctrlKey: true }), false)).toBe(false);
    expect(matchesShortcut('alt+1', key({ altKey: true, key: '¡', code: 'Digit1' }), true)).toBe(true);
    expect(shortcutLabel('mod+shift+l', false)).toEqual(['Ctrl', 'Shift', 'L']);
    expect(shortcutLabel('mod+shift+l', true)).toEqual(['⌘', '⇧', 'L']);
  });
});
