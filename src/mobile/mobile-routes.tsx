import { lazy, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { pathAllowed } from '@commands/screens';
import { useRights } from '@/hooks/use-command-context';

/**
 * The screens the phone entry has, by route (a form the desktop already lays out for a narrow
 * screen is used as it is); any other route opens in the desktop entry.
 */
const mobileScreens: { path: string; pattern: string; Screen: ComponentType }[] = [
  { path: '/notice', pattern: '/notice', Screen: lazy(() => import('./mobile-notice-screen')) },
  { path: '/searchAccount/index', pattern: '/searchAccount/index', Screen: lazy(() => import('./mobile-search-screen')) },
  { path: '/account/index', pattern: '/account/index/:parentId?', Screen: lazy(() => import('./mobile-account-list-screen')) },
  {
    path: '/settingScore/index',
    pattern: '/settingScore/index/:userId?',
    Screen: lazy(() => import('@/features/points/setting-score-screen')),
  },
  { path: '/pointRecord/index', pattern: '/pointRecord/index', Screen: lazy(() => import('./mobile-score-log-screen')) },
  { path: '/videoOrder/index', pattern: '/videoOrder/index', Screen: lazy(() => import('./mobile-bet-record-screen')) },
  { path: '/winningReport/index', pattern: '/winningReport/index', Screen: lazy(() => import('./mobile-win-loss-screen')) },
  {
    path: '/changePass/index',
    pattern: '/changePass/index',
    Screen: lazy(() => import('@/features/change-password/change-password-screen')),
  },
  {
    path: '/changeSafeCode/index',
    pattern: '/changeSafeCode/index',
    Screen: lazy(() => import('@/features/change-password/change-safe-code-screen')),
  },
];

export function hasMobileScreen(path: string): boolean {
  const route = path.split('?')[0]!;
  return mobileScreens.some((screen) => route === screen.path || (screen.pattern !== screen.path && route.startsWith(`${screen.path}/`)));
}

/** The phone's routes, as the desktop's guard allows them (a screen the rights refuse goes to the notices). */
export function MobileRoutes() {
  const rights = useRights();
  return (
    <Switch>
      {mobileScreens
        .filter((screen) => pathAllowed(screen.path, rights))
        .map(({ pattern, Screen }) => (
          <Route key={pattern} path={pattern} component={Screen} />
        ))}
      <Route>
        <Redirect to="/notice" replace />
      </Route>
    </Switch>
  );
}
