import { describe, expect, it, vi } from 'vitest';
import type { CommandContext, ListExport, Rights } from './command';
import { pathAllowed } from './navigation.commands';
import { allCommands, commandsFor, commandsIn, matchesShortcut, menuCommands, shortcutLabel } from './registry';

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

  const contextIn = (view: 'desktop' | 'mobile', listExport: ListExport | null = null) =>
    ({ rights: company, view, listExport: () => listExport }) as unknown as CommandContext;
  const ids = (context: CommandContext) => commandsIn(context).map((command) => command.id);

  it("leaves the desktop's menu, tabs and layout out of the phone's command sheet, and keeps the rest", () => {
    const desktopOnly = [
      'preferences.sidebar',
      'preferences.tagsView',
      'preferences.closeOtherTags',
      'preferences.closeAllTags',
      'preferences.closeTagsToRight',
      'preferences.settings',
    ];
    for (const id of desktopOnly) {
      expect(ids(contextIn('desktop')), id).toContain(id);
      expect(ids(contextIn('mobile')), id).not.toContain(id);
    }
    expect(ids(contextIn('mobile'))).toEqual(ids(contextIn('desktop')).filter((id) => !desktopOnly.includes(id)));
    expect(ids(contextIn('mobile'))).toEqual(
      expect.arrayContaining(['go.notice', 'points.setScore', 'preferences.language', 'session.logout']),
    );
  });

  it('offers "Export this list…" only on a screen with a list ready, and runs its export in the format picked', async () => {
    expect(ids(contextIn('desktop'))).not.toContain('screen.exportList');
    const run = vi.fn();
    const context = contextIn('desktop', { run });
    expect(ids(context)).toContain('screen.exportList');
    const command = commandsIn(context).find((entry) => entry.id === 'screen.exportList')!;
    const formats = await command.steps![0]!.choices(context, [], '');
    expect(formats.map((format) => format.id)).toEqual(['csv', 'xlsx']);
    await command.run(context, ['xlsx']);
    await command.run(context, ['csv']);
    expect(run.mock.calls).toEqual([['xlsx'], ['csv']]);
    expect(commandsIn({ ...context, rights: { ...company, mustChangePassword: true } }).map((entry) => entry.id)).not.toContain(
      'screen.exportList',
    );
  });
});
