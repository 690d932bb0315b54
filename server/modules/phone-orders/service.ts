import { eq } from 'drizzle-orm';
import type { OrderData } from '../../../shared/contracts/orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../audit/audit-service';
import type { Principal } from '../auth/principal';
import type { RequestContext } from '../auth/request-context';
import { setCartLines } from '../cart/cart-service';
import { callerOwnsOrder, ensureOpenOrder } from '../orders/order-access';
import { orderAnswer } from '../orders/order-answer';
import { findOrder, type OrderRow } from '../orders/order-queries';
import { applyPromo, removePromo } from '../promo/promo-service';
import { findPatient, patientPrincipal, phoneAgentOf } from './acting-for-patient';

/**
 * A phone order the caller (an agent or admin) may act on: a patient's order opened through
 * the phone-order route. Any other order, or none, is a 404.
 */
export async function phoneOrderOf(
  db: DbOrTx,
  agent: Principal,
  orderId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow & { userId: string }> {
  const order = await findOrder(db, orderId, options);
  if (!order || !callerOwnsOrder(agent, order) || order.source !== 'phone' || !order.userId) {
    throw fail.notFound(messages.phoneOrderNotFound);
  }
  return order as OrderRow & { userId: string };
}

/**
 * Opens the patient's open order (their cart, or a new one) as a phone order placed by the
 * calling agent. A cart the patient started on the web becomes the phone order: a patient has
 * one cart, and the agent continues it with them on the phone.
 */
export async function openPhoneOrder(
  deps: AppDeps,
  context: RequestContext,
  patientId: string,
): Promise<OrderData> {
  const agent = phoneAgentOf(context);
  const patient = await findPatient(deps.database.db, patientId);
  const actor = patientPrincipal(patient);
  return deps.database.db.transaction(async (tx) => {
    const order = await ensureOpenOrder(tx, actor, { storefrontId: patient.storefrontId });
    const [marked] = await tx
      .update(orders)
      .set({ source: 'phone', placedByAgentId: agent.userId, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    await writeAudit(tx, context, {
      action: 'phone-order.opened',
      outcome: 'success',
      subject: `order:${order.id}`,
      detail: { patientId: patient.id },
    });
    return orderAnswer(deps, tx, marked ?? order);
  });
}

/** Changes a phone order under its row lock, audits it, and answers the order. */
async function changePhoneOrder(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
  action: string,
  change: (tx: DbOrTx, order: OrderRow) => Promise<void>,
  detail?: Record<string, unknown>,
): Promise<OrderData> {
  const agent = phoneAgentOf(context);
  return deps.database.db.transaction(async (tx) => {
    const order = await phoneOrderOf(tx, agent, orderId, { forUpdate: true });
    await change(tx, order);
    await writeAudit(tx, context, {
      action,
      outcome: 'success',
      subject: `order:${order.id}`,
      ...(detail ? { detail } : {}),
    });
    return orderAnswer(deps, tx, order);
  });
}

/** Sets quantities of the phone order's products (0 removes one), as the patient's cart does. */
export function setPhoneOrderItems(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
  lines: readonly { productId: number; qty: number }[],
): Promise<OrderData> {
  return changePhoneOrder(
    deps,
    context,
    orderId,
    'phone-order.items-changed',
    (tx, order) => setCartLines(deps, tx, order, lines),
    { items: lines },
  );
}

export function applyPhoneOrderPromo(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
  promoCode: string,
): Promise<OrderData> {
  return changePhoneOrder(
    deps,
    context,
    orderId,
    'phone-order.promo-applied',
    (tx, order) => applyPromo(deps, tx, order, promoCode),
    { promoCode },
  );
}

export function removePhoneOrderPromo(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
): Promise<OrderData> {
  return changePhoneOrder(deps, context, orderId, 'phone-order.promo-removed', (tx, order) =>
    removePromo(tx, order),
  );
}
