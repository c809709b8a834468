import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { idSchema } from '@contract/common.contract';
import { BET_MAX_SPAN_DAYS } from '@contract/game.contract';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { AccountPicker } from '@/components/filters/account-picker';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { useFormat } from '@/hooks/use-format';
import { listStateCodec, useListScreen } from '@/hooks/use-list-screen';
import { gameLogColumns } from './game-log-columns';

const gameLogView = listStateCodec({ account: idSchema, name: z.string().max(16) }, { account: '', name: '' });

/** /gameLog/index: one member's game sessions (transfer in, bets, transfer out) over Beijing days. */
export default function GameLogScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const { view, setView, range, setRange, query, pages, rows, total } = useListScreen({
    state: gameLogView,
    method: 'gw.credit.player.game.log',
    defaultRange: 'thisWeek',
    maxSpanDays: BET_MAX_SPAN_DAYS,
    params: (view, times) => (view.account ? { userId: view.account, ...times } : null),
  });
  const [accountText, setAccountText] = useState(view.name);
  const columns = useMemo(() => gameLogColumns(t, format), [t, format]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.sessionId });

  return (
    <ListScreen
      title={t('route.gameLog')}
      testId="game-log-screen"
      model={model}
      filters={
        <>
          <AccountPicker
            id="game-log-account"
            label={t('bets.member')}
            showLabel
            placeholder={t('gameLog.chooseMember')}
            text={accountText}
            onTextChange={setAccountText}
            onPick={(account) => {
              setAccountText(account.loginId);
              setView({ account: account.userId, name: account.loginId });
            }}
            limit={8}
            inputClassName="w-40"
            inputData={{ 'data-testid': 'game-log-account', 'data-user-id': view.account || undefined }}
          />
          <DateRangeFilter value={range} onChange={setRange} maxSpanDays={BET_MAX_SPAN_DAYS} data-testid="game-log-range" />
        </>
      }
      status={
        <span className="text-sm text-muted-foreground" role="status" data-testid="game-log-total" data-total={total}>
          {query ? t('gameLog.total', { count: total }) : t('gameLog.pickMember')}
        </span>
      }
      exportAs={{ sheet: t('route.gameLog'), disabled: rows.length === 0, testId: 'game-log-export' }}
      table={{
        total,
        loading: query !== null && pages.isFetching,
        empty: query ? t('gameLog.empty') : null,
        onEndReached: pages.loadMore,
        minWidth: '96rem',
        testId: 'game-log-rows',
        rowTestId: 'game-log-row',
        rowAttributes: (row) => ({ 'data-session-id': row.sessionId }),
      }}
    />
  );
}
