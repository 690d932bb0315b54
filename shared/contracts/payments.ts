import { z } from 'zod';
import { validationMessages } from '../errors/messages';
import {
  cardNumber,
  cvc,
  expMonth,
  expYear,
  holderName,
  idempotencyKey,
  paymentToken,
} from '../validation/card-rules';
import { orderData } from './orders';

/**
 * A new card: the token the gateway's own card fields made for it (paymentToken: no card
 * number reaches our server), or, with the sandbox only, its typed details. One or the other.
 */
export const newCardFields = {
  paymentToken: paymentToken.optional(),
  cardNumber: cardNumber.optional(),
  expMonth: expMonth.optional(),
  expYear: expYear.optional(),
  cvc: cvc.optional(),
  holderName,
};

const typedFieldKeys = [
  ['cardNumber', 'cardNumberError'],
  ['expMonth', 'cardExpiryError'],
  ['expYear', 'cardExpiryError'],
  ['cvc', 'cvcError'],
] as const;

/** A token, or every typed field (each missing one reported on its field), never both. */
export function oneCardForm(
  value: { paymentToken?: string | undefined } & Partial<Record<string, unknown>>,
  ctx: z.RefinementCtx,
): void {
  const typed = typedFieldKeys.filter(([field]) => value[field] !== undefined);
  if (value.paymentToken !== undefined) {
    if (typed.length === 0) return;
    ctx.addIssue({
      code: 'custom',
      path: ['paymentToken'],
      message: validationMessages.cardNumberError,
      params: { errorKey: 'cardNumberError' },
    });
    return;
  }
  for (const [field, key] of typedFieldKeys) {
    if (value[field] !== undefined) continue;
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: validationMessages[key],
      params: { errorKey: key },
    });
  }
}

/** POST Payment/AddCard: the first card, or makeDefault, becomes the default card. */
export const addCardRequest = z
  .object({ ...newCardFields, makeDefault: z.boolean().optional() })
  .strict()
  .superRefine(oneCardForm);
export type AddCardRequest = z.infer<typeof addCardRequest>;

/** A new card as a part of another request. */
export const newCardInput = z.object(newCardFields).strict().superRefine(oneCardForm);
export type NewCardInput = z.infer<typeof newCardInput>;

/** POST Payment/UpdateCard: a renewed card's expiry, or its holder name. */
export const updateCardRequest = z
  .object({ cardId: z.string().uuid(), expMonth, expYear, holderName })
  .strict();
export type UpdateCardRequest = z.infer<typeof updateCardRequest>;

/** POST Payment/UpdateCurrentCard (make it the default) and Payment/RemoveCard. */
export const cardIdRequest = z.object({ cardId: z.string().uuid() }).strict();

/**
 * POST Payment/RemoveCard: a card an active auto-refill pays with is removed only with the card
 * to use instead (its refills move to it).
 */
export const removeCardRequest = z
  .object({ cardId: z.string().uuid(), replacementCardId: z.string().uuid().optional() })
  .strict();
export type RemoveCardRequest = z.infer<typeof removeCardRequest>;

const oneCardSource = (value: { cardId?: unknown; card?: unknown }) =>
  (value.cardId === undefined) !== (value.card === undefined);
const oneCardSourceIssue = {
  message: 'Choose a saved card or enter a new one.',
  path: ['cardId'],
};

/**
 * POST Payment/AddNewOrSwitchCard: the card the next payments use (the default card), either a
 * saved one ({cardId}) or a new one ({card}), which is saved.
 */
/**
 * POST Payment/AddNewOrSwitchCard: the card of what is charged next. With autoRefillId, that
 * refill's card (a new card is saved to the account); without, the account's current card.
 */
export const addNewOrSwitchCardRequest = z
  .object({
    cardId: z.string().uuid().optional(),
    card: newCardInput.optional(),
    autoRefillId: z.string().uuid().optional(),
  })
  .strict()
  .refine(oneCardSource, oneCardSourceIssue);
export type AddNewOrSwitchCardRequest = z.infer<typeof addNewOrSwitchCardRequest>;

/**
 * POST Payment/PayNow: pays an order with a saved card ({cardId}) or a new one ({card}), which
 * is saved to the account when saveCard is true. The amount is the server's total, never the
 * client's. Needs the Idempotency-Key header: a retry with the same key answers the first
 * answer, so a payment never happens twice.
 */
export const payNowRequest = z
  .object({
    orderId: z.string().uuid(),
    cardId: z.string().uuid().optional(),
    card: z
      .object({ ...newCardFields, saveCard: z.boolean().optional() })
      .strict()
      .superRefine(oneCardForm)
      .optional(),
  })
  .strict()
  .refine(oneCardSource, oneCardSourceIssue);
export type PayNowRequest = z.infer<typeof payNowRequest>;

/** Headers of PayNow (other headers pass through). */
export const payNowHeaders = z.looseObject({ 'idempotency-key': idempotencyKey });

/** A saved card as the patient sees it: never more than brand, last 4 and expiry. */
export const cardData = z.object({
  id: z.string().uuid(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  holderName: z.string().nullable(),
  isDefault: z.boolean(),
  isExpired: z.boolean(),
});
export type CardData = z.infer<typeof cardData>;

export const cardList = z.array(cardData);

/** What PayNow answers on success: the paid order (its number, status and frozen totals). */
export const payNowData = z.object({
  orderId: z.string().uuid(),
  orderNumber: z.string(),
  status: z.string(),
  paidAt: z.string(),
  /** Dollars with two decimals, like the order's price fields. */
  amount: z.number(),
  amountCents: z.number().int(),
  paymentId: z.string().uuid(),
  card: z.object({ brand: z.string(), last4: z.string() }),
  order: orderData,
});
export type PayNowData = z.infer<typeof payNowData>;

/**
 * GET Payment/CardFields: which gateway's card fields the apps show. The sandbox's take the
 * card at `tokensPath` (the development server plays the gateway); Stripe's load Stripe.js with
 * the publishable key. Either way the apps send us the gateway's token, never the card.
 */
export const cardFieldsData = z.discriminatedUnion('gateway', [
  z.object({ gateway: z.literal('sandbox'), tokensPath: z.string() }),
  z.object({ gateway: z.literal('stripe'), publishableKey: z.string() }),
]);
export type CardFieldsData = z.infer<typeof cardFieldsData>;
