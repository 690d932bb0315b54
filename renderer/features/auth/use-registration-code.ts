import { useMutation } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import { endpointPath } from '../../../shared/api/endpoints';
import type { SendRegistrationCodeData } from '../../../shared/contracts/registration';
import { useApiClient } from '../../app/api-context';
import { postWithToken, type SignInContext } from './auth-call';

/**
 * POST SendRegistrationCode (ours): a code to the email, which registration needs (the address
 * is proven before an account is made with it).
 */
export function useRegistrationCode(context: SignInContext) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (email: string) =>
      postWithToken<SendRegistrationCodeData>(
        client,
        joinUrl(client.bases.user, endpointPath('sendRegistrationCode')),
        { Email: email, CompanyId: context.storefrontId },
      ),
  });
}
