import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { usePendingConfirm } from '@/lib/confirm';

/** The app's one confirmation dialog, answering askConfirm(). */
export function ConfirmHost() {
  const { t } = useTranslation();
  const pending = usePendingConfirm();
  return (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && pending?.resolve(false)}>
      <AlertDialogContent data-testid="action-confirm">
        <AlertDialogHeader>
          <AlertDialogTitle>{pending?.title}</AlertDialogTitle>
          <AlertDialogDescription>{pending?.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => pending?.resolve(false)}>{t('logout.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={() => pending?.resolve(true)} data-testid="action-confirm-ok">
            {pending?.action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
