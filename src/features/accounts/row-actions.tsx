import { MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { rowOffer, runAccountAction } from '../../../commands/account-actions.commands';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useCommands } from '@/hooks/use-command-context';
import type { AccountRow } from '@/hooks/use-account-pages';

export function RowActions({ row, open, onOpenChange }: { row: AccountRow | undefined; open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const commands = useCommands();
  const offer = row ? rowOffer(row, commands.rights) : { actions: [], reason: null };

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
        {offer.reason ? (
          <DropdownMenuItem disabled data-testid="no-action" data-reason={offer.reason}>
            {t('action.noneBecause', { reason: t(`why.${offer.reason}`) })}
          </DropdownMenuItem>
        ) : null}
        {offer.actions.map((action) => (
          <DropdownMenuItem key={action.id} data-action-id={action.id} onSelect={() => row && void runAccountAction(commands, row, action)}>
            {t(action.titleKey)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
