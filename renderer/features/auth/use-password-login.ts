import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { TokenData } from '../../../shared/contracts/auth';
import type { LoginFormData } from '../../../shared/validation/forms';
import { useApiClient } from '../../app/api-context';
import { postAuthForm, type SignInContext } from './auth-call';

/**
 * POST AccessTokenSfrw (form data, spec §7): username, password, companyid, companyName, GA,
 * GUID, clientIp, and ours: guestOrderId.
 */
export function postPasswordLogin(
  client: ApiClient,
  form: LoginFormData,
  context: SignInContext,
): Promise<TokenData> {
  return postAuthForm<TokenData>(client, 'accessToken', {
    username: form.email,
    password: form.password,
    companyid: context.storefrontId,
    companyName: context.storefrontName,
    GA: context.ga ?? undefined,
    GUID: context.guid ?? undefined,
    clientIp: context.clientIp,
    guestOrderId: context.guestOrderId ?? undefined,
  });
}

export function usePasswordLogin(context: SignInContext) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (form: LoginFormData) => postPasswordLogin(client, form, context),
  });
}
