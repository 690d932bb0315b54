import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type { AcceptedConsentsData, ConsentData } from '../../../shared/contracts/config';
import { useApiClient } from '../../app/api-context';

export const consentKeys = {
  list: (storefrontId: number) => ['consents', storefrontId] as const,
  accepted: (identity: string, storefrontId: number) =>
    ['consents', storefrontId, 'accepted', identity] as const,
};

const url = (client: ApiClient, name: 'consents' | 'acceptConsents' | 'acceptedConsents') =>
  joinUrl(client.bases.config, endpointPath(name));

/** POST v1/consents (spec §7: StorefrontId): the storefront's consents, each with its version. */
export function consentsQuery(client: ApiClient, storefrontId: number) {
  return queryOptions({
    queryKey: consentKeys.list(storefrontId),
    queryFn: () =>
      sendForData<ConsentData[]>(client, 'post', 8, url(client, 'consents'), {
        StorefrontId: storefrontId,
      }),
    staleTime: 5 * 60_000,
  });
}

/** The versions the signed-in patient accepted, and when. */
export function acceptedConsentsQuery(client: ApiClient, identity: string, storefrontId: number) {
  return queryOptions({
    queryKey: consentKeys.accepted(identity, storefrontId),
    queryFn: async () =>
      (
        await client.get<AcceptedConsentsData>(5, url(client, 'acceptedConsents'), {
          storefrontId,
        })
      ).data,
  });
}

export function useConsents(storefrontId: number) {
  return useQuery(consentsQuery(useApiClient(), storefrontId));
}

export function useAcceptedConsents(identity: string, storefrontId: number, enabled: boolean) {
  return useQuery({ ...acceptedConsentsQuery(useApiClient(), identity, storefrontId), enabled });
}

export function useAcceptConsents(identity: string, storefrontId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consents: { consentId: string; version: number }[]) =>
      sendForData<AcceptedConsentsData>(client, 'post', 5, url(client, 'acceptConsents'), {
        StorefrontId: storefrontId,
        consents,
      }),
    onSuccess: (accepted) =>
      queryClient.setQueryData(consentKeys.accepted(identity, storefrontId), accepted),
  });
}

/** The required consents the patient has not accepted at their current version. */
export function pendingConsents(
  consents: readonly ConsentData[],
  accepted: readonly { consentId: string; version: number }[],
): ConsentData[] {
  return consents.filter(
    (consent) =>
      consent.required &&
      !accepted.some((a) => a.consentId === consent.id && a.version === consent.version),
  );
}
