import { eq, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { builtOncePerDatabase } from '../../db/prepared';
import { orders } from '../../db/schema/orders';
import type { OrderItemRow, OrderRow } from './order-queries';

/** What an order is priced and shown with, read beside it in the same query. */
const withParts = {
  items: {
    orderBy: (item, { asc }) => [asc(item.createdAt), asc(item.productId)],
  },
  owner: { columns: { firstName: true, lastName: true, email: true, phone: true } },
  pharmacy: true,
  doctor: true,
  slot: true,
  shippingMethod: true,
  promo: true,
} satisfies NonNullable<Parameters<DbOrTx['query']['orders']['findFirst']>[0]>['with'];

/** Which orders a read looks for: placeholders for the values that vary, one statement name. */
export interface OrderShape {
  name: string;
  where: SQL;
  orderBy?: SQL;
}

function build(db: DbOrTx, { name, where, orderBy }: OrderShape) {
  return db.query.orders.findFirst({ where, orderBy, with: withParts }).prepare(name);
}

type Read = NonNullable<Awaited<ReturnType<ReturnType<typeof build>['execute']>>>;

export interface OrderParts {
  items: OrderItemRow[];
  owner: Read['owner'];
  pharmacy: Read['pharmacy'];
  doctor: Read['doctor'];
  slot: Read['slot'];
  shippingMethod: Read['shippingMethod'];
  promo: Read['promo'];
}

export interface OrderWithParts {
  order: OrderRow;
  parts: OrderParts;
}

function split(read: Read): OrderWithParts {
  const { items, owner, pharmacy, doctor, slot, shippingMethod, promo, ...order } = read;
  return { order, parts: { items, owner, pharmacy, doctor, slot, shippingMethod, promo } };
}

/**
 * A read of the first order of this shape (for the values given) with its parts, in one query,
 * built once per database; null when there is none.
 */
export function orderRead(shape: OrderShape) {
  const query = builtOncePerDatabase((db) => build(db, shape));
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<OrderWithParts | null> => {
    const read = await query(db).execute(values);
    return read ? split(read) : null;
  };
}

/** An order by its id (`{ id }`). */
export const readOrderById = orderRead({
  name: 'order_with_parts_by_id',
  where: eq(orders.id, sql.placeholder('id')),
});

const partsById = builtOncePerDatabase((db) =>
  db.query.orders
    .findFirst({
      columns: { id: true },
      where: eq(orders.id, sql.placeholder('id')),
      with: withParts,
    })
    .prepare('parts_of_order_by_id'),
);

/** An order's payments as its screens show them: oldest first, each with the card it used. */
export const paymentsWithTheirCards = {
  with: { card: { columns: { brand: true, last4: true } } },
  orderBy: (payment, { asc }) => [asc(payment.createdAt), asc(payment.id)],
} satisfies NonNullable<Parameters<DbOrTx['query']['payments']['findMany']>[0]>;

/** What an order's details show besides its parts: its payments and its status history. */
const withPaymentsAndHistory = {
  ...withParts,
  payments: paymentsWithTheirCards,
  statusHistory: { orderBy: (entry, { asc }) => [asc(entry.id)] },
} satisfies NonNullable<Parameters<DbOrTx['query']['orders']['findFirst']>[0]>['with'];

const detailsById = builtOncePerDatabase((db) =>
  db.query.orders
    .findFirst({ where: eq(orders.id, sql.placeholder('id')), with: withPaymentsAndHistory })
    .prepare('order_details_by_id'),
);

type DetailsRead = NonNullable<Awaited<ReturnType<ReturnType<typeof detailsById>['execute']>>>;

export interface OrderWithDetails extends OrderWithParts {
  payments: DetailsRead['payments'];
  statusHistory: DetailsRead['statusHistory'];
}

/** An order by its id with its parts, payments and status history, in one query. */
export async function readOrderDetailsById(
  db: DbOrTx,
  id: string,
): Promise<OrderWithDetails | null> {
  const read = await detailsById(db).execute({ id });
  if (!read) return null;
  const { payments, statusHistory, ...order } = read;
  return { ...split(order), payments, statusHistory };
}

/** The parts of an order already read (one query, which reads only the parts). */
export async function partsOf(db: DbOrTx, order: OrderRow): Promise<OrderParts> {
  const read = await partsById(db).execute({ id: order.id });
  if (!read) throw fail.notFound(messages.orderNotFound);
  const { id: _id, ...parts } = read;
  return parts;
}
