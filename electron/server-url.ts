import type { SaveServerUrlResult } from '../shared/contracts/desktop-bridge';

export const defaultServerUrl = 'http://localhost:3000';

/** What the settings page shows when an address is refused. */
export const serverUrlMessages = {
  required: 'Please enter the server address.',
  invalid: 'Please enter the full server address, for example https://storefront.example.com.',
  protocol: 'The server address must start with http:// or https://.',
  https: 'The server address must start with https:// (http:// only for this computer).',
  credentials: 'The server address must not contain a user name or password.',
  notSaved: 'The server address could not be saved. Please try again.',
} as const;

/** Longer than any real origin; a bound on what we parse and store. */
const maxLength = 2048;

/**
 * Validates a server address typed by staff and keeps only its origin: the console lives at
 * `<origin>/console/` and the API at `<origin>/api/`, so a pasted console or API link still
 * yields the right server. Only https (plain http for loopback only), never credentials (they
 * would end up in every request and in logs).
 */
export function normaliseServerUrl(input: string): SaveServerUrlResult {
  const value = input.trim();
  if (!value) return { ok: false, error: serverUrlMessages.required };
  if (value.length > maxLength) return { ok: false, error: serverUrlMessages.invalid };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: serverUrlMessages.invalid };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: serverUrlMessages.protocol };
  }
  if (url.username || url.password) return { ok: false, error: serverUrlMessages.credentials };
  if (!url.hostname) return { ok: false, error: serverUrlMessages.invalid };
  // Staff sign-ins, tokens and patient data travel to it: in the clear only on loopback.
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return { ok: false, error: serverUrlMessages.https };
  }
  return { ok: true, serverUrl: url.origin };
}

/** localhost, 127.0.0.0/8 or [::1]: traffic that never leaves this computer. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The address used until staff save one: STOREFRONT_SERVER_URL when valid, else localhost. */
export function initialServerUrl(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.STOREFRONT_SERVER_URL;
  if (fromEnv) {
    const result = normaliseServerUrl(fromEnv);
    if (result.ok) return result.serverUrl;
    console.warn(`Ignoring STOREFRONT_SERVER_URL: ${result.error}`);
  }
  return defaultServerUrl;
}
