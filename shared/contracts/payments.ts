import { z } from 'zod';
import {
  cardNumber,
  cvc,
  expMonth,
  expYear,
  holderName,
  idempotencyKey,
} from '../validation/card-rules';
import { orderData } from './orders';

/** The card fields a form sends. They reach the gateway only: the server keeps a token. */
const newCardFields = {
  cardNumber,
  expMonth,
  expYear,
  cvc,
  holderName,
};

/** POST Payment/AddCard: the first card, or makeDefault, becomes the default card. */
export const addCardRequest = z
  .object({ ...newCardFields, makeDefault: z.boolean().optional() })
  .strict();
export type AddCardRequest = z.infer<typeof addCardRequest>;

/** A new card as a part of another request. */
export const newCardInput = z.object(newCardFields).strict();
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
