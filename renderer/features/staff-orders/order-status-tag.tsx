import './order-status-tag.css';

export const statusLabels: Record<string, string> = {
  'awaiting-payment': 'Awaiting payment',
  paid: 'Paid',
  'in-review': 'In review',
  approved: 'Approved',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  cart: 'Cart',
  disqualified: 'Disqualified',
};

/**
 * An order's status, coloured like an antd tag so that a long list can be scanned. A plain
 * span: thousands of rows scroll past it, and a styled component per cell would cost frames.
 */
export function OrderStatusTag({ status }: { status: string }) {
  return (
    <span className="order-status" data-status={status}>
      {statusLabels[status] ?? status}
    </span>
  );
}
