import type { DesktopBridge } from '../../../shared/contracts/desktop-bridge';

/**
 * Where the API is: the server set in the desktop settings, or the page's own origin in a
 * browser (the server serves the console at /console/). A desktop console with no server set
 * yet answers null: only the settings screen can help then.
 */
export async function resolveApiOrigin(bridge: DesktopBridge | null): Promise<string | null> {
  if (!bridge) return window.location.origin;
  try {
    const { serverUrl } = await bridge.getSettings();
    return serverUrl ? new URL(serverUrl).origin : null;
  } catch {
    return null;
  }
}
