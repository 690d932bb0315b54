import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApiClient } from '../../renderer/app/api-context';
import { cartKeys } from '../../renderer/features/cart/cart-keys';
import { publicConfigQuery } from '../../renderer/features/checkout/use-public-config';
import { useSessionStore } from '../../renderer/features/session/session-context';
import { displayPagesOf } from '../../shared/checkout/first-pending-route';
import { routes } from '../../shared/checkout/routes';
import { buyerOf } from './checkout-buyer';
import { checkoutOrderQuery } from './checkout-order-query';
import { orderFlow, pageAfterStep } from './order-route';

/**
 * `useContinueCheckout()` returns `continueCheckout(from?)`: it reloads the order (the guest
 * order, or the patient's cart once signed in) and navigates to the first pending stage's page
 * exactly as shared/checkout resolves it (the storefront's display pages, the visit type, Register
 * while signed out), to /disqualified, home for an empty cart, or the order confirmation when
 * nothing is pending. `from` is the page the buyer leaves (defaults to the current one): leaving
 * the shipping page with the pharmacy still to choose goes to the pharmacy options.
 * Call it after add to cart, sign-in, registration and every checkout step.
 */
export function useContinueCheckout(): (from?: string) => Promise<void> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSessionStore();
  return useCallback(
    async (from?: string) => {
      const buyerState = buyerOf(session.getState());
      const { buyer } = buyerState;
      // The cart drawer and the header count follow every step.
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      const [order, config] = await Promise.all([
        queryClient.fetchQuery({
          ...checkoutOrderQuery(client, buyerState),
          staleTime: 0,
        }),
        queryClient.fetchQuery(publicConfigQuery(client)),
      ]);
      if (!order) {
        await navigate(routes.home);
        return;
      }
      const flow = orderFlow(
        order,
        displayPagesOf(config.applicationSettings),
        buyer === 'patient',
      );
      const next = pageAfterStep(from ?? pathname, flow);
      await navigate(
        next === routes.orderConfirmation
          ? `${next}?orderId=${encodeURIComponent(order.id)}`
          : next,
      );
    },
    [client, queryClient, navigate, pathname, session],
  );
}
