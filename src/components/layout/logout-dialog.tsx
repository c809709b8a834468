import { useTranslation } from 'react-i18next';
import { SessionContext } from '@/lib/session-context';
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

/** Logout asks first (docs/product.md#layout); the dialog is the machine's confirmingLogout state. */
export function LogoutDialog() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const open = SessionContext.useSelector((state) => state.matches({ open: { signedIn: 'confirmingLogout' } }));
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && session.send({ type: 'LOGOUT.CANCEL' })}>
      <AlertDialogContent data-testid="logout-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('logout.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('logout.message')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => session.send({ type: 'LOGOUT.CANCEL' })}>{t('logout.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={() => session.send({ type: 'LOGOUT.CONFIRM' })} data-testid="logout-confirm">
            {t('logout.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
