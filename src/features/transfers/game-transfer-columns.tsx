import type { TFunction } from 'i18next';
import type { CommandContext } from '@commands/command';
import { repairTransfer, type TransferRow } from '@commands/transfer.commands';
import { amountColumn, textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { useFormat } from '@/hooks/use-format';

type Format = ReturnType<typeof useFormat>;

export function gameTransferColumns(
  t: TFunction,
  format: Format,
  commands: CommandContext,
  mayRepair: boolean,
): DataTableColumn<TransferRow>[] {
  const stateText = (row: TransferRow) => t(`transfers.state.${row.state}`);
  const columns: DataTableColumn<TransferRow>[] = [
    timeColumn('time', t('transfers.column.time'), (row) => row.time, format),
    textColumn(
      'transferId',
      t('transfers.column.transferId'),
      (row) => row.transferId ?? t('transfers.reversalOf', { serial: row.reversalOf }),
      {
        width: 'minmax(10rem,1.2fr)',
        className: 'font-mono text-xs',
      },
    ),
    textColumn('loginId', t('transfers.column.member'), (row) => row.loginId, { className: 'font-medium' }),
    textColumn('type', t('transfers.column.type'), (row) => t(`log.type.${row.type}`), { width: '7rem' }),
    amountColumn('amount', t('transfers.column.amount'), (row) => row.amount, format),
    {
      id: 'state',
      header: t('transfers.column.state'),
      cell: ({ row }) => (
        <Badge
          variant={row.original.state === 'pending' ? 'destructive' : row.original.state === 'done' ? 'secondary' : 'outline'}
          data-testid="transfer-state"
          data-state={row.original.state}
        >
          {stateText(row.original)}
        </Badge>
      ),
      meta: { width: '7rem', export: { header: t('transfers.column.state'), cell: stateText } },
    },
    textColumn('serialNo', t('transfers.column.serial'), (row) => row.serialNo ?? '—', {
      width: '6rem',
      className: 'font-mono tabular-nums',
    }),
    textColumn('sessionId', t('transfers.column.session'), (row) => row.sessionId, {
      width: 'minmax(10rem,1fr)',
      className: 'font-mono text-xs',
    }),
  ];
  if (!mayRepair) return columns;
  columns.push({
    id: 'repair',
    header: () => <span className="sr-only">{t('transfers.repair')}</span>,
    cell: ({ row }) =>
      row.original.state === 'pending' ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void repairTransfer(commands, row.original)}
          aria-label={`${t('transfers.repair')} ${row.original.transferId ?? ''}`}
          data-action-id="transfer.repair"
        >
          {t('transfers.repair')}
        </Button>
      ) : null,
    meta: { width: '7rem', export: false },
  });
  return columns;
}
