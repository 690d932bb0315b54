import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { useApiClient } from '../../app/api-context';
import { useNavigation } from '../../app/navigation-context';
import { useSessionStore } from './session-context';

/** POST LogoutSfrw: revokes the user token on the server. */
export async function postLogout(client: ApiClient): Promise<void> {
  await client.post(5, joinUrl(client.bases.auth, endpointPath('logout')));
}

/**
 * Logout (spec §4): the token is revoked, then local and session storage and every cached
 * answer are cleared, the login drawer opens and the app goes home. The local part happens
 * even when the server cannot be reached: the user asked to leave.
 */
export function useLogout() {
  const client = useApiClient();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const navigation = useNavigation();
  return useMutation({
    mutationFn: () => postLogout(client).catch(() => undefined),
    onSettled: () => {
      store.signOut();
      queryClient.clear();
      navigation.navigate('/');
    },
  });
}
