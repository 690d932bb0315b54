import { eq, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
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

/**
 * A shape of order read: which orders (with placeholders for the values that vary) under a name
 * that stands for this one query. It is built once per database handle, not per read (building
 * a relational query costs more than running it), and runs as a named statement the database
 * parses once per connection.
 */
export interface OrderShape {
  name: string;
  where: SQL;
  orderBy?: SQL;
}

function build(db: DbOrTx, { name, where, orderBy }: OrderShape) {
  return db.query.orders.findFirst({ where, orderBy, with: withParts }).prepare(name);
}

const built = new WeakMap<DbOrTx, Map<string, ReturnType<typeof build>>>();

function builtFor(db: DbOrTx, shape: OrderShape) {
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let query = byName.get(shape.name);
  if (!query) {
    query = build(db, shape);
    byName.set(shape.name, query);
  }
  return query;
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

/** The first order of this shape (for these values) with its parts, in one query; or null. */
export async function readOrderWithParts(
  db: DbOrTx,
  shape: OrderShape,
  values: Record<string, unknown>,
): Promise<OrderWithParts | null> {
  const read = await builtFor(db, shape).execute(values);
  return read ? split(read) : null;
}

/** An order by its id. */
export const orderById: OrderShape = {
  name: 'order_with_parts_by_id',
  where: eq(orders.id, sql.placeholder('id')),
};

/** The parts of an order already read (one query). */
export async function partsOf(db: DbOrTx, order: OrderRow): Promise<OrderParts> {
  const read = await readOrderWithParts(db, orderById, { id: order.id });
  if (!read) throw fail.notFound(messages.orderNotFound);
  return read.parts;
}
