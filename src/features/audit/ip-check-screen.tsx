import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AUDIT_MAX_SPAN_DAYS } from '../../../contract/audit.contract';
import { useInfiniteCall } from '@/api/queries';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { DataTableToolbar } from '@/components/data-table/data-table-toolbar';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { useFormat } from '@/hooks/use-format';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { presetRange, rangeProblem, rangeTimes } from '@/lib/time';
import { ipCheckColumns } from './ip-check-columns';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const viewState = urlStateCodec({ start: day, end: day }, { start: '', end: '' });

/** IP check (docs/product.md#login-log-and-ip-check): the addresses several accounts of the line signed in from, over at most 15 days. */
export default function IpCheckScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [view, setView] = useUrlState(viewState);
  const [week] = useState(() => presetRange('last7Days'));
  const range = view.start && view.end ? { start: view.start, end: view.end } : week;
  const times = rangeTimes(range, AUDIT_MAX_SPAN_DAYS);
  const problem = rangeProblem(range, AUDIT_MAX_SPAN_DAYS);
  const pages = useInfiniteCall('gw.credit.ip.check', times ?? { startTime: '', endTime: '' }, { enabled: times !== null });
  const rows = useMemo(() => (times ? pages.rows : []), [times, pages.rows]);

  const columns = useMemo(() => ipCheckColumns(t, format), [t, format]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.ip });

  return (
    <section className="flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3" data-testid="ip-check-screen">
      <h1 className="text-xl font-semibold">{t('route.ipCheck')}</h1>
      <p className="text-sm text-muted-foreground">{t('ipCheck.explain', { days: AUDIT_MAX_SPAN_DAYS })}</p>
      <DataTableToolbar
        model={model}
        filters={
          <DateRangeFilter
            value={range}
            onChange={(next) => setView({ start: next.start, end: next.end }, 'replace')}
            maxSpanDays={AUDIT_MAX_SPAN_DAYS}
            data-testid="ip-check-range"
          />
        }
        status={
          <span className="text-sm text-muted-foreground" role="status" data-testid="ip-check-total">
            {problem ? '' : t('ipCheck.total', { count: pages.total })}
          </span>
        }
        exportAs={{ sheet: t('route.ipCheck'), disabled: rows.length === 0, testId: 'ip-check-export' }}
      />
      <DataTable
        model={model}
        label={t('route.ipCheck')}
        total={times ? pages.total : 0}
        loading={pages.isFetching}
        empty={t('ipCheck.empty')}
        onEndReached={pages.loadMore}
        rowHeight={56}
        minWidth="60rem"
        testId="ip-check-rows"
        rowTestId="ip-check-row"
        rowAttributes={(row) => ({ 'data-ip': row.ip })}
      />
    </section>
  );
}
