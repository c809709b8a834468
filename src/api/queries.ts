import {
  MutationCache,
  QueryCache,
  QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MethodName, ParamsIn, ResultOf } from '@contract/methods.contract';
import { GatewayError, NETWORK_ERROR, SESSION_GONE, call } from '@/api/gateway-client';
import { showError } from '@/lib/error-toast';
import { i18n } from '@/lib/i18n';

/** A call's cache key: the method, then its parameters (compared by value). */
export function callKey<M extends MethodName>(method: M, params?: ParamsIn<M>): QueryKey {
  return params === undefined ? [method] : [method, params];
}

/** The code a failed call ended with: a catalogue code, or 1 for a lost answer. */
export function errorCode(error: unknown): number {
  return error instanceof GatewayError ? error.code : NETWORK_ERROR;
}

/**
 * The one place a failed call is told to the user (docs/product.md#messages: the catalogue message, 4 s, one at a
 * time). 2202/2221 are not told: the gateway client already ended the session and reloads.
 */
export function reportError(error: unknown): void {
  const code = errorCode(error);
  if (SESSION_GONE.includes(code)) return;
  showError(code, i18n.t.bind(i18n));
}

interface CallMeta extends Record<string, unknown> {
  /** The screen shows this failure itself (a form maps it onto its fields). */
  silent?: boolean;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => (query.meta as CallMeta | undefined)?.silent || reportError(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => (mutation.meta as CallMeta | undefined)?.silent || reportError(error),
    }),
    defaultOptions: {
      queries: {
        // Only a lost answer is worth asking again; a refusal will be refused again.
        retry: (failures, error) => errorCode(error) === NETWORK_ERROR && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Every read that shows accounts, their balances or their logs: what a write to an account makes
 * stale (row actions, bulk jobs, score moves, edits).
 */
export const accountReads = [
  'gw.credit.agent.query',
  'gw.credit.user.query',
  'gw.credit.account.search',
  'gw.credit.agent.statistics.query',
  'gw.credit.user.profile',
  'gw.credit.user.simple.info.get',
  'gw.credit.user.balance.get',
  'gw.credit.score.log.query',
  'gw.credit.fuzzy.search.tips',
  'gw.credit.fuzzy.agent.search.tips',
  'gw.credit.subaccount.query',
] as const satisfies readonly MethodName[];

export interface CallOptions<M extends MethodName, T> {
  enabled?: boolean;
  /** Polling (a job's progress): milliseconds, or false to stop, decided from the last answer. */
  refetchInterval?: number | false | ((data: ResultOf<M> | undefined) => number | false);
  silent?: boolean;
  select?: (data: ResultOf<M>) => T;
  staleTime?: number;
}

/** One gateway read, cached by method and parameters. */
export function useCall<M extends MethodName, T = ResultOf<M>>(method: M, params: ParamsIn<M>, options: CallOptions<M, T> = {}) {
  const { refetchInterval } = options;
  return useQuery({
    queryKey: callKey(method, params),
    queryFn: () => call(method, params as Parameters<typeof call<M>>[1]),
    enabled: options.enabled,
    select: options.select,
    staleTime: options.staleTime,
    meta: { silent: options.silent },
    refetchInterval: typeof refetchInterval === 'function' ? (query) => refetchInterval(query.state.data) : refetchInterval,
  });
}

/** Methods answering pages: `{list, total}` for `pageIndex`/`pageSize`. */
export type PagedMethod = {
  [M in MethodName]: ResultOf<M> extends { list: readonly unknown[]; total: number } ? M : never;
}[MethodName];
type RowOf<M extends PagedMethod> = ResultOf<M> extends { list: readonly (infer R)[] } ? R : never;

/**
 * A paged list read page by page as the table scrolls: the rows so far, the total, and the first
 * page's answer (which carries the extras, such as the line of an account list).
 */
export function useInfiniteCall<M extends PagedMethod>(
  method: M,
  params: Omit<ParamsIn<M>, 'pageIndex' | 'pageSize'>,
  options: { pageSize?: number; enabled?: boolean; silent?: boolean } = {},
) {
  const pageSize = options.pageSize ?? 200;
  const query = useInfiniteQuery({
    queryKey: [method, params, 'pages', pageSize],
    queryFn: ({ pageParam }) => call(method, { ...params, pageIndex: pageParam, pageSize } as unknown as Parameters<typeof call<M>>[1]),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + (page as { list: unknown[] }).list.length, 0);
      return loaded < (last as { total: number }).total && (last as { list: unknown[] }).list.length > 0 ? pages.length + 1 : undefined;
    },
    enabled: options.enabled,
    meta: { silent: options.silent },
  });
  const pages = query.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((page) => (page as unknown as { list: RowOf<M>[] }).list), [pages]);
  const first = pages?.[0] as ResultOf<M> | undefined;
  const total = pages?.length ? (pages[pages.length - 1] as { total: number }).total : 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useMemo(
    () => () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  return { ...query, rows, total, first, loadMore };
}

/** Marks reads stale so the screens showing them fetch again. */
export function useInvalidate() {
  const client = useQueryClient();
  return useMemo(
    () =>
      (methods: readonly MethodName[] = accountReads) =>
        Promise.all(methods.map((method) => client.invalidateQueries({ queryKey: [method] }))),
    [client],
  );
}

/**
 * One gateway write. On success the reads it makes stale are fetched again (`invalidates`,
 * every account read unless told otherwise). Failures are told once by the client's handler,
 * unless `silent` (a form shows them on its fields).
 */
export function useCallMutation<M extends MethodName>(
  method: M,
  options: { invalidates?: readonly MethodName[]; silent?: boolean; onSuccess?: (result: ResultOf<M>, params: ParamsIn<M>) => void } = {},
) {
  const invalidate = useInvalidate();
  const { invalidates = accountReads, onSuccess } = options;
  return useMutation({
    mutationKey: [method],
    mutationFn: (params: ParamsIn<M> & { requestKey?: string }) => call(method, params),
    meta: { silent: options.silent },
    onSuccess: async (result, params) => {
      onSuccess?.(result, params);
      await invalidate(invalidates);
    },
  });
}
