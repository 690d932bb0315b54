import { shell } from 'electron';
import { isAllowedExternalUrl } from './window-security';

/** Hosts whose https links may open in the system browser (drug and health references). */
export const allowedExternalHosts = ['www.fda.gov', 'www.cdc.gov'] as const;

/**
 * Opens `url` in the system browser when it is https on an allowed host, or on the configured
 * server itself (the patient web app, when it is served over https). Anything else is refused:
 * a page must never be able to launch arbitrary URLs or local files through the OS.
 */
export async function openExternalIfAllowed(url: string, serverUrl: string): Promise<boolean> {
  const hosts = [...allowedExternalHosts, new URL(serverUrl).hostname];
  if (!isAllowedExternalUrl(url, hosts)) return false;
  try {
    await shell.openExternal(url);
    return true;
  } catch (error) {
    console.warn('Could not open an external link:', error);
    return false;
  }
}
