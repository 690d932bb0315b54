import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../renderer/features/session/session-context';
import type { TokenData } from '../../shared/contracts/auth';
import { useContinueCheckout } from '../checkout/continue-checkout';

/** The catalog and the storefront's config are the same for everyone: kept across sign-ins. */
function isSharedByEveryone(key: readonly unknown[]): boolean {
  return key[0] === 'catalog' || (key[0] === 'checkout' && key[1] === 'public-config');
}

/**
 * What follows every sign-in and registration (spec §4): the token is kept, the cached answers
 * of the guest are dropped, the login drawer closes, and the redirect URL held in state is
 * followed and cleared, or the checkout in progress resumes at its first pending stage.
 * Resolves true when it moved the user on, false when they stay where they are.
 */
export function useCompleteSignIn(): (token: TokenData) => Promise<boolean> {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const continueCheckout = useContinueCheckout();
  return useCallback(
    async (token: TokenData) => {
      store.signIn({
        access_token: token.access_token,
        userId: token.userId,
        firstName: token.firstName,
      });
      const after = store.takeAfterSignIn();
      queryClient.removeQueries({ predicate: (query) => !isSharedByEveryone(query.queryKey) });
      if (after.redirectUrl) {
        await navigate(after.redirectUrl);
        return true;
      }
      if (after.continueCheckout) {
        await continueCheckout();
        return true;
      }
      return false;
    },
    [store, queryClient, navigate, continueCheckout],
  );
}
