import { MOBILE_BREAKPOINT } from './preferences';

/** The two entries of the app: the desktop one at / and the phone one at /m/ (its own page and bundle). */
export type AppView = 'desktop' | 'mobile';

const VIEW_KEY = 'credit-view';
export const MOBILE_ENTRY = '/m/';

/** The entry the user picked last in this browser ("desktop version" on a phone), if any. */
export function chosenView(): AppView | null {
  try {
    const value = localStorage.getItem(VIEW_KEY);
    return value === 'desktop' || value === 'mobile' ? value : null;
  } catch {
    return null;
  }
}

/** A desktop address opened narrower than the breakpoint goes to the phone entry, unless the desktop was picked. */
export function wantsMobile(width: number): boolean {
  return width < MOBILE_BREAKPOINT && chosenView() !== 'desktop';
}

/** The same hash route on the other entry (each entry sends a route it lacks to its notices or its login). */
export function addressOf(view: AppView, route: string): string {
  const hash = route.startsWith('/') ? `#${route}` : '#/notice';
  return view === 'mobile' ? `${MOBILE_ENTRY}${hash}` : `/${hash}`;
}

/**
 * Opens the other entry at `route`, remembering the pick. The session lives in cookies of path /
 * and the tab's session storage, which both entries share (one origin): nobody signs in again.
 */
export function switchView(view: AppView, route = '/notice'): void {
  try {
    localStorage.setItem(VIEW_KEY, view);
  } catch {
    // Private mode without storage: the switch still happens, it is only not remembered.
  }
  window.location.assign(addressOf(view, route));
}
