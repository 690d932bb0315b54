import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabResultValuesRequest } from '../../../shared/contracts/labs';
import type { LabTestCode } from '../../../shared/labs/lab-tests';
import { useApiClient } from '../../app/api-context';
import {
  fetchPatientLabs,
  fetchStaffPatientLabs,
  markLabCollected,
  orderLabs,
  saveLabResultValues,
  uploadLabResultFile,
} from './labs-api';

const labKeys = {
  patient: (identity: string, storefrontId: number) => ['labs', identity, storefrontId] as const,
  staff: (userId: string) => ['staff-labs', userId] as const,
};

/** The signed-in patient's labs (HealthRecord/labs). */
export function usePatientLabs(identity: string, storefrontId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: labKeys.patient(identity, storefrontId),
    queryFn: () => fetchPatientLabs(client, storefrontId),
  });
}

/** A patient's labs in the console. */
export function useStaffPatientLabs(userId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: labKeys.staff(userId),
    queryFn: () => fetchStaffPatientLabs(client, userId),
  });
}

/** What staff do to a patient's labs; each refreshes the list. */
export function useLabActions(userId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: labKeys.staff(userId) });
  return {
    order: useMutation({
      mutationFn: ({ orderId, tests }: { orderId: string; tests: LabTestCode[] }) =>
        orderLabs(client, orderId, { tests }),
      onSuccess,
    }),
    collected: useMutation({
      mutationFn: (labId: string) => markLabCollected(client, labId),
      onSuccess,
    }),
    values: useMutation({
      mutationFn: ({
        labId,
        values,
      }: {
        labId: string;
        values: LabResultValuesRequest['values'];
      }) => saveLabResultValues(client, labId, { values }),
      onSuccess,
    }),
    file: useMutation({
      mutationFn: ({ labId, file }: { labId: string; file: File }) =>
        uploadLabResultFile(client, labId, file, file.name),
      onSuccess,
    }),
  };
}
