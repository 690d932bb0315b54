import { eq } from 'drizzle-orm';
import { unshippableStateMessage } from '../../../shared/checkout/unshippable-message';
import { fail } from '../../../shared/errors/app-error';
import { validationMessages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { usStates } from '../../db/schema/platform';
import type { AppDeps } from '../../deps';
import { type Product, storefrontProducts } from '../catalog/product-cache';
import { type OrderItemRow, type OrderRow, orderItemsOf } from '../orders/order-queries';

/** The name of a state of the us_states table ("Alaska"); 400 with stateError when unknown. */
export async function stateNameOrFail(db: DbOrTx, code: string): Promise<string> {
  const [row] = await db
    .select({ name: usStates.name })
    .from(usStates)
    .where(eq(usStates.code, code))
    .limit(1);
  if (!row) throw fail.badRequest(validationMessages.stateError, { state: 'stateError' });
  return row.name;
}

export interface ItemShippability {
  item: OrderItemRow;
  product: Product | undefined;
  canShip: boolean;
}

/** Whether each item of the order may ship to the state (products.shippableStates). */
export async function shippabilityOf(
  deps: AppDeps,
  db: DbOrTx,
  order: OrderRow,
  state: string,
): Promise<ItemShippability[]> {
  const products = await storefrontProducts(deps.database, order.storefrontId, db);
  const items = await orderItemsOf(db, order.id);
  return items.map((item) => {
    const product = products.get(item.productId);
    // A product that left the catalog cannot be paid for anyway; it does not block the address.
    return { item, product, canShip: !product || product.shippableStates.includes(state) };
  });
}

/** The refusal for a state where some items cannot ship, or null when all can. */
export function refusalFor(items: readonly ItemShippability[], stateName: string): string | null {
  const blocked = items
    .filter((i) => !i.canShip)
    .map((i) => i.product?.displayName ?? 'This product');
  return blocked.length > 0 ? unshippableStateMessage(blocked, stateName) : null;
}

/**
 * Refuses (400, naming the products and the state) an address in a state where an item of the
 * order cannot ship, before anything is written.
 */
export async function assertShippable(
  deps: AppDeps,
  db: DbOrTx,
  order: OrderRow,
  state: string,
): Promise<void> {
  const stateName = await stateNameOrFail(db, state);
  const refusal = refusalFor(await shippabilityOf(deps, db, order, state), stateName);
  if (refusal) throw fail.badRequest(refusal);
}
