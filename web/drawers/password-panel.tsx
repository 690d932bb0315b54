import { PasswordLoginForm } from '../../renderer/features/auth/password-login-form';
import { usePasswordLogin } from '../../renderer/features/auth/use-password-login';
import { useCompleteSignIn } from '../app/use-complete-sign-in';
import { useSignInContext } from '../app/use-sign-in-context';

/** Email and password sign-in in the login drawer. */
export function PasswordPanel() {
  const login = usePasswordLogin(useSignInContext());
  const completeSignIn = useCompleteSignIn();
  return (
    <PasswordLoginForm
      pending={login.isPending}
      error={login.error ?? undefined}
      onSubmit={(form) => login.mutate(form, { onSuccess: completeSignIn })}
    />
  );
}
