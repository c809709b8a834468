import type { Level } from '../contract/method.contract';

export type Language = 'zh' | 'en' | 'th' | 'vi' | 'id';
export type Theme = 'black' | 'red';

/** What a command may know about the user to decide whether it is offered. */
export interface Rights {
  level: Level;
  /** Access codes of spec §6 (main accounts hold them all). */
  accessCodes: readonly number[];
  /** Session type 9: a sub-account acting for its main account. */
  isSubAccount: boolean;
  /** Until the forced password change is done, only it (and logging out) is offered. */
  mustChangePassword: boolean;
}

/** What a command can do: the app provides it; commands never import screens. */
export interface CommandContext {
  rights: Rights;
  navigate(path: string): void;
  setLanguage(language: Language): void;
  setTheme(theme: Theme): void;
  toggleSidebar(): void;
  toggleTagsView(): void;
  openSettings(): void;
  refreshPoints(): void;
  requestLogout(): void;
  currentPath: string;
  language: Language;
  theme: Theme;
}

export interface Command {
  /** Stable id: the palette's value, the recent list and tests use it, never the translated title. */
  id: string;
  group: 'navigation' | 'accounts' | 'preferences' | 'session';
  titleKey: string;
  /** Extra words that find the command (aliases, other languages). */
  keywords: readonly string[];
  /** Key binding shown in the palette and bound by the app, e.g. "mod+shift+l". */
  shortcut?: string;
  /** For navigation commands: the route they open (the sidebar renders these). */
  path?: string;
  /** Icon name (lucide) for menus. */
  icon?: string;
  /** Commands that ask for an argument open a nested page of choices. */
  choices?: (context: CommandContext) => { id: string; titleKey: string; keywords: readonly string[] }[];
  when(rights: Rights): boolean;
  run(context: CommandContext, choice?: string): void;
}

export const always = () => true;
