import { useState } from 'react';
import { PasscodeLoginForm } from '../../renderer/features/auth/passcode-login-form';
import { useSendPasscode } from '../../renderer/features/auth/use-send-passcode';
import { useVerifyPasscode } from '../../renderer/features/auth/use-verify-passcode';
import type { OtpSendFormData } from '../../shared/validation/forms';
import { useCompleteSignIn } from '../app/use-complete-sign-in';
import { useSignInContext } from '../app/use-sign-in-context';

/** One-time passcode sign-in in the login drawer: send by SMS or email, verify, send a new one. */
export function PasscodePanel() {
  const context = useSignInContext();
  const send = useSendPasscode(context.storefrontId);
  const verify = useVerifyPasscode(context);
  const completeSignIn = useCompleteSignIn();
  const [sentTo, setSentTo] = useState<OtpSendFormData | null>(null);
  return (
    <PasscodeLoginForm
      sentTo={sentTo}
      sending={send.isPending}
      verifying={verify.isPending}
      sendError={send.error ?? undefined}
      verifyError={verify.error ?? undefined}
      onSend={(form) => {
        verify.reset();
        send.mutate(form, { onSuccess: () => setSentTo(form) });
      }}
      onVerify={(form) => verify.mutate(form, { onSuccess: completeSignIn })}
    />
  );
}
