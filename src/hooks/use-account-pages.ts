import type { ParamsIn, ResultOf } from '@contract/methods.contract';
import { errorCode, useInfiniteCall } from '@/api/queries';

export type AccountRow = ResultOf<'gw.credit.agent.query'>['list'][number];
export type LineStep = ResultOf<'gw.credit.agent.query'>['line'][number];
export type AccountQuery = Omit<ParamsIn<'gw.credit.agent.query'>, 'pageIndex' | 'pageSize'>;

/**
 * Pages of an account list loaded as the table scrolls: the rows so far, the total, the line
 * down to the parent. A new query starts again from the first page; a write to accounts
 * anywhere fetches it again (queries.ts `accountReads`).
 */
export function useAccountPages(method: 'gw.credit.agent.query' | 'gw.credit.user.query', query: AccountQuery) {
  const pages = useInfiniteCall(method, query);
  return {
    rows: pages.rows as AccountRow[],
    total: pages.total,
    line: (pages.first?.line ?? []) as LineStep[],
    loading: pages.isFetching,
    error: pages.isError ? errorCode(pages.error) : null,
    loadMore: pages.loadMore,
    reload: () => pages.refetch(),
  };
}
