import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { type EndpointName, endpointPath } from '../../../shared/api/endpoints';
import type { TokenData } from '../../../shared/contracts/auth';
import type { Envelope } from '../../../shared/contracts/envelope';

/** Who is signing in, beside the form: the storefront, the session GUID and the guest order. */
export interface SignInContext {
  readonly storefrontId: number;
  readonly guid: string | null;
  /** The guest order to carry into the account (the server moves it). */
  readonly guestOrderId: string | null;
  readonly storefrontName?: string;
  /** The caller's address from /api/getClientIp, or '{ip}' when it could not be read (spec §8). */
  readonly clientIp?: string;
  /** The Google Analytics client id, when the site has one (spec §7 GA). */
  readonly ga?: string | null;
}

/** The spec's sign-in calls take form data and send no token (mode 1, a full URL). */
export async function postAuthForm<T>(
  client: ApiClient,
  endpoint: EndpointName,
  form: Record<string, unknown>,
): Promise<T> {
  const url = joinUrl(client.bases.auth, endpointPath(endpoint));
  const result = await client.post<Envelope<T>>(1, url, form, { form: true });
  return result.data.Data;
}

/**
 * Registration and password-reset calls need the api-key header or any token: the web app
 * sends its guest token (mode 9: user token, else guest token; payload as JSON body).
 */
export async function postWithToken<T>(client: ApiClient, url: string, body: unknown): Promise<T> {
  const result = await client.post<Envelope<T>>(9, url, body);
  return result.data.Data;
}

export type SignedIn = TokenData;
