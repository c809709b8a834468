import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { useAccountPages } from '@/hooks/use-account-pages';
import { useCommands } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { stopListColumns } from './stop-list-columns';

const query = { betPaused: true, sort: 'loginId', order: 'asc' } as const;

export default function StopListScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const commands = useCommands();
  const pages = useAccountPages('gw.credit.user.query', query);
  const columns = useMemo(() => stopListColumns(t, format, commands), [t, format, commands]);
  const model = useDataTable({ columns, data: pages.rows, getRowId: (row) => row.userId });

  return (
    <ListScreen
      title={t('route.stopList')}
      testId="stop-list-screen"
      className="max-w-4xl"
      intro={<p className="text-sm text-muted-foreground">{t('stopList.explain')}</p>}
      model={model}
      status={
        <span className="text-sm" role="status" data-testid="stop-list-total">
          {t('accounts.total', { count: pages.total })}
        </span>
      }
      exportAs={{ sheet: t('route.stopList'), disabled: pages.rows.length === 0, testId: 'stop-list-export' }}
      table={{
        total: pages.total,
        loading: pages.loading,
        empty: t('stopList.empty'),
        onEndReached: pages.loadMore,
        rowHeight: 48,
        minWidth: '40rem',
        testId: 'stop-list-rows',
        rowTestId: 'stop-list-row',
        rowAttributes: (row) => ({ 'data-login-id': row.loginId }),
      }}
    />
  );
}
