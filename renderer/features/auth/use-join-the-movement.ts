import { useMutation } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { TokenData } from '../../../shared/contracts/auth';
import type { JoinTheMovementFormData } from '../../../shared/validation/forms';
import { useApiClient } from '../../app/api-context';
import { postWithToken, type SignInContext } from './auth-call';

/** POST RegisterJTM ("join the movement"): a full name and an email; passcode sign-in after. */
export interface JoinTheMovementInput {
  form: JoinTheMovementFormData;
  /** The code SendRegistrationCode mailed to the email. */
  emailCode: string;
}

export function postJoinTheMovement(
  client: ApiClient,
  { form, emailCode }: JoinTheMovementInput,
  context: SignInContext,
): Promise<TokenData> {
  const body = {
    FullName: form.fullName,
    Email: form.email,
    CompanyId: context.storefrontId,
    ...(context.guid ? { GUID: context.guid } : {}),
    ...(context.guestOrderId ? { guestOrderId: context.guestOrderId } : {}),
    EmailCode: emailCode,
  };
  const url = joinUrl(client.bases.user, endpointPath('registerJoinTheMovement'));
  return postWithToken<TokenData>(client, url, body);
}

export function useJoinTheMovement(context: SignInContext) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: JoinTheMovementInput) => postJoinTheMovement(client, input, context),
  });
}
