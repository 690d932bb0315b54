import { useMutation } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { ResetPasswordRequestFormData } from '../../../shared/validation/forms';
import { useApiClient } from '../../app/api-context';
import { postWithToken } from './auth-call';

/** POST ResetPasswordEmail with { email } (spec §7): the server emails a reset link. */
export async function postPasswordResetRequest(
  client: ApiClient,
  form: ResetPasswordRequestFormData,
): Promise<void> {
  const url = joinUrl(client.bases.auth, endpointPath('resetPasswordEmail'));
  await postWithToken<null>(client, url, { email: form.email });
}

export function useRequestPasswordReset() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (form: ResetPasswordRequestFormData) => postPasswordResetRequest(client, form),
  });
}
