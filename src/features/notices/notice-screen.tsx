import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '@/api/queries';
import { can } from '@commands/can';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useRights } from '@/hooks/use-command-context';
import { NoticeCards } from '@/components/notice-cards';
import { useNotices } from '@/hooks/use-notices';
import { useUrlState, type UrlStateCodec } from '@/hooks/use-url-state';

// The writers' list brings zod and the table: loaded only when its tab opens.
const NoticeListPanel = lazy(() => import('./notice-list-panel'));
const GameNoticePanel = lazy(() => import('./game-notice-panel'));

const tabState: UrlStateCodec<{ tab: string }> = {
  parse: (query) => {
    const tab = new URLSearchParams(query).get('tab');
    return { tab: tab === 'all' || tab === 'game' || tab === 'app' ? tab : 'current' };
  },
  serialize: (value) => (value.tab === 'current' ? '' : `tab=${value.tab}`),
};

export default function NoticeScreen() {
  const { t } = useTranslation();
  const rights = useRights();
  const [view, setView] = useUrlState(tabState);
  const writer = can(rights, 'gw.credit.notice.page');
  if (!writer) {
    return (
      <section className="space-y-4" data-testid="notice-screen">
        <h1 className="text-xl font-semibold">{t('route.notice')}</h1>
        <CurrentNotices />
      </section>
    );
  }
  return (
    <section className="space-y-4" data-testid="notice-screen">
      <h1 className="text-xl font-semibold">{t('route.notice')}</h1>
      <Tabs value={view.tab} onValueChange={(tab) => setView({ tab })}>
        <TabsList>
          <TabsTrigger value="current" data-testid="notice-tab-current">
            {t('notices.current')}
          </TabsTrigger>
          <TabsTrigger value="all" data-testid="notice-tab-all">
            {t('notices.all')}
          </TabsTrigger>
          <TabsTrigger value="app" data-testid="notice-tab-app">
            {t('notices.app')}
          </TabsTrigger>
          {can(rights, 'gw.credit.game.notice.get') ? (
            <TabsTrigger value="game" data-testid="notice-tab-game">
              {t('notices.game')}
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="current">
          <CurrentNotices />
        </TabsContent>
        <TabsContent value="all">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <NoticeListPanel />
          </Suspense>
        </TabsContent>
        <TabsContent value="app">
          <AppNotices />
        </TabsContent>
        <TabsContent value="game">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <GameNoticePanel />
          </Suspense>
        </TabsContent>
      </Tabs>
    </section>
  );
}

function CurrentNotices() {
  return <NoticeCards {...useNotices()} />;
}

/** The notices the members' app shows now (sn.notice.query, kind app), as a member reads them. */
function AppNotices() {
  const { t } = useTranslation();
  const query = useCall(
    'gw.credit.sn.notice.query',
    { kind: 'app', pageIndex: 1, pageSize: 99 },
    { silent: true, refetchInterval: 60_000 },
  );
  return (
    <div className="max-w-md space-y-3" data-testid="app-notices">
      <p className="text-sm text-muted-foreground">{t('notices.appExplain')}</p>
      <NoticeCards notices={query.data?.list ?? []} loading={query.isPending} failed={query.isError} />
    </div>
  );
}
