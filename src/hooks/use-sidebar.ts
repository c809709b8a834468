import { useCallback, useState, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT, updatePreferences, usePreferences } from '@/lib/preferences';

const narrowQuery = `(width < ${MOBILE_BREAKPOINT}px)`;

function watchNarrow(onChange: () => void): () => void {
  const media = window.matchMedia(narrowQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Below the mobile breakpoint (docs/product.md#phone) the menu is a sheet over the page instead of the docked sidebar. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    watchNarrow,
    () => window.matchMedia(narrowQuery).matches,
    () => false,
  );
}

export interface SidebarState {
  narrow: boolean;
  /** Docked: the remembered open state; narrow: whether the sheet is open (it always starts closed). */
  open: boolean;
  setSheetOpen(open: boolean): void;
  toggle(): void;
}

export function useSidebar(): SidebarState {
  const narrow = useNarrowScreen();
  const { sidebarOpen } = usePreferences();
  const [sheet, setSheet] = useState({ open: false, narrow });
  if (sheet.narrow !== narrow) setSheet({ open: false, narrow });
  const sheetOpen = narrow && sheet.open;
  const setSheetOpen = useCallback((open: boolean) => setSheet((current) => ({ ...current, open })), []);
  const toggle = useCallback(() => {
    if (narrow) setSheet((current) => ({ ...current, open: !current.open }));
    else updatePreferences({ sidebarOpen: !sidebarOpen });
  }, [narrow, sidebarOpen]);
  return { narrow, open: narrow ? sheetOpen : sidebarOpen, setSheetOpen, toggle };
}
