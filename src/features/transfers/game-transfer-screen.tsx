import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { can } from '@commands/can';
import { transferStates } from '@contract/transfer.contract';
import { useInfiniteCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { SelectFilter } from '@/components/filters/select-filter';
import { useCommands, useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { gameTransferColumns } from './game-transfer-columns';

const types = ['in', 'out'] as const;
/** The view in the URL: pending transfers first (what needs a person), or every state ("all"). */
const transferView = urlStateCodec(
  { state: z.enum(['all', ...transferStates]), type: z.enum(['', ...types]) },
  { state: 'pending', type: '' },
);

/** /gameTransfer/index: the line's transfers to and from the game platform, pending ones first to repair. */
export default function GameTransferScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const commands = useCommands();
  const rights = useRights();
  const [view, setView] = useUrlState(transferView);
  const state = view.state === 'all' ? undefined : view.state;
  const type = view.type === '' ? undefined : view.type;
  const pages = useInfiniteCall('gw.credit.transfer.query', { ...(state ? { state } : {}), ...(type ? { type } : {}) }, { pageSize: 100 });
  const mayRepair = can(rights, 'gw.credit.transfer.repair');
  const columns = useMemo(() => gameTransferColumns(t, format, commands, mayRepair), [t, format, commands, mayRepair]);
  const model = useDataTable({ columns, data: pages.rows, getRowId: (row) => `${row.transferId ?? ''}#${row.serialNo ?? ''}` });
  const pending = pages.first?.pending ?? 0;

  return (
    <ListScreen
      title={t('route.gameTransfer')}
      testId="game-transfer-screen"
      refresh={{ label: t('onsite.refresh'), fetching: pages.isFetching, onRefresh: () => void pages.refetch() }}
      intro={<p className="text-sm text-muted-foreground">{t('transfers.explain')}</p>}
      model={model}
      filters={
        <>
          <SelectFilter
            label={t('transfers.column.state')}
            value={state ?? ''}
            onChange={(next) => setView({ state: next === '' ? 'all' : next }, 'replace')}
            options={transferStates.map((value) => ({ value, label: t(`transfers.state.${value}`) }))}
            anyLabel={t('transfers.anyState')}
            data-testid="transfers-state"
          />
          <SelectFilter
            label={t('transfers.column.type')}
            value={type ?? ''}
            onChange={(next) => setView({ type: next }, 'replace')}
            options={types.map((value) => ({ value, label: t(`log.type.${value}`) }))}
            anyLabel={t('log.anyType')}
            data-testid="transfers-type"
          />
        </>
      }
      status={
        <span
          className="text-sm text-muted-foreground"
          role="status"
          data-testid="transfers-total"
          data-total={pages.total}
          data-pending={pending}
        >
          {t('transfers.total', { count: pages.total, pending })}
        </span>
      }
      exportAs={{ sheet: t('route.gameTransfer'), disabled: pages.rows.length === 0, testId: 'transfers-export' }}
      table={{
        total: pages.total,
        loading: pages.isFetching,
        empty: t(state === 'pending' ? 'transfers.emptyPending' : 'transfers.empty'),
        onEndReached: pages.loadMore,
        rowHeight: 48,
        minWidth: '84rem',
        testId: 'transfer-rows',
        rowTestId: 'transfer-row',
        rowAttributes: (row) => ({ 'data-transfer-id': row.transferId ?? '', 'data-state': row.state }),
      }}
    />
  );
}
