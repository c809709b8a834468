import { useSyncExternalStore } from 'react';

export interface ConfirmRequest {
  title: string;
  description: string;
  action: string;
}

interface Pending extends ConfirmRequest {
  resolve(ok: boolean): void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Asks the user through the one confirmation dialog of the app; a newer question cancels an older one. */
export function askConfirm(request: ConfirmRequest): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = {
      ...request,
      resolve: (ok) => {
        pending = null;
        emit();
        resolve(ok);
      },
    };
    emit();
  });
}

export function usePendingConfirm(): Pending | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
}

/** Lists of accounts reload when an action anywhere (a row, the palette, a job) changed accounts. */
export const ACCOUNTS_CHANGED = 'credit:accounts-changed';
export function announceAccountsChanged(): void {
  window.dispatchEvent(new Event(ACCOUNTS_CHANGED));
}

/** Calls `listener` whenever accounts changed; returns the unsubscribe (an effect's cleanup). */
export function onAccountsChanged(listener: () => void): () => void {
  window.addEventListener(ACCOUNTS_CHANGED, listener);
  return () => window.removeEventListener(ACCOUNTS_CHANGED, listener);
}
