import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { SavedViewData } from '../../../shared/contracts/staff-orders';
import { useApiClient } from '../../app/api-context';
import { staffOrderKeys } from './staff-order-keys';
import { staffUrl } from './staff-orders-url';

/** DELETE /api/staff/views/:viewId: answers the views that are left. */
export async function deleteSavedView(client: ApiClient, viewId: string): Promise<SavedViewData[]> {
  const path = `views/${encodeURIComponent(viewId)}`;
  const result = await client.delete<{ Data: SavedViewData[] }>(5, staffUrl(client, path));
  return result.data.Data;
}

export function useDeleteSavedView() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (viewId: string) => deleteSavedView(client, viewId),
    onSuccess: (views) => queryClient.setQueryData(staffOrderKeys.views(), views),
  });
}
