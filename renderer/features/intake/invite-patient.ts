import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { EcpInviteData, EcpInviteRequest } from '../../../shared/contracts/registration';
import { useApiClient } from '../../app/api-context';
import { intakeKeys } from './intake-keys';
import { intakeUrl } from './intake-url';

/** POST /api/staff/intake/patients: registers one patient and emails their invitation. */
export async function invitePatient(
  client: ApiClient,
  input: EcpInviteRequest,
): Promise<EcpInviteData> {
  const { data } = await client.post<Envelope<EcpInviteData>>(
    5,
    intakeUrl(client, 'patients'),
    input,
  );
  return data.Data;
}

export function useInvitePatient() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EcpInviteRequest) => invitePatient(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: intakeKeys.patients() }),
  });
}
