import {
  ORDER_HISTORY_PAGE_SIZE,
  previousOrdersQueryOptions,
} from '../../renderer/features/account/use-previous-orders';
import { recentOrdersQueryOptions } from '../../renderer/features/account/use-recent-orders';
import { userInfoQueryOptions } from '../../renderer/features/account/use-user-info';
import { publicConfigQuery } from '../../renderer/features/checkout/use-public-config';
import {
  acceptedConsentsQuery,
  consentsQuery,
} from '../../renderer/features/consents/consents-api';
import { cardFieldsQuery } from '../../renderer/features/payment/card-fields-query';
import { paymentMethodsQuery } from '../../renderer/features/payment/use-payment-methods';
import { productShippingMethodsQuery } from '../../renderer/features/shipping/use-product-shipping-methods';
import { shippingAddressesAndMethodsQuery } from '../../renderer/features/shipping/use-shipping-addresses-and-methods';
import { statesQuery } from '../../renderer/features/shipping/use-states';
import type { OrderData } from '../../shared/contracts/orders';
import { buyerOf } from '../checkout/checkout-buyer';
import { checkoutOrderQuery } from '../checkout/checkout-order-query';
import { initialShippingPick } from '../checkout/initial-shipping-pick';
import type { WebRuntime } from './web-runtime';

/**
 * What a page reads first, asked for as its route is entered, beside the page's chunk: before,
 * a first visit on a phone fetched the chunk, ran it, and only then asked for the data, one
 * after the other. Each uses the query its page uses (same key), so the page finds the answer
 * in the cache or waits for the same request; a failure is left to the page to show.
 */
export type RoutePrefetch = (runtime: WebRuntime, url: URL) => void;

/** Every checkout page: the order being checked out. */
export const prefetchCheckoutOrder: RoutePrefetch = ({ client, queryClient, session }) => {
  void queryClient.prefetchQuery(checkoutOrderQuery(client, buyerOf(session.getState())));
};

/**
 * /checkout/shipping-details: the order, the states, a patient's saved addresses (asked for
 * once the order's id is known), and the shipping methods to the address the page starts from.
 */
export const prefetchShippingDetails: RoutePrefetch = ({ client, queryClient, session }) => {
  void queryClient.prefetchQuery(statesQuery(client));
  const buyerState = buyerOf(session.getState());
  const patient = buyerState.buyer === 'patient';
  const methodsFor = async (order: OrderData) => {
    const saved = patient
      ? await queryClient.ensureQueryData(shippingAddressesAndMethodsQuery(client, order.id))
      : undefined;
    const pick = initialShippingPick(order, saved, patient);
    if (pick) {
      await queryClient.prefetchQuery(
        productShippingMethodsQuery(client, order.id, pick.address.state),
      );
    }
  };
  void queryClient
    .ensureQueryData(checkoutOrderQuery(client, buyerState))
    .then((order) => (order ? methodsFor(order) : undefined))
    .catch(() => undefined);
};

/** /checkout/summary: the order, and the payment part (saved cards, consents, card fields). */
export const prefetchSummary: RoutePrefetch = (runtime, url) => {
  prefetchCheckoutOrder(runtime, url);
  const { client, queryClient, session } = runtime;
  void queryClient.prefetchQuery(cardFieldsQuery(client));
  const { signedIn, identity } = session.getState();
  if (!signedIn) return;
  void queryClient.prefetchQuery(paymentMethodsQuery(client));
  void queryClient
    .ensureQueryData(publicConfigQuery(client))
    .then(({ storefrontId }) =>
      Promise.all([
        queryClient.prefetchQuery(consentsQuery(client, storefrontId)),
        queryClient.prefetchQuery(acceptedConsentsQuery(client, identity, storefrontId)),
      ]),
    )
    .catch(() => undefined);
};

/**
 * /my-account: the patient's record (the title greets them by name) and, on the Orders tab (the
 * one open by default), their orders.
 */
export const prefetchMyAccount: RoutePrefetch = ({ client, queryClient, session }, url) => {
  const { signedIn, identity } = session.getState();
  if (!signedIn) return;
  void queryClient.prefetchQuery(userInfoQueryOptions(client, identity));
  const tab = url.searchParams.get('tab');
  if (tab !== null && tab !== 'orders') return;
  void queryClient.prefetchQuery(recentOrdersQueryOptions(client, identity));
  void queryClient.prefetchInfiniteQuery(
    previousOrdersQueryOptions(client, identity, ORDER_HISTORY_PAGE_SIZE),
  );
};
