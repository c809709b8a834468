import { lazy } from 'react';
import { Redirect, Route, Switch } from 'wouter';

/** The screens the phone entry has; any other route opens in the desktop entry. */
const mobileScreens = {
  '/notice': lazy(() => import('./mobile-notice-screen')),
  '/changePass/index': lazy(() => import('@/features/change-password/change-password-screen')),
} as const;

export function hasMobileScreen(path: string): boolean {
  return Object.hasOwn(mobileScreens, path.split('?')[0]!);
}

export function MobileRoutes() {
  return (
    <Switch>
      {Object.entries(mobileScreens).map(([path, Screen]) => (
        <Route key={path} path={path} component={Screen} />
      ))}
      <Route>
        <Redirect to="/notice" replace />
      </Route>
    </Switch>
  );
}
