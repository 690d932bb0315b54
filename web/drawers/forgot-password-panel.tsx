import { ForgotPasswordForm } from '../../renderer/features/auth/forgot-password-form';
import { useRequestPasswordReset } from '../../renderer/features/auth/use-request-password-reset';

/** The password reset request in the login drawer: the link arrives by email. */
export function ForgotPasswordPanel() {
  const request = useRequestPasswordReset();
  return (
    <ForgotPasswordForm
      pending={request.isPending}
      error={request.error ?? undefined}
      sent={request.isSuccess}
      onSubmit={(form) => request.mutate(form)}
    />
  );
}
