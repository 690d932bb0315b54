import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndVisitRequest } from '../../../shared/contracts/visits';
import { useApiClient } from '../../app/api-context';
import {
  endVisit,
  fetchDoctorVisits,
  fetchVisitChart,
  saveVisitNotes,
  startVisit,
} from './visit-api';
import { visitKeys } from './visit-keys';

/** The doctor's visits from today on; refreshed every 10 s (patients arrive in waiting rooms). */
export function useDoctorVisits() {
  const client = useApiClient();
  return useQuery({
    queryKey: visitKeys.doctorList(),
    queryFn: () => fetchDoctorVisits(client),
    refetchInterval: 10_000,
  });
}

/** A visit's chart. Each read is audited: read once per opening, not on every focus. */
export function useVisitChart(orderId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: visitKeys.chart(orderId),
    queryFn: () => fetchVisitChart(client, orderId),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useVisitActions(orderId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: visitKeys.all });
  return {
    start: useMutation({ mutationFn: () => startVisit(client, orderId), onSuccess: refresh }),
    saveNotes: useMutation({
      mutationFn: (notes: string) => saveVisitNotes(client, orderId, notes),
    }),
    end: useMutation({
      mutationFn: (input: EndVisitRequest) => endVisit(client, orderId, input),
      onSuccess: refresh,
    }),
  };
}
