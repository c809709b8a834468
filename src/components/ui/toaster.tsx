import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { CircleAlertIcon, CircleCheckIcon, XIcon } from 'lucide-react';

import { cn } from '@/lib/utils';

/*
 * A tiny toast system: a module-level store read with useSyncExternalStore.
 *   const id = toast('Saved', { variant: 'success' });
 *   dismissToast(id);
 * Render <Toaster /> once near the root of the app.
 */

type ToastVariant = 'default' | 'success' | 'error';

type ToastOptions = {
  variant?: ToastVariant;
  /** Milliseconds before the toast goes away (default 3000, errors 4000). 0 or Infinity keeps it until dismissed. */
  duration?: number;
};

type ToastItem = {
  readonly id: string;
  readonly message: ReactNode;
  readonly variant: ToastVariant;
  readonly duration: number;
};

type Timer = { handle: ReturnType<typeof setTimeout> | undefined; remaining: number; startedAt: number };

const DEFAULT_DURATION = 3000;
const ERROR_DURATION = 4000;
const MAX_TOASTS = 5;
const EMPTY: readonly ToastItem[] = [];

let toasts: readonly ToastItem[] = EMPTY;
let counter = 0;
const listeners = new Set<() => void>();
const timers = new Map<string, Timer>();
// Timers stop while the pointer is over a toast or focus is inside the toaster, so people can read them.
const holds: { hover: string | null; focus: boolean } = { hover: null, focus: false };

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot(): readonly ToastItem[] {
  return toasts;
}

function getServerSnapshot(): readonly ToastItem[] {
  return EMPTY;
}

function isHeld(): boolean {
  return holds.hover !== null || holds.focus;
}

function runTimer(id: string, timer: Timer): void {
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => dismissToast(id), timer.remaining);
}

function updateHolds(change: Partial<typeof holds>): void {
  const wasHeld = isHeld();
  Object.assign(holds, change);
  const held = isHeld();
  if (held === wasHeld) return;
  for (const [id, timer] of timers) {
    if (held) {
      if (timer.handle !== undefined) clearTimeout(timer.handle);
      timer.handle = undefined;
      timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
    } else {
      runTimer(id, timer);
    }
  }
}

/** Shows a toast and returns its id. */
function toast(message: ReactNode, options: ToastOptions = {}): string {
  const variant = options.variant ?? 'default';
  const duration = options.duration ?? (variant === 'error' ? ERROR_DURATION : DEFAULT_DURATION);
  counter += 1;
  const id = `toast-${counter}`;

  const next = [...toasts, { id, message, variant, duration }];
  const dropped = next.length > MAX_TOASTS ? next.slice(0, next.length - MAX_TOASTS) : [];
  for (const old of dropped) clearTimer(old.id);
  toasts = next.slice(-MAX_TOASTS);

  if (Number.isFinite(duration) && duration > 0) {
    const timer: Timer = { handle: undefined, remaining: duration, startedAt: Date.now() };
    timers.set(id, timer);
    if (!isHeld()) runTimer(id, timer);
  }
  emit();
  return id;
}

function clearTimer(id: string): void {
  const timer = timers.get(id);
  if (timer?.handle !== undefined) clearTimeout(timer.handle);
  timers.delete(id);
}

/** Removes a toast (no-op when it is already gone). */
function dismissToast(id: string): void {
  clearTimer(id);
  const next = toasts.filter((item) => item.id !== id);
  if (next.length === toasts.length) return;
  toasts = next.length === 0 ? EMPTY : next;
  // A removed toast fires no pointerleave: release its hover hold here.
  if (holds.hover === id) updateHolds({ hover: null });
  emit();
}

/** True while an error toast is visible. */
function isErrorToastShowing(): boolean {
  return toasts.some((item) => item.variant === 'error');
}

/** The toasts currently shown (re-renders on change). */
function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

type ToasterProps = {
  /** Accessible name of the notification region. */
  label?: string;
  /** Accessible name of each toast's dismiss button. */
  dismissLabel?: string;
  className?: string;
};

/** Renders the toasts top-center inside a polite live region. Mount it once. */
function Toaster({ label = 'Notifications', dismissLabel = 'Dismiss', className }: ToasterProps) {
  const items = useToasts();
  const regionRef = useRef<HTMLElement>(null);
  // Removing the focused toast fires no blur: release the focus hold when focus has left the region.
  useEffect(() => {
    if (holds.focus && !regionRef.current?.contains(document.activeElement)) updateHolds({ focus: false });
  }, [items]);
  return (
    <section
      ref={regionRef}
      data-slot="toaster"
      aria-label={label}
      aria-live="polite"
      className={cn(
        'pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4',
        className,
      )}
      onFocus={() => updateHolds({ focus: true })}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) updateHolds({ focus: false });
      }}
    >
      {items.map((item) => (
        <div
          key={item.id}
          data-slot="toast"
          data-variant={item.variant}
          role={item.variant === 'error' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-popover px-4 py-3 text-sm text-popover-foreground shadow-lg',
            'animate-toast-in',
            item.variant === 'success' && 'border-success',
            item.variant === 'error' && 'border-destructive',
          )}
          onPointerEnter={() => updateHolds({ hover: item.id })}
          onPointerLeave={() => {
            if (holds.hover === item.id) updateHolds({ hover: null });
          }}
        >
          {item.variant === 'success' ? (
            <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          ) : null}
          {item.variant === 'error' ? (
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          ) : null}
          <div data-slot="toast-message" className="min-w-0 flex-1 break-words">
            {item.message}
          </div>
          <button
            type="button"
            data-slot="toast-dismiss"
            aria-label={dismissLabel}
            className={cn(
              '-my-1 -mr-2 inline-flex size-7 shrink-0 items-center justify-center rounded-md opacity-80 outline-hidden',
              'hover:bg-accent hover:text-accent-foreground hover:opacity-100',
              'focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring',
            )}
            onClick={() => dismissToast(item.id)}
          >
            <XIcon className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </section>
  );
}

export { Toaster, toast, dismissToast, isErrorToastShowing, useToasts };
export type { ToastOptions, ToastVariant, ToastItem, ToasterProps };
