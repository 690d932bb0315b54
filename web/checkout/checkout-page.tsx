import '../../renderer/components/button.css';
import './checkout.css';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '../../renderer/components/error-alert';
import { Skeleton } from '../../renderer/components/skeleton';
import { CheckoutProgress } from '../../renderer/features/checkout/checkout-progress';
import { checkoutSteps, progressOfRoute } from '../../renderer/features/checkout/checkout-steps';
import { usePublicConfig } from '../../renderer/features/checkout/use-public-config';
import { useSession } from '../../renderer/features/session/session-context';
import type { DisplayPages } from '../../shared/checkout/first-pending-route';
import { displayPagesOf } from '../../shared/checkout/first-pending-route';
import { routes } from '../../shared/checkout/routes';
import type { ApplicationSettingsData } from '../../shared/contracts/config';
import type { OrderData } from '../../shared/contracts/orders';
import { messages } from '../../shared/errors/messages';
import { type Buyer, buyerOf } from './checkout-buyer';
import { useCheckoutOrder } from './checkout-order-query';
import { useContinueCheckout } from './continue-checkout';
import { type OrderFlow, orderFlow, redirectFor } from './order-route';
import { useSmallScreen } from './use-small-screen';

export interface CheckoutContext {
  order: OrderData;
  buyer: Buyer;
  flow: OrderFlow;
  displayPages: DisplayPages;
  settings: ApplicationSettingsData;
  /** After a step is saved: reload the order and go to the stage that is really next. */
  continueCheckout: (from?: string) => Promise<void>;
  navigate: (path: string) => void;
}

export interface CheckoutPageProps {
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  children: (context: CheckoutContext) => ReactNode;
  /** Wider content (maps, doctor lists). */
  wide?: boolean;
}

/**
 * Every checkout page of spec §2: loads the order and the storefront settings, sends a page
 * opened out of order to the stage that is really next (earlier, completed stages stay open
 * for editing), shows the progress, the title (focused on arrival, so screen readers announce
 * the new page), and hands the page the order and `continueCheckout`.
 */
export function CheckoutPage(props: CheckoutPageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const continueCheckout = useContinueCheckout();
  const session = useSession();
  const buyerState = buyerOf(session);
  const { buyer } = buyerState;
  const orderQuery = useCheckoutOrder(buyerState);
  const configQuery = usePublicConfig();
  const small = useSmallScreen();

  const order = orderQuery.data ?? null;
  const settings = configQuery.data?.applicationSettings;
  const displayPages = useMemo(() => displayPagesOf(settings), [settings]);
  const flow = useMemo(
    () => (order ? orderFlow(order, displayPages, buyer === 'patient') : null),
    [order, displayPages, buyer],
  );
  const redirect = flow ? redirectFor(location.pathname, flow, displayPages) : null;

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  useEffect(() => {
    document.title = props.title;
  }, [props.title]);

  const error = orderQuery.error ?? configQuery.error;
  let body: ReactNode;
  if (error) {
    body = <ErrorAlert error={error} />;
  } else if (orderQuery.isPending || configQuery.isPending || redirect) {
    body = <Skeleton rows={6} />;
  } else if (!order || !flow || !settings) {
    body = (
      <div className="empty-state">
        <p>{messages.emptyCart}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => navigate(routes.home)}
        >
          SHOP NOW
        </button>
      </div>
    );
  } else {
    body = props.children({
      order,
      buyer,
      flow,
      displayPages,
      settings,
      continueCheckout,
      navigate: (path) => navigate(path),
    });
  }

  const steps = flow ? checkoutSteps(flow.required, flow.visitType) : null;
  return (
    <CheckoutFrame
      title={props.title}
      intro={props.intro}
      wide={props.wide}
      progress={
        steps && !redirect ? (
          <CheckoutProgress
            steps={steps}
            currentProgress={progressOfRoute(location.pathname)}
            compact={small}
          />
        ) : null
      }
    >
      {body}
    </CheckoutFrame>
  );
}

/** The page frame without the order (confirmation, disqualified, visit pages). */
export function CheckoutFrame(props: {
  title: string;
  intro?: ReactNode;
  wide?: boolean | undefined;
  progress?: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = props.title;
    heading.current?.focus({ preventScroll: true });
  }, [props.title]);
  return (
    <div className={`checkout-page${props.wide ? ' checkout-page-wide' : ''}`}>
      {props.progress}
      <h1 ref={heading} tabIndex={-1} className="checkout-title">
        {props.title}
      </h1>
      {props.intro ? <div className="checkout-intro">{props.intro}</div> : null}
      {props.children}
    </div>
  );
}
