import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useHashPathLocation } from '@/hooks/use-url-state';
import { ToasterHost } from '@/components/toaster-host';
import { showError } from '@/lib/error-toast';
import { loadAllTexts, switchLanguage } from '@/lib/i18n';
import { loadClassMerge } from '@/lib/utils';
import { applySiteTheme, usePreferences } from '@/lib/preferences';
import { SplashScreen } from '@/features/site-status/splash-screen';
import { LoginScreen } from '@/features/login/login-screen';
import { MaintenanceScreen } from '@/features/site-status/maintenance-screen';
import { IpBlockedScreen } from '@/features/site-status/ip-blocked-screen';
import { UnreachableScreen } from '@/features/site-status/unreachable-screen';
import { NotFoundScreen } from '@/features/errors/not-found-screen';
import { UnauthorizedScreen } from '@/features/errors/unauthorized-screen';
import { AuthRedirectScreen } from '@/features/auth-redirect/auth-redirect-screen';
import { SessionContext } from '@/lib/session-context';

// Both come with all the Chinese texts (the login path ships only its own, src/lib/i18n.ts) and tailwind-merge (src/lib/utils.ts).
const SignedInApp = lazy(() => Promise.all([import('./signed-in-app'), loadAllTexts(), loadClassMerge()]).then(([module]) => module));
// The password screens carry the full password rules (zod): kept off the sign-in path.
const ForcedPasswordScreen = lazy(() =>
  Promise.all([import('@/features/change-password/forced-password-screen'), loadAllTexts(), loadClassMerge()]).then(([module]) => ({
    default: module.ForcedPasswordScreen,
  })),
);

function PublicRoutes() {
  return (
    <Switch>
      <Route path="/login">
        <LoginScreen />
      </Route>
      <Route path="/oldLogin">
        <LoginScreen layout="old" />
      </Route>
      <Route path="/auth-redirect" component={AuthRedirectScreen} />
      <Route path="/404" component={NotFoundScreen} />
      <Route path="/401" component={UnauthorizedScreen} />
      <Route>
        <Redirect to="/login" replace />
      </Route>
    </Switch>
  );
}

function ForcedRoutes() {
  const [location] = useLocation();
  if (location !== '/changePass/index') return <Redirect to="/changePass/index" replace />;
  return (
    <Suspense fallback={<SplashScreen />}>
      <ForcedPasswordScreen />
    </Suspense>
  );
}

/** What an entry shows signed out, and once signed in (the desktop's or the phone's). */
export interface Entry {
  PublicRoutes: ComponentType;
  SignedIn: ComponentType;
}

function Screens({ entry }: { entry: Entry }) {
  const view = SessionContext.useSelector((state) => {
    if (state.matches('booting') || state.matches({ open: 'restoring' })) return 'splash';
    if (state.matches('unreachable')) return 'unreachable';
    if (state.matches('blocked')) return 'blocked';
    if (state.matches('maintenance')) return 'maintenance';
    if (state.matches({ open: 'signedOut' })) return 'signedOut';
    if (state.matches({ open: { signedIn: 'changingPassword' } })) return 'forced';
    if (state.matches({ open: { signedIn: 'checking' } }) || state.matches({ open: { signedIn: 'loadingProfile' } })) return 'splash';
    return 'signedIn';
  });
  const error = SessionContext.useSelector((state) => state.context.error);
  const site = SessionContext.useSelector((state) => state.context.site);
  const { t } = useTranslation();

  useEffect(() => {
    if (!site) return;
    applySiteTheme(site.ui);
    document.title = site.title || t('app.title');
  }, [site, t]);

  // Signed out, the login form shows the refusal itself until the next attempt; the forced
  // password change shows one naming its field on that field.
  const shownOnForm = view === 'signedOut' || (view === 'forced' && error?.data?.field !== undefined);
  useEffect(() => {
    if (error && !shownOnForm) showError(error.code, t);
  }, [error, shownOnForm, t]);

  switch (view) {
    case 'splash':
      return <SplashScreen />;
    case 'unreachable':
      return <UnreachableScreen />;
    case 'blocked':
      return <IpBlockedScreen />;
    case 'maintenance':
      return <MaintenanceScreen />;
    case 'signedOut':
      return <entry.PublicRoutes />;
    case 'forced':
      return <ForcedRoutes />;
    default:
      return (
        <Suspense fallback={<SplashScreen />}>
          <entry.SignedIn />
        </Suspense>
      );
  }
}

const desktop: Entry = { PublicRoutes, SignedIn: SignedInApp };

export function App() {
  return <AppFrame entry={desktop} />;
}

/** The session machine, the hash router and the toasts around an entry's screens. */
export function AppFrame({ entry }: { entry: Entry }) {
  const { language } = usePreferences();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== language) void switchLanguage(language);
  }, [i18n, language]);
  return (
    <SessionContext.Provider>
      <Router hook={useHashPathLocation}>
        <Screens entry={entry} />
      </Router>
      <ToasterHost />
    </SessionContext.Provider>
  );
}
