import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';

/** A staff route's full URL (request mode 5: full URL with the staff member's bearer token). */
export function staffUrl(client: ApiClient, path: string): string {
  return joinUrl(client.bases.staff, path);
}
