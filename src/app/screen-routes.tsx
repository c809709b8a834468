import { Redirect, Route, Switch } from 'wouter';
import { pathAllowed, screens } from '@commands/screens';
import { useRights } from '@/hooks/use-command-context';
import { NotFoundScreen } from '@/features/errors/not-found-screen';
import { UnauthorizedScreen } from '@/features/errors/unauthorized-screen';
import { RedirectScreen } from '@/features/redirect/redirect-screen';
import { screenComponents } from './screen-components';

function Guarded({ path, children }: { path: string; children: React.ReactNode }) {
  const rights = useRights();
  return pathAllowed(path, rights) ? <>{children}</> : <Redirect to="/401" replace />;
}

/** The signed-in app's routes: the screens table, then the redirects and error pages (docs/product.md#routes-and-menu). */
export function ScreenRoutes() {
  return (
    <Switch>
      {/* Keys: a Redirect runs once per mount, so each redirecting route needs its own. */}
      <Route key="root" path="/">
        <Redirect to="/notice" replace />
      </Route>
      <Route key="login" path="/login">
        <Redirect to="/notice" replace />
      </Route>
      <Route key="old-login" path="/oldLogin">
        <Redirect to="/notice" replace />
      </Route>
      {screens.map((screen) => {
        const Screen = screenComponents[screen.id];
        return (
          <Route key={screen.id} path={screen.pattern}>
            {(params: Record<string, string | undefined>) => (
              <Guarded path={screen.path}>
                <Screen key={screen.remountOn ? (params[screen.remountOn] ?? '') : undefined} />
              </Guarded>
            )}
          </Route>
        );
      })}
      <Route key="redirect" path="/redirect/*" component={RedirectScreen} />
      <Route key="404" path="/404" component={NotFoundScreen} />
      <Route key="401" path="/401" component={UnauthorizedScreen} />
      <Route key="unknown">
        <Redirect to="/404" replace />
      </Route>
    </Switch>
  );
}
