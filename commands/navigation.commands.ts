import type { Command } from './command';
import { byMenuOrder, screenAllowed, screens } from './screens';

export { pathAllowed } from './screens';

/**
 * One command per menu entry of the screens table (commands/screens.ts): the palette, the
 * shortcuts and the sidebar offer the same screens under the same rule (docs/product.md#rights-and-access-codes).
 */
export const navigationCommands: Command[] = screens
  .filter((screen) => screen.menu)
  .sort(byMenuOrder)
  .map((screen) => ({
    id: `go.${screen.id}`,
    group: 'navigation',
    menuGroup: screen.menu!.group,
    titleKey: screen.labelKey,
    keywords: screen.menu!.keywords,
    ...(screen.menu!.shortcut ? { shortcut: screen.menu!.shortcut } : {}),
    path: screen.path,
    icon: screen.icon,
    when: (rights) => screenAllowed(screen, rights),
    run: (context) => context.navigate(screen.path),
  }));
