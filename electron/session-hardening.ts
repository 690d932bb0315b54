import type { Session } from 'electron';

export interface SessionHardeningOptions {
  /** Whether a URL is the console: only its documents get the console's policy. */
  isAppUrl(url: string): boolean;
  /** The policy for the current server (it changes when staff save another address). */
  contentSecurityPolicy(): string;
}

/**
 * Session-wide rules (SECURITY "Electron"): every permission (camera, microphone,
 * notifications, geolocation, devices...) is denied, and the console's documents carry the
 * console's Content-Security-Policy, whatever the server sent.
 */
export function hardenSession(session: Session, options: SessionHardeningOptions) {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);

  session.webRequest.onHeadersReceived((details, callback) => {
    const isDocument = details.resourceType === 'mainFrame' || details.resourceType === 'subFrame';
    if (!isDocument || !options.isAppUrl(details.url)) {
      callback({});
      return;
    }
    callback({
      responseHeaders: withPolicy(details.responseHeaders ?? {}, options.contentSecurityPolicy()),
    });
  });
}

/**
 * Adds our policy next to any the server sent: the browser enforces every policy given, so the
 * result is never looser than either. Header names are matched case-insensitively so the
 * server's header is kept once, not duplicated under another spelling.
 */
function withPolicy(headers: Record<string, string[]>, policy: string): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  const policies: string[] = [];
  for (const [name, values] of Object.entries(headers)) {
    if (name.toLowerCase() === 'content-security-policy') policies.push(...values);
    else result[name] = values;
  }
  result['Content-Security-Policy'] = [...policies, policy];
  return result;
}
