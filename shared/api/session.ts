import type { ApiClient } from './client';
import { endpointPath } from './endpoints';
import { type KeyValueStorage, storageKeys } from './storage-keys';

export interface SessionInitInput {
  landingPage: string;
  redirectPage?: string;
}

export interface Logger {
  warn(message: string, detail?: unknown): void;
}

/**
 * Session GUID initialisation on first visit (spec §7, §8): posts the landing page, stores the
 * GUID under `guid` (session storage) and `GUID` (local storage). A failure is only logged and
 * the flow continues; a failure to store the GUID is logged and reported as false.
 */
export async function initSessionGuid(
  client: ApiClient,
  storages: { session: KeyValueStorage; local: KeyValueStorage },
  input: SessionInitInput,
  logger: Logger,
): Promise<boolean> {
  const existing =
    storages.session.getItem(storageKeys.guid) ?? storages.local.getItem(storageKeys.GUID);
  if (existing) return true;
  try {
    const queryString: { LandingPage: string; RedirectPage?: string } = {
      LandingPage: input.landingPage,
    };
    if (input.redirectPage) queryString.RedirectPage = input.redirectPage;
    const result = await client.post<{ statusCode?: number; data?: string }>(
      4,
      endpointPath('sessionInit'),
      { queryString, guid: null },
    );
    if (result.data?.statusCode !== 200 || typeof result.data.data !== 'string') {
      logger.warn('Session initialisation did not succeed', result.data);
      return false;
    }
    return storeGuid(storages, result.data.data, logger);
  } catch (error) {
    logger.warn('Session initialisation failed', error);
    return false;
  }
}

function storeGuid(
  storages: { session: KeyValueStorage; local: KeyValueStorage },
  guid: string,
  logger: Logger,
): boolean {
  try {
    storages.session.setItem(storageKeys.guid, guid);
    storages.local.setItem(storageKeys.GUID, guid);
    return true;
  } catch (error) {
    logger.warn('Could not store the session GUID', error);
    return false;
  }
}
