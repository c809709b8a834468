import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { Rights } from '@commands/command';
import { pathAllowed, screens } from '@commands/screens';

/** The notice screen's tab is always there (docs/product.md#layout). */
export const PINNED_TAG = '/notice';

/** Menu screens get a tab when opened at their own path (not a sub-screen or an account's page). */
export const tagTitleKey = (path: string) => screens.find((screen) => screen.menu && screen.path === path)?.labelKey;

export type TagsToClose = 'one' | 'others' | 'all' | 'right';

/**
 * The tabs of the screens visited in this session, and closing them around one tab (the active
 * one by default). A screen the rights do not open gets no tab: its path shows the refusal only.
 */
export function useOpenTags(rights: Rights) {
  const [location, navigate] = useLocation();
  const [open, setOpen] = useState<string[]>([PINNED_TAG]);
  useEffect(() => {
    if (tagTitleKey(location) && pathAllowed(location, rights))
      setOpen((current) => (current.includes(location) ? current : [...current, location]));
  }, [location, rights]);
  // A new screen starts at its top, whatever the last one was scrolled to (filters on one screen keep its place).
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location]);

  const close = useCallback(
    (which: TagsToClose, around: string = location) => {
      const at = open.indexOf(around);
      if (at === -1 && which !== 'all') return;
      const kept = open.filter(
        (path, index) =>
          path === PINNED_TAG ||
          (which === 'one' && path !== around) ||
          (which === 'others' && path === around) ||
          (which === 'right' && index <= at),
      );
      setOpen(kept);
      // The screen shown goes with its tab: the tab closed around takes over, or the last one left.
      if (open.includes(location) && !kept.includes(location)) navigate(kept.includes(around) ? around : kept[kept.length - 1]!);
    },
    [open, location, navigate],
  );
  return { open, active: location, close };
}
