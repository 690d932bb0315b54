/**
 * The navigation rules of the desktop shell (SECURITY "Electron"), kept free of Electron so
 * they can be tested directly: the window may only show the app itself, and external links
 * open in the system browser only for https URLs on the allowed hosts.
 */

/**
 * Whether `candidate` is part of the app. Each entry of `appUrls` is either the server (an
 * http(s) URL: any page of its origin is the app) or the bundled console (a file URL: only that
 * very file, whatever its hash, so no other local file can ever be shown in the window).
 */
export function isAppUrl(candidate: string, appUrls: string | readonly string[]): boolean {
  const url = parse(candidate);
  if (!url) return false;
  const entries = typeof appUrls === 'string' ? [appUrls] : appUrls;
  return entries.some((entry) => matchesAppUrl(url, entry));
}

function matchesAppUrl(url: URL, appUrl: string): boolean {
  const app = parse(appUrl);
  if (!app) return false;
  if (app.protocol === 'file:') {
    return url.protocol === 'file:' && url.host === app.host && url.pathname === app.pathname;
  }
  if (app.protocol !== 'http:' && app.protocol !== 'https:') return false;
  return url.origin === app.origin;
}

export function isAllowedExternalUrl(candidate: string, allowedHosts: readonly string[]): boolean {
  const url = parse(candidate);
  if (!url) return false;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return allowedHosts.includes(url.hostname);
}

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of the console window. It mirrors the server's own policy
 * (server/plugins/security.ts) so that both apply without conflict: scripts only from the app,
 * API calls only to the configured server, map tiles from OpenStreetMap, nothing embedded but
 * Stripe's card field (Stripe.js and its frame from js.stripe.com, its calls to api.stripe.com:
 * an agent types a phone order's card there when the server's gateway is Stripe).
 */
export function consoleCsp(apiOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
    "font-src 'self' data:",
    `connect-src 'self' ${apiOrigin} https://api.stripe.com`,
    "object-src 'none'",
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}
