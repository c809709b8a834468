import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Command } from '@commands/command';
import type * as Registry from '@commands/registry';
import { shellCommands, shortcutCommand } from '@commands/shortcuts';
import { AppHeader } from '@/components/layout/app-header';
import { AppSidebar, MenuSheet } from '@/components/layout/app-sidebar';
import { LogoutDialog } from '@/components/layout/logout-dialog';
import { MaintenanceBanner } from '@/components/layout/maintenance-banner';
import { NoticeMarquee } from '@/components/layout/notice-marquee';
import { TagsView } from '@/components/layout/tags-view';
import { ConfirmHost } from '@/components/confirm-host';
import { CommandContextReact, useCommandContext, useRights } from '@/hooks/use-command-context';
import { useActivity } from '@/hooks/use-activity';
import { useOpenTags } from '@/hooks/use-open-tags';
import { NoticesContext, useNoticesQuery } from '@/hooks/use-notices';
import { useSidebar } from '@/hooks/use-sidebar';
import { usePreferences } from '@/lib/preferences';
import { SessionContext } from '@/lib/session-context';
import { ScreenRoutes } from './screen-routes';
import { SignedInData } from './signed-in-data';

// The settings panel's selects bring Radix's popper: it loads when first opened.
const SettingsPanel = lazy(() => import('@/components/layout/settings-panel').then((module) => ({ default: module.SettingsPanel })));
const CommandPalette = lazy(() => import('@/components/command-palette').then((module) => ({ default: module.CommandPalette })));

let registry: typeof Registry | undefined;
/** Every command (account actions, score transfers carry the contract's schemas): loaded when first needed. */
const loadRegistry = () => import('@commands/registry').then((module) => (registry = module));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export default function SignedInApp() {
  return (
    <SignedInData>
      <SignedInShell />
    </SignedInData>
  );
}

/** The signed-in app: layout shell (docs/product.md#layout), its routes, the palette and the keyboard shortcuts. */
function SignedInShell() {
  const { t } = useTranslation();
  const site = SessionContext.useSelector((state) => state.context.site);
  const { tagsView, sidebarLogo } = usePreferences();
  const sidebar = useSidebar();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [paletteStart, setPaletteStart] = useState<Command | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsMounted, setSettingsMounted] = useState(false);
  const openSettings = useCallback(() => {
    setSettingsMounted(true);
    setSettingsOpen(true);
  }, []);
  const tags = useOpenTags(useRights());
  const closeTags = tags.close;
  const context = useCommandContext({ openSettings, toggleSidebar: sidebar.toggle, closeTags });
  const notices = useNoticesQuery();
  const [location] = useLocation();
  useActivity();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((isMac ? event.metaKey : event.ctrlKey) && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPaletteStart(null);
        setPaletteOpen((open) => !open);
        return;
      }
      const run = (command: Command) => {
        // A command that asks for arguments opens the palette on its first question.
        if (command.steps?.length) {
          setPaletteStart(command);
          setPaletteOpen(true);
        } else void command.run(context, []);
      };
      const command = shortcutCommand(registry?.allCommands ?? shellCommands, context.rights, event, isMac);
      if (command) {
        event.preventDefault();
        run(command);
      } else if (!registry && (event.altKey || event.ctrlKey || event.metaKey)) {
        const { key, code, altKey, ctrlKey, metaKey, shiftKey } = event;
        void loadRegistry().then((module) => {
          const late = shortcutCommand(module.allCommands, context.rights, { key, code, altKey, ctrlKey, metaKey, shiftKey }, isMac);
          if (late) run(late);
        });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [context]);

  return (
    <CommandContextReact.Provider value={context}>
      <NoticesContext.Provider value={notices}>
        <a
          href="#main"
          onClick={(event) => {
            event.preventDefault();
            document.getElementById('main')?.focus();
          }}
          className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-background focus:p-2"
        >
          {t('layout.skipToContent')}
        </a>
        <div className="flex min-h-screen bg-background text-foreground">
          {sidebar.narrow ? null : (
            <AppSidebar open={sidebar.open} title={site?.title || t('app.title')} logo={site?.logo ?? ''} showLogo={sidebarLogo} />
          )}
          <div className="flex min-w-0 flex-1 flex-col">
            <AppHeader
              title={site?.title || t('app.title')}
              logo={site?.logo ?? ''}
              menuOpen={sidebar.open}
              onToggleMenu={sidebar.toggle}
              onOpenPalette={() => setPaletteOpen(true)}
              onOpenSettings={openSettings}
              onMobileVersion={sidebar.narrow ? context.switchView : undefined}
            />
            <MaintenanceBanner />
            <NoticeMarquee />
            {tagsView ? <TagsView tags={tags} /> : null}
            <main id="main" className="flex-1 p-4 md:p-6" tabIndex={-1}>
              <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
                <ScreenRoutes />
              </Suspense>
            </main>
          </div>
        </div>
        {sidebar.narrow ? <MenuSheet open={sidebar.open} onOpenChange={sidebar.setSheetOpen} /> : null}
        <LogoutDialog />
        {settingsMounted ? (
          <Suspense fallback={null}>
            <SettingsPanel open={settingsOpen} onOpenChange={setSettingsOpen} />
          </Suspense>
        ) : null}
        {paletteOpen ? (
          <Suspense fallback={null}>
            <CommandPalette
              key={`${location}:${paletteStart?.id ?? ''}`}
              open={paletteOpen}
              onOpenChange={setPaletteOpen}
              context={context}
              startWith={paletteStart}
            />
          </Suspense>
        ) : null}
        <ConfirmHost />
      </NoticesContext.Provider>
    </CommandContextReact.Provider>
  );
}
