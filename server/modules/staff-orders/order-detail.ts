import { eq } from 'drizzle-orm';
import type { StaffOrderDetail } from '../../../shared/contracts/staff-orders';
import type { DbOrTx } from '../../db/client';
import { doctorSlots, doctors } from '../../db/schema/care-network';
import { type Role, users } from '../../db/schema/identity';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../audit/audit-service';
import type { Principal } from '../auth/principal';
import type { RequestContext } from '../auth/request-context';
import { paymentsAndHistory, paymentsOf } from '../order-history/order-details';
import { orderForCaller } from '../orders/order-access';
import { orderAnswer } from '../orders/order-answer';
import type { OrderRow } from '../orders/order-queries';
import { allowedActions } from './allowed-actions';
import { personName } from './order-rows';

export { paymentsOf };

export type PaymentRow = Awaited<ReturnType<typeof paymentsOf>>[number];

/** The charge a refund goes back to, while no refund has been recorded against it. */
export function refundableChargeOf(paid: readonly PaymentRow[]): PaymentRow | null {
  if (paid.some((p) => p.status === 'refunded')) return null;
  const charge = paid.find((p) => p.status === 'succeeded');
  return charge?.gatewayChargeId && charge.amountCents > 0 ? charge : null;
}

async function visitOf(db: DbOrTx, order: OrderRow): Promise<StaffOrderDetail['visit']> {
  const [doctor] = order.doctorId
    ? await db
        .select({ id: doctors.id, firstName: doctors.firstName, lastName: doctors.lastName })
        .from(doctors)
        .where(eq(doctors.id, order.doctorId))
    : [];
  const [slot] = order.slotId
    ? await db.select().from(doctorSlots).where(eq(doctorSlots.id, order.slotId))
    : [];
  const now = new Date();
  const state =
    slot?.bookedByOrderId === order.id
      ? 'booked'
      : slot?.heldByOrderId === order.id && slot.heldUntil && slot.heldUntil > now
        ? 'held'
        : 'released';
  return {
    visitType: order.visitType,
    doctor: doctor
      ? { doctorId: doctor.id, name: `Dr. ${doctor.firstName} ${doctor.lastName}` }
      : null,
    slot: slot
      ? {
          id: slot.id,
          startsAt: slot.startsAt.toISOString(),
          endsAt: slot.endsAt.toISOString(),
          state,
        }
      : null,
  };
}

async function personOf(db: DbOrTx, userId: string | null) {
  if (!userId) return null;
  const [row] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      dateOfBirth: users.dateOfBirth,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The order as the console's order screen shows it, with what the caller may do next. */
export async function buildOrderDetail(
  deps: AppDeps,
  db: DbOrTx,
  role: Role,
  order: OrderRow,
): Promise<StaffOrderDetail> {
  const view = await orderAnswer(deps, db, order);
  const patient = await personOf(db, order.userId);
  const agent = await personOf(db, order.placedByAgentId);
  const { paid, shown } = await paymentsAndHistory(db, order.id);
  const hasPatient = patient?.role === 'patient';
  return {
    order: view,
    patient: patient
      ? {
          userId: patient.userId,
          name: personName(patient.firstName, patient.lastName) ?? '',
          email: patient.email,
          phone: patient.phone,
          dateOfBirth: patient.dateOfBirth,
        }
      : null,
    placedByAgent: agent ? personName(agent.firstName, agent.lastName) : null,
    source: order.source,
    ...shown,
    visit: await visitOf(db, order),
    allowedActions: allowedActions(role, {
      status: order.status,
      hasPatient,
      paid: paid.some((p) => p.status === 'succeeded') || order.paidAt !== null,
      refundableCharge: refundableChargeOf(paid) !== null,
    }),
  };
}

/** The role of a staff caller (routes admit agents and admins only). */
export function staffRoleOf(principal: Principal): Role {
  return principal.kind === 'user' ? principal.role : 'patient';
}

/** GET /api/staff/orders/:orderId, audited as 'staff.orders.view'. */
export async function viewOrder(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
): Promise<StaffOrderDetail> {
  const db = deps.database.db;
  const order = await orderForCaller(db, context.principal, orderId);
  const detail = await buildOrderDetail(deps, db, staffRoleOf(context.principal), order);
  await writeAudit(db, context, {
    action: 'staff.orders.view',
    outcome: 'success',
    subject: `order:${order.id}`,
  });
  return detail;
}

/** The detail after an action, read fresh (the action's own audit entry covers the read). */
export async function detailAfterAction(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
): Promise<StaffOrderDetail> {
  const db = deps.database.db;
  const order = await orderForCaller(db, context.principal, orderId);
  return buildOrderDetail(deps, db, staffRoleOf(context.principal), order);
}
