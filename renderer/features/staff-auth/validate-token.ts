import type { z } from 'zod';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { validateTokenData } from '../../../shared/contracts/auth';

/**
 * GET ValidateTokenSfrw: checks the token and, like every call, extends its idle time on the
 * server. The console calls it when the user stays active without calling anything else.
 */
export async function validateToken(client: ApiClient): Promise<z.infer<typeof validateTokenData>> {
  const result = await client.get<z.infer<typeof validateTokenData>>(
    5,
    joinUrl(client.bases.auth, endpointPath('validateToken')),
  );
  return result.data;
}
