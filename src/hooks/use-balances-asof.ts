import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { BALANCE_ASOF_PAGE_MAX } from '@contract/balance-asof.contract';
import type { ResultOf } from '@contract/methods.contract';
import { call } from '@/api/gateway-client';
import { callKey } from '@/api/queries';

/**
 * The balances of these accounts at the as-of instant (docs/product.md#balances-as-of), by
 * userId: one `gw.credit.balance.asof.page` call per 100 accounts shown. Nothing is asked while
 * `at` is null (the screen shows balances as they are now). An account not answered yet is absent.
 */
export function useBalancesAsOf(at: string | null, userIds: readonly string[]) {
  const chunks = useMemo(() => {
    const distinct = [...new Set(userIds)];
    const out: string[][] = [];
    for (let from = 0; from < distinct.length; from += BALANCE_ASOF_PAGE_MAX) out.push(distinct.slice(from, from + BALANCE_ASOF_PAGE_MAX));
    return out;
  }, [userIds]);
  // Kept while `at` stays, so the combined answer changes only with the answers.
  const combine = useCallback(
    (answers: UseQueryResult<ResultOf<'gw.credit.balance.asof.page'>>[]) => {
      const balances = new Map<string, string>();
      for (const answer of answers) for (const row of answer.data?.list ?? []) balances.set(row.userId, row.balance);
      return { balances, loading: at !== null && answers.some((answer) => answer.isFetching) };
    },
    [at],
  );
  return useQueries({
    queries: chunks.map((ids) => {
      const params = { at: at ?? '', userIds: ids };
      return {
        queryKey: callKey('gw.credit.balance.asof.page', params),
        queryFn: () => call('gw.credit.balance.asof.page', params),
        enabled: at !== null,
        // The past does not change: an answer stays good.
        staleTime: Infinity,
      };
    }),
    combine,
  });
}
