import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type {
  SandboxTokenData,
  SandboxTokenError,
  TypedCardInput,
} from '../../../shared/contracts/card-entry';
import { useApiClient } from '../../app/api-context';
import { cardFieldsQuery } from './card-fields-query';

/** Which gateway's card fields to show: asked once per app run. */
export function useCardFieldsConfig() {
  return useQuery(cardFieldsQuery(useApiClient()));
}

export type SandboxTokenAnswer =
  | ({ ok: true } & SandboxTokenData)
  | ({ ok: false } & SandboxTokenError);

/**
 * Hands a typed card to the sandbox gateway's tokens endpoint, as Stripe.js hands it to Stripe:
 * the card goes there and only the token comes back to be sent to our API. On the server's
 * origin (the development server plays the gateway), outside of our API. Its answer's schemas
 * (zod) are fetched with the card's request: the page with the card form loads no zod before.
 */
export async function sandboxToken(
  client: ApiClient,
  tokensPath: string,
  card: TypedCardInput,
): Promise<SandboxTokenAnswer> {
  const apiRoot = new URL(client.bases.root, window.location.href);
  const [response, { sandboxTokenData, sandboxTokenError }] = await Promise.all([
    fetch(new URL(tokensPath, apiRoot), {
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
    }),
    import('../../../shared/contracts/card-entry'),
  ]);
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, ...sandboxTokenData.parse(body) };
  const refused = sandboxTokenError.safeParse(body);
  if (response.status === 400 && refused.success) return { ok: false, ...refused.data };
  throw new Error(`card tokens answered ${response.status}`);
}
