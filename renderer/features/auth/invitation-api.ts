import { useMutation, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { TokenData } from '../../../shared/contracts/auth';
import type {
  PrescriberInfoData,
  ValidateIntakeData,
} from '../../../shared/contracts/registration';
import type { InvitationFormData } from '../../../shared/validation/forms';
import { useApiClient } from '../../app/api-context';
import { postWithToken, type SignInContext } from './auth-call';

export const invitationKeys = {
  invitation: (peopleId: string) => ['invitation', peopleId] as const,
  prescriber: (identity: string, peopleId: string | null) =>
    ['prescriber', identity, peopleId] as const,
};

/** GET ValidateIntakeByPeopleId (mode 8: the user token, else the guest token). */
function fetchInvitation(client: ApiClient, peopleId: string, guid: string | null) {
  const url = joinUrl(client.bases.user, endpointPath('validateIntakeByPeopleId'));
  return client
    .get<ValidateIntakeData>(8, url, { peopleId, ...(guid ? { guid } : {}) })
    .then((result) => result.data);
}

/** GET PrescriberInfo: for an invitation (peopleId), or the signed-in patient's own. */
function fetchPrescriber(client: ApiClient, peopleId: string | null, guid: string | null) {
  const url = joinUrl(client.bases.order, endpointPath('prescriberInfo'));
  return client
    .get<PrescriberInfoData>(8, url, {
      ...(peopleId ? { peopleId } : {}),
      ...(guid ? { guid } : {}),
    })
    .then((result) => result.data);
}

/** Who an ECP's invitation is for; a used, expired or unknown one is an error saying which. */
export function useInvitation(peopleId: string, guid: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: invitationKeys.invitation(peopleId),
    queryFn: () => fetchInvitation(client, peopleId, guid),
    retry: false,
  });
}

/**
 * The ECP who registered the patient: on an invitation page (peopleId), or in the account
 * (none). A patient no ECP registered has none (404, shown as nothing).
 */
export function usePrescriber(identity: string, peopleId: string | null, guid: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: invitationKeys.prescriber(identity, peopleId),
    queryFn: () => fetchPrescriber(client, peopleId, guid),
    retry: false,
  });
}

/** POST RegisterIntakeByEmail: the invited patient sets a password and is signed in. */
export function useCompleteInvitation(peopleId: string, context: SignInContext) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (form: InvitationFormData) =>
      postWithToken<TokenData>(
        client,
        joinUrl(client.bases.user, endpointPath('registerIntakeByEmail')),
        {
          PeopleId: peopleId,
          Email: form.email,
          Password: form.password,
          CompanyId: context.storefrontId,
          ...(context.guid ? { GUID: context.guid } : {}),
        },
      ),
  });
}
