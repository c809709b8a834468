import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { onToasterWanted, toasterWanted } from '@/lib/toast';

const Toaster = lazy(() => import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })));

/** Mounts sonner's toaster once the first toast is asked for (top centre, with a close button). */
export function ToasterHost() {
  const { t } = useTranslation();
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        closeButton
        containerAriaLabel={t('layout.notifications')}
        toastOptions={{
          closeButtonAriaLabel: t('layout.dismissToast'),
          classNames: { error: 'border-destructive!', success: 'border-success!' },
        }}
      />
    </Suspense>
  );
}
