import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { CreateSavedViewRequest, SavedViewData } from '../../../shared/contracts/staff-orders';
import { useApiClient } from '../../app/api-context';
import { staffOrderKeys } from './staff-order-keys';
import { staffUrl } from './staff-orders-url';

/** POST /api/staff/views: 409 when the name is taken, with the server's message. */
export async function createSavedView(
  client: ApiClient,
  input: CreateSavedViewRequest,
): Promise<SavedViewData> {
  const result = await client.post<{ Data: SavedViewData }>(5, staffUrl(client, 'views'), input);
  return result.data.Data;
}

export function useCreateSavedView() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSavedViewRequest) => createSavedView(client, input),
    onSuccess: (view) =>
      queryClient.setQueryData<SavedViewData[]>(staffOrderKeys.views(), (views = []) =>
        [...views, view].sort((a, b) => a.name.localeCompare(b.name)),
      ),
  });
}
