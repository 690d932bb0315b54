import type { FastifyReply } from 'fastify';
import type { PayNowData } from '../../../shared/contracts/payments';
import { sendData } from '../../plugins/envelope';
import type { PayOrderResult } from './complete-payment';
import type { IdempotentResult } from './idempotency';

/** Says that a result is the kept one of an earlier request with the same Idempotency-Key. */
export function markReplayed(reply: FastifyReply, kept: IdempotentResult<unknown>): void {
  if (kept.replayed) reply.header('idempotent-replayed', 'true');
}

/**
 * Sends a payment's result, the first time and to every retry alike: 402 with the gateway's
 * decline message, or 200 with what the caller (PayNow, a phone order, a payment link) shows
 * of the paid order.
 */
export function sendPayment(
  reply: FastifyReply,
  kept: IdempotentResult<PayOrderResult>,
  shown: { message: string; data: (paid: PayNowData) => unknown },
) {
  markReplayed(reply, kept);
  const payment = kept.result;
  if (payment.outcome === 'declined') {
    return reply.code(402).send({ Data: null, Message: payment.message, status: 402 });
  }
  return sendData(reply, shown.data(payment.data), shown.message);
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
