import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { PharmacyMapData } from '../../../shared/contracts/pharmacy';
import { DEFAULT_PHARMACY_RADIUS_MILES } from '../../../shared/contracts/pharmacy-limits';
import { useApiClient } from '../../app/api-context';
import { pharmacyKeys } from './pharmacy-keys';

/**
 * Pharmacies around a zip code, nearest first: GET Order/GetPharmaciesMap for a patient, GET
 * v1/guestorders/current/getpharmacymap for a guest (mode 8). Without a zip, the zip of the
 * order's shipping address.
 */
export async function fetchPharmacyMap(
  client: ApiClient,
  buyer: 'patient' | 'guest',
  zip: string | null,
  radiusMiles: number,
): Promise<PharmacyMapData> {
  const url =
    buyer === 'guest'
      ? joinUrl(client.bases.guestOrders, endpointPath('guestOrderPharmacyMap'))
      : joinUrl(client.bases.order, endpointPath('pharmaciesMap'));
  const params = zip ? { zip, radiusMiles } : { radiusMiles };
  const result = await client.get<PharmacyMapData>(8, url, params);
  return result.data;
}

export function pharmacyMapQuery(
  client: ApiClient,
  buyer: 'patient' | 'guest',
  zip: string | null,
  radiusMiles: number,
) {
  return queryOptions({
    queryKey: pharmacyKeys.map(buyer, zip, radiusMiles),
    queryFn: () => fetchPharmacyMap(client, buyer, zip, radiusMiles),
  });
}

export function usePharmacyMap(
  buyer: 'patient' | 'guest' | null,
  zip: string | null,
  radiusMiles: number = DEFAULT_PHARMACY_RADIUS_MILES,
) {
  const client = useApiClient();
  return useQuery({
    ...pharmacyMapQuery(client, buyer ?? 'guest', zip, radiusMiles),
    enabled: buyer !== null,
  });
}
