import { useCallback, useRef } from 'react';
import { focusBack } from '@/lib/focus-screen';

type AutoFocusHandler = (event: Event) => void;

/**
 * The focus of a dialog, drawer or menu: noted where it was when the layer opened, and given back
 * there when it closes (Radix gives it only to a trigger, and most of the app's layers open without
 * one: from the palette, a menu, a table's row). A handler that prevents the default keeps its own way.
 */
export function useFocusReturn(handlers: {
  onOpenAutoFocus?: AutoFocusHandler | undefined;
  onCloseAutoFocus?: AutoFocusHandler | undefined;
}) {
  const opener = useRef<Element | null>(null);
  /** For a layer that does not tell when it opens (a menu): its element, as it is shown and before the focus moves in. */
  const noteOpener = useCallback((layer: HTMLElement | null) => {
    if (layer && !layer.contains(document.activeElement)) opener.current = document.activeElement;
  }, []);
  return {
    noteOpener,
    autoFocus: {
      onOpenAutoFocus: (event: Event) => {
        // Radix asks before moving the focus in: what holds it now is what opened the layer.
        opener.current = document.activeElement;
        handlers.onOpenAutoFocus?.(event);
      },
      onCloseAutoFocus: (event: Event) => {
        handlers.onCloseAutoFocus?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        focusBack(opener.current);
        opener.current = null;
      },
    },
  };
}
