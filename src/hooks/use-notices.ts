import { createContext, useContext, useEffect, useState } from 'react';
import type { ResultOf } from '../../contract/methods.contract';
import { call } from '@/api/gateway-client';
import { usePreferences } from '@/lib/preferences';

export type Notice = ResultOf<'gw.credit.notice.layer.list'>['list'][number];
export interface NoticesState {
  notices: Notice[];
  loading: boolean;
  failed: boolean;
}

/** Current notices of the user's site and level (pageSize 99, spec §7), in the user's language: fetched once for the marquee and the notice screen. */
export function useNoticesQuery(): NoticesState {
  const { language } = usePreferences();
  const [state, setState] = useState<NoticesState>({ notices: [], loading: true, failed: false });
  useEffect(() => {
    let live = true;
    call('gw.credit.notice.layer.list', { pageIndex: 1, pageSize: 99 }).then(
      (result) => live && setState({ notices: result.list, loading: false, failed: false }),
      () => live && setState({ notices: [], loading: false, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [language]);
  return state;
}

export const NoticesContext = createContext<NoticesState>({ notices: [], loading: true, failed: false });

export function useNotices(): NoticesState {
  return useContext(NoticesContext);
}
