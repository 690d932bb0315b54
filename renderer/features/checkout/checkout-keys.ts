/** react-query keys of the checkout feature: every input of a query is in its key. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  /** The order being checked out, as the buyer sees it (guest order or patient cart). */
  order: (buyer: 'patient' | 'guest', guestOrderId: string | null) =>
    [...checkoutKeys.all, 'order', buyer, guestOrderId] as const,
  progress: (orderId: string) => [...checkoutKeys.all, 'progress', orderId] as const,
  publicConfig: () => [...checkoutKeys.all, 'public-config'] as const,
  orderDetails: (orderId: string) => [...checkoutKeys.all, 'order-details', orderId] as const,
};
