import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { noticeFacts, noticeReads } from '@commands/notice.commands';
import { can } from '@commands/can';
import type { ParamsIn } from '@contract/methods.contract';
import { noticeStatuses, noticeKinds, type NoticeRecord } from '@contract/notice.contract';
import { noticeStatusOf } from '@machines/notice-lifecycle.machine';
import { useInfiniteCall, useInvalidate } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListBody } from '@/components/data-table/list-screen';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { SelectFilter } from '@/components/filters/select-filter';
import { Button } from '@/components/ui/button';
import { useCommands, useRights } from '@/hooks/use-command-context';
import { useNow } from '@/hooks/use-now';
import { rangeFields, useStableValue } from '@/hooks/use-list-screen';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { rangeTimes } from '@/lib/time';
import { noticeListColumns } from './notice-list-columns';

const listState = urlStateCodec(
  {
    // Kept in the address so that a filter change leaves this tab open.
    tab: z.literal('all'),
    status: z.enum(noticeStatuses),
    kind: z.enum(noticeKinds),
    level: z.enum(['none', '0', '1', '2', '3', '4', '5']),
    ...rangeFields,
  },
  { tab: '' as never, status: '' as never, kind: '' as never, level: '' as never, start: '', end: '' },
);

/** The writers' list of every notice of the site: filters, the status now (the machine's, on the browser's clock), the actions it allows per row. */
export default function NoticeListPanel() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const rights = useRights();
  const commands = useCommands();
  const now = useNow();
  const [view, setView] = useUrlState(listState);
  const range = { start: view.start, end: view.end };
  const params: Omit<ParamsIn<'gw.credit.notice.page'>, 'pageIndex' | 'pageSize'> = {};
  if (view.status) params.status = view.status;
  if (view.kind) params.kind = view.kind;
  if (view.level) params.level = view.level === 'none' ? 'none' : Number(view.level);
  const query = useStableValue({ ...params, ...rangeTimes('gw.credit.notice.page', range) });
  const pages = useInfiniteCall('gw.credit.notice.page', query, { pageSize: 99 });
  const statusNow = (notice: NoticeRecord) => noticeStatusOf(noticeFacts(notice), now);
  // A window opened or closed since the list was read: the readers' list (the marquee) changes too.
  const invalidate = useInvalidate();
  const moved = pages.rows.some((row) => statusNow(row) !== row.status);
  useEffect(() => {
    if (moved) void invalidate(noticeReads);
  }, [moved, invalidate]);

  const columns = useMemo(() => noticeListColumns(t, i18n.language, rights, commands, now), [t, i18n.language, rights, commands, now]);
  const model = useDataTable({ columns, data: pages.rows, getRowId: (row) => row.noticeId });

  const filters = (
    <>
      <SelectFilter
        label={t('notices.column.status')}
        value={view.status}
        onChange={(status) => setView({ status: status as never }, 'replace')}
        options={noticeStatuses.map((status) => ({ value: status, label: t(`notices.status.${status}`) }))}
        data-testid="notices-status"
      />
      <SelectFilter
        label={t('notices.column.kind')}
        value={view.kind}
        onChange={(kind) => setView({ kind: kind as never }, 'replace')}
        options={noticeKinds.map((kind) => ({ value: kind, label: t(`notices.kind.${kind}`) }))}
        data-testid="notices-kind"
      />
      <SelectFilter
        label={t('notices.column.level')}
        value={view.level}
        onChange={(level) => setView({ level: level as never }, 'replace')}
        options={[
          { value: 'none' as const, label: t('notices.anyLevel') },
          ...(['0', '1', '2', '3', '4', '5'] as const).map((level) => ({ value: level, label: t(`level.${level}`) })),
        ]}
        data-testid="notices-level"
      />
      <DateRangeFilter
        value={range}
        onChange={(next) => setView({ start: next.start, end: next.end }, 'replace')}
        data-testid="notices-range"
      />
    </>
  );

  return (
    <div className="flex h-[calc(100vh-14rem)] min-h-96 flex-col gap-3" data-testid="notice-list">
      <ListBody
        model={model}
        filters={filters}
        status={
          <span className="flex items-center gap-3">
            <span className="text-sm text-muted-foreground" role="status" data-testid="notices-total" data-total={pages.total}>
              {t('notices.total', { count: pages.total })}
            </span>
            {can(rights, 'gw.credit.notice.add') ? (
              <Button type="button" size="sm" onClick={() => navigate('/oprateNotice/index')} data-testid="notice-add">
                {t('notices.add')}
              </Button>
            ) : null}
          </span>
        }
        exportAs={{ sheet: t('notices.all'), disabled: pages.rows.length === 0, testId: 'notices-export' }}
        table={{
          label: t('notices.all'),
          total: pages.total,
          loading: pages.isFetching,
          empty: t('notices.emptyList'),
          onEndReached: pages.loadMore,
          rowHeight: 52,
          minWidth: '68rem',
          testId: 'notice-rows',
          rowTestId: 'notice-row',
          rowAttributes: (row) => ({ 'data-notice-id': row.noticeId }),
        }}
      />
    </div>
  );
}
