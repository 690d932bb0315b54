import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';

/** An intake route's full URL under the staff base (request mode 5, the ECP's bearer token). */
export function intakeUrl(client: ApiClient, path: string): string {
  return joinUrl(client.bases.staff, `intake/${path}`);
}
