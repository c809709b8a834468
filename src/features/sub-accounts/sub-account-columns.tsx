import type { TFunction } from 'i18next';
import { MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CommandContext } from '@commands/command';
import { runSubAccountAction, subAccountActionsFor, type SubAccountRow } from '@commands/sub-account.commands';
import { parseAccessCodes } from '@machines/session.machine';
import { AccountStatusBadge, accountStatusName } from '@/components/account-status-badge';
import { textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { useFormat } from '@/hooks/use-format';
import { AccessCodeChips } from './permission-matrix';

type Format = ReturnType<typeof useFormat>;

function SubAccountActions({ row, commands }: { row: SubAccountRow; commands: CommandContext }) {
  const { t } = useTranslation();
  const actions = subAccountActionsFor(row, commands.rights);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={actions.length === 0}
          aria-label={t('action.menuFor', { loginId: row.loginId })}
          data-testid="sub-account-actions"
        >
          <MoreHorizontal aria-hidden />
          {t('action.menu')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{row.loginId}</DropdownMenuLabel>
        {actions.map((action) => (
          <DropdownMenuItem key={action.id} data-action-id={action.id} onSelect={() => void runSubAccountAction(commands, row, action)}>
            {t(action.titleKey)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The sub-accounts' columns, each row with the menu of what the caller may do to it. */
export function subAccountColumns(t: TFunction, format: Format, commands: CommandContext): DataTableColumn<SubAccountRow>[] {
  const title = (key: string) => t(`subAccount.column.${key}`);
  const codeNames = (row: SubAccountRow) =>
    parseAccessCodes(row.accessCode)
      .map((code) => t(`subAccount.code.${code}`))
      .join(', ');
  return [
    textColumn<SubAccountRow>('loginId', title('loginId'), (row) => row.loginId, { className: 'font-medium' }),
    textColumn<SubAccountRow>('nickname', title('nickname'), (row) => row.nickname),
    {
      id: 'status',
      header: title('status'),
      cell: ({ row }) => <AccountStatusBadge status={row.original.status} />,
      meta: { width: 'minmax(6rem,0.6fr)', export: { header: title('status'), cell: (row) => accountStatusName(row.status, t) } },
    },
    {
      id: 'codes',
      header: title('codes'),
      cell: ({ row }) => <AccessCodeChips codes={parseAccessCodes(row.original.accessCode)} inRow />,
      meta: { width: 'minmax(14rem,2fr)', title: codeNames, export: { header: title('codes'), cell: codeNames } },
    },
    timeColumn<SubAccountRow>('lastLoginAt', title('lastLoginAt'), (row) => row.lastLoginAt, format),
    {
      id: 'online',
      header: title('online'),
      cell: ({ row }) =>
        row.original.online ? (
          <Badge variant="secondary" data-online="true">
            {t('subAccount.online')}
          </Badge>
        ) : (
          <span className="text-muted-foreground" data-online="false">
            {t('subAccount.offline')}
          </span>
        ),
      meta: {
        width: 'minmax(5rem,0.5fr)',
        export: { header: title('online'), cell: (row) => t(row.online ? 'subAccount.online' : 'subAccount.offline') },
      },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{title('actions')}</span>,
      cell: ({ row }) => <SubAccountActions row={row.original} commands={commands} />,
      meta: { width: 'minmax(7rem,0.6fr)', export: false },
    },
  ];
}
