import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { exposureViews } from '@contract/exposure.contract';
import { useCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { Button } from '@/components/ui/button';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFormat } from '@/hooks/use-format';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { exposureRatingColumns } from './exposure-rating-columns';

/** Open stakes move with every round: read again this often while the screen is open. */
const REFRESH_MS = 10_000;
const PAGE = 500;
const viewState = urlStateCodec(
  { view: z.enum(exposureViews), line: z.string().regex(/^[1-9][0-9]{0,17}$/), name: z.string().max(16) },
  { view: 'member', line: '', name: '' },
);

/** /exposureRating/index: the line's open (unsettled) stakes per member or per direct child's line, worst first. */
export default function ExposureRatingScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [view, setView] = useUrlState(viewState);
  const exposure = useCall(
    'gw.credit.exposure.query',
    { view: view.view, pageSize: PAGE, ...(view.line ? { userId: view.line } : {}) },
    { refetchInterval: REFRESH_MS },
  );
  const rows = useMemo(() => exposure.data?.list ?? [], [exposure.data]);

  const columns = useMemo(
    () => exposureRatingColumns(t, format, view.view, (row) => setView({ view: 'member', line: row.userId, name: row.loginId })),
    [t, format, view.view, setView],
  );
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.userId });
  const sum = exposure.data?.sum;

  return (
    <ListScreen
      title={t('route.exposureRating')}
      testId="exposure-screen"
      refresh={{ label: t('exposure.refresh'), fetching: exposure.isFetching, onRefresh: () => void exposure.refetch() }}
      intro={
        <>
          <p className="text-sm text-muted-foreground">{t('exposure.explain')}</p>
          <div className="flex flex-wrap items-center gap-3">
            <Tabs value={view.view} onValueChange={(next) => setView({ view: next as (typeof exposureViews)[number], line: '', name: '' })}>
              <TabsList>
                <TabsTrigger value="member" data-testid="exposure-view-member">
                  {t('exposure.view.member')}
                </TabsTrigger>
                <TabsTrigger value="line" data-testid="exposure-view-line">
                  {t('exposure.view.line')}
                </TabsTrigger>
              </TabsList>
            </Tabs>
            {view.line ? (
              <span className="flex items-center gap-2 text-sm" data-testid="exposure-line">
                {t('exposure.inLine', { name: view.name || view.line })}
                <Button type="button" size="sm" variant="ghost" onClick={() => setView({ line: '', name: '' })}>
                  {t('exposure.wholeLine')}
                </Button>
              </span>
            ) : null}
          </div>
        </>
      }
      model={model}
      status={
        <span className="text-sm text-muted-foreground" role="status" data-testid="exposure-sum" data-stake={sum?.stake ?? ''}>
          {sum ? t('exposure.sum', { count: sum.bets, amount: format.amount(sum.stake) }) : ''}
        </span>
      }
      exportAs={{ sheet: t('route.exposureRating'), disabled: rows.length === 0, testId: 'exposure-export' }}
      table={{
        total: exposure.data?.total ?? 0,
        loading: exposure.isPending,
        empty: t('exposure.empty'),
        rowHeight: 44,
        minWidth: '60rem',
        testId: 'exposure-rows',
        rowTestId: 'exposure-row',
        rowAttributes: (row) => ({ 'data-login-id': row.loginId }),
      }}
    />
  );
}
