import { MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { rowActionsFor, runAccountAction, targetOf } from '../../../commands/account-actions.commands';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useCommands } from '@/hooks/use-command-context';
import type { AccountRow } from '@/hooks/use-account-pages';
import { SessionContext } from '@/lib/session-context';

/** The actions of the selected row, as a menu (also opened from the keyboard); the commands ask and report. */
export function RowActions({ row, open, onOpenChange }: { row: AccountRow | undefined; open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const commands = useCommands();
  const me = SessionContext.useSelector((state) => state.context.session?.userId);
  const actions = row ? rowActionsFor(targetOf(row, row.parentId === me), commands.rights) : [];

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={!row}
          aria-label={row ? t('action.menuFor', { loginId: row.loginId }) : t('action.menu')}
          data-testid="row-actions"
        >
          <MoreHorizontal aria-hidden />
          {t('action.menu')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{row?.loginId}</DropdownMenuLabel>
        {actions.length === 0 ? <DropdownMenuItem disabled>{t('action.none')}</DropdownMenuItem> : null}
        {actions.map((action) => (
          <DropdownMenuItem key={action.id} data-action-id={action.id} onSelect={() => row && void runAccountAction(commands, row, action)}>
            {t(action.titleKey)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
