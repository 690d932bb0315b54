/** react-query keys of the shipping feature: every input of a query is in its key. */
export const shippingKeys = {
  all: ['shipping'] as const,
  states: () => [...shippingKeys.all, 'states'] as const,
  saved: (identity: string) => [...shippingKeys.all, 'saved', identity] as const,
  addressesAndMethods: (orderId: string) =>
    [...shippingKeys.all, 'addresses-and-methods', orderId] as const,
  productMethods: (orderId: string, state: string) =>
    [...shippingKeys.all, 'product-methods', orderId, state] as const,
};
