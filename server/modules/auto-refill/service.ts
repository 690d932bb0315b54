import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type {
  ActivateAutoRefillRequest,
  AutoRefillData,
  DeactivateAutoRefillRequest,
  RefillEligibleLine,
  UpdateShipSettingsRequest,
} from '../../../shared/contracts/auto-refill';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { Db, DbOrTx } from '../../db/client';
import { shippingMethods } from '../../db/schema/care-network';
import { products } from '../../db/schema/catalog';
import {
  addresses,
  autoRefills,
  cards,
  type OrderStatus,
  orderItems,
  orders,
} from '../../db/schema/orders';
import { writeAudit } from '../audit/audit-service';
import type { Principal } from '../auth/principal';
import type { RequestContext } from '../auth/request-context';
import { orderForCaller } from '../orders/order-access';
import { isUniqueViolation } from '../users/user-queries';
import { refillView } from './refill-view';

const dayMs = 86_400_000;
/** Orders that were charged and not undone: a refill repeats one of these. */
const refillableStatuses: readonly OrderStatus[] = [
  'paid',
  'in-review',
  'approved',
  'shipped',
  'delivered',
];

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;
type AutoRefillRow = typeof autoRefills.$inferSelect;

export const refillMessages = {
  alreadyActive: 'Auto-refill is already active for this product.',
  notPaid: 'Auto-refill can only be set up from a paid order.',
  notRefillable: 'This product cannot be refilled automatically.',
  productNotInOrder: 'This product is not in that order.',
  noCard: 'Please save a card before turning on auto-refill.',
  cardNotFound: 'Card not found.',
  addressNotFound: 'Address not found.',
  methodNotFound: 'Shipping method not found.',
  refillNotFound: 'Auto-refill not found.',
  nextRunInPast: 'The next refill date must be in the future.',
  notActive: 'This auto-refill is turned off.',
} as const;

const isStaff = (principal: UserPrincipal) =>
  principal.role === 'agent' || principal.role === 'admin';

/** Paid order lines of refillable products the user has no active refill for, newest first. */
export async function refillEligibleLines(
  db: DbOrTx,
  userId: string,
): Promise<RefillEligibleLine[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      productId: orderItems.productId,
      displayName: products.displayName,
      qty: orderItems.qty,
      intervalDays: products.refillIntervalDays,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(
      autoRefills,
      and(
        eq(autoRefills.userId, userId),
        eq(autoRefills.productId, orderItems.productId),
        eq(autoRefills.active, true),
      ),
    )
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...refillableStatuses]),
        isNotNull(orders.paidAt),
        isNotNull(products.refillIntervalDays),
        eq(products.active, true),
        isNull(autoRefills.id),
      ),
    )
    .orderBy(desc(orders.paidAt), desc(orders.id), asc(orderItems.createdAt))
    .limit(100);
  return rows.map((row) => ({ ...row, intervalDays: row.intervalDays ?? 0 }));
}

async function ownedCard(db: DbOrTx, userId: string, cardId: string | undefined) {
  const conditions = [eq(cards.userId, userId), isNull(cards.removedAt)];
  if (cardId) conditions.push(eq(cards.id, cardId));
  // Without a choice: the default card, else the most recent one.
  const [card] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(...conditions))
    .orderBy(desc(cards.isDefault), desc(cards.createdAt))
    .limit(1);
  if (card) return card.id;
  throw cardId ? fail.notFound(refillMessages.cardNotFound) : fail.conflict(refillMessages.noCard);
}

async function assertOwnedAddress(db: DbOrTx, userId: string, addressId: string) {
  const [address] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(eq(addresses.id, addressId), eq(addresses.userId, userId), isNull(addresses.removedAt)),
    );
  if (!address) throw fail.notFound(refillMessages.addressNotFound);
}

async function assertShippingMethod(db: DbOrTx, id: number) {
  const [method] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(and(eq(shippingMethods.id, id), eq(shippingMethods.active, true)));
  if (!method) throw fail.notFound(refillMessages.methodNotFound);
}

/**
 * Turns on auto-refill for a product of the owner's paid order. The first refill is due one
 * interval after the order was paid, or one interval from now when that date has passed (so
 * that turning it on for an old order does not charge at once). One active refill per product.
 */
export async function activateAutoRefill(
  db: Db,
  context: RequestContext,
  principal: UserPrincipal,
  input: ActivateAutoRefillRequest,
  now = new Date(),
): Promise<AutoRefillData> {
  return db.transaction(async (tx) => {
    const order = await orderForCaller(tx, principal, input.orderId);
    const ownerId = order.userId;
    if (!ownerId) throw fail.notFound(messages.orderNotFound);
    if (!order.paidAt || !refillableStatuses.includes(order.status)) {
      throw fail.conflict(refillMessages.notPaid);
    }
    const [line] = await tx
      .select({ qty: orderItems.qty, refillIntervalDays: products.refillIntervalDays })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, input.productId)));
    if (!line) throw fail.notFound(refillMessages.productNotInOrder);
    if (!line.refillIntervalDays) throw fail.conflict(refillMessages.notRefillable);

    const cardId = await ownedCard(tx, ownerId, input.cardId);
    if (input.addressId) await assertOwnedAddress(tx, ownerId, input.addressId);
    if (input.shippingMethodId) await assertShippingMethod(tx, input.shippingMethodId);
    const intervalDays = input.intervalDays ?? line.refillIntervalDays;
    const afterPayment = new Date(order.paidAt.getTime() + intervalDays * dayMs);
    const nextRunAt =
      afterPayment > now ? afterPayment : new Date(now.getTime() + intervalDays * dayMs);

    const [existing] = await tx
      .select({ id: autoRefills.id })
      .from(autoRefills)
      .where(
        and(
          eq(autoRefills.userId, ownerId),
          eq(autoRefills.productId, input.productId),
          eq(autoRefills.active, true),
        ),
      );
    if (existing) throw fail.conflict(refillMessages.alreadyActive);
    let created: AutoRefillRow | undefined;
    try {
      // A savepoint, so that losing the race to a concurrent activation leaves the transaction usable.
      created = await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(autoRefills)
          .values({
            userId: ownerId,
            sourceOrderId: order.id,
            productId: input.productId,
            qty: line.qty,
            intervalDays,
            nextRunAt,
            cardId,
            addressId: input.addressId ?? order.shippingAddressId,
            shippingMethodId: input.shippingMethodId ?? order.shippingMethodId,
          })
          .returning();
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail.conflict(refillMessages.alreadyActive);
      throw error;
    }
    if (!created) throw fail.conflict();
    await auditStaffChange(tx, context, principal, ownerId, 'auto-refill.activated', created.id);
    return refillView(tx, created.id);
  });
}

/** The refill, locked, when the caller may change it (its owner, or staff); 404 otherwise. */
export async function refillForCaller(tx: DbOrTx, principal: UserPrincipal, autoRefillId: string) {
  const [refill] = await tx
    .select()
    .from(autoRefills)
    .where(eq(autoRefills.id, autoRefillId))
    .for('update');
  if (!refill || (refill.userId !== principal.userId && !isStaff(principal))) {
    throw fail.notFound(refillMessages.refillNotFound);
  }
  return refill;
}

export async function auditStaffChange(
  db: DbOrTx,
  context: RequestContext | RequestContext,
  principal: UserPrincipal,
  ownerId: string,
  action: string,
  autoRefillId: string,
) {
  if (ownerId === principal.userId) return;
  await writeAudit(db, context, {
    action,
    outcome: 'success',
    subject: `auto-refill:${autoRefillId}`,
    detail: { patientId: ownerId },
  });
}

/** Turns a refill off, by id or as the caller's active refill of a product. Idempotent. */
export async function deactivateAutoRefill(
  db: Db,
  context: RequestContext,
  principal: UserPrincipal,
  input: DeactivateAutoRefillRequest,
): Promise<AutoRefillData> {
  return db.transaction(async (tx) => {
    let refill: AutoRefillRow;
    if (input.autoRefillId) {
      refill = await refillForCaller(tx, principal, input.autoRefillId);
    } else {
      const [own] = await tx
        .select()
        .from(autoRefills)
        .where(
          and(
            eq(autoRefills.userId, principal.userId),
            eq(autoRefills.productId, input.productId ?? 0),
            eq(autoRefills.active, true),
          ),
        )
        .for('update');
      if (!own) throw fail.notFound(refillMessages.refillNotFound);
      refill = own;
    }
    if (refill.active) {
      await tx.update(autoRefills).set({ active: false }).where(eq(autoRefills.id, refill.id));
      await auditStaffChange(
        tx,
        context,
        principal,
        refill.userId,
        'auto-refill.deactivated',
        refill.id,
      );
    }
    return refillView(tx, refill.id);
  });
}

/** Changes where, how and when the next refill ships. */
export async function updateShipSettings(
  db: Db,
  context: RequestContext,
  principal: UserPrincipal,
  input: UpdateShipSettingsRequest,
  now = new Date(),
): Promise<AutoRefillData> {
  return db.transaction(async (tx) => {
    const refill = await refillForCaller(tx, principal, input.autoRefillId);
    if (input.addressId) await assertOwnedAddress(tx, refill.userId, input.addressId);
    if (input.shippingMethodId) await assertShippingMethod(tx, input.shippingMethodId);
    if (input.cardId) await ownedCard(tx, refill.userId, input.cardId);
    let nextRunAt: Date | undefined;
    if (input.nextRunAt) {
      nextRunAt = new Date(input.nextRunAt);
      if (!(nextRunAt > now)) {
        throw fail.badRequest(refillMessages.nextRunInPast, { nextRunAt: 'invalid' });
      }
    }
    const changes = {
      ...(input.addressId ? { addressId: input.addressId } : {}),
      ...(input.shippingMethodId ? { shippingMethodId: input.shippingMethodId } : {}),
      ...(input.intervalDays ? { intervalDays: input.intervalDays } : {}),
      ...(input.cardId ? { cardId: input.cardId } : {}),
      ...(nextRunAt ? { nextRunAt } : {}),
    };
    if (Object.keys(changes).length > 0) {
      await tx.update(autoRefills).set(changes).where(eq(autoRefills.id, refill.id));
      await auditStaffChange(
        tx,
        context,
        principal,
        refill.userId,
        'auto-refill.updated',
        refill.id,
      );
    }
    return refillView(tx, refill.id);
  });
}
