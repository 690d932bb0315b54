import { JoinTheMovementForm } from '../../renderer/features/auth/join-the-movement-form';
import { useJoinTheMovement } from '../../renderer/features/auth/use-join-the-movement';
import { useCompleteSignIn } from '../app/use-complete-sign-in';
import { useSignInContext } from '../app/use-sign-in-context';

/** "Join the movement" in the login drawer: the new member is signed in straight away. */
export function JoinPanel() {
  const join = useJoinTheMovement(useSignInContext());
  const completeSignIn = useCompleteSignIn();
  return (
    <>
      <p>Join with your name and email. You will sign in with a one-time passcode.</p>
      <JoinTheMovementForm
        pending={join.isPending}
        error={join.error ?? undefined}
        onSubmit={(form) => join.mutate(form, { onSuccess: completeSignIn })}
      />
    </>
  );
}
