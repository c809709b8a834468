import { MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { rowOffer, runAccountAction } from '@commands/account-actions.commands';
import { movesPoints } from '@commands/as-of.commands';
import { can } from '@commands/can';
import { dealRecordPath } from '@commands/risk.commands';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCommands } from '@/hooks/use-command-context';
import type { AccountRow } from '@/hooks/use-account-pages';

export function RowActions({
  row,
  open,
  onOpenChange,
  readOnly = false,
}: {
  row: AccountRow | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The as-of view: actions that move points are shown disabled. */
  readOnly?: boolean;
}) {
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
          <DropdownMenuItem
            key={action.id}
            data-action-id={action.id}
            disabled={readOnly && movesPoints(action.method)}
            onSelect={() => row && void runAccountAction(commands, row, action)}
          >
            {t(action.titleKey)}
            {readOnly && movesPoints(action.method) ? (
              <span className="ml-auto text-xs text-muted-foreground">{t('asOf.readOnly')}</span>
            ) : null}
          </DropdownMenuItem>
        ))}
        {row && can(commands.rights, 'gw.credit.deal.record.query') ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem data-action-id="account.dealRecord" onSelect={() => commands.navigate(dealRecordPath(row.userId))}>
              {t('route.dealRecord')}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
