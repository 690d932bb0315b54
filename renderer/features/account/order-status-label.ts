import { isOrderStatus, type OrderStatus } from '../../../shared/orders/statuses';

/** Order statuses in the patient's words. */
const labels: Record<OrderStatus, string> = {
  cart: 'Incomplete',
  disqualified: 'Incomplete',
  'awaiting-payment': 'Pending',
  paid: 'Paid',
  'in-review': 'With the doctor',
  approved: 'Approved',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? labels[status] : status;
}
