import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { EmailCodeForm } from '../../renderer/features/auth/email-code-form';
import {
  RegistrationForm,
  type RegistrationSubmit,
} from '../../renderer/features/auth/registration-form';
import { useEmailCodeStep } from '../../renderer/features/auth/use-email-code-step';
import { useRegister } from '../../renderer/features/auth/use-register';
import { useCart } from '../../renderer/features/cart/use-cart';
import { useSession, useSessionStore } from '../../renderer/features/session/session-context';
import { routes } from '../../shared/checkout/routes';
import { useCartContext } from '../app/use-cart-context';
import { useCompleteSignIn } from '../app/use-complete-sign-in';
import { useSignInContext } from '../app/use-sign-in-context';
import { useContinueCheckout } from '../checkout/continue-checkout';
import { InvitationCompletion } from './invitation-completion';

/**
 * Registration (spec §2 /register, the Register stage of the checkout). A new patient is
 * signed in straight away (spec §7) and, with a checkout in progress, goes on to its next stage.
 * With a peopleId it completes an ECP's invitation instead (invitation-completion.tsx).
 */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const peopleId = params.get('peopleId');
  if (peopleId) return <InvitationCompletion peopleId={peopleId} />;
  return <Registration />;
}

function Registration() {
  const session = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cart = useCart(useCartContext());
  const signInContext = useSignInContext();
  const register = useRegister(signInContext);
  const step = useEmailCodeStep<RegistrationSubmit>(signInContext, (input) => input.form.email);
  const completeSignIn = useCompleteSignIn();
  const continueCheckout = useContinueCheckout();
  const inCheckout = params.get('continue') === '1' || (cart.data?.items.length ?? 0) > 0;

  if (session.signedIn && !register.isPending && !register.isSuccess) {
    return (
      <div className="container-narrow page">
        <h1>You are signed in</h1>
        <p>Your account is ready.</p>
        <div className="page-actions">
          {inCheckout && (
            <Button type="primary" onClick={() => void continueCheckout()}>
              CONTINUE CHECKOUT
            </Button>
          )}
          <Button onClick={() => void navigate(routes.myAccount)}>GO TO MY ACCOUNT</Button>
        </div>
      </div>
    );
  }

  return (
    <div className="container-narrow page">
      <h1>Create your account</h1>
      <p className="page-lead">
        {inCheckout
          ? 'Create an account to finish your order. Your cart comes with you.'
          : 'Create an account to see your orders and reorder in a click.'}
      </p>
      {step.details && (
        <EmailCodeForm
          email={step.details.form.email}
          submitLabel="CONFIRM AND CREATE ACCOUNT"
          pending={register.isPending}
          error={register.error ?? undefined}
          resending={step.sending}
          resendError={step.sendError}
          onResend={step.resend}
          onBack={() => {
            register.reset();
            step.back();
          }}
          onSubmit={(emailCode) =>
            step.details &&
            register.mutate(
              {
                ...step.details,
                emailCode,
                landingPage: window.location.href,
                ...(inCheckout ? { redirectPage: routes.summary } : {}),
              },
              {
                onSuccess: async (token) => {
                  if (await completeSignIn(token)) return;
                  if (inCheckout) await continueCheckout();
                  else await navigate(routes.myAccount);
                },
              },
            )
          }
        />
      )}
      <div hidden={Boolean(step.details)}>
        <RegistrationForm pending={step.sending} error={step.sendError} onSubmit={step.start} />
      </div>
      <p className="page-aside">
        <Button type="link" onClick={() => store.openLogin({ continueCheckout: inCheckout })}>
          Already have an account?
        </Button>
      </p>
    </div>
  );
}
