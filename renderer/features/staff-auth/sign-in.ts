import { useMutation } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { TokenData } from '../../../shared/contracts/auth';
import { useApiClient } from '../../app/api-context';

export interface StaffSignInInput {
  email: string;
  password: string;
  storefrontId: number;
}

/** POST AccessTokenSfrw with form data (spec §7): answers the token and who signed in. */
export async function signIn(client: ApiClient, input: StaffSignInInput): Promise<TokenData> {
  const result = await client.post<{ Data: TokenData }>(
    1,
    joinUrl(client.bases.auth, endpointPath('accessToken')),
    { username: input.email, password: input.password, companyid: input.storefrontId },
    { form: true },
  );
  return result.data.Data;
}

export function useSignIn() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: StaffSignInInput) => signIn(client, input) });
}
