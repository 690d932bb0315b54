import { Alert, Button } from 'antd';
import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../renderer/features/auth/reset-password-form';
import { isResetTokenShaped } from '../../renderer/features/auth/reset-password-values';
import { useResetPassword } from '../../renderer/features/auth/use-reset-password';
import { useSessionStore } from '../../renderer/features/session/session-context';
import { messages, validationMessages } from '../../shared/errors/messages';

/** The page of the emailed reset link (/reset-password?token=...): choose a new password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const store = useSessionStore();
  const reset = useResetPassword();
  const token = params.get('token') ?? '';
  const tokenValid = isResetTokenShaped(token);

  return (
    <div className="container-narrow page">
      <h1>Choose a new password</h1>
      {!tokenValid ? (
        <Alert type="error" role="alert" title={validationMessages.resetTokenError} />
      ) : reset.isSuccess ? (
        <>
          <Alert type="success" role="status" title={messages.passwordResetDone} />
          <Button type="primary" onClick={() => store.openLogin()} className="page-actions">
            SIGN IN
          </Button>
        </>
      ) : (
        <ResetPasswordForm
          token={token}
          pending={reset.isPending}
          error={reset.error ?? undefined}
          onSubmit={(form) => reset.mutate(form)}
        />
      )}
      {!tokenValid && (
        <Button type="link" onClick={() => store.openLogin({ view: 'forgot' })}>
          Request a new link
        </Button>
      )}
    </div>
  );
}
