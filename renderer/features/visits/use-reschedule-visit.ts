import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import { endpointPath } from '../../../shared/api/endpoints';
import { useApiClient } from '../../app/api-context';
import { fetchRescheduleLink, rescheduleByLink } from './visit-api';
import { visitKeys } from './visit-keys';

export interface NewTime {
  slotId: number;
  timeZone: string;
}

/**
 * Moves a paid order's visit to another free time: RescheduleDoctorForRecentOrder for the
 * signed-in patient, or the emailed link's own endpoint when `token` is given.
 */
export function useRescheduleVisit(target: { orderId: string } | { token: string }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (time: NewTime) => {
      if ('token' in target) {
        await rescheduleByLink(client, target.token, time);
        return;
      }
      const url = joinUrl(client.bases.order, endpointPath('rescheduleDoctor'));
      await client.post(5, url, { orderId: target.orderId, ...time });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}

/** An emailed reschedule link's visit and doctors. */
export function useRescheduleLink(token: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...visitKeys.all, 'link', token],
    queryFn: () => fetchRescheduleLink(client, token),
    retry: false,
  });
}
