import { useSyncExternalStore } from 'react';

let current = '';
const listeners = new Set<() => void>();

/**
 * The site's currency code (ISO 4217, "CNY"), as sn.template.get answers it once the site is
 * loaded; empty until then, or while the gateway does not name it.
 */
export function setSiteCurrency(code: string | undefined): void {
  const next = code ?? '';
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

export function siteCurrency(): string {
  return current;
}

/** The site's currency code in a component, re-rendered when it is known. */
export function useSiteCurrency(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    siteCurrency,
    siteCurrency,
  );
}

export { withCurrency } from '@commands/command';
