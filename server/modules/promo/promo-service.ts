import { eq, sql } from 'drizzle-orm';
import { evaluatePromo, type PromoOutcome } from '../../../shared/cart/promo';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { orders, promoCodes } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { storefrontProducts } from '../catalog/product-cache';
import { assertOpen } from '../orders/order-access';
import { type OrderRow, orderItemsOf } from '../orders/order-queries';

const invalid = () => fail.badRequest(messages.promoInvalid, { promoCode: 'promoCodeError' });

/** Codes are matched without regard to case. */
async function findPromo(db: DbOrTx, code: string, storefrontId: number) {
  const [promo] = await db
    .select()
    .from(promoCodes)
    .where(
      sql`upper(${promoCodes.code}) = upper(${code}) and ${promoCodes.storefrontId} = ${storefrontId}`,
    );
  return promo ?? null;
}

/** What a code would take off the order now, from the server's own prices. */
export async function previewPromo(
  deps: AppDeps,
  db: DbOrTx,
  order: OrderRow,
  code: string,
): Promise<{ code: string; outcome: PromoOutcome }> {
  const promo = await findPromo(db, code, order.storefrontId);
  if (!promo) return { code, outcome: { valid: false, reason: 'ended' } };
  const products = await storefrontProducts(deps.database, order.storefrontId, db);
  const items = await orderItemsOf(db, order.id);
  const lines = items.map((item) => ({
    productId: item.productId,
    lineCents: (products.get(item.productId)?.priceCents ?? item.unitPriceCents) * item.qty,
  }));
  return { code: promo.code, outcome: evaluatePromo(promo, lines, new Date()) };
}

/** Applies a code to an open order, or refuses with the spec's message. */
export async function applyPromo(deps: AppDeps, db: DbOrTx, order: OrderRow, code: string) {
  assertOpen(order);
  const preview = await previewPromo(deps, db, order, code);
  if (!preview.outcome.valid) throw invalid();
  await db.update(orders).set({ couponCode: preview.code }).where(eq(orders.id, order.id));
}

export async function removePromo(db: DbOrTx, order: OrderRow) {
  assertOpen(order);
  await db.update(orders).set({ couponCode: null }).where(eq(orders.id, order.id));
}
