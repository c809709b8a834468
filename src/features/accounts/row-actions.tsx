import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rowActionsFor, type AccountRowAction } from '../../../commands/account-actions.commands';
import { GatewayError, call } from '@/api/gateway-client';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toaster';
import { useRights } from '@/hooks/use-command-context';
import type { AccountRow } from '@/hooks/use-account-pages';
import { showError } from '@/lib/error-toast';
import { SessionContext } from '@/lib/session-context';

/** The status actions of the selected row, as a menu (also opened from the keyboard) with confirmation where needed. */
export function RowActions({ row, open, onOpenChange, onDone }: { row: AccountRow | undefined; open: boolean; onOpenChange(open: boolean): void; onDone(): void }) {
  const { t } = useTranslation();
  const rights = useRights();
  const me = SessionContext.useSelector((state) => state.context.session?.userId);
  const [pending, setPending] = useState<AccountRowAction | null>(null);
  const actions = row ? rowActionsFor({ level: row.level, status: row.status, teamStatus: row.teamStatus, isDirectChild: row.parentId === me, betPaused: row.betPaused }, rights) : [];

  async function run(action: AccountRowAction) {
    if (!row) return;
    setPending(null);
    try {
      await call(action.method, { userId: row.userId, ...action.params } as never);
      toast(t('action.done', { action: t(action.titleKey), loginId: row.loginId }), { variant: 'success' });
      onDone();
    } catch (error) {
      showError(error instanceof GatewayError ? error.code : 1, t);
    }
  }

  return (
    <>
      <DropdownMenu open={open} onOpenChange={onOpenChange}>
        <DropdownMenuTrigger asChild>
          <Button type="button" size="sm" variant="outline" disabled={!row} aria-label={row ? t('action.menuFor', { loginId: row.loginId }) : t('action.menu')} data-testid="row-actions">
            <MoreHorizontal aria-hidden />
            {t('action.menu')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{row?.loginId}</DropdownMenuLabel>
          {actions.length === 0 ? <DropdownMenuItem disabled>{t('action.none')}</DropdownMenuItem> : null}
          {actions.map((action) => (
            <DropdownMenuItem key={action.id} data-action-id={action.id} onSelect={() => (action.confirm ? setPending(action) : void run(action))}>
              {t(action.titleKey)}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog open={pending !== null} onOpenChange={(next) => !next && setPending(null)}>
        <AlertDialogContent data-testid="action-confirm">
          <AlertDialogHeader>
            <AlertDialogTitle>{pending ? t('action.confirmTitle', { action: t(pending.titleKey), loginId: row?.loginId ?? '' }) : ''}</AlertDialogTitle>
            <AlertDialogDescription>{t('action.confirmMessage')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('logout.cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={() => pending && void run(pending)} data-testid="action-confirm-ok">
              {pending ? t(pending.titleKey) : ''}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
