import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { MedicationsData } from '../../../shared/contracts/profile';
import { useApiClient } from '../../app/api-context';
import { profileKeys } from './profile-keys';

const medicationsUrl = (client: ApiClient) =>
  joinUrl(client.bases.user, endpointPath('medications'));

/** GET User/Medications: the patient's list (null: never said). */
export function useMyMedications(identity: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: profileKeys.medications(identity),
    queryFn: async () =>
      (await client.get<MedicationsData>(5, medicationsUrl(client))).data.medications,
  });
}

/** PUT User/Medications: the whole list; [] is "I'm not taking any medication". */
export function useSaveMedications(identity: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (medications: string[]) =>
      (await client.put<{ Data: MedicationsData }>(5, medicationsUrl(client), { medications })).data
        .Data.medications,
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.medications(identity), saved),
  });
}
