import { formatUsd } from '../../../shared/cart/money';
import type { OrderSummary } from '../../../shared/contracts/order-history';
import { AppLink } from '../../components/app-link';
import { orderStatusLabel } from './order-status-label';

export interface OrderListProps {
  orders: readonly OrderSummary[];
  /** The order-details address of an order. */
  hrefOf: (orderId: string) => string;
  /** Shown when there are no orders. */
  emptyText: string;
  label: string;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Placed orders: number, date, status, items and total, each linking to its details. */
export function OrderList({ orders, hrefOf, emptyText, label }: OrderListProps) {
  if (orders.length === 0) {
    return (
      <p className="order-list__empty" role="status">
        {emptyText}
      </p>
    );
  }
  return (
    <ul className="order-list" aria-label={label}>
      {orders.map((order) => (
        <li key={order.orderId} className="order-list__item">
          <div className="order-list__main">
            <AppLink href={hrefOf(order.orderId)} className="order-list__link">
              Order {order.orderNumber ?? order.orderId.slice(0, 8)}
            </AppLink>
            <span className="order-list__date">{dateFormat.format(new Date(order.placedAt))}</span>
          </div>
          <p className="order-list__items">
            {order.items.map((item) => `${item.displayName} × ${item.qty}`).join(', ')}
          </p>
          <div className="order-list__meta">
            <span className="status-tag">{orderStatusLabel(order.status)}</span>
            <span className="order-list__total">{formatUsd(order.totalCents)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
