import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderData } from '../../../shared/contracts/orders';
import type {
  AddShippingAddressRequest,
  EditShippingAddressRequest,
  ShippingAddressInput,
} from '../../../shared/contracts/shipping';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { type AddressSnapshot, addresses, orders } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import type { Principal } from '../auth/principal';
import { priceOrder } from '../orders/order-pricing';
import type { OrderRow } from '../orders/order-queries';
import { openStatuses } from '../orders/order-status';
import { orderView } from '../orders/order-view';
import {
  type AddressRow,
  addressesOf,
  findAddress,
  findSameAddress,
  savedAddressView,
  snapshotOf,
} from './address-queries';
import { activeMethodOrFail, activeMethods, methodView } from './method-queries';
import { setOrderAddress, setOrderMethod } from './order-shipping';
import { assertShippable, refusalFor, shippabilityOf, stateNameOrFail } from './shippable-states';
import { lockTargetOrder, readTargetOrder } from './target-order';

const now = sql`clock_timestamp()`;

function snapshotFrom(input: ShippingAddressInput): AddressSnapshot {
  return {
    fullName: input.fullName,
    line1: input.line1,
    line2: input.line2 ? input.line2 : null,
    city: input.city,
    state: input.state,
    zip: input.zip,
    phone: input.phone ?? null,
  };
}

const answer = async (deps: AppDeps, tx: DbOrTx, order: OrderRow) =>
  orderView(deps, tx, await priceOrder(deps, tx, order));

/** Only the patient who saved an address may use or change it; staff may act for any. */
function mayTouchAddress(principal: Principal, address: AddressRow): boolean {
  if (principal.kind !== 'user') return false;
  return principal.role === 'patient' ? address.userId === principal.userId : true;
}

/**
 * AddShippingAddress: saves the address for the order's user (a copy already saved is reused)
 * and uses it for the order. Refused, with nothing written, when an item cannot ship there.
 */
export function addShippingAddress(
  deps: AppDeps,
  principal: Principal,
  input: AddShippingAddressRequest,
) {
  return deps.database.db.transaction(async (tx) => {
    const order = await lockTargetOrder(tx, principal, input.orderId);
    const snapshot = snapshotFrom(input);
    await assertShippable(deps, tx, order, snapshot.state);
    let addressId: string | null = null;
    if (order.userId) {
      const same = await findSameAddress(tx, order.userId, snapshot);
      if (same) {
        await tx.update(addresses).set({ lastUsedAt: now }).where(eq(addresses.id, same.id));
        addressId = same.id;
      } else {
        const [row] = await tx
          .insert(addresses)
          .values({ ...snapshot, userId: order.userId, lastUsedAt: now })
          .returning({ id: addresses.id });
        addressId = row?.id ?? null;
      }
    }
    return answer(deps, tx, await setOrderAddress(tx, order, snapshot, addressId));
  });
}

/** UseShippingAddress: one of the order's user's saved addresses (another's is 404). */
export function useShippingAddress(
  deps: AppDeps,
  principal: Principal,
  input: { orderId?: string | undefined; addressId: string },
) {
  return deps.database.db.transaction(async (tx) => {
    const order = await lockTargetOrder(tx, principal, input.orderId);
    const address = await findAddress(tx, input.addressId);
    if (!address || address.userId !== order.userId || !mayTouchAddress(principal, address)) {
      throw fail.notFound(messages.addressNotFound);
    }
    await assertShippable(deps, tx, order, address.state);
    await tx.update(addresses).set({ lastUsedAt: now }).where(eq(addresses.id, address.id));
    return answer(deps, tx, await setOrderAddress(tx, order, snapshotOf(address), address.id));
  });
}

/** Whose saved addresses a call means: the named order's user, else the caller. */
async function addressOwner(deps: AppDeps, principal: Principal, orderId: string | undefined) {
  if (orderId) {
    const order = await readTargetOrder(deps.database.db, principal, orderId);
    return order?.userId ?? null;
  }
  return principal.kind === 'user' ? principal.userId : null;
}

/** GetSavedAddresses: most recently used first. */
export async function savedAddresses(deps: AppDeps, principal: Principal, orderId?: string) {
  const userId = await addressOwner(deps, principal, orderId);
  return userId ? (await addressesOf(deps.database.db, userId)).map(savedAddressView) : [];
}

/** ShippingAddressesAndMethods: what the shipping step shows, and what the order has chosen. */
export async function shippingAddressesAndMethods(
  deps: AppDeps,
  principal: Principal,
  orderId?: string,
) {
  const db = deps.database.db;
  const order = await readTargetOrder(db, principal, orderId);
  const userId = order ? order.userId : principal.kind === 'user' ? principal.userId : null;
  return {
    addresses: userId ? (await addressesOf(db, userId)).map(savedAddressView) : [],
    methods: (await activeMethods(db)).map(methodView),
    selected: {
      addressId: order?.shippingAddressId ?? null,
      methodId: order?.shippingMethodId ?? null,
    },
  };
}

/** GetProductWiseShippingMethodsWithState: per item of the order, whether it can ship there. */
export async function productWiseShipping(
  deps: AppDeps,
  principal: Principal,
  input: { state: string; orderId?: string | undefined },
) {
  const db = deps.database.db;
  const stateName = await stateNameOrFail(db, input.state);
  const order = await readTargetOrder(db, principal, input.orderId);
  if (!order) throw fail.notFound(messages.emptyCart);
  const items = await shippabilityOf(deps, db, order, input.state);
  const methods = (await activeMethods(db)).map(methodView);
  return {
    state: input.state,
    stateName,
    items: items.map(({ item, product, canShip }) => ({
      productId: item.productId,
      displayName: product?.displayName ?? 'Discontinued product',
      canShip,
      methods: canShip ? methods : [],
    })),
    message: refusalFor(items, stateName),
  };
}

/** UpdateShippingFee: the method whose fee the totals then carry. */
export function updateShippingFee(
  deps: AppDeps,
  principal: Principal,
  input: { orderId?: string | undefined; shippingMethodId: number },
) {
  return deps.database.db.transaction(async (tx) => {
    const order = await lockTargetOrder(tx, principal, input.orderId);
    const method = await activeMethodOrFail(tx, input.shippingMethodId);
    return answer(deps, tx, await setOrderMethod(tx, order, method.id));
  });
}

/**
 * EditShippingAddress: changes a saved address. Open orders that use it take the new address
 * (checked against what they hold, so an edit cannot move an order to a state it cannot ship to).
 */
export function editShippingAddress(
  deps: AppDeps,
  principal: Principal,
  input: EditShippingAddressRequest,
) {
  return deps.database.db.transaction(async (tx) => {
    const found = await findAddress(tx, input.addressId);
    if (!found || !mayTouchAddress(principal, found)) throw fail.notFound(messages.addressNotFound);
    // Orders first, then the address: the same lock order as UseShippingAddress.
    const using = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.shippingAddressId, found.id), inArray(orders.status, [...openStatuses])))
      .for('update');
    const address = await findAddress(tx, input.addressId, { forUpdate: true });
    if (!address) throw fail.notFound(messages.addressNotFound);

    const current = snapshotOf(address);
    const next: AddressSnapshot = {
      fullName: input.fullName ?? current.fullName,
      line1: input.line1 ?? current.line1,
      line2: input.line2 === undefined ? current.line2 : input.line2 || null,
      city: input.city ?? current.city,
      state: input.state ?? current.state,
      zip: input.zip ?? current.zip,
      phone: input.phone === undefined ? current.phone : input.phone,
    };
    await stateNameOrFail(tx, next.state);
    for (const order of using) await assertShippable(deps, tx, order, next.state);

    const [saved] = await tx
      .update(addresses)
      .set(next)
      .where(eq(addresses.id, address.id))
      .returning();
    if (!saved) throw new Error('address vanished while locked');
    let view: OrderData | null = null;
    for (const order of using) {
      const updated = await setOrderAddress(tx, order, next, address.id);
      view ??= await answer(deps, tx, updated);
    }
    return { address: savedAddressView(saved), order: view };
  });
}

/**
 * PATCH v1/guestorders/current/carrier: the guest's method and, when given, address. A guest
 * has no saved addresses, so the address lives on the order only.
 */
export function guestCarrier(
  deps: AppDeps,
  principal: Principal,
  input: { shippingMethodId: number; address?: ShippingAddressInput | undefined },
) {
  return deps.database.db.transaction(async (tx) => {
    let order = await lockTargetOrder(tx, principal, undefined);
    const method = await activeMethodOrFail(tx, input.shippingMethodId);
    if (input.address) {
      const snapshot = snapshotFrom(input.address);
      await assertShippable(deps, tx, order, snapshot.state);
      order = await setOrderAddress(tx, order, snapshot, null);
    }
    return answer(deps, tx, await setOrderMethod(tx, order, method.id));
  });
}
