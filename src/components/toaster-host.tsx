import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { onToastState, toastState } from '@/lib/toast';

/** Sonner's toaster (top centre, with a close button) once the first toast has loaded it. */
export function ToasterHost() {
  const { t } = useTranslation();
  const { module, fallback } = useSyncExternalStore(onToastState, toastState, toastState);
  if (module) {
    return (
      <module.Toaster
        position="top-center"
        closeButton
        containerAriaLabel={t('layout.notifications')}
        toastOptions={{
          closeButtonAriaLabel: t('layout.dismissToast'),
          classNames: { error: 'border-destructive!', success: 'border-success!' },
        }}
      />
    );
  }
  if (!fallback) return null;
  return (
    <div
      role={fallback.alert ? 'alert' : 'status'}
      aria-label={t('layout.notifications')}
      className="fixed inset-x-0 top-4 z-50 mx-auto w-fit max-w-sm rounded-lg border bg-popover px-4 py-3 text-sm text-popover-foreground shadow-lg"
      data-testid="toast-fallback"
    >
      {fallback.message}
    </div>
  );
}
