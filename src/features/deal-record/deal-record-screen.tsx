import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { dealRecordPath } from '@commands/risk.commands';
import { DEAL_RECORD_MAX_DAYS } from '@contract/deal-record.contract';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { AccountPicker } from '@/components/filters/account-picker';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { listStateCodec, useListScreen } from '@/hooks/use-list-screen';
import { dealRecordColumns } from './deal-record-columns';

const viewState = listStateCodec({}, {});

/** /dealRecord/index/:userId: one account's point movements and bet settlements in time order, with both running balances. */
export default function DealRecordScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const [, navigate] = useLocation();
  const { userId = rights.userId } = useParams<{ userId?: string }>();
  const { view, range, setRange, query, pages, rows, total } = useListScreen({
    state: viewState,
    method: 'gw.credit.deal.record.query',
    defaultRange: 'last7Days',
    maxSpanDays: DEAL_RECORD_MAX_DAYS,
    params: (_view, times) => ({ userId, ...times }),
  });
  const [name, setName] = useState('');
  const first = pages.first;
  const member = first?.level === 5;

  const columns = useMemo(() => dealRecordColumns(t, format, member), [t, format, member]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => `${row.kind}:${row.reference}` });

  return (
    <ListScreen
      title={t('route.dealRecord')}
      testId="deal-record-screen"
      header={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold">
            {t('route.dealRecord')}
            {first ? (
              <span className="ms-2 text-base font-normal text-muted-foreground" data-testid="deal-record-account">
                {first.loginId}
              </span>
            ) : null}
          </h1>
          <div className="w-56">
            <AccountPicker
              id="deal-account"
              label={t('deal.account')}
              placeholder={t('deal.account')}
              text={name}
              onTextChange={setName}
              onPick={(account) => {
                setName('');
                const query = viewState.serialize(view);
                navigate(query ? `${dealRecordPath(account.userId)}?${query}` : dealRecordPath(account.userId));
              }}
              onClear={() => setName('')}
              limit={8}
              inputData={{ 'data-testid': 'deal-record-picker' }}
              optionTestId="deal-record-suggestion"
            />
          </div>
        </div>
      }
      intro={<p className="text-sm text-muted-foreground">{t('deal.explain', { days: DEAL_RECORD_MAX_DAYS })}</p>}
      model={model}
      filters={<DateRangeFilter value={range} onChange={setRange} maxSpanDays={DEAL_RECORD_MAX_DAYS} data-testid="deal-record-range" />}
      status={
        <span className="text-sm text-muted-foreground" role="status" data-testid="deal-record-opening">
          {first && query
            ? member
              ? t('deal.openingMember', {
                  balance: format.amount(first.opening.balance),
                  platform: format.amount(first.opening.platformBalance ?? '0.00'),
                  count: pages.total,
                })
              : t('deal.opening', { balance: format.amount(first.opening.balance), count: pages.total })
            : ''}
        </span>
      }
      exportAs={{
        sheet: `${t('route.dealRecord')} ${first?.loginId ?? userId}`,
        disabled: pages.rows.length === 0,
        testId: 'deal-record-export',
      }}
      table={{
        total,
        loading: pages.isFetching,
        empty: t('deal.empty'),
        onEndReached: pages.loadMore,
        rowHeight: 40,
        minWidth: member ? '88rem' : '64rem',
        testId: 'deal-record-rows',
        rowTestId: 'deal-record-row',
        rowAttributes: (row) => ({ 'data-kind': row.kind, 'data-reference': row.reference }),
      }}
    />
  );
}
