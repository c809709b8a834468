import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { gameName } from '@commands/game.commands';
import { BET_MAX_SPAN_DAYS } from '@contract/game.contract';
import { useCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { CheckedSearchFilter } from '@/components/filters/checked-search-filter';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { SearchFilter } from '@/components/filters/search-filter';
import { SelectFilter } from '@/components/filters/select-filter';
import { useFormat } from '@/hooks/use-format';
import { listStateCodec, useListScreen } from '@/hooks/use-list-screen';
import { gameResultColumns } from './game-result-columns';

const gameResultState = listStateCodec(
  { game: z.string().max(32), table: z.string().max(32), round: z.string().max(40) },
  { game: '', table: '', round: '' },
);
const codePattern = /^[A-Za-z0-9-]*$/;

/** /gameResult/index: the rounds of the platform's tables and machines, each result drawn as its game shows it. */
export default function GameResultScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const { view, setView, range, setRange, query, pages, rows, total } = useListScreen({
    state: gameResultState,
    method: 'gw.credit.game.result.query',
    defaultRange: 'today',
    maxSpanDays: BET_MAX_SPAN_DAYS,
    params: (view, times) => ({
      ...times,
      ...(view.game ? { gameCode: view.game } : {}),
      ...(view.table ? { gameId: view.table } : {}),
      ...(view.round ? { round: view.round } : {}),
    }),
  });
  const [badInput, setBadInput] = useState<'table' | 'round' | null>(null);
  const games = useCall('gw.credit.game.list', {}, { silent: true, staleTime: 60_000 });

  const columns = useMemo(() => gameResultColumns(t, format), [t, format]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => `${row.gameId}:${row.round}` });

  const codeFilter = (name: 'table' | 'round') => (value: string) => {
    const fits = codePattern.test(value);
    setBadInput(fits ? null : name);
    if (fits) setView({ [name]: value });
  };

  const filters = (
    <>
      <SelectFilter
        label={t('bets.column.game')}
        value={view.game}
        onChange={(game) => setView({ game })}
        options={(games.data?.list ?? []).map((game) => ({ value: game.gameCode, label: gameName(t, game) }))}
        anyLabel={t('bets.anyGame')}
        data-testid="results-game"
      />
      <SearchFilter
        label={t('bets.column.gameId')}
        value={view.table}
        onChange={codeFilter('table')}
        maxLength={32}
        data-testid="results-table"
      />
      <CheckedSearchFilter
        label={t('bets.column.round')}
        value={view.round}
        onChange={codeFilter('round')}
        maxLength={40}
        data-testid="results-round"
        problem={badInput ? t('results.codeOnly') : null}
        problemTestId="results-problem"
      />
      <DateRangeFilter value={range} onChange={setRange} maxSpanDays={BET_MAX_SPAN_DAYS} data-testid="results-range" />
    </>
  );

  return (
    <ListScreen
      title={t('route.gameResult')}
      testId="game-result-screen"
      model={model}
      filters={filters}
      status={
        <span className="text-sm text-muted-foreground" role="status" data-testid="results-total" data-total={total}>
          {t('results.total', { count: total })}
        </span>
      }
      exportAs={{
        sheet: t('route.gameResult'),
        disabled: rows.length === 0 || rows.length < total,
        testId: 'results-export',
      }}
      table={{
        total,
        loading: pages.isFetching,
        empty: query ? t('results.empty') : null,
        onEndReached: pages.loadMore,
        rowHeight: 52,
        minWidth: '60rem',
        testId: 'result-rows',
        rowTestId: 'result-row',
        rowAttributes: (row) => ({ 'data-round': row.round, 'data-game-id': row.gameId }),
      }}
    />
  );
}
