import { createElement, type ReactNode } from 'react';
import type * as Sonner from '@/components/ui/sonner';

type ToastModule = typeof Sonner;

/** General toasts last 3 s, error messages 4 s (PRODUCT.md "Sign-in and small decisions"). */
export const TOAST_MS = 3000;
export const ERROR_TOAST_MS = 4000;

let loading: Promise<ToastModule> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Sonner and its toaster load with the first toast, so the login screen's first load stays light. */
function toasts(): Promise<ToastModule> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loading ??= import('@/components/ui/sonner');
  return loading;
}

/** Whether a toast has been asked for yet (the host mounts the toaster from then on). */
export function toasterWanted(): boolean {
  return wanted;
}

export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A general toast (3 s). */
export function toast(message: ReactNode, options: { variant?: 'default' | 'success' } = {}): void {
  void toasts().then(({ toast: show }) => (options.variant === 'success' ? show.success : show)(message, { duration: TOAST_MS }));
}

const ERROR_ID = 'error';
let errorShownUntil = 0;

/**
 * An error message for 4 s, only one at a time: while one shows, later ones are dropped
 * (spec §8). Always the same toast id, so two can never stack. Returns whether it shows.
 */
export function errorToast(message: string): boolean {
  const now = Date.now();
  if (now < errorShownUntil) return false;
  errorShownUntil = now + ERROR_TOAST_MS;
  const gone = () => {
    errorShownUntil = 0;
  };
  void toasts().then(({ toast: show }) => {
    errorShownUntil = Date.now() + ERROR_TOAST_MS;
    show.error(createElement('span', { role: 'alert' }, message), { id: ERROR_ID, duration: ERROR_TOAST_MS, onAutoClose: gone, onDismiss: gone });
  });
  return true;
}
