/** react-query keys of the checkout feature: every input of a query is in its key. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  /** A guest's order being checked out (a patient's is their cart: cartKeys). */
  order: (guestOrderId: string | null) =>
    [...checkoutKeys.all, 'order', 'guest', guestOrderId] as const,
  progress: (orderId: string) => [...checkoutKeys.all, 'progress', orderId] as const,
  publicConfig: () => [...checkoutKeys.all, 'public-config'] as const,
  orderDetails: (orderId: string) => [...checkoutKeys.all, 'order-details', orderId] as const,
};
