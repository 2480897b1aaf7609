// Hash routing: `#/datasets/helpdesk` → {screen: 'datasets', params: ['helpdesk']}; works in Electron and a browser.
import { create } from 'zustand';

export type Route = Readonly<{ screen: string; params: readonly string[] }>;

export function parseHash(hash: string): Route {
  const [screen = 'targets', ...params] = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return { screen, params };
}

export const hrefFor = (screen: string, ...params: string[]) =>
  `#/${[screen, ...params].map(encodeURIComponent).join('/')}`;

const useRouteStore = create<{ route: Route }>(() => ({ route: parseHash(window.location.hash) }));

window.addEventListener('hashchange', () => useRouteStore.setState({ route: parseHash(window.location.hash) }));

export const useRoute = () => useRouteStore((state) => state.route);

export function navigate(screen: string, ...params: string[]): void {
  window.location.hash = hrefFor(screen, ...params);
}
