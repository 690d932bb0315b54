import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';

/**
 * POST LogoutSfrw: revokes the token on the server. `token` signs out a token the client does
 * not hold as its session (a patient refused at the console's door). Failures are swallowed:
 * the client forgets the token either way and the server idles it out.
 */
export async function signOutOnServer(client: ApiClient, token?: string): Promise<void> {
  try {
    await client.post(
      5,
      joinUrl(client.bases.auth, endpointPath('logout')),
      {},
      token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    );
  } catch {
    // Nothing to tell the user: they are signed out on this side.
  }
}
