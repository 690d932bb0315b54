import { EmailCodeForm } from '../../renderer/features/auth/email-code-form';
import { JoinTheMovementForm } from '../../renderer/features/auth/join-the-movement-form';
import { useEmailCodeStep } from '../../renderer/features/auth/use-email-code-step';
import { useJoinTheMovement } from '../../renderer/features/auth/use-join-the-movement';
import type { JoinTheMovementFormData } from '../../shared/validation/forms';
import { useCompleteSignIn } from '../app/use-complete-sign-in';
import { useSignInContext } from '../app/use-sign-in-context';

/**
 * "Join the movement" in the login drawer: a name and an email, then the code mailed to it;
 * the new member is signed in straight away.
 */
export function JoinPanel() {
  const context = useSignInContext();
  const join = useJoinTheMovement(context);
  const step = useEmailCodeStep<JoinTheMovementFormData>(context, (form) => form.email);
  const completeSignIn = useCompleteSignIn();
  const { details } = step;
  return (
    <>
      {details ? (
        <EmailCodeForm
          email={details.email}
          submitLabel="CONFIRM AND JOIN"
          pending={join.isPending}
          error={join.error ?? undefined}
          resending={step.sending}
          resendError={step.sendError}
          onResend={step.resend}
          onBack={() => {
            join.reset();
            step.back();
          }}
          onSubmit={(emailCode) =>
            join.mutate({ form: details, emailCode }, { onSuccess: completeSignIn })
          }
        />
      ) : (
        <p>Join with your name and email. You will sign in with a one-time passcode.</p>
      )}
      <div hidden={Boolean(details)}>
        <JoinTheMovementForm pending={step.sending} error={step.sendError} onSubmit={step.start} />
      </div>
    </>
  );
}
