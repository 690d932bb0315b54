import { useMemo } from 'react';
import { browserStorage } from '../../renderer/app/browser-storage';
import type { CartContext } from '../../renderer/features/cart/cart-owner';
import { useSession, useSessionStore } from '../../renderer/features/session/session-context';
import { storageKeys } from '../../shared/api/storage-keys';
import { useStorefront } from './storefront-context';
import { sessionGuidSettled } from './web-runtime';

/** The session GUID as stored by initSessionGuid (session storage `guid`, else local `GUID`). */
export function readSessionGuid(): string | null {
  return (
    browserStorage('session').getItem(storageKeys.guid) ??
    browserStorage('local').getItem(storageKeys.GUID)
  );
}

/** Whose cart the app works on now: the signed-in patient's, else the guest order in storage. */
export function useCartContext(): CartContext {
  const session = useSession();
  const store = useSessionStore();
  const storefront = useStorefront();
  const { signedIn, identity, guestOrderId } = session;
  return useMemo<CartContext>(
    () => ({
      owner: signedIn ? { kind: 'patient', identity } : { kind: 'guest', orderId: guestOrderId },
      storefrontId: storefront.id,
      guid: () => sessionGuidSettled().then(readSessionGuid),
      onGuestOrderCreated: (orderId) => store.setGuestOrderId(orderId),
      onGuestOrderGone: () => store.setGuestOrderId(null),
    }),
    [signedIn, identity, guestOrderId, storefront.id, store],
  );
}
