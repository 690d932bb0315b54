import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';

/**
 * A staff route's full URL. Staff calls use request mode 5 (a full URL with the bearer user
 * token; GET payloads go in the query string).
 */
export function staffUrl(client: ApiClient, path: string): string {
  return joinUrl(client.bases.staff, path);
}
