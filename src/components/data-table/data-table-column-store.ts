import type { ColumnVisibilityState } from '@tanstack/react-table';

const PREFIX = 'credit-table-columns:';

/** The columns a user hid in a table (by the table's id), as react-table's visibility state; none when nothing is stored. */
export function storedColumnVisibility(tableId: string | undefined): ColumnVisibilityState {
  if (!tableId) return {};
  try {
    const hidden = JSON.parse(localStorage.getItem(PREFIX + tableId) ?? '[]') as unknown;
    return Array.isArray(hidden) ? Object.fromEntries(hidden.filter((id) => typeof id === 'string').map((id: string) => [id, false])) : {};
  } catch {
    return {};
  }
}

/** Remembers the hidden columns of a table in this browser. */
export function storeColumnVisibility(tableId: string | undefined, visibility: ColumnVisibilityState): void {
  if (!tableId) return;
  const hidden = Object.entries(visibility)
    .filter(([, visible]) => !visible)
    .map(([id]) => id);
  try {
    if (hidden.length === 0) localStorage.removeItem(PREFIX + tableId);
    else localStorage.setItem(PREFIX + tableId, JSON.stringify(hidden));
  } catch {
    // Storage full or refused: the choice holds until the page is left.
  }
}
