import { isApiError } from '../../../shared/api/api-error';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';

/**
 * GET ValidateTokenSfrw with the stored user token: false when the server no longer knows it
 * (401), so the app falls back to a guest before any other call fails. Other errors reject.
 */
export async function validateUserToken(client: ApiClient): Promise<boolean> {
  try {
    await client.get(5, joinUrl(client.bases.auth, endpointPath('validateToken')));
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return false;
    throw error;
  }
}
