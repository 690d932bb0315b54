import type { StaffOrderAction } from '../../../shared/contracts/staff-orders';
import type { OrderStatus, Role } from '../../db/schema/index';
import { isPlaced } from '../order-history/placed-orders';
import { canTransition } from '../orders/order-status';

/** The facts about an order the actions depend on. */
export interface ActionFacts {
  status: OrderStatus;
  /** The order belongs to a patient account (a guest's order has none to act for). */
  hasPatient: boolean;
  paid: boolean;
  /** A successful charge that can still be refunded (no refund recorded yet). */
  refundableCharge: boolean;
}

/** Statuses an agent may cancel from: before the order ships. */
const cancellable: readonly OrderStatus[] = ['awaiting-payment', 'paid', 'in-review', 'approved'];

/**
 * What a staff role may do with an order now, from the transitions table of order-status.ts:
 * agents reorder, resend the receipt and cancel an order that has not shipped; admins also
 * refund (money goes back only through an admin).
 */
export function allowedActions(role: Role, facts: ActionFacts): StaffOrderAction[] {
  if (role !== 'agent' && role !== 'admin') return [];
  const actions: StaffOrderAction[] = [];
  if (facts.hasPatient && isPlaced(facts.status)) actions.push('reorder');
  if (facts.hasPatient && facts.paid && isPlaced(facts.status)) actions.push('resend-receipt');
  if (cancellable.includes(facts.status) && canTransition(facts.status, 'cancelled')) {
    actions.push('cancel');
  }
  if (role === 'admin' && facts.refundableCharge && canTransition(facts.status, 'refunded')) {
    actions.push('refund');
  }
  return actions;
}

export function canCancel(status: OrderStatus): boolean {
  return cancellable.includes(status) && canTransition(status, 'cancelled');
}
