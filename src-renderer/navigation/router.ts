// Hash routing: `#/datasets/helpdesk` → {screen: 'datasets', params: ['helpdesk']}; works in Electron and a browser.
// Screens and their parameters come from one typed table (screens.ts).
import { create } from 'zustand';
import { isScreenName, type ScreenName, type ScreenParams } from './screens';

/**
 * The screen the address names (undefined for an address no screen has, which shows the start screen) and its
 * parameters as the address spells them: an address is typed by hand, so each screen reads its own.
 */
export type Route = Readonly<{ screen: ScreenName | undefined; params: readonly string[] }>;

export function parseHash(hash: string): Route {
  const [screen = 'targets', ...params] = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return { screen: isScreenName(screen) ? screen : undefined, params };
}

/** The address of a screen; the table types its parameters, so a wrong one does not compile. */
export const hrefFor = <S extends ScreenName>(screen: S, ...params: ScreenParams[S]): string =>
  `#/${[screen, ...params].map(encodeURIComponent).join('/')}`;

const useRouteStore = create<{ route: Route }>(() => ({ route: parseHash(window.location.hash) }));

/** Asked before the route changes; false holds the navigation back (the guard then asks the user). */
type NavigationGuard = (to: string) => boolean;
let guard: NavigationGuard | undefined;
let current = window.location.hash;

export function setNavigationGuard(next: NavigationGuard | undefined): void {
  guard = next;
}

window.addEventListener('hashchange', () => {
  const to = window.location.hash;
  if (to !== current && guard && !guard(to)) {
    // Held back: the address shows the screen still open until the user decides.
    history.replaceState(history.state, '', current || window.location.pathname + window.location.search);
    return;
  }
  current = to;
  useRouteStore.setState({ route: parseHash(to) });
});

/** Navigates past the guard (the user chose to leave). */
export function forceNavigate(hash: string): void {
  current = hash;
  window.location.hash = hash;
}

export const useRoute = () => useRouteStore((state) => state.route);

export function navigate<S extends ScreenName>(screen: S, ...params: ScreenParams[S]): void {
  window.location.hash = hrefFor(screen, ...params);
}
