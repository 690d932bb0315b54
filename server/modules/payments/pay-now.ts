import type { PayNowRequest } from '../../../shared/contracts/payments';
import { fail } from '../../../shared/errors/app-error';
import type { AppDeps } from '../../deps';
import { type RequestContext, userOf } from '../auth/request-context';
import { type IdempotentResult, requestHashOf, withIdempotency } from './idempotency';
import { type CardSource, type PayOrderResult, payOrder } from './pay-order';

/**
 * PayNow: the caller pays an order (a patient their own; an agent or admin a phone order), once
 * per Idempotency-Key: a retry with the same key gets the first result (paid or declined) and is
 * never charged again; see idempotency.ts for a key in use or reused with another body.
 */
export async function payNow(
  deps: AppDeps,
  context: RequestContext,
  body: PayNowRequest,
  key: string,
): Promise<IdempotentResult<PayOrderResult>> {
  const principal = userOf(context);
  const scope = `paynow:${principal.userId}`;
  const card = cardSourceOf(body);
  return withIdempotency<PayOrderResult>(
    deps.database.db,
    { scope, key, requestHash: requestHashOf(deps.config.serverSecret, body) },
    (keepResult) =>
      payOrder(deps, context, {
        orderId: body.orderId,
        card,
        idempotencyKey: `${scope}:${key}`,
        actor: principal,
        onSettled: keepResult,
      }),
  );
}

/** The contract lets exactly one of cardId and card through. */
function cardSourceOf(body: PayNowRequest): CardSource {
  if (body.card) {
    const { saveCard, ...card } = body.card;
    return { kind: 'new', card, save: saveCard === true };
  }
  if (!body.cardId) throw fail.badRequest(undefined, { cardId: 'invalid' });
  return { kind: 'saved', cardId: body.cardId };
}
