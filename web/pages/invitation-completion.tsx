import { Button, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../renderer/components/error-alert';
import {
  useCompleteInvitation,
  useInvitation,
  usePrescriber,
} from '../../renderer/features/auth/invitation-api';
import { InvitationForm } from '../../renderer/features/auth/invitation-form';
import { PrescriberCard } from '../../renderer/features/auth/prescriber-card';
import { useSession, useSessionStore } from '../../renderer/features/session/session-context';
import { isApiError } from '../../shared/api/api-error';
import { routes } from '../../shared/checkout/routes';
import { readSessionGuid } from '../app/use-cart-context';
import { useCompleteSignIn } from '../app/use-complete-sign-in';
import { useSignInContext } from '../app/use-sign-in-context';

/**
 * /register?peopleId=…, the link of an ECP's invitation email: the patient the ECP registered
 * sees who registered them, sets a password and lands in their account. A used or expired
 * invitation says so and offers a passcode sign-in (the account exists; the email proves it).
 */
export function InvitationCompletion({ peopleId }: { peopleId: string }) {
  const guid = readSessionGuid();
  const session = useSession();
  const invitation = useInvitation(peopleId, guid);
  const prescriber = usePrescriber(session.identity, peopleId, guid);
  const complete = useCompleteInvitation(peopleId, useSignInContext());
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();

  if (invitation.isPending) {
    return (
      <InvitationFrame title="Finish creating your account">
        <Skeleton active paragraph={{ rows: 6 }} />
      </InvitationFrame>
    );
  }
  if (invitation.error) return <InvitationUnavailable error={invitation.error} />;
  const invited = invitation.data;
  return (
    <InvitationFrame title={`Welcome, ${invited.firstName}`}>
      <p className="page-lead">
        Your eye care professional registered you with us. Enter your email ({invited.email}) and
        choose a password to finish creating your account.
      </p>
      {prescriber.data ? <PrescriberCard prescriber={prescriber.data} /> : null}
      <InvitationForm
        pending={complete.isPending}
        error={complete.error ?? undefined}
        onSubmit={(form) =>
          complete.mutate(form, {
            onSuccess: async (token) => {
              if (await completeSignIn(token)) return;
              await navigate(routes.myAccount);
            },
          })
        }
      />
    </InvitationFrame>
  );
}

function InvitationUnavailable({ error }: { error: unknown }) {
  const store = useSessionStore();
  const status = isApiError(error) ? error.status : null;
  if (status !== 404 && status !== 410) {
    return (
      <InvitationFrame title="Finish creating your account">
        <ErrorAlert error={error} />
      </InvitationFrame>
    );
  }
  return (
    <InvitationFrame title="This invitation cannot be used">
      <Result
        status="warning"
        title={isApiError(error) ? error.serverMessage : null}
        extra={
          <Button
            type="primary"
            onClick={() => store.openLogin({ view: 'passcode', redirectUrl: routes.myAccount })}
          >
            SIGN IN WITH A PASSCODE
          </Button>
        }
      />
    </InvitationFrame>
  );
}

function InvitationFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container-narrow page invitation">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
