import { and, desc, eq, isNull } from 'drizzle-orm';
import type {
  AddCardRequest,
  AddNewOrSwitchCardRequest,
  CardData,
  NewCardInput,
  RemoveCardRequest,
  UpdateCardRequest,
} from '../../../shared/contracts/payments';
import { fail } from '../../../shared/errors/app-error';
import { messages, type ValidationErrorKey } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { autoRefills, cards } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { checkExpiry, isExpired } from '../../integrations/payments/card-checks';
import type { CardField, CardToken } from '../../integrations/payments/payment-gateway';

export type CardRow = typeof cards.$inferSelect;

export function cardView(row: CardRow, now = new Date()): CardData {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holderName: row.holderName,
    isDefault: row.isDefault,
    isExpired: isExpired(row.expMonth, row.expYear, now),
  };
}

/** The user's cards not removed, the default first, then the newest. */
async function activeCardsOf(db: DbOrTx, userId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, userId), isNull(cards.removedAt)))
    .orderBy(desc(cards.isDefault), desc(cards.createdAt), desc(cards.id));
}

/** PaymentMethods (usable cards only) or AllPaymentMethods (expired ones too, flagged). */
export async function listCards(
  db: DbOrTx,
  userId: string,
  options: { includeExpired: boolean },
): Promise<CardData[]> {
  const views = (await activeCardsOf(db, userId)).map((row) => cardView(row));
  return options.includeExpired ? views : views.filter((card) => !card.isExpired);
}

/** One of the user's cards that is not removed; 404 for anyone else's (never revealed). */
export async function cardOf(
  db: DbOrTx,
  userId: string,
  cardId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CardRow> {
  const query = db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId), isNull(cards.removedAt)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw fail.notFound(messages.cardNotFound);
  return row;
}

/** Card changes of one user run one at a time, so exactly one card stays the default. */
async function lockUserCards(db: DbOrTx, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function setDefault(db: DbOrTx, userId: string, cardId: string | null) {
  await db
    .update(cards)
    .set({ isDefault: false })
    .where(and(eq(cards.userId, userId), eq(cards.isDefault, true)));
  if (cardId) await db.update(cards).set({ isDefault: true }).where(eq(cards.id, cardId));
}

const errorKeysOf: Record<CardField, (code: string) => Record<string, ValidationErrorKey>> = {
  cardNumber: () => ({ cardNumber: 'cardNumberError' }),
  expiry: (code) => {
    const key = code === 'expired_card' ? 'cardExpiredError' : 'cardExpiryError';
    return { expMonth: key, expYear: key };
  },
  cvc: () => ({ cvc: 'cvcError' }),
};

/**
 * The card a request names, as the gateway knows it: the token its own card fields made
 * (looked up there), or, with the sandbox, typed details tokenized now. A card it refuses is a
 * 400 with the gateway's message and the field's key, under `card` when the details came
 * nested in a bigger request (as zod reports nested fields).
 */
export async function tokenizeOrFail(
  deps: AppDeps,
  input: NewCardInput,
  options: { nestedUnder?: string } = {},
): Promise<CardToken> {
  const result = input.paymentToken
    ? await deps.payments.cardOfToken(input.paymentToken)
    : await deps.payments.tokenizeCard({
        // The contract lets no typed card through without all four (oneCardForm).
        number: input.cardNumber ?? '',
        expMonth: input.expMonth ?? 0,
        expYear: input.expYear ?? 0,
        cvc: input.cvc ?? '',
        holderName: input.holderName ?? null,
      });
  if (result.ok) return result.card;
  const keys = errorKeysOf[result.field](result.code);
  const errors = options.nestedUnder
    ? { [options.nestedUnder]: Object.values(keys)[0] as string }
    : keys;
  throw fail.badRequest(result.message, errors);
}

/**
 * Attaches a new card to its owner at the gateway (as its customer's, created the first time)
 * before it is saved or charged to be saved: what to store is the kept card's token.
 */
export async function keepForOwner(
  deps: AppDeps,
  userId: string,
  card: CardToken,
): Promise<CardToken> {
  const { db } = deps.database;
  const [owner] = await db
    .select({ email: users.email, customerId: users.gatewayCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  if (!owner) throw fail.notFound(messages.cardNotFound);
  const kept = await deps.payments.keepCard(card.token, {
    userId,
    email: owner.email,
    customerId: owner.customerId,
  });
  if (kept.customerId && kept.customerId !== owner.customerId) {
    await db
      .update(users)
      .set({ gatewayCustomerId: kept.customerId })
      .where(and(eq(users.id, userId), isNull(users.gatewayCustomerId)));
  }
  return { ...card, token: kept.token };
}

/**
 * Saves a tokenized card: token, brand, last 4, expiry and holder name, never more. The first
 * usable card of an account becomes its default, as does one saved with makeDefault.
 */
export async function saveTokenizedCard(
  db: DbOrTx,
  userId: string,
  token: CardToken,
  options: { holderName?: string | null; makeDefault?: boolean },
): Promise<CardRow> {
  await lockUserCards(db, userId);
  const existing = await activeCardsOf(db, userId);
  const hasUsableDefault = existing.some((c) => c.isDefault && !isExpired(c.expMonth, c.expYear));
  const makeDefault = options.makeDefault === true || !hasUsableDefault;
  if (makeDefault) await setDefault(db, userId, null);
  const [row] = await db
    .insert(cards)
    .values({
      userId,
      gatewayToken: token.token,
      brand: token.brand,
      last4: token.last4,
      expMonth: token.expMonth,
      expYear: token.expYear,
      holderName: options.holderName || null,
      isDefault: makeDefault,
    })
    .returning();
  if (!row) throw new Error('card not saved');
  return row;
}

export async function addCard(
  deps: AppDeps,
  userId: string,
  input: AddCardRequest,
): Promise<CardData> {
  const { makeDefault, ...card } = input;
  const token = await keepForOwner(deps, userId, await tokenizeOrFail(deps, card));
  const row = await deps.database.db.transaction((tx) =>
    saveTokenizedCard(tx, userId, token, { holderName: card.holderName, makeDefault }),
  );
  return cardView(row);
}

/** A renewed card: new expiry (checked like a new card's), or a corrected holder name. */
export async function updateCard(
  deps: AppDeps,
  userId: string,
  input: UpdateCardRequest,
): Promise<CardData> {
  const expiry = checkExpiry(input.expMonth, input.expYear);
  if (!expiry.ok) throw fail.badRequest(expiry.message, errorKeysOf.expiry(expiry.code));
  return deps.database.db.transaction(async (tx) => {
    await cardOf(tx, userId, input.cardId, { forUpdate: true });
    const [row] = await tx
      .update(cards)
      .set({
        expMonth: input.expMonth,
        expYear: input.expYear,
        ...(input.holderName !== undefined ? { holderName: input.holderName || null } : {}),
      })
      .where(eq(cards.id, input.cardId))
      .returning();
    if (!row) throw fail.notFound(messages.cardNotFound);
    return cardView(row);
  });
}

/** Makes a saved card the default (the card the next payments and refills use). */
export async function makeDefaultCard(
  deps: AppDeps,
  userId: string,
  cardId: string,
): Promise<CardData> {
  return deps.database.db.transaction(async (tx) => {
    await lockUserCards(tx, userId);
    const row = await cardOf(tx, userId, cardId);
    if (isExpired(row.expMonth, row.expYear)) {
      throw fail.badRequest(messages.cardExpired, { cardId: 'cardExpiredError' });
    }
    await setDefault(tx, userId, row.id);
    return cardView({ ...row, isDefault: true });
  });
}

/**
 * Removes a card from the account (kept, marked removed, for the payments that used it). When
 * it was the default, the newest usable card takes its place. Answers the usable cards left.
 */
export async function removeCard(
  deps: AppDeps,
  userId: string,
  input: RemoveCardRequest,
): Promise<CardData[]> {
  await deps.database.db.transaction(async (tx) => {
    await lockUserCards(tx, userId);
    const row = await cardOf(tx, userId, input.cardId);
    const refillsPaying = await tx
      .select({ id: autoRefills.id })
      .from(autoRefills)
      .where(and(eq(autoRefills.cardId, row.id), eq(autoRefills.active, true)));
    if (refillsPaying.length > 0) {
      if (!input.replacementCardId) {
        throw fail.conflict(messages.cardUsedByRefill, { replacementCardId: 'required' });
      }
      const replacement = await usableReplacement(tx, userId, row.id, input.replacementCardId);
      await tx
        .update(autoRefills)
        .set({ cardId: replacement.id })
        .where(and(eq(autoRefills.cardId, row.id), eq(autoRefills.active, true)));
    }
    await tx
      .update(cards)
      .set({ removedAt: new Date(), isDefault: false })
      .where(eq(cards.id, row.id));
    if (!row.isDefault) return;
    const next = (await activeCardsOf(tx, userId)).find((c) => !isExpired(c.expMonth, c.expYear));
    if (next) await setDefault(tx, userId, next.id);
  });
  return listCards(deps.database.db, userId, { includeExpired: false });
}

/** UpdateCurrentCard: the card becomes the default; answers the usable cards, it first. */
export async function switchDefaultCard(
  deps: AppDeps,
  userId: string,
  cardId: string,
): Promise<CardData[]> {
  await makeDefaultCard(deps, userId, cardId);
  return listCards(deps.database.db, userId, { includeExpired: false });
}

/** Another saved card of the user that has not expired. */
async function usableReplacement(db: DbOrTx, userId: string, removing: string, cardId: string) {
  const replacement = await cardOf(db, userId, cardId).catch(() => null);
  if (
    !replacement ||
    replacement.id === removing ||
    isExpired(replacement.expMonth, replacement.expYear)
  ) {
    throw fail.badRequest(messages.replacementCardInvalid, { replacementCardId: 'invalid' });
  }
  return replacement;
}

/** The card the next payments use: a saved one switched to, or a new one saved as the default. */
export async function addNewOrSwitchCard(
  deps: AppDeps,
  userId: string,
  input: AddNewOrSwitchCardRequest,
): Promise<CardData> {
  const token = input.card
    ? await keepForOwner(
        deps,
        userId,
        await tokenizeOrFail(deps, input.card, { nestedUnder: 'card' }),
      )
    : null;
  if (!input.autoRefillId) {
    if (input.cardId) return makeDefaultCard(deps, userId, input.cardId);
    if (!token) throw fail.badRequest(undefined, { cardId: 'invalid' });
    const row = await deps.database.db.transaction((tx) =>
      saveTokenizedCard(tx, userId, token, {
        holderName: input.card?.holderName,
        makeDefault: true,
      }),
    );
    return cardView(row);
  }
  const { autoRefillId } = input;
  return deps.database.db.transaction(async (tx) => {
    await lockUserCards(tx, userId);
    const [refill] = await tx
      .select({ id: autoRefills.id })
      .from(autoRefills)
      .where(and(eq(autoRefills.id, autoRefillId), eq(autoRefills.userId, userId)));
    if (!refill) throw fail.notFound(messages.autoRefillNotFound);
    const card = token
      ? await saveTokenizedCard(tx, userId, token, { holderName: input.card?.holderName })
      : await cardOf(tx, userId, input.cardId ?? '');
    if (isExpired(card.expMonth, card.expYear)) {
      throw fail.badRequest(messages.cardExpired, { cardId: 'cardExpiredError' });
    }
    await tx.update(autoRefills).set({ cardId: card.id }).where(eq(autoRefills.id, refill.id));
    return cardView(card);
  });
}
