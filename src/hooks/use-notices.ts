import { createContext, useContext } from 'react';
import type { ResultOf } from '@contract/methods.contract';
import { useCall } from '@/api/queries';

export type Notice = ResultOf<'gw.credit.notice.layer.list'>['list'][number];
export interface NoticesState {
  notices: Notice[];
  loading: boolean;
  failed: boolean;
}

/** Current notices of the user's site and level (pageSize 99, docs/product.md#the-gateway), in the user's language: fetched once for the marquee and the notice screen. */
export function useNoticesQuery(): NoticesState {
  // Windows open and close with no write to tell anyone: read again every minute.
  const query = useCall('gw.credit.notice.layer.list', { pageIndex: 1, pageSize: 99 }, { silent: true, refetchInterval: 60_000 });
  return { notices: query.data?.list ?? [], loading: query.isPending, failed: query.isError };
}

export const NoticesContext = createContext<NoticesState>({ notices: [], loading: true, failed: false });

export function useNotices(): NoticesState {
  return useContext(NoticesContext);
}
