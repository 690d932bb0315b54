import { useMemo } from 'react';
import type { SignInContext } from '../../renderer/features/auth/auth-call';
import { useSession } from '../../renderer/features/session/session-context';
import { useStorefront } from './storefront-context';
import { readSessionGuid } from './use-cart-context';

/** What every sign-in sends besides the form: storefront, session GUID, the guest order to keep. */
export function useSignInContext(): SignInContext {
  const storefront = useStorefront();
  const { guestOrderId } = useSession();
  return useMemo(
    () => ({
      storefrontId: storefront.id,
      storefrontName: storefront.theme.storeFrontName,
      guid: readSessionGuid(),
      guestOrderId,
    }),
    [storefront, guestOrderId],
  );
}
