import { homeShellId } from '../../shared/theme/home-text';

/**
 * What shows while the first page's code or the storefront's config is on its way: nothing
 * while the home page's first HTML still shows the top of the page below the app's root
 * (server/modules/web-shell), so that it does not move; else an empty screen-tall area.
 */
export function BootSplash() {
  if (document.getElementById(homeShellId)) return null;
  return <div className="boot-splash" aria-busy="true" />;
}
