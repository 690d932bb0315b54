import { useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import {
  type CardFieldsData,
  type SandboxTokenData,
  type SandboxTokenError,
  sandboxTokenData,
  sandboxTokenError,
  type TypedCardInput,
} from '../../../shared/contracts/payments';
import { useApiClient } from '../../app/api-context';
import { paymentKeys } from './payment-keys';

/** GET Payment/CardFields (mode 1: nothing of a session; the payment link page has none). */
export async function fetchCardFields(client: ApiClient): Promise<CardFieldsData> {
  const url = joinUrl(client.bases.payment, endpointPath('cardFields'));
  return (await client.get<CardFieldsData>(1, url)).data;
}

/** Which gateway's card fields to show: asked once per app run. */
export function useCardFieldsConfig() {
  const client = useApiClient();
  return useQuery({
    queryKey: paymentKeys.cardFields(),
    queryFn: () => fetchCardFields(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type SandboxTokenAnswer =
  | ({ ok: true } & SandboxTokenData)
  | ({ ok: false } & SandboxTokenError);

/**
 * Hands a typed card to the sandbox gateway's tokens endpoint, as Stripe.js hands it to Stripe:
 * the card goes there and only the token comes back to be sent to our API. On the server's
 * origin (the development server plays the gateway), outside of our API.
 */
export async function sandboxToken(
  client: ApiClient,
  tokensPath: string,
  card: TypedCardInput,
): Promise<SandboxTokenAnswer> {
  const apiRoot = new URL(client.bases.root, window.location.href);
  const response = await fetch(new URL(tokensPath, apiRoot), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({
      number: card.cardNumber,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cvc: card.cvc,
      holderName: card.holderName ?? null,
    }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, ...sandboxTokenData.parse(body) };
  const refused = sandboxTokenError.safeParse(body);
  if (response.status === 400 && refused.success) return { ok: false, ...refused.data };
  throw new Error(`card tokens answered ${response.status}`);
}
