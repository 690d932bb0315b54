import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import { endpointPath } from '../../../shared/api/endpoints';
import { useApiClient } from '../../app/api-context';
import { schedulingKeys } from '../scheduling/scheduling-keys';
import { visitKeys } from './visit-keys';

/**
 * RescheduleDoctorForRecentOrder: moves a paid order's visit to another free time. A time just
 * taken by someone else refreshes the times shown.
 */
export function useRescheduleVisit() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderId: string; slotId: number; timeZone: string }) => {
      const url = joinUrl(client.bases.order, endpointPath('rescheduleDoctor'));
      await client.post(5, url, input);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
    onError: () => queryClient.invalidateQueries({ queryKey: [...schedulingKeys.all, 'slots'] }),
  });
}
