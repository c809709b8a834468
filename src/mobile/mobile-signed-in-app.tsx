import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSearch } from 'lucide-react';
import { useLocation } from 'wouter';
import { pathAllowed } from '@commands/screens';
import { SignedInData } from '@/app/signed-in-data';
import { ConfirmHost } from '@/components/confirm-host';
import { LogoutDialog } from '@/components/layout/logout-dialog';
import { MaintenanceBanner } from '@/components/layout/maintenance-banner';
import { NoticeMarquee } from '@/components/layout/notice-marquee';
import { Button } from '@/components/ui/button';
import { useActivity } from '@/hooks/use-activity';
import { CommandContextReact, useCommandContext } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { NoticesContext, useNoticesQuery } from '@/hooks/use-notices';
import { switchView } from '@/lib/app-view';
import { SessionContext } from '@/lib/session-context';
import { MobileBottomBar } from './mobile-bottom-bar';
import { MobileMoreSheet } from './mobile-more-sheet';
import { hasMobileScreen, MobileRoutes } from './mobile-routes';

const CommandPalette = lazy(() => import('@/components/command-palette').then((module) => ({ default: module.CommandPalette })));

export default function MobileSignedInApp() {
  return (
    <SignedInData>
      <MobileShell />
    </SignedInData>
  );
}

/** The phone's shell: a top bar with the points, the screen, the bottom bar; the palette's commands in a sheet. */
function MobileShell() {
  const { t } = useTranslation();
  const format = useFormat();
  const site = SessionContext.useSelector((state) => state.context.site);
  const profile = SessionContext.useSelector((state) => state.context.profile);
  const [location, navigate] = useLocation();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const openMore = useCallback(() => setMoreOpen(true), []);
  // A command opening a screen the phone lacks opens it in the desktop entry, signed in as now.
  const open = useCallback((path: string) => (hasMobileScreen(path) ? navigate(path) : switchView('desktop', path)), [navigate]);
  const context = useCommandContext({ openSettings: openMore, toggleSidebar: openMore, view: 'mobile', navigate: open });
  const notices = useNoticesQuery();
  const title = site?.title || t('app.title');
  useActivity();

  return (
    <CommandContextReact.Provider value={context}>
      <NoticesContext.Provider value={notices}>
        <div className="flex min-h-dvh flex-col bg-background text-foreground" data-testid="mobile-shell">
          <header
            className="sticky top-0 z-20 flex items-center gap-2 border-b bg-header px-3 py-1 text-header-foreground"
            data-testid="top-bar"
          >
            <span className="flex min-w-0 flex-1 items-center gap-2 font-semibold" data-testid="header-logo">
              {site?.logo ? <img src={site.logo} alt="" className="size-7 rounded" /> : null}
              <span className="truncate">{title}</span>
            </span>
            {pathAllowed('/searchAccount/index', context.rights) ? (
              <Button
                variant="ghost"
                size="icon"
                onClick={() => navigate('/searchAccount/index')}
                aria-label={t('route.searchAccount')}
                data-testid="open-search"
              >
                <UserSearch aria-hidden />
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" onClick={openMore} aria-label={t('mobile.figures')} data-testid="points">
              <span className="font-mono tabular-nums">{format.amount(profile?.balance ?? '0.00')}</span>
            </Button>
          </header>
          <MaintenanceBanner />
          <NoticeMarquee />
          <main id="main" className="flex-1 p-3 pb-24" tabIndex={-1}>
            <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
              <MobileRoutes />
            </Suspense>
          </main>
          <MobileBottomBar onOpenCommands={() => setPaletteOpen(true)} onOpenMore={openMore} />
        </div>
        <MobileMoreSheet open={moreOpen} onOpenChange={setMoreOpen} />
        <LogoutDialog />
        {paletteOpen ? (
          <Suspense fallback={null}>
            <CommandPalette key={location} open={paletteOpen} onOpenChange={setPaletteOpen} context={context} placement="bottom" />
          </Suspense>
        ) : null}
        <ConfirmHost />
      </NoticesContext.Provider>
    </CommandContextReact.Provider>
  );
}
