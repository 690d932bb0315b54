import { describe, expect, it } from 'vitest';
import { ApiError, paymentOutcomeUnknown } from '../../../../shared/api/api-error';
import { messages } from '../../../../shared/errors/messages';

const envelope = (status: number, Message: string) => ({ Data: null, Message, status });

describe('paymentOutcomeUnknown: when the apps send a payment again with the same key', () => {
  it.each([
    ['no response at all', ApiError.connection(null), true],
    ['a 500 (shown as a connection error)', ApiError.connection(500), true],
    [
      '409 while the first request with the key runs',
      ApiError.failed(409, envelope(409, messages.paymentInProgress)),
      true,
    ],
    [
      '503: the payment is not confirmed yet',
      ApiError.failed(503, envelope(503, messages.paymentNotConfirmed)),
      true,
    ],
    ['402 declined: an answer', ApiError.failed(402, envelope(402, messages.cardDeclined)), false],
    [
      '409 already paid: an answer',
      ApiError.failed(409, envelope(409, messages.orderAlreadyPaid)),
      false,
    ],
    ['400 bad card: an answer', ApiError.failed(400, envelope(400, messages.cardExpired)), false],
    ['not an API error', new Error('boom'), false],
  ])('%s', (_, error, unknown) => {
    expect(paymentOutcomeUnknown(error)).toBe(unknown);
  });
});
