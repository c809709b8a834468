import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ParamsIn, ResultOf } from '../../contract/methods.contract';
import { GatewayError, call } from '@/api/gateway-client';
import { onAccountsChanged } from '@/lib/confirm';

export type AccountRow = ResultOf<'gw.credit.agent.query'>['list'][number];
export type LineStep = ResultOf<'gw.credit.agent.query'>['line'][number];
export type AccountQuery = Omit<ParamsIn<'gw.credit.agent.query'>, 'pageIndex' | 'pageSize'>;

const PAGE_SIZE = 200;

/**
 * Pages of an account list loaded as the table scrolls: the rows so far, the total, the line
 * down to the parent. A new query starts again from the first page.
 */
export function useAccountPages(method: 'gw.credit.agent.query' | 'gw.credit.user.query', query: AccountQuery) {
  const [state, setState] = useState<{ rows: AccountRow[]; total: number; line: LineStep[]; loading: boolean; error: number | null }>({
    rows: [],
    total: 0,
    line: [],
    loading: true,
    error: null,
  });
  const generation = useRef(0);
  const nextPage = useRef(1);
  const inFlight = useRef(false);
  const key = JSON.stringify([method, query]);
  // The same list asked again with an equal query object is the same list: keyed by value.
  const asked = useMemo(() => JSON.parse(key) as [typeof method, AccountQuery], [key]);

  const load = useCallback(
    async (reset: boolean) => {
      if (inFlight.current && !reset) return;
      const mine = reset ? ++generation.current : generation.current;
      if (reset) nextPage.current = 1;
      inFlight.current = true;
      setState((current) => ({ ...current, loading: true, ...(reset ? { rows: [], error: null } : {}) }));
      try {
        const [listMethod, listQuery] = asked;
        const page = await call(listMethod, { ...listQuery, pageIndex: nextPage.current, pageSize: PAGE_SIZE });
        if (mine !== generation.current) return;
        nextPage.current += 1;
        setState((current) => ({
          rows: reset ? page.list : [...current.rows, ...page.list],
          total: page.total,
          line: page.line,
          loading: false,
          error: null,
        }));
      } catch (error) {
        if (mine === generation.current)
          setState((current) => ({ ...current, loading: false, error: error instanceof GatewayError ? error.code : 1 }));
      } finally {
        if (mine === generation.current) inFlight.current = false;
      }
    },
    [asked],
  );

  useEffect(() => {
    void load(true);
    return onAccountsChanged(() => void load(true));
  }, [load]);

  const loadMore = useCallback(() => {
    if (state.rows.length < state.total) void load(false);
  }, [load, state.rows.length, state.total]);

  return { ...state, loadMore, reload: () => load(true) };
}
