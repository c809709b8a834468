import { accountActionCommands } from './account-actions.commands';
import { accountCommands } from './account.commands';
import type { Command, Rights } from './command';
import { navigationCommands } from './navigation.commands';
import { pointsCommands } from './points.commands';
import { preferenceCommands } from './preferences.commands';
import { sessionCommands } from './session.commands';

/** Every command of the app, in menu order. Later screens add their command files here. */
export const allCommands: readonly Command[] = [
  ...navigationCommands,
  ...accountCommands,
  ...accountActionCommands,
  ...pointsCommands,
  ...preferenceCommands,
  ...sessionCommands,
];

export function commandsFor(rights: Rights): Command[] {
  return allCommands.filter((command) => command.when(rights));
}

export function menuCommands(rights: Rights): Command[] {
  return commandsFor(rights).filter((command) => command.path !== undefined);
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
