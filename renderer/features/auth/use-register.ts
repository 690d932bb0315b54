import { useMutation } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { TokenData } from '../../../shared/contracts/auth';
import type { RegistrationFormData } from '../../../shared/validation/forms';
import { useApiClient } from '../../app/api-context';
import { postWithToken, type SignInContext } from './auth-call';

export interface RegistrationInput {
  form: Omit<RegistrationFormData, 'password'> & { password?: string };
  /** Without a password the patient signs in with one-time passcodes (RegisterWithOtp). */
  withPasscode: boolean;
  landingPage?: string;
  redirectPage?: string;
  /** The code SendRegistrationCode mailed to the email. */
  emailCode: string;
}

/**
 * POST Register, or RegisterWithOtp (spec §7): Email, Password, CompanyId, names, landingPage,
 * redirectPage, and the code mailed to Email (ours). The answer signs the new patient in (spec §7 "logged in automatically").
 */
export function postRegistration(
  client: ApiClient,
  input: RegistrationInput,
  context: SignInContext,
): Promise<TokenData> {
  const { form } = input;
  const body = {
    Email: form.email,
    ...(input.withPasscode ? {} : { Password: form.password }),
    CompanyId: context.storefrontId,
    FirstName: form.firstName,
    LastName: form.lastName,
    ...(form.phoneNo ? { PhoneNo: form.phoneNo } : {}),
    ...(input.landingPage ? { landingPage: input.landingPage } : {}),
    ...(input.redirectPage ? { redirectPage: input.redirectPage } : {}),
    ...(context.guid ? { GUID: context.guid } : {}),
    ...(context.guestOrderId ? { guestOrderId: context.guestOrderId } : {}),
    EmailCode: input.emailCode,
  };
  const endpoint = input.withPasscode ? 'registerWithOtp' : 'register';
  return postWithToken<TokenData>(client, joinUrl(client.bases.user, endpointPath(endpoint)), body);
}

export function useRegister(context: SignInContext) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: RegistrationInput) => postRegistration(client, input, context),
  });
}
