import { useSyncExternalStore } from 'react';

const KEY = 'credit-menu-collapsed';
const listeners = new Set<() => void>();
let current: readonly string[] | undefined;

function read(): readonly string[] {
  try {
    const ids = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The menu groups the user folded, remembered in this browser. */
export function collapsedMenuGroups(): readonly string[] {
  current ??= read();
  return current;
}

export function setMenuGroupCollapsed(group: string, collapsed: boolean): void {
  const others = collapsedMenuGroups().filter((id) => id !== group);
  const next = collapsed ? [...others, group] : others;
  if (next.length === collapsedMenuGroups().length && next.every((id) => collapsedMenuGroups().includes(id))) return;
  current = next;
  localStorage.setItem(KEY, JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

/** Forgets what was read, so the next read comes from storage again (tests). */
export function resetCollapsedMenuGroups(): void {
  current = undefined;
}

export function useCollapsedMenuGroups(): readonly string[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    collapsedMenuGroups,
    collapsedMenuGroups,
  );
}
