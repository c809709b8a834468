import { useEffect, useRef } from 'react';
import type { ListExport } from '@commands/command';

interface Registered {
  current(): (ListExport & { disabled: boolean }) | null;
}

/** The lists on screen that export, the latest shown last. */
const registered: Registered[] = [];

/**
 * The export of the list shown now, for the palette's "Export this list…": the one the screen
 * shown last registered, while its export is not disabled (nothing loaded, an export running).
 */
export function currentListExport(): ListExport | null {
  const latest = registered.at(-1)?.current();
  return latest && !latest.disabled ? { run: latest.run } : null;
}

/** Registers a list's export while it is on screen (its table's toolbar calls this with its CSV/Excel handler). */
export function useListExport(listExport: (ListExport & { disabled: boolean }) | null): void {
  const latest = useRef(listExport);
  useEffect(() => {
    latest.current = listExport;
  });
  const present = listExport !== null;
  useEffect(() => {
    if (!present) return;
    const entry: Registered = { current: () => latest.current };
    registered.push(entry);
    return () => {
      registered.splice(registered.indexOf(entry), 1);
    };
  }, [present]);
}
