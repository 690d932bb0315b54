import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../renderer/app/api-context';
import type { SignInContext } from '../../renderer/features/auth/auth-call';
import { useSession } from '../../renderer/features/session/session-context';
import { clientIpFallback, fetchClientIp, gaClientIdOf } from '../../shared/api/client-ip';
import { useStorefront } from './storefront-context';
import { readSessionGuid } from './use-cart-context';

/**
 * What every sign-in sends besides the form (spec §7): storefront, session GUID, the guest
 * order to keep, the client's IP (asked once per page load, '{ip}' if that fails) and GA.
 */
export function useSignInContext(): SignInContext {
  const storefront = useStorefront();
  const { guestOrderId } = useSession();
  const client = useApiClient();
  const clientIp = useQuery({
    queryKey: ['client-ip'],
    queryFn: () => fetchClientIp(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return useMemo(
    () => ({
      storefrontId: storefront.id,
      storefrontName: storefront.theme.storeFrontName,
      guid: readSessionGuid(),
      guestOrderId,
      clientIp: clientIp.data ?? clientIpFallback,
      ga: gaClientIdOf(document.cookie),
    }),
    [storefront, guestOrderId, clientIp.data],
  );
}
