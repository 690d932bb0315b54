import { useMutation } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { ReorderRequest } from '../../../shared/contracts/order-history';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';

/** POST ReOrderProduct: the order's products (or one of them) go into the cart again. */
export async function postReorder(client: ApiClient, input: ReorderRequest): Promise<OrderData> {
  const result = await client.post<Envelope<OrderData>>(
    5,
    joinUrl(client.bases.order, endpointPath('reorderProduct')),
    input,
  );
  return result.data.Data;
}

/** The answer is the new cart: the caller puts it in the cart cache and opens the cart. */
export function useReorder(onReordered: (cart: OrderData) => void) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ReorderRequest) => postReorder(client, input),
    onSuccess: onReordered,
  });
}
