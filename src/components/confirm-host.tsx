import { useRef } from 'react';
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

/**
 * The app's one confirmation dialog, answering askConfirm(). Its default button (focused, so
 * Enter presses it) is the action; a destructive action leaves Cancel the default.
 */
export function ConfirmHost() {
  const { t } = useTranslation();
  const pending = usePendingConfirm();
  const action = useRef<HTMLButtonElement>(null);
  const destructive = pending?.destructive === true;
  return (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && pending?.resolve(false)}>
      <AlertDialogContent
        data-testid="action-confirm"
        data-destructive={destructive}
        onOpenAutoFocus={(event) => {
          if (destructive) return;
          event.preventDefault();
          action.current?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{pending?.title}</AlertDialogTitle>
          <AlertDialogDescription className="whitespace-pre-line">{pending?.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => pending?.resolve(false)}>{t('logout.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            ref={action}
            variant={destructive ? 'destructive' : 'default'}
            onClick={() => pending?.resolve(true)}
            data-testid="action-confirm-ok"
          >
            {pending?.action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
