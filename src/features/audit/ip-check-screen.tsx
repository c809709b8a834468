import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_MAX_SPAN_DAYS } from '@contract/audit.contract';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { useFormat } from '@/hooks/use-format';
import { listStateCodec, useListScreen } from '@/hooks/use-list-screen';
import { ipCheckColumns } from './ip-check-columns';

const viewState = listStateCodec({}, {});

/** IP check (docs/product.md#login-log-and-ip-check): the addresses several accounts of the line signed in from, over at most 15 days. */
export default function IpCheckScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const { range, setRange, query, pages, rows, total } = useListScreen({
    state: viewState,
    method: 'gw.credit.ip.check',
    defaultRange: 'last7Days',
    maxSpanDays: AUDIT_MAX_SPAN_DAYS,
    params: (_view, times) => times,
  });

  const columns = useMemo(() => ipCheckColumns(t, format), [t, format]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.ip });

  return (
    <ListScreen
      title={t('route.ipCheck')}
      testId="ip-check-screen"
      intro={<p className="text-sm text-muted-foreground">{t('ipCheck.explain', { days: AUDIT_MAX_SPAN_DAYS })}</p>}
      model={model}
      filters={<DateRangeFilter value={range} onChange={setRange} maxSpanDays={AUDIT_MAX_SPAN_DAYS} data-testid="ip-check-range" />}
      status={
        <span className="text-sm text-muted-foreground" role="status" data-testid="ip-check-total">
          {query ? t('ipCheck.total', { count: pages.total }) : ''}
        </span>
      }
      exportAs={{ sheet: t('route.ipCheck'), disabled: rows.length === 0, testId: 'ip-check-export' }}
      table={{
        total,
        loading: pages.isFetching,
        empty: t('ipCheck.empty'),
        onEndReached: pages.loadMore,
        rowHeight: 56,
        minWidth: '60rem',
        testId: 'ip-check-rows',
        rowTestId: 'ip-check-row',
        rowAttributes: (row) => ({ 'data-ip': row.ip }),
      }}
    />
  );
}
