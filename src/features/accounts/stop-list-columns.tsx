import type { TFunction } from 'i18next';
import { accountRowActions, runAccountAction } from '@commands/account-actions.commands';
import { whyNot } from '@commands/can';
import type { CommandContext } from '@commands/command';
import { accountColumns } from '@/components/account-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Button } from '@/components/ui/button';
import type { AccountRow } from '@/hooks/use-account-pages';
import type { useFormat } from '@/hooks/use-format';

const resumeBet = accountRowActions.find((action) => action.id === 'member.resumeBet')!;

function Resume({ row, commands, t }: { row: AccountRow; commands: CommandContext; t: TFunction }) {
  const refusal = whyNot(commands.rights, 'gw.credit.user.bet.pursue', row);
  return refusal === null ? (
    <Button
      size="sm"
      variant="outline"
      onClick={() => void runAccountAction(commands, row, resumeBet)}
      aria-label={`${t('action.resumeBet')} ${row.loginId}`}
      data-action-id={resumeBet.id}
    >
      {t('action.resumeBet')}
    </Button>
  ) : (
    <span className="text-sm text-muted-foreground" data-testid="no-action" data-reason={refusal}>
      {t(`why.${refusal}`)}
    </span>
  );
}

export function stopListColumns(
  t: TFunction,
  format: ReturnType<typeof useFormat>,
  commands: CommandContext,
): DataTableColumn<AccountRow>[] {
  const title = (key: string) => t(`accounts.column.${key}`);
  const columns = accountColumns<AccountRow>(t, format);
  return [
    {
      id: 'loginId',
      header: title('loginId'),
      cell: ({ row }) => row.original.loginId,
      meta: { width: 'minmax(9rem,1fr)', className: 'font-medium', export: { header: title('loginId'), cell: (row) => row.loginId } },
    },
    columns.nickname(),
    columns.status(),
    columns.balance(),
    {
      id: 'resume',
      header: () => <span className="sr-only">{t('action.resumeBet')}</span>,
      cell: ({ row }) => <Resume row={row.original} commands={commands} t={t} />,
      meta: { width: 'minmax(10rem,1.2fr)', export: false },
    },
  ];
}
