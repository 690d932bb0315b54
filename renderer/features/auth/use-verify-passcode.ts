import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { TokenData } from '../../../shared/contracts/auth';
import type { OtpVerifyFormData } from '../../../shared/validation/forms';
import { useApiClient } from '../../app/api-context';
import { postAuthForm, type SignInContext } from './auth-call';

/**
 * POST VerifyLoginOtp (form data, spec §7): userName, companyId, code, companyName, GA,
 * clientIp, optional guestOrderId, GUID.
 */
export function postVerifyPasscode(
  client: ApiClient,
  form: OtpVerifyFormData,
  context: SignInContext,
): Promise<TokenData> {
  return postAuthForm<TokenData>(client, 'verifyLoginOtp', {
    userName: form.email,
    companyId: context.storefrontId,
    code: form.code,
    companyName: context.storefrontName,
    GA: context.ga ?? undefined,
    clientIp: context.clientIp,
    guestOrderId: context.guestOrderId ?? undefined,
    GUID: context.guid ?? undefined,
  });
}

export function useVerifyPasscode(context: SignInContext) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (form: OtpVerifyFormData) => postVerifyPasscode(client, form, context),
  });
}
