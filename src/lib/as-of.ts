import { useSyncExternalStore } from 'react';

/**
 * The moment the balance screens show (docs/product.md#balances-as-of): null shows balances as
 * they are now. One for the signed-in app, so the account list, the tree above it and the score
 * log agree, and the palette's "As of…" sets it for all of them. Not kept across a reload.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

export function asOf(): string | null {
  return current;
}

/** Sets (an ISO instant) or ends (null) the as-of view. */
export function setAsOf(at: string | null): void {
  if (at === current) return;
  current = at;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The as-of instant, re-rendering when it changes. */
export function useAsOf(): string | null {
  return useSyncExternalStore(subscribe, asOf, asOf);
}
