import type { OrderData } from '../../../shared/contracts/orders';
import type { ScheduledTimeData } from '../../../shared/contracts/scheduling';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import type { RequestContext } from '../auth/request-context';
import { assertOpen, openOrderOf, orderForCaller } from '../orders/order-access';
import { orderAnswer } from '../orders/order-answer';
import { rescheduleVisit } from './reschedule';
import { scheduledTime } from './scheduled-time';
import { selectDoctor } from './select-doctor';

/**
 * SelectDoctor (a patient, an agent for a caller, or a guest's current order): the doctor and
 * time held for the order, in one transaction, answered with the order.
 */
export async function chooseDoctor(
  deps: AppDeps,
  context: RequestContext,
  input: { orderId?: string | undefined; doctorId: number; slotId?: number | undefined },
): Promise<OrderData> {
  return deps.database.db.transaction(async (tx) => {
    const order = input.orderId
      ? await orderForCaller(tx, context.principal, input.orderId, { forUpdate: true })
      : await openOrderOf(tx, context.principal, { forUpdate: true });
    if (!order) throw fail.notFound(messages.emptyCart);
    assertOpen(order);
    const updated = await selectDoctor(deps, tx, order, {
      doctorId: input.doctorId,
      slotId: input.slotId,
    });
    return orderAnswer(deps, tx, updated);
  });
}

/** RescheduleDoctorForRecentOrder: a paid order's visit moved to another free time. */
export async function rescheduleFor(
  deps: AppDeps,
  context: RequestContext,
  input: { orderId: string; slotId: number; timeZone?: string | undefined },
): Promise<ScheduledTimeData> {
  return deps.database.db.transaction(async (tx) => {
    const order = await orderForCaller(tx, context.principal, input.orderId, { forUpdate: true });
    const moved = await rescheduleVisit(tx, order, input.slotId);
    return scheduledTime(tx, moved, input.timeZone);
  });
}
