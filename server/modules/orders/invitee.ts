import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import type { OrderRow } from './order-queries';

export interface OrderOwner {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

export function orderOwner(db: DbOrTx, order: OrderRow): Promise<OrderOwner | undefined> {
  if (!order.userId) return Promise.resolve(undefined);
  return db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(eq(users.id, order.userId))
    .then((rows) => rows[0]);
}

/** The order's phone numbers: the patient's, then the shipping address's, without repeats. */
export function phonesOf(owner: OrderOwner | null | undefined, order: OrderRow): string[] {
  return [owner?.phone, order.shippingAddress?.phone].filter(
    (p, i, all): p is string => typeof p === 'string' && p.length > 0 && all.indexOf(p) === i,
  );
}

/**
 * Who the visit is with (the schedule's invitee of spec §3): the order's patient, or for a
 * guest order the name and phone of the shipping address.
 */
export function inviteeFrom(owner: OrderOwner | null | undefined, order: OrderRow) {
  return {
    name: owner ? `${owner.firstName} ${owner.lastName}` : (order.shippingAddress?.fullName ?? ''),
    email: owner?.email ?? '',
    number: phonesOf(owner, order)[0] ?? '',
  };
}

export async function inviteeOf(db: DbOrTx, order: OrderRow) {
  return inviteeFrom(await orderOwner(db, order), order);
}
