import { describe, expect, it } from 'vitest';
import type { Rights } from './command';
import { allCommands } from './registry';
import { shellCommands, shortcutCommand } from './shortcuts';

const company: Rights = {
  userId: '1',
  level: 0,
  accessCodes: [1, 2, 3, 4, 5, 6, 7, 8, 11],
  isSubAccount: false,
  mustChangePassword: false,
};
const press = (over: Partial<KeyboardEvent>) => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...over,
});

describe("the shell's shortcuts", () => {
  it('are the registry’s own commands, and the registry adds only commands without a path', () => {
    for (const command of shellCommands) expect(allCommands).toContain(command);
    const rest = allCommands.filter((command) => !shellCommands.includes(command));
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.filter((command) => command.path)).toEqual([]);
  });

  it('finds the command a key press stands for, only when the session may run it', () => {
    expect(shortcutCommand(shellCommands, company, press({ altKey: true, key: '2', code: 'Digit2' }), false)?.id).toBe('go.accounts');
    expect(
      shortcutCommand(shellCommands, { ...company, mustChangePassword: true }, press({ altKey: true, key: '2', code: 'Digit2' }), false),
    ).toBeUndefined();
    // Account actions are not in the shell's list: the app loads the registry for them.
    expect(shortcutCommand(shellCommands, company, press({ altKey: true, key: 'a', code: 'KeyA' }), false)).toBeUndefined();
    expect(shortcutCommand(allCommands, company, press({ altKey: true, key: 'a', code: 'KeyA' }), false)).toBeDefined();
  });
});
