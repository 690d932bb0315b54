import { type CartOwner, ownerKey } from './cart-owner';

/**
 * react-query keys of the cart (the open order). The checkout pages invalidate `cartKeys.all`
 * after each step so the cart drawer and header count follow.
 */
export const cartKeys = {
  all: ['cart'] as const,
  current: (owner: CartOwner) => ['cart', ownerKey(owner)] as const,
};
