import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { OtpSendFormData } from '../../../shared/validation/forms';
import { useApiClient } from '../../app/api-context';
import { postAuthForm } from './auth-call';

export interface PasscodeSent {
  channels: ('sms' | 'email')[];
  resendAfterSeconds: number;
}

/** POST SendLoginOtp (form data): userName, companyId, channels[] of sms and email. */
export function postSendPasscode(
  client: ApiClient,
  form: OtpSendFormData,
  storefrontId: number,
): Promise<PasscodeSent> {
  return postAuthForm<PasscodeSent>(client, 'sendLoginOtp', {
    userName: form.email,
    companyId: storefrontId,
    channels: form.channels,
  });
}

export function useSendPasscode(storefrontId: number) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (form: OtpSendFormData) => postSendPasscode(client, form, storefrontId),
  });
}
