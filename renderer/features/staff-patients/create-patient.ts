import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { CreatePatientRequest, PatientRow } from '../../../shared/contracts/staff-patients';
import { useApiClient } from '../../app/api-context';
import { staffPatientKeys } from './staff-patient-keys';
import { staffUrl } from './staff-url';

/** POST /api/staff/patients: the patient of a phone order, who signs in later with passcodes. */
export async function createPatient(
  client: ApiClient,
  input: CreatePatientRequest,
): Promise<PatientRow> {
  const { data } = await client.post<Envelope<PatientRow>>(5, staffUrl(client, 'patients'), input);
  return data.Data;
}

export function useCreatePatient() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePatientRequest) => createPatient(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPatientKeys.searches() }),
  });
}
