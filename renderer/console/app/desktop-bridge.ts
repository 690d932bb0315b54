import { type DesktopBridge, desktopBridgeKey } from '../../../shared/contracts/desktop-bridge';

/**
 * The preload bridge when the console runs inside Electron, else null (a browser at /console/).
 * Only the functions a given build of the preload really exposes are trusted to exist.
 */
export function desktopBridge(): DesktopBridge | null {
  const candidate = (window as unknown as Record<string, unknown>)[desktopBridgeKey];
  if (!candidate || typeof candidate !== 'object') return null;
  const bridge = candidate as Partial<DesktopBridge>;
  return typeof bridge.getSettings === 'function' ? (bridge as DesktopBridge) : null;
}
