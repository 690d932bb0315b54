/**
 * The navigation rules of the desktop shell (SECURITY "Electron"), kept free of Electron so
 * they can be tested directly: the window may only show the app itself, and external links
 * open in the system browser only for https URLs on the allowed hosts.
 */
export function isAppUrl(candidate: string, appOrigin: string): boolean {
  const url = parse(candidate);
  const app = parse(appOrigin);
  if (!url || !app) return false;
  if (app.protocol === 'file:') return url.protocol === 'file:';
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

/** The Content-Security-Policy of the console window. */
export function consoleCsp(apiOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ${apiOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}
