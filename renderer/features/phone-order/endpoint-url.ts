import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { type EndpointName, endpointPath } from '../../../shared/api/endpoints';

/** A staff or order endpoint's full URL (mode 5: full URL, the agent's bearer token). */
export function endpointUrl(
  client: ApiClient,
  name: EndpointName,
  family: 'staff' | 'order',
  params: Record<string, string> = {},
): string {
  return joinUrl(client.bases[family], endpointPath(name, params));
}
