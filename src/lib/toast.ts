import { createElement, type ReactNode } from 'react';
import type * as Sonner from '@/components/ui/sonner';

type ToastModule = typeof Sonner;

/** General toasts last 3 s, error messages 4 s (docs/product.md#messages). */
export const TOAST_MS = 3000;
export const ERROR_TOAST_MS = 4000;

/**
 * Sonner and its toaster load with the first toast, so the login screen's first load stays
 * light. Until they are there (or if they cannot load, e.g. the network is down, which is
 * when a message matters most) the host shows the latest message as plain text.
 */
interface ToastState {
  module: ToastModule | null;
  fallback: { message: string; alert: boolean } | null;
}

let state: ToastState = { module: null, fallback: null };
let loading: Promise<ToastModule> | null = null;
let fallbackTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function update(change: Partial<ToastState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/** What the toaster host renders: sonner once loaded, a plain message otherwise. */
export function toastState(): ToastState {
  return state;
}

export function onToastState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function showPlain(message: ReactNode, alert: boolean, duration: number): void {
  if (typeof message !== 'string') return;
  clearTimeout(fallbackTimer);
  update({ fallback: { message, alert } });
  fallbackTimer = setTimeout(() => update({ fallback: null }), duration);
}

function withSonner(show: (module: ToastModule) => void, plain: () => void): void {
  if (state.module) {
    show(state.module);
    return;
  }
  loading ??= import('@/components/ui/sonner');
  loading.then(
    (module) => {
      if (!state.module) update({ module, fallback: null });
      show(module);
    },
    () => {
      loading = null;
      plain();
    },
  );
}

/** A general toast (3 s). */
export function toast(message: ReactNode, options: { variant?: 'default' | 'success' } = {}): void {
  withSonner(
    ({ toast: show }) => (options.variant === 'success' ? show.success : show)(message, { duration: TOAST_MS }),
    () => showPlain(message, false, TOAST_MS),
  );
}

const ERROR_ID = 'error';
let errorShownUntil = 0;

/**
 * An error message for 4 s, only one at a time: while one shows, later ones are dropped
 * (docs/product.md#messages). Always the same toast id, so two can never stack. Returns whether it shows.
 */
export function errorToast(message: string): boolean {
  if (Date.now() < errorShownUntil) return false;
  errorShownUntil = Date.now() + ERROR_TOAST_MS;
  const gone = () => {
    errorShownUntil = 0;
  };
  withSonner(
    ({ toast: show }) => {
      errorShownUntil = Date.now() + ERROR_TOAST_MS;
      show.error(createElement('span', { role: 'alert' }, message), {
        id: ERROR_ID,
        duration: ERROR_TOAST_MS,
        onAutoClose: gone,
        onDismiss: gone,
      });
    },
    () => showPlain(message, true, ERROR_TOAST_MS),
  );
  return true;
}
