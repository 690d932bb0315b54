import { useMutation } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { ResetPasswordFormData } from '../../../shared/validation/forms';
import { useApiClient } from '../../app/api-context';
import { postWithToken } from './auth-call';

/** POST ResetPassword with the emailed link's token and the new password. */
export async function postResetPassword(
  client: ApiClient,
  form: ResetPasswordFormData,
): Promise<void> {
  const url = joinUrl(client.bases.auth, endpointPath('resetPassword'));
  await postWithToken<null>(client, url, { token: form.token, password: form.password });
}

export function useResetPassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (form: ResetPasswordFormData) => postResetPassword(client, form),
  });
}
