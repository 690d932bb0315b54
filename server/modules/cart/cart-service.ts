import { and, eq, sql } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import { isQuantityInRange, quantityRangeMessage } from '../../../shared/cart/quantity-range';
import { AppError, fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { builtOncePerDatabase } from '../../db/prepared';
import { orderItems, orders } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { type Product, storefrontProducts } from '../catalog/product-cache';
import { assertOpen } from '../orders/order-access';
import type { OrderRow } from '../orders/order-queries';
import { reconsiderDisqualification } from '../questionnaire/disqualification';
import { releaseHoldsOf } from '../scheduling/slot-holds';

export interface CartLine {
  productId: number;
  /** 0 removes the product. */
  qty: number;
}

/** A line as a request gives it: without a quantity, the product's default. */
export type CartLineInput = Omit<CartLine, 'qty'> & { qty?: number | undefined };

/**
 * Sets the quantity of each product in an open order: adds it when missing (with its default
 * quantity when none is given), changes it, or removes it at 0. Quantities must be one of the
 * product's range. The caller holds the order row lock. With `keepQuantityInCart`, a line
 * without a quantity leaves a product already in the cart as it is (else it is set to its default).
 */
export async function setCartLines(
  deps: AppDeps,
  db: DbOrTx,
  order: OrderRow,
  lines: readonly CartLineInput[],
  { keepQuantityInCart = false } = {},
): Promise<void> {
  assertOpen(order);
  const products = await storefrontProducts(deps.database, order.storefrontId, db);
  let removed = false;
  let touched = false;
  for (const line of lines) {
    if (line.qty === 0) {
      const deleted = await db
        .delete(orderItems)
        .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, line.productId)))
        .returning({ id: orderItems.id });
      removed ||= deleted.length > 0;
      continue;
    }
    const checked = lineOf(products.get(line.productId), line.qty);
    if (checked instanceof AppError) throw checked;
    const upsert = keepQuantityInCart && line.qty === undefined ? addLine : setLine;
    touched = true;
    await upsert(db).execute({ orderId: order.id, ...checked });
  }
  if (removed) await afterItemsRemoved(db, order);
  // A line's statement touches the order too (now() is the transaction's time: once is enough).
  if (!touched) await touchOrder(db).execute({ id: order.id });
}

/**
 * A line's values as the cart keeps them (the product's prices and checkout stages, the
 * quantity asked for or the product's default), or why it cannot be added: the product is not
 * sold here, or the quantity is not one of its range.
 */
export function lineOf(product: Product | undefined, qty: number | undefined) {
  if (!product) return fail.notFound(messages.productUnavailable);
  const lineQty = qty ?? product.defaultQuantity;
  if (!isQuantityInRange(lineQty, product.qtyRange)) {
    return fail.badRequest(quantityRangeMessage(product.qtyRange), { qty: 'invalid' });
  }
  return {
    productId: product.id,
    qty: lineQty,
    unitPriceCents: product.priceCents,
    consultFeeCents: product.consultFeeCents,
    checkoutStages: product.requiredStages,
  };
}

/** A cart line's values, as placeholders of the statements below. */
const lineValues = {
  orderId: sql.placeholder('orderId'),
  productId: sql.placeholder('productId'),
  qty: sql.placeholder('qty'),
  unitPriceCents: sql.placeholder('unitPriceCents'),
  consultFeeCents: sql.placeholder('consultFeeCents'),
  checkoutStages: sql.placeholder('checkoutStages'),
};
const lineTarget = [orderItems.orderId, orderItems.productId];

/** What a line's insert gives back, for the statement that wraps it. */
interface LineChange {
  returning(fields: { id: typeof orderItems.id }): TypedQueryBuilder<{ id: typeof orderItems.id }>;
}

/**
 * A line's insert (`line`, with its conflict clause) and the order marked as changed, in one
 * statement (the insert a CTE): one round trip fewer for every add to cart.
 */
function touchingOrder(db: DbOrTx, line: LineChange) {
  return db
    .with(db.$with('line').as(line.returning({ id: orderItems.id })))
    .update(orders)
    .set({ updatedAt: sql`now()` })
    .where(eq(orders.id, sql.placeholder('orderId')));
}

/** A line added, or a product already in the cart left as it is; the order touched. */
const addLine = builtOncePerDatabase((db) =>
  touchingOrder(
    db,
    db.insert(orderItems).values(lineValues).onConflictDoNothing({ target: lineTarget }),
  ).prepare('cart_line_added'),
);

/** A line added, or the quantity of a product already in the cart set; the order touched. */
const setLine = builtOncePerDatabase((db) =>
  touchingOrder(
    db,
    db
      .insert(orderItems)
      .values(lineValues)
      .onConflictDoUpdate({ target: lineTarget, set: { qty: sql`excluded.qty` } }),
  ).prepare('cart_line_set'),
);

/** The order marked as changed now. */
const touchOrder = builtOncePerDatabase((db) =>
  db
    .update(orders)
    .set({ updatedAt: sql`now()` })
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('order_touched'),
);

/**
 * Adds one product; a product already in the cart keeps its quantity unless one is given (one
 * statement: the line is inserted or left as it is, without reading it first).
 */
export function addToCart(
  deps: AppDeps,
  db: DbOrTx,
  order: OrderRow,
  productId: number,
  qty?: number,
): Promise<void> {
  return setCartLines(deps, db, order, [{ productId, qty }], { keepQuantityInCart: true });
}

/**
 * After a removal: without consult products the visit is no longer needed (its held slot is
 * released), and an order disqualified by the removed product may become a cart again.
 */
async function afterItemsRemoved(db: DbOrTx, order: OrderRow) {
  const [consult] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), sql`(${orderItems.checkoutStages} & 1) <> 0`));
  if ((consult?.n ?? 0) === 0 && (order.slotId || order.doctorId)) {
    await releaseHoldsOf(db, order.id);
    await db
      .update(orders)
      .set({ slotId: null, doctorId: null, visitType: null })
      .where(eq(orders.id, order.id));
  }
  await reconsiderDisqualification(db, order.id);
}
