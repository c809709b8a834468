import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CommandContext, Rights } from '@commands/command';
import { call } from '@/api/gateway-client';
import { toast } from '@/lib/toast';
import { askConfirm } from '@/lib/confirm';
import { currentListExport } from '@/lib/list-export';
import { asOf, setAsOf } from '@/lib/as-of';
import { reportError, useInvalidate } from '@/api/queries';
import { switchView, type AppView } from '@/lib/app-view';
import { SessionContext } from '@/lib/session-context';
import { updatePreferences, usePreferences } from '@/lib/preferences';
import { useSiteCurrency } from '@/lib/site-currency';
import { formatAmount } from '@/lib/format';
import { focusScreenStart } from '@/lib/focus-screen';

/** Rights of the signed-in user as the commands read them (docs/product.md#rights-and-access-codes). */
export function useRights(): Rights {
  const session = SessionContext.useSelector((state) => state.context.session);
  const profileLevel = SessionContext.useSelector((state) => state.context.profile?.level);
  const financeVisible = SessionContext.useSelector((state) => state.context.profile?.financeVisible);
  const status = SessionContext.useSelector((state) => state.context.profile?.status ?? state.context.session?.status);
  const lineStatus = SessionContext.useSelector((state) => state.context.profile?.lineStatus);
  return useMemo(
    () => ({
      userId: session?.mainUserId || session?.userId || '',
      level: (profileLevel ?? session?.level ?? 4) as Rights['level'],
      accessCodes: session?.accessCode ?? [],
      isSubAccount: session?.sessionType === 9,
      mustChangePassword: session?.forcePwdUpdate === '1' || session?.firstLogin === '1',
      financeHidden: financeVisible === false,
      ...(status === undefined ? {} : { status }),
      ...(lineStatus === undefined ? {} : { lineStatus }),
    }),
    [session, profileLevel, financeVisible, status, lineStatus],
  );
}

/** The context every command runs with: the app's abilities, never its screens. */
export function useCommandContext(ui: {
  openSettings(): void;
  toggleSidebar(): void;
  /** The desktop's tabs; the phone has none. */
  closeTags?(which: 'others' | 'all' | 'right'): void;
  view?: AppView;
  /** The phone entry opens a screen it lacks in the desktop entry. */
  navigate?(path: string): void;
}): CommandContext {
  const rights = useRights();
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const { language, theme, tagsView } = usePreferences();
  const invalidate = useInvalidate();
  const currency = useSiteCurrency();
  const ownBalance = SessionContext.useSelector((state) => state.context.profile?.balance);
  return useMemo(
    () => ({
      rights,
      navigate: (path: string) => {
        const shown = document.getElementById('main')?.firstElementChild ?? null;
        (ui.navigate ?? navigate)(path);
        // The screen a command opens takes the focus where its work starts (on the desktop: on the
        // phone a focused filter would bring up the keyboard).
        if (path !== location && ui.view !== 'mobile') focusScreenStart(shown);
      },
      setLanguage: (next) => updatePreferences({ language: next }),
      setTheme: (next) => updatePreferences({ theme: next }),
      toggleSidebar: ui.toggleSidebar,
      toggleTagsView: () => updatePreferences({ tagsView: !tagsView }),
      closeTags: ui.closeTags ?? (() => undefined),
      openSettings: ui.openSettings,
      refreshPoints: () => session.send({ type: 'PROFILE.REFRESH' }),
      requestLogout: () => session.send({ type: 'LOGOUT.REQUEST' }),
      view: ui.view ?? 'desktop',
      switchView: () => switchView(ui.view === 'mobile' ? 'desktop' : 'mobile', location),
      currentPath: location,
      language,
      theme,
      currency,
      ...(ownBalance === undefined ? {} : { ownBalance }),
      formatAmount: (value) => formatAmount(value, language),
      call,
      confirm: askConfirm,
      report: (outcome) => {
        if (outcome.ok) toast(outcome.message, { variant: 'success' });
        else reportError(outcome.error);
      },
      accountsChanged: (methods) => void invalidate(methods),
      t: (key, values) => t(key, values ?? {}),
      listExport: currentListExport,
      asOf,
      setAsOf,
    }),
    [
      rights,
      navigate,
      session,
      language,
      theme,
      currency,
      ownBalance,
      tagsView,
      location,
      ui.openSettings,
      ui.toggleSidebar,
      ui.closeTags,
      ui.view,
      ui.navigate,
      t,
      invalidate,
    ],
  );
}

/** The signed-in app's command context, for screens that run commands (row actions, bulk buttons). */
export const CommandContextReact = createContext<CommandContext | null>(null);

export function useCommands(): CommandContext {
  const context = useContext(CommandContextReact);
  if (!context) throw new Error('useCommands outside the signed-in app');
  return context;
}
