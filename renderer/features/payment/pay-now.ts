import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { NewCardInput, PayNowData } from '../../../shared/contracts/payments';

/** What is paid and with which card: a saved one, or a new one (saved when saveCard). */
export type PayInput = { orderId: string } & (
  | { cardId: string }
  | { card: NewCardInput & { saveCard?: boolean } }
);

export type PayNowInput = PayInput & {
  /** One per payment attempt: a retry of the same attempt sends the same key. */
  idempotencyKey: string;
};

/**
 * POST Payment/PayNow (mode 7, the user token) with the Idempotency-Key header. The server
 * charges its own total; a retry with the same key answers the first answer, so one attempt
 * never charges twice. A declined card rejects with the server's message (status 402).
 */
export async function payNow(client: ApiClient, input: PayNowInput): Promise<PayNowData> {
  const { idempotencyKey, ...body } = input;
  const url = joinUrl(client.bases.payment, endpointPath('payNow'));
  const result = await client.post<Envelope<PayNowData>>(7, url, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return result.data.Data;
}
