import { accountCommands } from './account.commands';
import type { Command, Rights } from './command';
import { navigationCommands } from './navigation.commands';
import { preferenceCommands } from './preferences.commands';
import { sessionCommands } from './session.commands';

/**
 * The commands the signed-in shell binds from its first screen: they read no contract schema,
 * so the shell carries no zod. The rest of the registry (account actions, score transfers)
 * loads with the palette, or at the first key press that could be one of its shortcuts.
 */
export const shellCommands: readonly Command[] = [...navigationCommands, ...accountCommands, ...preferenceCommands, ...sessionCommands];

/** The command of these bound to a key press, when the session may run it. */
export function shortcutCommand(
  commands: readonly Command[],
  rights: Rights,
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code'>,
  isMac: boolean,
): Command | undefined {
  return commands.find((command) => command.shortcut && command.when(rights) && matchesShortcut(command.shortcut, event, isMac));
}

/** "mod+shift+l" against a keyboard event (mod = Ctrl, or Cmd on macOS). */
export function matchesShortcut(
  shortcut: string,
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code'>,
  isMac: boolean,
): boolean {
  const parts = shortcut.toLowerCase().split('+');
  const key = parts[parts.length - 1]!;
  const wants = (modifier: string) => parts.includes(modifier);
  const mod = isMac ? event.metaKey : event.ctrlKey;
  if (wants('mod') !== mod) return false;
  if (wants('shift') !== event.shiftKey || wants('alt') !== event.altKey) return false;
  if (!wants('mod') && (event.ctrlKey || event.metaKey)) return false;
  const pressed = event.code?.startsWith('Key')
    ? event.code.slice(3).toLowerCase()
    : event.code?.startsWith('Digit')
      ? event.code.slice(5)
      : event.key.toLowerCase();
  return pressed === key;
}

/** Shortcut for display: "Ctrl+Shift+L" or "⌘⇧L". */
export function shortcutLabel(shortcut: string, isMac: boolean): string[] {
  return shortcut.split('+').map((part) => {
    if (part === 'mod') return isMac ? '⌘' : 'Ctrl';
    if (part === 'shift') return isMac ? '⇧' : 'Shift';
    if (part === 'alt') return isMac ? '⌥' : 'Alt';
    return part.toUpperCase();
  });
}
