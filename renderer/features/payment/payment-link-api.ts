import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { NewCardInput } from '../../../shared/contracts/payments';
import type { PaymentLinkData, PaymentLinkPaidData } from '../../../shared/contracts/phone-orders';

/**
 * A phone order's payment link (payment/links/{token}). Mode 1: nothing of a session is sent,
 * the link alone is the credential (whoever holds it pays that one order, and sees nothing else).
 */
export async function fetchPaymentLink(client: ApiClient, token: string): Promise<PaymentLinkData> {
  const url = joinUrl(client.bases.payment, endpointPath('paymentLink', { token }));
  const result = await client.get<PaymentLinkData>(1, url);
  return result.data;
}

export async function payPaymentLink(
  client: ApiClient,
  input: { token: string; card: NewCardInput; idempotencyKey: string },
): Promise<PaymentLinkPaidData> {
  const url = joinUrl(client.bases.payment, endpointPath('paymentLinkPay', { token: input.token }));
  const result = await client.post<Envelope<PaymentLinkPaidData>>(
    1,
    url,
    { card: input.card },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return result.data.Data;
}
