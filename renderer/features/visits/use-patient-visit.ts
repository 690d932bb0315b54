import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveDoctorRatingRequest } from '../../../shared/contracts/visits';
import { useApiClient } from '../../app/api-context';
import {
  fetchPatientVisit,
  fetchPatientVisits,
  fetchWelcomeVisits,
  saveDoctorRating,
} from './visit-api';
import { visitKeys } from './visit-keys';

/** The patient's visit; refreshed every 30 s so that its status and window stay current. */
export function usePatientVisit(identity: string, orderId: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: visitKeys.patientVisit(identity, orderId ?? ''),
    queryFn: () => fetchPatientVisit(client, orderId ?? ''),
    enabled: Boolean(orderId),
    refetchInterval: 30_000,
  });
}

export function useSaveDoctorRating(identity: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDoctorRatingRequest) => saveDoctorRating(client, input),
    onSuccess: (visit) =>
      queryClient.setQueryData(visitKeys.patientVisit(identity, visit.orderId), visit),
  });
}

/** The welcome-back screens' visits: about to start, missed, the next scheduled one. */
export function useWelcomeVisits(identity: string, storefrontId: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: visitKeys.welcome(identity, storefrontId),
    queryFn: () => fetchWelcomeVisits(client, storefrontId),
    enabled,
    refetchInterval: 60_000,
  });
}

/** The patient's visits (the account's Visits tab). */
export function usePatientVisits(identity: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: visitKeys.patientVisits(identity),
    queryFn: () => fetchPatientVisits(client),
    refetchInterval: 60_000,
  });
}
