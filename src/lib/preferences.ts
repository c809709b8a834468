import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import type { Language, Theme } from '@commands/command';

export type Size = 'small' | 'medium' | 'large';

/** The layout settings (docs/product.md#layout), plus the user's choices, remembered in this browser. */
export interface Preferences {
  language: Language;
  theme: Theme;
  size: Size;
  /** The docked sidebar of wide screens; below MOBILE_BREAKPOINT the menu is a sheet that starts closed. */
  sidebarOpen: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  showSettings: boolean;
}

export const LANGUAGE_COOKIE = 'language';
const STORAGE_KEY = 'credit-preferences';
export const MOBILE_BREAKPOINT = 992;
const languageIds: Language[] = ['zh', 'en', 'th', 'vi', 'id'];

function initial(): Preferences {
  const stored = (() => {
    try {
      return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Preferences>;
    } catch {
      return {};
    }
  })();
  const cookieLanguage = Cookies.get(LANGUAGE_COOKIE) as Language | undefined;
  themeChosen = stored.theme === 'red' || stored.theme === 'black';
  return {
    language: cookieLanguage && languageIds.includes(cookieLanguage) ? cookieLanguage : 'zh',
    theme: stored.theme === 'red' ? 'red' : 'black',
    size: stored.size === 'small' || stored.size === 'large' ? stored.size : 'medium',
    sidebarOpen: stored.sidebarOpen ?? true,
    tagsView: stored.tagsView ?? true,
    fixedHeader: stored.fixedHeader ?? false,
    sidebarLogo: stored.sidebarLogo ?? false,
    showSettings: true,
  };
}

let current: Preferences | undefined;
/** Whether the user picked a theme; until then the site's own theme (ui) applies. */
let themeChosen = false;
const listeners = new Set<() => void>();

export function preferences(): Preferences {
  current ??= initial();
  return current;
}

function applyToDocument(value: Preferences) {
  const root = document.documentElement;
  root.dataset.theme = value.theme;
  root.dataset.size = value.size;
  root.lang = value.language === 'zh' ? 'zh-CN' : value.language;
}

export function updatePreferences(change: Partial<Preferences>): void {
  const next = { ...preferences(), ...change };
  current = next;
  if (change.theme) themeChosen = true;
  if (change.language) Cookies.set(LANGUAGE_COOKIE, change.language, { sameSite: 'strict', path: '/', expires: 365 });
  const { language: _language, showSettings: _shown, theme, ...stored } = next;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(themeChosen ? { ...stored, theme } : stored));
  applyToDocument(next);
  listeners.forEach((listener) => listener());
}

/** The site's theme (black or red) is the default until the user picks one. */
export function applySiteTheme(ui: Theme): void {
  if (themeChosen || preferences().theme === ui) return;
  current = { ...preferences(), theme: ui };
  applyToDocument(current);
  listeners.forEach((listener) => listener());
}

export function startPreferences(): void {
  applyToDocument(preferences());
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    preferences,
    preferences,
  );
}
