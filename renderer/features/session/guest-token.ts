import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { Envelope } from '../../../shared/contracts/envelope';

export interface GuestClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** POST AccessTokenAdmin (spec §6): the app's fixed client credentials, as form data. */
export async function fetchGuestToken(
  client: ApiClient,
  credentials: GuestClientCredentials,
): Promise<string> {
  const result = await client.post<Envelope<{ access_token: string }>>(
    1,
    joinUrl(client.bases.auth, endpointPath('guestToken')),
    {
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    },
    { form: true },
  );
  return result.data.Data.access_token;
}
