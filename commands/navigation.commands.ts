import type { Command } from './command';
import { screenAllowed, screens } from './screens';

export { pathAllowed } from './screens';

/**
 * One command per menu entry of the screens table (commands/screens.ts): the palette, the
 * shortcuts and the sidebar offer the same screens under the same rule (spec §6).
 */
export const navigationCommands: Command[] = screens
  .filter((screen) => screen.menu)
  .sort((a, b) => a.menu!.order - b.menu!.order)
  .map((screen) => ({
    id: `go.${screen.id}`,
    group: 'navigation',
    titleKey: screen.labelKey,
    keywords: screen.menu!.keywords,
    ...(screen.menu!.shortcut ? { shortcut: screen.menu!.shortcut } : {}),
    path: screen.path,
    icon: screen.icon,
    when: (rights) => screenAllowed(screen, rights),
    run: (context) => context.navigate(screen.path),
  }));
