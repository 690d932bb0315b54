import { eq, or } from 'drizzle-orm';
import { StageBit } from '../../../shared/checkout/stage-bits';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { doctorSlots } from '../../db/schema/care-network';
import { orders } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { storefrontProducts } from '../catalog/product-cache';
import { type OrderRow, orderItemsOf } from '../orders/order-queries';
import { markStageComplete } from '../orders/order-stages';
import { isLicensedIn } from './doctor-queries';
import { activeDoctorOr404, shippingStateOf } from './service';
import { availabilityFor, holdSlot, lockSlots, releaseHoldsOf } from './slot-holds';

/**
 * The order's visit type: the lowest among its consult items (as the order view shows it), so
 * that one item needing a video (1) or phone (2) visit makes the whole order schedule one.
 * Null when nothing in the order needs a doctor.
 */
export async function orderVisitType(
  deps: AppDeps,
  db: DbOrTx,
  order: OrderRow,
): Promise<number | null> {
  const products = await storefrontProducts(deps.database, order.storefrontId, db);
  const items = await orderItemsOf(db, order.id);
  const types = items
    .map((item) => products.get(item.productId))
    .filter((product) => product?.isConsultRequired)
    // A consult product without a visit type needs only the doctor's confirmation.
    .map((product) => product?.visitType ?? 3);
  return types.length === 0 ? null : Math.min(...types);
}

export function needsSlot(visitType: number): boolean {
  return visitType === 1 || visitType === 2;
}

/**
 * SelectDoctor on an order the caller has locked and that is still open: the doctor must be
 * licensed in the shipping state. Visit types 1 and 2 hold the chosen slot for the order (and
 * let go of any slot it held before); two orders racing for one slot both lock its row, so
 * exactly one gets it and the other 409. Visit type 3 records the doctor only. Either way the
 * Scheduling stage is done.
 */
export async function selectDoctor(
  deps: AppDeps,
  tx: DbOrTx,
  order: OrderRow,
  input: { doctorId: number; slotId?: number | undefined },
  now = new Date(),
): Promise<OrderRow> {
  const state = shippingStateOf(order);
  const visitType = await orderVisitType(deps, tx, order);
  if (visitType === null) throw fail.badRequest(messages.noDoctorNeeded);
  const doctor = await activeDoctorOr404(tx, input.doctorId);
  if (!isLicensedIn(doctor, state)) throw fail.badRequest(messages.doctorNotLicensed);

  let slotId: number | null = null;
  if (needsSlot(visitType)) {
    if (input.slotId === undefined)
      throw fail.badRequest(messages.slotRequired, { slotId: 'invalid' });
    const wanted = input.slotId;
    // The wanted slot and the ones this order holds now, locked together in id order.
    const locked = await lockSlots(
      tx,
      or(eq(doctorSlots.id, wanted), eq(doctorSlots.heldByOrderId, order.id)),
    );
    const slot = locked.find((s) => s.id === wanted);
    if (!slot || slot.doctorId !== doctor.id) throw fail.notFound(messages.slotNotFound);
    const availability = availabilityFor(slot, order.id, now);
    if (availability === 'taken') throw fail.conflict(messages.slotTaken);
    if (availability === 'passed') throw fail.conflict(messages.slotPassed);
    await releaseHoldsOf(tx, order.id, slot.id);
    await holdSlot(tx, slot.id, order.id, now);
    slotId = slot.id;
  } else {
    if (input.slotId !== undefined)
      throw fail.badRequest(messages.slotNotNeeded, { slotId: 'invalid' });
    await releaseHoldsOf(tx, order.id);
  }

  const [updated] = await tx
    .update(orders)
    .set({ doctorId: doctor.id, slotId, visitType, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await markStageComplete(tx, order.id, StageBit.Scheduling);
  return updated ?? order;
}
