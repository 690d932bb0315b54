/**
 * Whose cart a call works on: a signed-in patient's (the Cart/... calls with the user token) or
 * a guest's (the guest-order calls with the guest token and the order id kept in storage).
 */
export type CartOwner =
  | { readonly kind: 'patient'; readonly identity: string }
  | { readonly kind: 'guest'; readonly orderId: string | null };

/** What the cart calls need besides the owner. */
export interface CartContext {
  readonly owner: CartOwner;
  readonly storefrontId: number;
  /**
   * The session GUID (spec §7) once the first visit's session initialisation has settled: a
   * new guest order records it (a sign-in, which carries no token, proves the order by it),
   * and promo codes are sent with it.
   */
  readonly guid: () => Promise<string | null>;
  /** The guest order was created: keep its id (spec §3 `guestOrderId`). */
  readonly onGuestOrderCreated: (orderId: string) => void;
  /** The stored guest order no longer exists or is no longer open: forget its id. */
  readonly onGuestOrderGone: () => void;
}

export function ownerKey(owner: CartOwner): string {
  return owner.kind === 'patient' ? owner.identity : `guest:${owner.orderId ?? 'none'}`;
}
