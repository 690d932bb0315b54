import { isOrderStatus, type OrderStatus } from '../../shared/orders/statuses';
import './order-status-tag.css';

/** Order statuses as staff read them. */
const staffLabels: Record<OrderStatus, string> = {
  cart: 'Cart',
  disqualified: 'Disqualified',
  'awaiting-payment': 'Awaiting payment',
  paid: 'Paid',
  'in-review': 'In review',
  approved: 'Approved',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** A status's label for staff (an unknown one as it came). */
export function staffStatusLabel(status: string): string {
  return isOrderStatus(status) ? staffLabels[status] : status;
}

/**
 * An order's status, coloured like an antd tag so that a long list can be scanned. A plain
 * span: thousands of rows scroll past it, and a styled component per cell would cost frames.
 */
export function OrderStatusTag({ status }: { status: string }) {
  return (
    <span className="order-status" data-status={status}>
      {staffStatusLabel(status)}
    </span>
  );
}
