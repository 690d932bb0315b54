import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { ReceiptData } from '../../../shared/contracts/order-history';
import { useApiClient } from '../../app/api-context';
import { accountKeys } from './account-keys';

/** GET GetOrderDetailsForCustomerReceipt?orderId=: a placed order as its receipt prints it. */
export async function fetchOrderReceipt(client: ApiClient, orderId: string): Promise<ReceiptData> {
  const result = await client.get<ReceiptData>(
    5,
    joinUrl(client.bases.order, endpointPath('orderDetailsForReceipt')),
    { orderId },
  );
  return result.data;
}

export function orderReceiptQueryOptions(client: ApiClient, identity: string, orderId: string) {
  return queryOptions({
    queryKey: accountKeys.receipt(identity, orderId),
    queryFn: () => fetchOrderReceipt(client, orderId),
  });
}

export function useOrderReceipt(identity: string, orderId: string, enabled = true) {
  const client = useApiClient();
  return useQuery({ ...orderReceiptQueryOptions(client, identity, orderId), enabled });
}
