import type { PayNowData } from '../../../shared/contracts/payments';
import type { PayOrderResult } from './complete-payment';
import type { IdempotentResponse } from './idempotency';

/**
 * A payment's answer, as kept for its Idempotency-Key: 402 with the gateway's decline
 * message, or 200 with what the caller (PayNow, a phone order, a payment link) shows of the
 * paid order.
 */
export function paymentAnswer(
  result: PayOrderResult,
  shown: { message: string; data: (paid: PayNowData) => unknown },
): IdempotentResponse {
  if (result.outcome === 'declined') {
    return { status: 402, body: { Data: null, Message: result.message, status: 402 } };
  }
  return {
    status: 200,
    body: { Data: shown.data(result.data), Message: shown.message, status: 200 },
  };
}

/** What the patient is told of a paid order after a phone order or a payment link. */
export function paidSummary(paid: PayNowData, receiptSentTo: string | null) {
  return {
    orderNumber: paid.orderNumber,
    status: paid.status,
    paidAt: paid.paidAt,
    amountCents: paid.amountCents,
    card: paid.card,
    receiptSentTo,
  };
}
