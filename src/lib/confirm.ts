import { useSyncExternalStore } from 'react';

export interface ConfirmRequest {
  title: string;
  description: string;
  action: string;
  /** Destructive actions (locking out, deleting, final closes) keep Cancel as the default button; others confirm on Enter. */
  destructive?: boolean;
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
