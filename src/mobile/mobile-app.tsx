import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { AppFrame, type Entry } from '@/app/app';
import { Button } from '@/components/ui/button';
import { LoginScreen } from '@/features/login/login-screen';
import { switchView } from '@/lib/app-view';
import { loadAllTexts } from '@/lib/i18n';
import { loadClassMerge } from '@/lib/utils';

// Like the desktop's: the signed-in app comes with all the texts, after the sign-in.
const MobileSignedInApp = lazy(() =>
  Promise.all([import('./mobile-signed-in-app'), loadAllTexts(), loadClassMerge()]).then(([module]) => module),
);

function MobileLogin() {
  const { t } = useTranslation();
  return (
    <LoginScreen
      view="mobile"
      footer={
        <Button variant="link" onClick={() => switchView('desktop', '/login')} data-testid="switch-to-desktop">
          {t('mobile.desktopVersion')}
        </Button>
      }
    />
  );
}

function MobilePublicRoutes() {
  return (
    <Switch>
      <Route path="/login">
        <MobileLogin />
      </Route>
      <Route>
        <Redirect to="/login" replace />
      </Route>
    </Switch>
  );
}

const mobile: Entry = { PublicRoutes: MobilePublicRoutes, SignedIn: MobileSignedInApp };

/** The phone entry (/m/): the same session machine and gateway as the desktop, screens made for one hand. */
export function MobileApp() {
  return <AppFrame entry={mobile} />;
}
