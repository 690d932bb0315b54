import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors/app-error';
import type { DbOrTx } from '../../db/client';
import { builtOncePerDatabase } from '../../db/prepared';
import { orderItems, orders } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { storefrontProducts } from '../catalog/product-cache';
import { type OpenOrdersOwner, openOrders } from '../orders/order-access';
import { lineOf } from './cart-service';

/**
 * Add to cart in one statement, for a caller who already has an open cart of this storefront
 * (every add but a cart's first): the cart locked, the line added (a product already in it
 * left as it is, or set to the quantity given), the cart touched, all or nothing, without a
 * transaction's BEGIN and COMMIT or a statement to lock the cart first. Answers the cart's id,
 * or null when the caller has no such cart or the line needs more than an insert (a quantity
 * of 0 removes the product; a product or quantity this storefront refuses is refused in the
 * cart's own terms): the caller then takes the transaction's way (`setCartLines`), which
 * makes the cart, removes, or says what is wrong.
 */
export async function addToOpenCart(
  deps: AppDeps,
  db: DbOrTx,
  owner: OpenOrdersOwner,
  productId: number,
  qty: number | undefined,
): Promise<string | null> {
  if (qty === 0) return null;
  const { storefrontId } = deps.config;
  const products = await storefrontProducts(deps.database, storefrontId, db);
  const line = lineOf(products.get(productId), qty);
  if (line instanceof AppError) return null;
  const statement = lineInOpenCart[owner.kind][qty === undefined ? 'kept' : 'set'];
  const [touched] = await statement(db).execute({ owner: owner.id, storefrontId, ...line });
  return touched?.id ?? null;
}

/** The caller's newest open order (as `openOrderOf` picks it), locked. */
function lockedCart(db: DbOrTx, kind: OpenOrdersOwner['kind']) {
  return db.$with('cart').as(
    db
      .select({ id: orders.id, storefrontId: orders.storefrontId })
      .from(orders)
      .where(openOrders[kind](sql.placeholder('owner')))
      .orderBy(desc(orders.createdAt))
      .limit(1)
      .for('update'),
  );
}

const int = (name: string) => sql`${sql.placeholder(name)}::int`;
const column = (name: string) => sql.identifier(name);

/**
 * The statement: the cart locked (a CTE), the line inserted from it when it is of this
 * storefront (a CTE), and the cart touched (the statement itself, answering its id).
 */
function lineInOpenCartOf(kind: OpenOrdersOwner['kind'], existing: 'kept' | 'set') {
  return builtOncePerDatabase((db) => {
    const cart = lockedCart(db, kind);
    const onConflict: SQL =
      existing === 'kept'
        ? sql`do nothing`
        : sql`do update set ${column(orderItems.qty.name)} = excluded.${column(orderItems.qty.name)}`;
    const line = db.$with('line', {}).as(
      sql`insert into ${orderItems} (${sql.join(
        [
          orderItems.orderId,
          orderItems.productId,
          orderItems.qty,
          orderItems.unitPriceCents,
          orderItems.consultFeeCents,
          orderItems.checkoutStages,
        ].map((target) => column(target.name)),
        sql`, `,
      )})
      select ${cart.id}, ${int('productId')}, ${int('qty')}, ${int('unitPriceCents')},
        ${int('consultFeeCents')}, ${int('checkoutStages')}
      from ${cart} where ${cart.storefrontId} = ${int('storefrontId')}
      on conflict (${column(orderItems.orderId.name)}, ${column(orderItems.productId.name)})
      ${onConflict}`,
    );
    return db
      .with(cart, line)
      .update(orders)
      .set({ updatedAt: sql`now()` })
      .where(
        and(
          eq(orders.id, sql`(select ${cart.id} from ${cart})`),
          eq(orders.storefrontId, sql.placeholder('storefrontId')),
        ),
      )
      .returning({ id: orders.id })
      .prepare(`cart_line_${existing}_in_open_cart_of_${kind}`);
  });
}

const lineInOpenCart = {
  user: { kept: lineInOpenCartOf('user', 'kept'), set: lineInOpenCartOf('user', 'set') },
  guest: { kept: lineInOpenCartOf('guest', 'kept'), set: lineInOpenCartOf('guest', 'set') },
};
