import '../../../renderer/components/button.css';
import { OrderList } from '../../../renderer/features/account/order-list';
import { usePreviousOrders } from '../../../renderer/features/account/use-previous-orders';
import { useRecentOrders } from '../../../renderer/features/account/use-recent-orders';
import { routes } from '../../../shared/checkout/routes';
import { Loadable } from '../loadable';

const orderHref = (orderId: string) => `${routes.orderDetails}?id=${encodeURIComponent(orderId)}`;

/** Recent orders and the whole order history, each opening its details. */
export function OrdersTab({ identity }: { identity: string }) {
  const recent = useRecentOrders(identity);
  const history = usePreviousOrders(identity);
  const allOrders = history.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <>
      <section aria-labelledby="recent-orders" className="account-section">
        <h2 id="recent-orders">Recent orders</h2>
        <Loadable query={recent} what="your recent orders">
          <OrderList
            orders={recent.data ?? []}
            hrefOf={orderHref}
            label="Recent orders"
            emptyText="You have no orders yet."
          />
        </Loadable>
      </section>
      <section aria-labelledby="order-history" className="account-section">
        <h2 id="order-history">Order history</h2>
        <Loadable query={history} what="your order history">
          <OrderList
            orders={allOrders}
            hrefOf={orderHref}
            label="Order history"
            emptyText="Your order history is empty."
          />
          {history.hasNextPage && (
            <button
              type="button"
              className="button"
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
              aria-busy={history.isFetchingNextPage || undefined}
            >
              SHOW MORE ORDERS
            </button>
          )}
        </Loadable>
      </section>
    </>
  );
}
